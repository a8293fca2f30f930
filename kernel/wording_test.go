package kernel

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestErrorsInUsersWords: a misspelt field gets the nearest field of that
// value's kind, a map as a predicate's body the hint to bracket it.
func TestErrorsInUsersWords(t *testing.T) {
	setup := []string{`p = polygon("* -5 + -2 * -8 * -5 + 8")`, "r = solve(p)"}
	for _, tc := range []struct{ cell, want string }{
		{"r.bset", "NameError at 1:3: a polygon result has no field bset (did you mean best?)"},
		{"solve(p).bset", "NameError at 1:10: a polygon result has no field bset (did you mean best?)"},
		{"solve(p).polygon.vaules", "NameError at 1:18: a polygon has no field vaules (did you mean values?)"},
		{"r.zzzzzz", "NameError at 1:3: a polygon result has no field zzzzzz (its fields: best, expr, first, merges, n, optimal, polygon, rules, scores, worst)"},
		{"r.best.x", "NameError at 1:8: an int has no field x (it has no fields)"},
		{"solve(coins([1, 2])).bets", "NameError at 1:22: a coins result has no field bets (did you mean best?)"},
		{"map(-3..3, {v: #, best: 1})", "SyntaxError at 1:14: a map as a predicate's value needs brackets: write ({v: …}); {…} alone is the predicate's body"},
		{"p + 1", "TypeError at 1:3: invalid operation: polygon + int"},
		{"abs(p)", "RuntimeError at 1:5: abs: argument 1 (x) must be a number, got a polygon"},
	} {
		t.Run(tc.cell, func(t *testing.T) {
			s := newTestSession()
			run(t, s, setup...)
			out := run(t, s, tc.cell)
			if out.Err == nil {
				t.Fatalf("no error, result %s", resultText(out))
			}
			if got := errorLine(out.Err); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	if out := run(t, newTestSession(), "print(map(-1..1, ({v: #})))"); out.Err != nil || out.Stdout != `[{"v": -1}, {"v": 0}, {"v": 1}]`+"\n" {
		t.Errorf("the bracketed form: %v %s", out.Err, out.Stdout)
	}
}

// TestNoGoTypeNames: no error, of any mistake on any kind of value, shows
// a Go type name.
func TestNoGoTypeNames(t *testing.T) {
	goType := goWords
	values := []string{`polygon("* -5 + -2 * -8 * -5 + 8")`, `solve(polygon("* 1 + 2"))`, `coins([1, 2])`,
		`solve(coins([1, 2]))`, `randboard(3, 1)`, `trace(coins([1, 2]))`, `heat(randboard(3, 1), 1)`, `plot([1])`,
		`[1, 2]`, `{a: 1}`, `2 ** 70`, `1.5`, `"s"`, `nil`, `now()`}
	mistakes := []string{"x + 1", "1 - x", "-x", "x < 1", "not x", "x and true", "x ? 1 : 2", "len(x)", "upper(x)",
		"sort(x)", "map(x, #)", "x()", "1 .. x", "keys(x)", "x.nope", "x[1]", "x[1:2]", "first(x)", "count(x, #)",
		"split(x, 1)", "x in 1", "int(x)", "float(x)", "abs(x)", "max(x, 1)", "sum(x)", "x.n.m", "filter(x, #)",
		"reduce(x, #)", "x | trim()", "string(x) + 1", "duration(x)", "x + x",
		// issue 20's audit: expr's loops took values apart with reflect, Go's
		// fmt printed a nil, a function or a struct.
		"any(x, #)", "find(x, #)", "groupBy(x, #)", "sortBy(x, #)", "findLast(x, #)", "one(x, #)", "map(x, #)[1]",
		"indexOf(x, 1)", "join(x)", "join([x])", "x ** 2", "trimPrefix(x)", "len(solve) + x", "x + solve", "[x, solve]",
		"x ?? solve", "x.values ?? 1", "toJSON({k: x})", "fromPairs([[x, 1]])[x]", "hasPrefix(x, 1)", "date(x)"}
	for _, v := range values {
		s := newTestSession()
		if out := run(t, s, "x = "+v); out.Err != nil {
			t.Fatalf("x = %s: %v", v, out.Err)
		}
		for _, m := range mistakes {
			if out := run(t, s, m); out.Err != nil && goType.MatchString(out.Err.Msg) {
				t.Errorf("x = %s; %s: %s", v, m, out.Err.Msg)
			}
		}
		// Every operator and builtin that passes a value through gives it
		// back as it is: expr's ?? took a game value's pointer apart.
		for _, through := range []string{"x ?? 1", "nil ?? x", "true ? x : 1", "[x][1]", "first([x])", "last([x])",
			"{k: x}.k", "get({k: x}, \"k\")", "let y = x; y", "reduce([x], #)", "find([x], true)", "map([x], #)[1]",
			"filter([x], true)[1]", "sortBy([x], 1)[1]", "groupBy([x], 1)[1][1]", "toPairs({k: x})[1][2]", "concat([x])[1]",
			"flatten([[x]])[1]", "take([x], 1)[1]", "if true { x } else { 1 }", "values({k: x})[1]", "[x] | map(#) | first()"} {
			if v == "nil" && through == "x ?? 1" || v == "[1, 2]" && strings.HasPrefix(through, "flatten") {
				continue // nil gives way to 1; flatten takes a list apart
			}
			want := resultText(run(t, s, "type(x)"))
			if out := run(t, s, "type("+through+")"); out.Err != nil || resultText(out) != want {
				t.Errorf("x = %s; type(%s) = %s %v, want %s", v, through, resultText(out), out.Err, want)
			}
		}
	}
}

// goWords matches Go's words in a message or a result: its type names,
// reflect's and fmt's messages, a function type, a hidden function's
// name, a struct printed by fmt.
var goWords = regexp.MustCompile(`games\.|big\.|\*[a-z]+\.|interface \{\}|\[\][a-z]|map\[|float64|int64|time\.|` +
	`reflect|%!|func\(|\$(?:indexOf|lastIndexOf|get|string|toJSON|int|float|sum|sortBy|range|matches|coalesce|loop|kept|isNil|index|member|tick|sweep)|` +
	`<nil>|\{[0-9]+ \[|0x[0-9a-f]{6}`)

// errorLine is "Kind at line:column: message".
func errorLine(e *Error) string {
	return fmt.Sprintf("%s at %d:%d: %s", e.Kind, e.Line, e.Column, e.Msg)
}
