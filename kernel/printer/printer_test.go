package printer

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

type card struct{}

func (card) Text() string               { return "a card\nof two lines\n" }
func (card) TypeName() string           { return "card" }
func (card) ShownAs(name string) string { return "a card named " + name + "\n" }
func (card) SVG() string                { return "" }
func pow10(k int) *big.Int              { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil) }
func list(n int, item func(i int) any) []any {
	xs := make([]any, n)
	for i := range xs {
		xs[i] = item(i)
	}
	return xs
}

func TestShownNamesTheVariable(t *testing.T) {
	xs := list(2000, func(i int) any { return i })
	if got := Shown(xs, "s1"); !strings.HasSuffix(got, `(6 of 2000 items shown; print(s1), text(s1), json(s1) or save(s1, "s1.txt") give them all)`) {
		t.Errorf("named: %q", got)
	}
	if got := Shown(xs, ""); !strings.HasSuffix(got, `(6 of 2000 items shown; print(x), text(x), json(x) or save(x, "x.txt") give them all)`) {
		t.Errorf("in no variable: %q", got)
	}
	if got := Shown(card{}, "r"); got != "a card named r" {
		t.Errorf("a value that summarises itself: %q", got)
	}
	if got := Text(card{}); got != "a card\nof two lines" {
		t.Errorf("Text of a game value: %q", got)
	}
}

func TestLongNumbersAreShortInSummariesOnly(t *testing.T) {
	n := new(big.Int).Add(pow10(599), big.NewInt(7)) // 600 digits: 1000…0007
	if got, want := ShortNumber(n), "1000000000…0000000007 (600 digits)"; got != want {
		t.Errorf("ShortNumber = %q, want %q", got, want)
	}
	if got, want := ShortNumber(new(big.Int).Neg(n)), "-1000000000…0000000007 (600 digits)"; got != want {
		t.Errorf("negative: %q, want %q", got, want)
	}
	forty := new(big.Int).Sub(pow10(40), big.NewInt(1))
	if got := ShortNumber(forty); got != forty.String() {
		t.Errorf("%d digits shortened: %q", LongDigits, got)
	}
	xs := list(2000, func(int) any { return n })
	shown := Shown(xs, "s")
	if strings.Contains(shown, n.String()) || !strings.HasPrefix(shown, "[1000000000…0000000007 (600 digits), ") {
		t.Errorf("summary of long numbers: %.200q", shown)
	}
	if whole := Text(xs); strings.Count(whole, n.String()) != 2000 {
		t.Error("Text shortened a number")
	}
	if got := Shown([]any{n}, ""); got != "["+n.String()+"]" {
		t.Errorf("a short list is whole: %.80q", got)
	}
}

func TestQuote(t *testing.T) {
	for s, want := range map[string]string{
		"12":            `"12"`,
		`{"a": 1}`:      "`{\"a\": 1}`",
		"tab\there":     `"tab\there"`,
		"quote\" and `": "\"quote\\\" and `\"",
		"":              `""`,
	} {
		if got := Shown(s, ""); got != want {
			t.Errorf("Shown(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{{1, "an int"}, {[]any{}, "a list"}, {nil, "nil"}, {card{}, "a card"}, {"s", "a string"}} {
		if got := KindPhrase(tc.v); got != tc.want {
			t.Errorf("KindPhrase(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
	if got := ErrorValue(card{}); got != "a card" {
		t.Errorf("a game value in an error: %q", got)
	}
	if got := ErrorValue(strings.Repeat("x", 100)); len([]rune(got)) != 60 || !strings.HasSuffix(got, "…") {
		t.Errorf("a long value in an error: %q", got)
	}
}

func TestTables(t *testing.T) {
	sorted := func(keys []string) []string { return keys }
	written := func(keys []string) ([]string, bool) { return keys, true }
	items := []any{map[string]any{"n": 1, "sq": 1}, map[string]any{"n": 2, "sq": 4}}
	tab, ok := Sweep(items, "", func(keys []string) ([]string, bool) { return []string{"sq", "n"}, true })
	if !ok || tab.Text() != "sq  n\n──  ─\n 1  1\n 4  2\n" {
		t.Errorf("sweep: %v %q", ok, tab.Text())
	}
	if _, ok := Sweep([]any{map[string]any{"loss": 1}, map[string]any{"total": 2}}, "", written); ok {
		t.Error("maps with different keys are no sweep")
	}
	if _, ok := Sweep(items, "", func([]string) ([]string, bool) { return nil, false }); ok {
		t.Error("maps no literal wrote are no sweep")
	}
	long := list(100, func(i int) any { return map[string]any{"n": i} })
	tab, _ = Sweep(long, "t", written)
	if !strings.HasSuffix(tab.Text(), "(20 of 100 rows shown; print(t) or json(t) gives them all)\n") {
		t.Errorf("a long sweep: %q", tab.Text())
	}
	if _, wrong := TableOf([]any{1}, "", sorted); wrong != "must be a list of maps or of lists: item 1 is an int" {
		t.Errorf("table of a number: %q", wrong)
	}
}

// TestLongStringsAreShortInSummaries: a few strings whose text would be
// gigabytes are shown by their start and length; a short list of
// moderate strings is shown whole.
func TestLongStringsAreShortInSummaries(t *testing.T) {
	long := strings.Repeat("é", 5<<20)
	got := Shown([]any{long, long, "short"}, "xs")
	if len(got) > 1000 || !strings.Contains(got, "(5242880 characters)") || !strings.Contains(got, `"short"`) ||
		!strings.Contains(got, "print(xs)") {
		t.Errorf("shown: %.300s (%d bytes)", got, len(got))
	}
	mid := strings.Repeat("b", 2000)
	if got := Shown([]any{mid, "c"}, "ys"); got != `["`+mid+`", "c"]` {
		t.Errorf("a short list: %.100s", got)
	}
	// One string alone past MaxShownBytes floods as a list would; one of
	// exactly MaxShownBytes is shown whole.
	if got := Shown(long, "s"); len(got) > 1000 || !strings.HasPrefix(got, `"éé`) || !strings.Contains(got, "(5242880 characters)") ||
		!strings.HasSuffix(got, `print(s) or save(s, "s.txt") give it whole)`) {
		t.Errorf("one long string: %.300s (%d bytes)", got, len(got))
	}
	edge := strings.Repeat("x", MaxShownBytes)
	if got := Shown(edge, ""); got != `"`+edge+`"` {
		t.Errorf("a string of MaxShownBytes: %.100s (%d bytes)", got, len(got))
	}
	n := new(big.Int).Exp(big.NewInt(3), big.NewInt(600000), nil)
	if got := Shown([]any{n, n, n, n}, ""); len(got) > 1000 || !strings.Contains(got, "(286273 digits)") {
		t.Errorf("numbers of 286273 digits: %.300s", got)
	}
}

// TestJSONIsEncodingJSONs: JSON writes what encoding/json writes, one line
// and indented, for random nested lists and maps of numbers (big ones
// too), strings that need escaping, booleans and nil.
func TestJSONIsEncodingJSONs(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var gen func(depth int) any
	gen = func(depth int) any {
		switch k := r.IntN(9); {
		case k == 0 && depth < 4:
			l := make([]any, r.IntN(4))
			for i := range l {
				l[i] = gen(depth + 1)
			}
			return l
		case k == 1 && depth < 4:
			m := map[string]any{}
			for range r.IntN(4) {
				m[[]string{"a", "b<", "é", "\n", "z"}[r.IntN(5)]] = gen(depth + 1)
			}
			return m
		case k == 2:
			return new(big.Int).Lsh(big.NewInt(r.Int64N(1000)-500), uint(r.IntN(200)))
		case k == 3:
			return []string{"", "x", `q"uote`, "tab\t", "<&>", "ü"}[r.IntN(6)]
		case k == 4:
			return r.IntN(2) == 0
		case k == 5:
			return nil
		case k == 6:
			return r.Float64()*1e6 - 5e5
		case k == 7:
			return []int{r.IntN(9), -r.IntN(9)}
		}
		return r.IntN(2000) - 1000
	}
	for range 500 {
		x := gen(0)
		for _, indent := range []string{"", "  "} {
			want, _ := json.Marshal(x)
			if indent != "" {
				want, _ = json.MarshalIndent(x, "", indent)
			}
			got, err := JSON(x, indent, nil)
			if err != nil || got != string(want) {
				t.Fatalf("JSON(%v, %q) = %s, %v; encoding/json: %s", x, indent, got, err, want)
			}
		}
	}
}

// scroll is a value whose text is as long as it says.
type scroll int

func (s scroll) Text() string { return strings.Repeat("line of a scroll\n", int(s)) }

// TestShownValueTextIsShortened: a value's text (a game's own text part
// may write megabytes) shows whole up to MaxShownBytes, and past it as its
// first lines and how to get the rest, as a long string does.
func TestShownValueTextIsShortened(t *testing.T) {
	if got := Shown(scroll(3), "s"); got != strings.TrimSuffix(scroll(3).Text(), "\n") {
		t.Errorf("a short text: %q", got)
	}
	lines := MaxShownBytes/17 + 2 // past MaxShownBytes without its last newline
	long := scroll(lines)
	got := Shown(long, "s")
	want := fmt.Sprintf("line of a scroll\n… (a long text shortened: %d lines, %d characters; print(s), text(s), json(s) or save(s, \"s.txt\") give it whole)",
		lines, 17*lines-1)
	if len(got) > shownTextBytes+200 || !strings.HasPrefix(got, "line of a scroll\nline") || !strings.HasSuffix(got, want) {
		t.Errorf("a text of %d bytes shows as %d: %.200q … %q", len(long.Text()), len(got), got, got[max(len(got)-200, 0):])
	}
}
