package lang

import (
	"fmt"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// lets is a chain of n lets, each the one before plus one, and its body.
func lets(n int, body string) string {
	var b strings.Builder
	b.WriteString("let a0 = 1; ")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "let a%d = a%d + 1; ", i, i-1)
	}
	return b.String() + body
}

// A statement past expr's 10,000 nodes works when it is a chain of lets, a
// list or a call with long arguments, or one of those followed by more,
// as it would in one program (before:
// "compilation failed: expression exceeds maximum allowed nodes").
func TestHugeStatementsInParts(t *testing.T) {
	l := predicateLanguage()
	session := map[string]any{"x": 7, "c": 3}
	for _, tc := range []struct{ code, want string }{
		{lets(20000, "a19999 + a0"), "20001"},
		{lets(5000, "apply({# + a4999}, 1)"), "5001"},
		{"len([" + strings.Repeat("1, ", 100000) + "1])", "100001"},
		{"twice(len([" + strings.Repeat("x, ", 10000) + "x]), {# + 1})", "10003"},
		{"let c = 2; " + lets(5000, "c * a4999"), "10000"}, // a let shadows the session's c
		{"[" + strings.Repeat("x, ", 10000) + "x][10001] + 1", "8"},
		{"twice(len([" + strings.Repeat("x, ", 10000) + "x]), {# + 1}) * 2 ?? 0", "20006"},
	} {
		got, e := evalIn(t, l, tc.code, session)
		if e != nil {
			t.Errorf("%.60s…: %v", tc.code, e)
		} else if shown := printer.Shown(got, ""); shown != tc.want {
			t.Errorf("%.60s… = %.200s, want %.200s", tc.code, shown, tc.want)
		}
	}
	// Each item of a long list is what it is in a short one: the literals
	// taken as they are, the rest compiled.
	item := `[1, -2, 3.5, "a\nb", true, nil, 100000000000000000000, -9223372036854775808, 1_000, 1e3, 0x1F, -x, apply({# * 2}, 3)]`
	small, e := evalIn(t, l, item, session)
	if e != nil {
		t.Fatal(e)
	}
	list, e := evalIn(t, l, "["+strings.Repeat(item+", ", 2000)+item+"]", session)
	if items, ok := list.([]any); e != nil || !ok || len(items) != 2001 || printer.Shown(items[2000], "") != printer.Shown(small, "") {
		t.Errorf("2,001 items: %v, %.300s", e, printer.Shown(list, ""))
	}
	flat := "[" + strings.Repeat(`1, -2, 3.5, "a\nb", true, nil, 100000000000000000000, -9223372036854775808, 1_000, 1e3, `, 500) + "0]"
	got, e := evalIn(t, l, flat, nil)
	if items, ok := got.([]any); e != nil || !ok || len(items) != 5001 || printer.Shown(items[:10], "") != printer.Shown(small.([]any)[:10], "") {
		t.Errorf("5,001 literals: %v, %.300s", e, printer.Shown(got, ""))
	}
}

// A part that fails points where it fails, in the statement's offsets;
// what is past expr's limit and cannot be divided says so in words.
func TestHugeStatementsFailInPlace(t *testing.T) {
	l := predicateLanguage()
	code := lets(4000, "a3999") + " + nope"
	_, e := evalIn(t, l, code, nil)
	if e == nil || e.Kind != builtin.NameError || e.At != strings.Index(code, "nope") {
		t.Errorf("an unknown name after 4,000 lets: %+v", e)
	}
	code = "[" + strings.Repeat("1, ", 3000) + "1 +, 2]"
	if _, e = evalIn(t, l, code, nil); e == nil || e.Kind != builtin.SyntaxError || e.At != strings.Index(code, ", 2]") || e.Msg != `unexpected ","` {
		t.Errorf("a syntax error in the 3,001st item: %+v", e)
	}
	code = strings.Repeat("1 + ", 10001) + "1"
	if _, e = evalIn(t, l, code, nil); e == nil || e.Kind != builtin.SyntaxError || !strings.HasPrefix(e.Msg, "the expression is too large to compile: more than 10000 names") {
		t.Errorf("10,002 ones added: %+v", e)
	}
}
