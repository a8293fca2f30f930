package display

import (
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
)

// picture is what every drawing offers.
type picture interface {
	Text() string
	SVG() string
}

// The seed instances of SPEC §1 and §2.
var (
	seedRing  = Ring{Values: []string{"-5", "-2", "-8", "-5", "8"}, Ops: []byte("*+**+"), First: 3, Optimal: []int{3, 4}}
	seedRow   = Row{Coins: []string{"10", "80", "90", "30"}, Moves: "RRRL"}
	seedBoard = Triangle{N: 4, Cells: []uint8{2, 2, 3, 1, 0, 4, 1, 1, 4, 0}, Player: 4, Best: [][2]int{{3, 2}}}
)

func TestText(t *testing.T) {
	tests := []struct {
		name string
		pic  picture
		want string
	}{
		{"seed polygon", seedRing, `
     2        3✗       4○       5
-5 ──+── -2 ╌╌*╌╌ -8 ──*── -5 ──+── 8
└─────────────────*─────────────────┘
                  1
✗ deleted first: edge 3   ○ optimal first edges: 3, 4
`},
		{"polygon without plan", Ring{Values: []string{"3", "4"}, Ops: []byte("+*"), Caption: "two"}, `
two
    2
3 ──*── 4
└───+───┘
    1
`},
		{"polygon n=1", Ring{Values: []string{"7"}, Ops: []byte("+"), First: 1}, `

7
└╌+╌┘
  1✗
✗ deleted first: edge 1
`},
		{"polygon bad operator", Ring{Values: []string{"1", "2"}, Ops: []byte("+")}, `
    2
1 ──?── 2
└───+───┘
    1
`},
		{"empty polygon", Ring{}, `
(empty ring)
`},
		{"seed coins", seedRow, `
   1     2     3     4
┌─────┬─────┬─────┬─────┐
│ 10  │ 80  │ 90  │ 30  │
└─────┴─────┴─────┴─────┘
  B·4   A·3   B·2   A·1
under each coin: who takes it · on which turn (moves RRRL, A first)
A 110 · B 100 · A − B = 10
`},
		{"coins unsolved", Row{Coins: []string{"5", "-12"}}, `
  1    2
┌───┬─────┐
│ 5 │ -12 │
└───┴─────┘
`},
		{"coins with bad moves", Row{Coins: []string{"5", "6"}, Moves: "LL L"}, `
  1   2
┌───┬───┐
│ 5 │ 6 │
└───┴───┘
moves "LL L" ignored: 4 letters for 2 coins
`},
		{"no coins", Row{Caption: "c"}, `
c
(no coins)
`},
		{"seed board", seedBoard, `
       2
     2   3
   1  (·)  4
 1   1   4   ·
player 4 to move
(·) best: (3,2)
`},
		{"board after the move", Triangle{N: 4, Cells: []uint8{2, 2, 3, 1, 4, 4, 1, 1, 4, 0}, Player: 4, Placed: [2]int{3, 2},
			Removed: []bool{true, true, true, true, false, false, true, true, false, false}}, `
      x2x
    x2x x3x
  x1x [4]  4
x1x x1x  4   ·
player 4 to move
[4] placed at (3,2)
x removed: 6 stones
`},
		{"board with heat", Triangle{N: 2, Cells: []uint8{0, 5, 0}, Heat: []int{-12, 99, 1}}, `
 ·
5 ·
points of a stone at each empty vertex (· occupied):
  -12
 ·   1
`},
		{"board N=1", Triangle{N: 1, Cells: []uint8{0}}, `
·
`},
		{"empty board", Triangle{}, `
(empty board)
`},
		{"bars", Bars{Labels: []string{"a", "bb"}, Values: []float64{4, -2, math.NaN()}}, `
a               │███████████████████████████ 4
bb █████████████│ -2
3               │ NaN
`},
		{"no bars", Bars{}, `
(no bars)
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := strings.TrimPrefix(tt.want, "\n")
			if got := tt.pic.Text(); got != want {
				t.Errorf("Text() =\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// parseSVG reads doc fully as XML and returns the root's attributes and all
// character data, failing the test on any syntax error.
func parseSVG(t *testing.T, doc string) (root map[string]string, text string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	var b strings.Builder
	depth := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if tok.Name.Local != "svg" || tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root element is %v, want svg in the SVG namespace", tok.Name)
				}
				root = map[string]string{}
				for _, a := range tok.Attr {
					root[a.Name.Local] = a.Value
				}
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			b.Write(tok)
			b.WriteByte('\n')
		}
	}
	if root == nil {
		t.Fatal("SVG has no root element")
	}
	return root, b.String()
}

func TestSVG(t *testing.T) {
	huge := "-" + strings.Repeat("1234567890", 6) // 61 characters
	many := func(n int) ([]string, []byte) {
		vs, ops := make([]string, n), make([]byte, n)
		for i := range vs {
			vs[i] = huge[:i%20+1]
			ops[i] = "+*"[i%2]
		}
		return vs, ops
	}
	vs300, ops300 := many(300)
	vs30, ops30 := many(30)
	board := func(n int) Triangle {
		b := Triangle{N: n, Player: 9, Best: [][2]int{{n, 1}}, Placed: [2]int{1, 1}}
		for i := 0; i < n*(n+1)/2; i++ {
			b.Cells = append(b.Cells, uint8(i%10))
			b.Heat = append(b.Heat, i%7-3)
			b.Removed = append(b.Removed, i%5 == 0)
		}
		return b
	}
	tests := []struct {
		name  string
		pic   picture
		texts []string // must appear as text in the picture
		not   []string // must not
	}{
		{"seed polygon", seedRing, []string{"-5", "-8", "8", "×", "+", "v1", "v5", "deleted first: edge 3", "optimal first: 3, 4"}, nil},
		{"polygon n=1", Ring{Values: []string{"7"}, Ops: []byte("*"), First: 1, Optimal: []int{1}}, []string{"7", "1 vertex", "deleted first: edge 1"}, nil},
		{"polygon n=2", Ring{Values: []string{"3", "4"}, Ops: []byte("+*")}, []string{"3", "4", "2 vertices"}, []string{"deleted first"}},
		{"polygon huge value", Ring{Values: []string{huge, "2"}, Ops: []byte("++")}, []string{"-1234567890…", "v1 = " + huge}, nil},
		{"polygon n=30", Ring{Values: vs30, Ops: ops30, First: 30}, []string{"v1", "v25", "deleted first: edge 30"}, []string{"\nv24\n"}},
		{"polygon n=300", Ring{Values: vs300, Ops: ops300, First: 150, Optimal: []int{150, 151}}, []string{"v1", "v290", "300 vertices", "edge 150 (*) joins v149 and v150"}, []string{"\nv300\n", "\n150\n"}},
		{"polygon escaping", Ring{Values: []string{"<&>"}, Ops: []byte("+"), Caption: `a<b & "c"`}, []string{"<&>", `a<b & "c"`}, nil},
		{"empty polygon", Ring{Caption: "<none>"}, []string{"<none>", "(empty ring)"}, nil},
		{"seed coins", seedRow, []string{"10", "80", "90", "30", "B·4", "A·1", "A 110 · B 100 · A − B = 10", "coin 3 = 90, taken by B on turn 2"}, nil},
		{"coins unsolved", Row{Coins: []string{"1"}}, []string{"1"}, []string{"A·1", "taken"}},
		{"coins huge and escaped", Row{Coins: []string{huge, "<&"}, Moves: "LR", Caption: "a&b"}, []string{"-1234567890…", "coin 1 = " + huge, "a&b", "<&"}, nil},
		{"no coins", Row{}, []string{"(no coins)"}, nil},
		{"coins 200", Row{Coins: vs300[:200], Moves: strings.Repeat("R", 200)}, []string{"B·200", "A·1"}, []string{"RRRR"}},
		{"seed board", seedBoard, []string{"player 4 to move", "best: (3,2)", "(3,2) empty", "(4,3) stone 4", "player 1"}, []string{"player 4\n"}},
		{"board N=1", Triangle{N: 1, Cells: []uint8{0}, Heat: []int{-1}, Best: [][2]int{{1, 1}}}, []string{"(1,1) empty: -1 points", "-1"}, nil},
		{"board with marks", board(6), []string{"placed (1,1)", "removed: 5 stones", "(1,1) ", "points of a move there", "player 9 to move"}, nil},
		{"board N=40", board(40), []string{"(40,40)"}, nil},
		{"board escaping", Triangle{N: 1, Cells: []uint8{3}, Caption: "<&>"}, []string{"<&>", "player 3"}, nil},
		{"empty board", Triangle{}, []string{"(empty board)"}, nil},
		{"bars", Bars{Labels: []string{"<a>", "&"}, Values: []float64{3, -1.5, math.Inf(1)}, Caption: "sweep"}, []string{"<a>", "&", "3", "-1.5", "+Inf", "sweep"}, nil},
		{"bars many", Bars{Values: make([]float64, 300)}, []string{"300: 0"}, nil},
		{"no bars", Bars{}, []string{"(no bars)"}, nil},
		{"card", Card{Caption: "<big>", Lines: []string{"a & b", "too large"}}, []string{"<big>", "a & b", "too large"}, nil},
		{"board N=100", board(100), []string{"(100,100) stone 9"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := tt.pic.SVG()
			root, text := parseSVG(t, doc)
			for _, a := range []string{"width", "height", "viewBox"} {
				if root[a] == "" {
					t.Errorf("root has no %s attribute", a)
				}
			}
			if want := "0 0 " + root["width"] + " " + root["height"]; root["viewBox"] != want {
				t.Errorf("viewBox = %q, want %q", root["viewBox"], want)
			}
			for _, s := range tt.texts {
				if !strings.Contains(text, s) {
					t.Errorf("picture lacks text %q", s)
				}
			}
			for _, s := range tt.not {
				if strings.Contains(text, s) {
					t.Errorf("picture has text %q", s)
				}
			}
			if again := tt.pic.SVG(); again != doc {
				t.Error("SVG differs between two calls")
			}
			if strings.Contains(doc, "NaN") && !strings.Contains(text, "NaN") {
				t.Error("NaN in an attribute")
			}
		})
	}
}

// The text form keeps every digit that the picture shortens.
func TestTextKeepsFullValues(t *testing.T) {
	huge := strings.Repeat("9", 80)
	for _, pic := range []picture{
		Ring{Values: []string{huge, "1", huge}, Ops: []byte("*+*")},
		Row{Coins: []string{huge, "1"}, Moves: "LR"},
	} {
		if got := pic.Text(); !strings.Contains(got, huge) {
			t.Errorf("%T text lacks the full value:\n%s", pic, got)
		}
	}
	// Exact totals beyond 64 bits.
	got := Row{Coins: []string{huge, huge, "1"}, Moves: "LRL"}.Text()
	if want := "A 1" + strings.Repeat("9", 79) + "8 · B 1 ·"; !strings.Contains(got, want) {
		t.Errorf("totals: want %q in\n%s", want, got)
	}
}

// Wide pictures wrap to stay within a terminal.
func TestTextWidth(t *testing.T) {
	vs, ops := make([]string, 60), make([]byte, 60)
	for i := range vs {
		vs[i], ops[i] = "-123", '*'
	}
	b := Triangle{N: 30, Cells: make([]uint8, 465), Heat: make([]int, 465)}
	for _, pic := range []picture{
		Ring{Values: vs, Ops: ops, First: 60},
		Row{Coins: vs, Moves: strings.Repeat("L", 60)},
		b,
	} {
		text := pic.Text()
		for _, l := range strings.Split(text, "\n") {
			if runeWidth(l) > maxTextWidth {
				t.Errorf("%T: line of %d columns:\n%s", pic, runeWidth(l), l)
			}
		}
		if !strings.Contains(text, "-123") && !strings.Contains(text, "·") {
			t.Errorf("%T: content missing", pic)
		}
	}
	ring := Ring{Values: vs, Ops: ops, First: 60}.Text()
	for _, want := range []string{"v1 ", "60✗", "╌╌*╌╌ -123 ──*── v1"} {
		if !strings.Contains(ring, want) {
			t.Errorf("wrapped ring lacks %q:\n%s", want, ring)
		}
	}
}

// Stones too small to label keep their tooltips and colours but no text.
func TestSmallStonesUnlabelled(t *testing.T) {
	b := Triangle{N: 100, Cells: make([]uint8, 5050)}
	for i := range b.Cells {
		b.Cells[i] = 3
	}
	doc := b.SVG()
	if k := strings.Count(doc, "<text"); k > 20 {
		t.Errorf("%d text elements in a board of 5050 stones", k)
	}
	if !strings.Contains(doc, "<title>(100,100) stone 3</title>") {
		t.Error("tooltip missing")
	}
}

// esc writes what encoding/xml's EscapeText writes, for every kind of rune.
func TestEscMatchesEncodingXML(t *testing.T) {
	for _, s := range []string{"plain 42", `a<b & "c" 'd'>`, "tab\tnew\nline\rret", "bad \x00 \xff rune", "€ 𝄞 \uFFFE", ""} {
		var b strings.Builder
		_ = xml.EscapeText(&b, []byte(s))
		if got := esc(s); got != b.String() {
			t.Errorf("esc(%q) = %q, encoding/xml writes %q", s, got, b.String())
		}
	}
}

// Frames keep their text readable: a frame is scaled to fit its cell but
// not below minFrameScale, unless it would not fit the row at all.
func TestFrameScale(t *testing.T) {
	for _, tc := range []struct{ w, h, want float64 }{
		{200, 100, 1},             // small: as it is
		{600, 150, minFrameScale}, // a coin row with its notes: readable, not 310/600
		{330, 150, 310.0 / 330},   // slightly wide: fits its cell
		{4000, 150, 976.0 / 4000}, // far wider than a row: fits the row
		{300, 900, minFrameScale}, // tall
	} {
		if got := frameScale(tc.w, tc.h); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("frameScale(%v, %v) = %v, want %v", tc.w, tc.h, got, tc.want)
		}
	}
}

// TestRingMinusLegend: a '-' edge has a colour of its own, not the red of
// the edge deleted first, and the legend names it; a ring without one
// has no such entry.
func TestRingMinusLegend(t *testing.T) {
	minus := Ring{Values: []string{"3", "4", "5"}, Ops: []byte("+-*"), First: 2}.SVG()
	if !strings.Contains(minus, "− difference") || !strings.Contains(minus, `stroke="`+opColour["-"]+`"`) {
		t.Errorf("a ring with a '-' edge: no legend entry or colour for it:\n%s", minus)
	}
	if opColour["-"] == redMark {
		t.Errorf("'-' edges are drawn in the red of the edge deleted first")
	}
	if plain := seedRing.SVG(); strings.Contains(plain, "difference") {
		t.Errorf("a ring without '-' edges has a legend entry for them")
	}
}
