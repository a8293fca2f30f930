package lang

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// predicateLanguage is a language with builtins that take predicates:
// apply(pred, x) calls pred on x; twice(x, pred) is pred of pred of x
// (its predicate is argument 2); keep(pred) returns the predicate itself;
// answer is a named value.
func predicateLanguage() *Language {
	call := func(p any, x any) (any, error) {
		q, ok := p.(builtin.Predicate)
		if !ok {
			return nil, fmt.Errorf("not a predicate: %s", builtin.TypeName(p))
		}
		return q.Call(x)
	}
	lib := &builtin.Library{Kind: builtin.GameError, Builtins: []*builtin.Builtin{
		{Name: "apply", Predicates: []int{1}, Fn: func(_ *builtin.Env, args ...any) (any, error) { return call(args[0], args[1]) }},
		{Name: "twice", Predicates: []int{2}, Fn: func(_ *builtin.Env, args ...any) (any, error) {
			v, err := call(args[1], args[0])
			if err != nil {
				return nil, err
			}
			return call(args[1], v)
		}},
		{Name: "keep", Predicates: []int{1}, Fn: func(_ *builtin.Env, args ...any) (any, error) { return args[0], nil }},
		{Name: "answer", Value: 42},
		{Name: "kind", Fn: func(_ *builtin.Env, args ...any) (any, error) { return builtin.TypeName(args[0]), nil }},
	}}
	return New(Config{Libraries: []*builtin.Library{lib}})
}

// evalIn runs code in l with names as the session's.
func evalIn(t *testing.T, l *Language, code string, names map[string]any) (any, *Error) {
	t.Helper()
	account, ctx, end := budget.New(64 << 20).Start(context.Background())
	defer end()
	defer l.Start(Cell{Env: &builtin.Env{Ctx: ctx, Meter: account}, Progress: NewProgress(nil)})()
	toks, err := lexer.Lex(file.NewSource(code))
	if err != nil {
		toks = nil
	}
	return l.Eval(Source{Text: code, Tokens: toks, From: 0, To: len([]rune(code))}, func(n string) (any, bool) {
		v, ok := names[n]
		return v, ok
	})
}

// TestPredicates: a {…} at a builtin's predicate argument is a predicate
// (not a map), sees # as its argument, the session's names, the lets
// around it and its own lets; a map literal there stays a map.
func TestPredicates(t *testing.T) {
	l := predicateLanguage()
	session := map[string]any{"s": 10, "xs": []any{1, 2, 3}}
	for code, want := range map[string]string{
		`apply({"L"}, 1)`:                               `"L"`,
		`apply({# * 2}, 21)`:                            `42`,
		`apply({# + s}, 1)`:                             `11`,
		`let k = 5; apply({# * k}, 3)`:                  `15`,
		`map(1..3, let k = #; apply({# + k}, 10))`:      `[11, 12, 13]`,
		`apply({let y = # * 2; y + 1}, 4)`:              `9`,
		`twice(3, {# * #})`:                             `81`,
		`3 | twice({# + 1})`:                            `5`,
		`apply({map(#, {# * 10})}, xs)`:                 `[10, 20, 30]`,
		`apply({apply({# - 1}, #) * 2}, 5)`:             `8`,
		`apply({#.a}, {a: 7})`:                          `7`,
		"apply({\n  # > 2 ? \"big\" : \"small\"\n}, 3)": `"big"`,
		`apply({# > 10**20}, 10**21)`:                   `true`,
		`answer + 1`:                                    `43`,
		`keep({# + 1})`:                                 `{# + 1}`,
	} {
		checkShown(t, l, code, session, want)
	}
	// Any number of short predicates in one statement: each is cut out
	// whatever its width (the 11th {1} was 'unexpected "}"': its hidden
	// name, _p10, did not fit in three runes), and one on lines of its own.
	checkShown(t, l, strings.Repeat("apply({1}, 0) + ", 11)+"apply({1}, 0)", nil, "12")
	checkShown(t, l, "apply({\n#\n}, 7) + apply({\n#\n}, 8)", nil, "15")
	// A big literal in a predicate in a predicate keeps its digits in the
	// inner predicate's text.
	checkShown(t, l, "apply({keep({# > 100000000000000000000})}, 0)", nil, "{# > 100000000000000000000}")
	// A map literal at a predicate argument is a map, which the builtin refuses.
	if _, e := evalIn(t, l, `apply({a: 1}, 2)`, nil); e == nil || !strings.Contains(e.Msg, "not a predicate: map") {
		t.Errorf("apply({a: 1}, 2): %v", e)
	}
	// A session variable shadows a named value.
	if v, e := evalIn(t, l, `answer`, map[string]any{"answer": 1}); e != nil || v != 1 {
		t.Errorf("answer with a variable of that name: %v %v", v, e)
	}
}

// TestPredicateErrors: a body that does not parse is the statement's
// syntax error at its place; a name nobody gives is a NameError where it
// is written; a failure while the body runs names what went wrong.
func TestPredicateErrors(t *testing.T) {
	l := predicateLanguage()
	_, e := evalIn(t, l, `apply({# +}, 1)`, nil)
	if e == nil || e.Kind != builtin.SyntaxError {
		t.Fatalf("apply({# +}, 1): %v", e)
	}
	_, e = evalIn(t, l, `apply({# + nope}, 1)`, nil)
	if e == nil || e.Kind != builtin.NameError || e.At != strings.Index(`apply({# + nope}, 1)`, "nope") {
		t.Fatalf("apply({# + nope}, 1): %+v", e)
	}
	_, e = evalIn(t, l, `apply({1 / (# - 1)}, 1)`, nil)
	if e == nil || !strings.Contains(e.Msg, "division by zero") {
		t.Fatalf("apply({1 / (# - 1)}, 1): %+v", e)
	}
	// A predicate kept in a variable runs in a later cell.
	v, e := evalIn(t, l, `keep({# * s})`, map[string]any{"s": 3})
	if e != nil {
		t.Fatal(e)
	}
	got, e := evalIn(t, l, `apply(p, 5)`, map[string]any{"p": v})
	if e != nil || got != 15 {
		t.Errorf("apply(p, 5) in a later cell = %v, %v", got, e)
	}
}

// Predicates may call predicates, maxCalls deep and no deeper: past that
// the statement stops with one error that says so (before: each level took
// 20 KB of Go's stack, and 100,000 of them ended the process).
func TestPredicatesNestBoundedly(t *testing.T) {
	l := predicateLanguage()
	chain := func(n int) string {
		return fmt.Sprintf("apply(reduce(map(1..%d, keep({#})), let f = #acc; keep({apply(f, #)})), 1)", n)
	}
	checkShown(t, l, chain(maxCalls-1), nil, "1")
	_, e := evalIn(t, l, chain(maxCalls+100), nil)
	if e == nil || e.Kind != builtin.RuntimeError || strings.Count(e.Msg, "more than 1000 deep") != 1 {
		t.Errorf("%d predicates, one inside another: %v", maxCalls+100, e)
	}
	if got := shortened(strings.Repeat("ab", 1000)); len([]rune(got)) > maxMessage+3 || !strings.HasPrefix(got, "abab") || !strings.HasSuffix(got, "abab") {
		t.Errorf("shortened: %q", got)
	}
}

// TestOptionRanges: a range as a map literal's value is the list while it
// is short, its ends (builtin.Range) when they pass 64 bits or the list
// would be too long; elsewhere a range is a list as before.
func TestOptionRanges(t *testing.T) {
	l := predicateLanguage()
	for code, want := range map[string]string{
		`{v: 1..3}.v`:                  `[1, 2, 3]`,
		`kind({v: -10**30..10**30}.v)`: `"range"`,
		`{v: -10**30..10**30}.v`:       `-1000000000000000000000000000000..1000000000000000000000000000000`,
		`kind({v: 1..10**12}.v)`:       `"range"`,
		`len(1..3)`:                    `3`,
		`{v: 5..1}.v`:                  `[]`,
	} {
		checkShown(t, l, code, nil, want)
	}
}

// checkShown checks that code shows as want.
func checkShown(t *testing.T, l *Language, code string, names map[string]any, want string) {
	t.Helper()
	v, e := evalIn(t, l, code, names)
	if e != nil {
		t.Errorf("%s: %v", code, e)
	} else if got := printer.Shown(v, ""); got != want {
		t.Errorf("%s = %s, want %s", code, got, want)
	}
}
