//go:build !js

package judge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// The checks the games' formats share: numbers, lines of play replayed
// for optimality, JSON objects read without a depth limit. Every message
// quotes what the program wrote shortened and escaped, so a million-digit
// answer or an escape sequence never reaches the report whole.

// CheckNumber says got, a number the program wrote, is want: what names
// it in the answer.
func CheckNumber(what, got string, want *big.Int) error {
	g, ok := new(big.Int).SetString(strings.TrimSpace(got), 10)
	if !ok {
		return fmt.Errorf("%s should be %s, got %s", what, Short(want.String()), startOf([]byte(got)))
	}
	if g.Cmp(want) != 0 {
		return fmt.Errorf("%s is %s, want %s", what, Short(g.String()), Short(want.String()))
	}
	return nil
}

// Short is a number's text as a report shows it: in full up to 40
// digits, else its first and last digits and how many there are.
func Short(s string) string {
	if len(s) <= 40 {
		return s
	}
	return fmt.Sprintf("%s…%s (%d digits)", s[:16], s[len(s)-8:], len(strings.TrimPrefix(s, "-")))
}

// CheckLine replays line, the program's plan or moves, from x and says
// whether it is optimal: every move legal and of loss 0 for its mover,
// and the game over at its end. It returns the line's analysis, whose
// totals a format may check against the answer's (they depend on which
// optimal line was played, under coins' score "rest").
func CheckLine(env *builtin.Env, x games.Position, what string, line any) (*tools.Analysis, error) {
	moves, err := tools.ParseLine(x, "judge", 1, line)
	if err != nil {
		return nil, fmt.Errorf("%s %v", what, trimArg(err))
	}
	a, err := tools.Analyze(env, "judge", x, moves)
	if err != nil {
		return nil, fmt.Errorf("%s %v", what, trimArg(err))
	}
	for _, t := range a.Moves {
		if loss, _ := kit.ToBig(t["loss"]); loss != nil && loss.Sign() > 0 {
			return nil, fmt.Errorf("in %s, move %v (%s) is not optimal: it loses %s; optimal there: %s",
				what, t["turn"], kit.Format(t["move"]), Short(loss.String()), moveList(t["best"]))
		}
	}
	if end, ok := a.End.(games.Position); ok && !games.Over(end) {
		return nil, fmt.Errorf("%s stops after %s, before the game is over", what, kit.Count(len(moves), "move", "moves"))
	}
	return a, nil
}

// Total is what player scored along an analysed line.
func Total(a *tools.Analysis, player string) *big.Int {
	if v, _ := kit.ToBig(a.Totals[player]); v != nil {
		return v
	}
	return new(big.Int)
}

// moveList writes a turn's optimal moves: "L R", "3 4".
func moveList(best any) string {
	l, _ := kit.AsList(best)
	parts := make([]string, len(l))
	for i, m := range l {
		parts[i] = kit.Format(m)
	}
	return strings.Join(parts, " ")
}

// trimArg is an argument error without the builtin's name and argument:
// "has an illegal move 2 (edge 3): …".
func trimArg(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, ") "); strings.HasPrefix(msg, "judge: argument") && i >= 0 {
		return msg[i+2:]
	}
	return msg
}

// AnswerLines are the non-blank lines of a program's answer, each split
// into its fields (any white space, CRLF line ends).
func AnswerLines(out []byte) [][]string {
	var lines [][]string
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines = append(lines, f)
		}
	}
	return lines
}

// Deep stands for a JSON list or object nested deeper than the judge
// reads: what it is and how deep it goes.
type Deep struct {
	Kind  string // "a list", "an object"
	Depth int
}

// maxDepth is how deep the judge reads a JSON answer; deeper values are
// skipped (never an error: JSON has no depth limit) and stand as a Deep.
const maxDepth = 16

// AnswerJSON reads a program's answer as one JSON object, its numbers
// exact (json.Number), however deeply its values nest: nothing but white
// space may follow it.
func AnswerJSON(out []byte) (map[string]any, error) {
	trimmed := bytes.TrimSpace(out)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, fmt.Errorf("the answer is not one JSON object: it starts with %s", startOf(trimmed))
	}
	d := json.NewDecoder(bytes.NewReader(trimmed))
	d.UseNumber()
	v, err := readJSON(d, 0)
	if err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, fmt.Errorf("the answer is not valid JSON at byte %d", syn.Offset)
		}
		return nil, fmt.Errorf("the answer is not one complete JSON object")
	}
	if _, err := d.Token(); err != io.EOF {
		rest := bytes.TrimSpace(trimmed[min(int(d.InputOffset()), len(trimmed)):])
		if err == nil || len(rest) > 0 {
			return nil, fmt.Errorf("the answer goes on after its JSON object: %s", startOf(rest))
		}
	}
	return v.(map[string]any), nil
}

// readJSON reads one value from d's tokens: lists and objects below
// maxDepth as Go values, deeper ones skipped to their end as a Deep.
func readJSON(d *json.Decoder, depth int) (any, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	delim, ok := t.(json.Delim)
	if !ok {
		return t, nil
	}
	if depth >= maxDepth {
		return skipJSON(d, delim, depth)
	}
	if delim == '[' {
		list := []any{}
		for d.More() {
			v, err := readJSON(d, depth+1)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := d.Token()
		return list, err
	}
	m := map[string]any{}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		v, err := readJSON(d, depth+1)
		if err != nil {
			return nil, err
		}
		m[k.(string)] = v
	}
	_, err = d.Token()
	return m, err
}

// skipJSON reads to the end of the list or object open opened, in a loop
// (no recursion, whatever the depth): a Deep that says how deep it went.
func skipJSON(d *json.Decoder, open json.Delim, depth int) (any, error) {
	kind := map[json.Delim]string{'[': "a list", '{': "an object"}[open]
	level, deepest := 1, depth+1
	for level > 0 {
		t, err := d.Token()
		if err != nil {
			return nil, err
		}
		if dl, ok := t.(json.Delim); ok {
			if dl == '[' || dl == '{' {
				level++
				deepest = max(deepest, depth+level)
			} else {
				level--
			}
		}
	}
	return Deep{kind, deepest}, nil
}

// startOf is the first few characters of b, quoted and escaped, or
// "nothing".
func startOf(b []byte) string {
	if len(b) == 0 {
		return "nothing"
	}
	if len(b) > 20 {
		return strconv.QuoteToASCII(string(b[:20])) + "…"
	}
	return strconv.QuoteToASCII(string(b))
}

// JSONNumber is the answer's field name, which must be a JSON number (an
// integer in quotes is not one).
func JSONNumber(m map[string]any, name string) (string, error) {
	v, ok := m[name]
	if !ok {
		return "", fmt.Errorf("the answer has no %q", name)
	}
	n, ok := v.(json.Number)
	if !ok {
		return "", fmt.Errorf("%q should be a JSON number, got %s", name, JSONWords(v))
	}
	return n.String(), nil
}

// JSONWords names a decoded JSON value's kind, with the value when short.
func JSONWords(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return "the string " + startOf([]byte(v))
	case bool:
		return strconv.FormatBool(v)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	case Deep:
		return fmt.Sprintf("%s nested %d deep", v.Kind, v.Depth)
	case json.Number:
		return Short(v.String())
	}
	return fmt.Sprint(v)
}

// Want is a number an answer must hold under a name.
type Want struct {
	Name  string
	Value *big.Int
}

// CheckJSON reads a program's answer as one JSON object and checks its
// number fields against want, in order; it returns the object, for the
// fields a format checks otherwise.
func CheckJSON(out []byte, want ...Want) (map[string]any, error) {
	m, err := AnswerJSON(out)
	if err != nil {
		return nil, err
	}
	for _, w := range want {
		if err := CheckField(m, w); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// CheckField checks one number field of a JSON answer.
func CheckField(m map[string]any, w Want) error {
	got, err := JSONNumber(m, w.Name)
	if err != nil {
		return err
	}
	return CheckNumber(w.Name, got, w.Value)
}

// JSONString is the answer's field name, which must be a JSON string.
func JSONString(m map[string]any, name, like string) (string, error) {
	v, ok := m[name]
	if !ok {
		return "", fmt.Errorf("the answer has no %q", name)
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%q should be a string like %q, got %s", name, like, JSONWords(v))
	}
	return s, nil
}

// JSONField is the answer's field name as text (a number, a string, or a
// list of numbers as JSON), or says it is missing.
func JSONField(m map[string]any, name string) (string, error) {
	v, ok := m[name]
	if !ok {
		return "", fmt.Errorf("the answer has no %q", name)
	}
	switch s := v.(type) {
	case json.Number:
		return s.String(), nil
	case string:
		return s, nil
	case Deep:
		return "", fmt.Errorf("%q should be a number, a string or a list, got %s", name, JSONWords(v))
	}
	b, _ := json.Marshal(v)
	return string(b), nil
}

// CheckInts says got, the integers a program wrote (fields or a JSON
// list), are want, in that order.
func CheckInts(what string, got any, want []int) error {
	var items []string
	switch g := got.(type) {
	case []string:
		items = g
	case []any:
		for _, x := range g {
			n, ok := x.(json.Number)
			if !ok {
				return fmt.Errorf("%s should be a list of numbers like %v, got an item %s", what, want, JSONWords(x))
			}
			items = append(items, n.String())
		}
	default:
		return fmt.Errorf("%s should be a list like %v, got %s", what, want, JSONWords(got))
	}
	w := make([]string, len(want))
	for i, x := range want {
		w[i] = strconv.Itoa(x)
	}
	if strings.Join(items, " ") != strings.Join(w, " ") {
		for i := range items {
			items[i] = Short(items[i])
		}
		return fmt.Errorf("%s: got %s, want %s", what, cutList(items), strings.Join(w, " "))
	}
	return nil
}

// cutList writes a list of a program's items, its first 20 when longer.
func cutList(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	if len(items) > 20 {
		return strings.Join(items[:20], " ") + fmt.Sprintf(" … (%d in all)", len(items))
	}
	return strings.Join(items, " ")
}
