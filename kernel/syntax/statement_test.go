package syntax

import (
	"fmt"
	"strings"
	"testing"
)

// describe writes a statement's form as the test reads it.
func describe(st *Statement) string {
	if st.Err != nil {
		return fmt.Sprintf("error %s at %d:%d: %s", st.Err.Kind, st.Err.Line, st.Err.Column, st.Err.Msg)
	}
	text := []rune(st.Text)
	span := func(s Span) string { return strings.TrimSpace(string(text[s.From:s.To])) }
	switch f := st.Form.(type) {
	case *Expr:
		return "expr " + span(f.Span)
	case *Assign:
		var idx []string
		for _, s := range f.Index {
			if s.Empty() {
				idx = append(idx, "_")
			} else {
				idx = append(idx, span(s))
			}
		}
		return fmt.Sprintf("assign %s [%s] = %s", f.Target.Value, strings.Join(idx, "; "), span(f.Value))
	case *Del:
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Value)
		}
		return "del " + strings.Join(names, " ")
	case *Help:
		topic := "all"
		if f.Topic != nil {
			topic = f.Topic.Value
		}
		return fmt.Sprintf("help %s query=%v", topic, f.Query)
	case *Vars:
		return "vars"
	}
	return "?"
}

func TestParseForms(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"1 + 2", "expr 1 + 2"},
		{"x = 1 + 2", "assign x [] = 1 + 2"},
		{"x[2] = 7", "assign x [2] = 7"},
		{"b[r, f(1, 2)][3] = 0", "assign b [r; f(1, 2); 3] = 0"},
		{"x[] = 1", "assign x [_] = 1"},
		{"x[1, ] = 1", "assign x [1; _] = 1"},
		{"x = ", "assign x [] = "},
		{"x == 1", "expr x == 1"},
		{"x[1] == 1", "expr x[1] == 1"},
		{"del a, b", "del a b"},
		{"del", "expr del"},
		{"del a b", "expr del a b"},
		{"help", "help all query=false"},
		{"help solve", "help solve query=false"},
		{`help("solve")`, "help solve query=false"},
		{"help(not)", "help not query=false"},
		{"solve?", "help solve query=true"},
		{"??solve", "help solve query=true"},
		{"?", "help all query=true"},
		{"vars", "vars"},
		{"vars()", "vars"},
		{"vars(1)", "expr vars(1)"},
		{strings.Repeat("(", MaxNesting+1) + "1", fmt.Sprintf("error SyntaxError at 1:%d: brackets and signs nested more than %d deep", MaxNesting+1, MaxNesting)},
	} {
		stmts := Parse(tc.code)
		if len(stmts) != 1 {
			t.Errorf("%q: %d statements", tc.code, len(stmts))
			continue
		}
		if got := describe(stmts[0]); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.code, got, tc.want)
		}
	}
}

func TestParseCellsAndPlaces(t *testing.T) {
	stmts := Parse("a = 1; b = [1,\n  2]\n# a comment\nlet x = 2; x * x\n\nc")
	var got []string
	for _, st := range stmts {
		got = append(got, fmt.Sprintf("%d: %s", st.Line, describe(st)))
	}
	want := []string{"1: assign a [] = 1", "1: assign b [] = [1,\n  2]", "4: expr let x = 2; x * x", "6: expr c"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// An error points into the line as typed, on the statement's own line;
	// a statement after a ";" holds its own text, from its column on.
	e := stmts[1].ErrorAt(len([]rune(" b = [1,\n  ")), "SyntaxError", "here")
	if e.Line != 2 || e.Column != 3 || e.Source != "  2]" || e.Error() != "2:3: here\n  2]\n  ^" {
		t.Errorf("ErrorAt: %+v, %q", e, e.Error())
	}
	if st := stmts[1]; st.Text != " b = [1,\n  2]" || st.Column != 6 {
		t.Errorf("the statement after a ;: %q at column %d", st.Text, st.Column)
	}
	if e := stmts[1].ErrorAt(1, "SyntaxError", "here"); e.Line != 1 || e.Column != 8 || e.Error() != "1:8: here\na = 1; b = [1,\n       ^" {
		t.Errorf("ErrorAt after a ;: %+v, %q", e, e.Error())
	}
	if len(Parse("  \n# only a comment\n")) != 0 || !Blank("// a comment\n") || Blank("1") {
		t.Error("blank cells hold statements")
	}
	for code, blank := range map[string]bool{"/* a\n b */\n# c": false, "# a\n// b": true, " ; ;": true, "# x\n\n  1": false, "/ 2": false, "`\n# in a string`": false, "/* a */ b": false} {
		if Blank(code) != blank || Blank(code) != (len(Parse(code)) == 0) {
			t.Errorf("Blank(%q) = %v", code, Blank(code))
		}
	}
}

// Statements cut at ";" hold their own text only: splitting a line of
// 20,000 statements is linear in the line. (Each held the whole line,
// blanked outside its part, and lexing it made 20,000 statements on one
// line take minutes.)
func TestSplittingALineIsLinear(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "a%d = %d; ", i, i)
	}
	b.WriteString("a1 // the end")
	line := b.String()
	stmts := Split(line)
	total := 0
	for _, st := range stmts {
		total += len(st.Text)
	}
	if len(stmts) != 20001 || total > len(line) {
		t.Fatalf("%d statements holding %d bytes of a line of %d", len(stmts), total, len(line))
	}
	last := stmts[len(stmts)-1]
	last.Parse(nil)
	if e := last.ErrorAt(1, "SyntaxError", "here"); e.Column != len(line)-len(" a1 // the end")+2 || last.Warning != "" {
		t.Errorf("the last statement: column %d, warning %q", e.Column, last.Warning)
	}
}

func TestIsComplete(t *testing.T) {
	for code, want := range map[string]Completeness{
		"1 + 2": Complete, "map([1, 2,": Incomplete, "f(`a\nb": Incomplete, "/* x": Incomplete, "1)": Invalid, "'a": Complete,
	} {
		if got, _ := IsComplete(code); got != want {
			t.Errorf("IsComplete(%q) = %v, want %v", code, got, want)
		}
	}
	// A line at a time, the Scanner says what IsComplete says of the
	// lines since the last complete entry.
	var sc Scanner
	var entry []string
	for _, line := range []string{"x = [1,", "  2,", "  3]", "y = (", ")", "1)", "`a", "b`", "/* c", "*/ 4"} {
		entry = append(entry, line)
		want, wantIndent := IsComplete(strings.Join(entry, "\n"))
		if got, indent := sc.Line(line); got != want || indent != wantIndent {
			t.Errorf("%q: Scanner %v %q, IsComplete %v %q", entry, got, indent, want, wantIndent)
		}
		if want != Incomplete {
			entry = nil
		}
	}
	if !InStringOrComment([]rune(`f("ab`)) || InStringOrComment([]rune(`f("ab")`)) || !InStringOrComment([]rune("1 # x")) {
		t.Error("InStringOrComment")
	}
}

// TestDivisionWarning: Python's 7 // 2 is 7 and a comment here; a comment
// that reads as a division's right side gets a warning naming div, one in
// words does not, and neither does a // inside a string or another
// statement's line.
func TestDivisionWarning(t *testing.T) {
	for code, want := range map[string]string{
		"7 // 2":               "// starts a comment, so // 2 divides nothing: div(7, 2) is the integer quotient",
		"x = n //k":            "// starts a comment, so // k divides nothing: div(n, k) is the integer quotient",
		"y = 2**70 // (a + 1)": "// starts a comment, so // (a + 1) divides nothing: div(…, (a + 1)) is the integer quotient",
		"x = 5 // five coins":  "",
		"1 + 2 // optimal":     "",
		`"a // b"`:             "",
		"// 2":                 "",
		"f(x) // 3":            "// starts a comment, so // 3 divides nothing: div(…, 3) is the integer quotient",
		"map(1..3, #) // 2":    "// starts a comment, so // 2 divides nothing: div(…, 2) is the integer quotient",
	} {
		sts := Parse(code)
		if len(sts) == 0 && want == "" { // a comment alone is no statement
			continue
		}
		if len(sts) != 1 || sts[0].Warning != want {
			t.Errorf("%s: %d statements, warning %q, want %q", code, len(sts), sts[0].Warning, want)
		}
	}
	// Two statements on a line: only the one the comment follows.
	sts := Parse("n = 3; 9 // n")
	if len(sts) != 2 || sts[0].Warning != "" || sts[1].Warning != "// starts a comment, so // n divides nothing: div(9, n) is the integer quotient" {
		t.Errorf("n = 3; 9 // n: %q %q", sts[0].Warning, sts[1].Warning)
	}
}

// An error in a line of a megabyte shows the part of the line around its
// column, "…" where it is cut, the caret under the column.
func TestAnErrorInALongLine(t *testing.T) {
	line := strings.Repeat("é", 500000) + "x = 1; y = )" + strings.Repeat("ü", 500000)
	stmts := Parse(line)
	e := stmts[len(stmts)-1].ErrorAt(len([]rune(" y = ")), "SyntaxError", "here")
	if e.Line != 1 || e.Column != 500000+12 {
		t.Fatalf("at %d:%d", e.Line, e.Column)
	}
	shown := strings.Split(e.Error(), "\n")
	src, caret := []rune(shown[1]), []rune(shown[2])
	if len(src) != MaxSourceShown+2 || src[0] != '…' || src[len(src)-1] != '…' || src[len(caret)-1] != ')' || caret[len(caret)-1] != '^' {
		t.Errorf("%q\n%q", shown[1], shown[2])
	}
}
