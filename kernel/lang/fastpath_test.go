//go:build !js

package lang

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// TestFastPathAgreesWithMachine: 2,000 random predicate bodies of the shapes the
// fast path compiles (and some it does not), each run on random values of
// #, give the same value (the same Go types, item by item) and the same
// error with the fast path as on expr's machine alone; and the fast path
// answers a tenth of them at least, so the comparison is not empty.
func TestFastPathAgreesWithMachine(t *testing.T) {
	// apply(pred, x) is pred of x; min and max are the session's (exact).
	lib := &builtin.Library{Kind: builtin.GameError, Builtins: []*builtin.Builtin{
		{Name: "apply", Predicates: []int{1}, Fn: func(_ *builtin.Env, args ...any) (any, error) {
			return args[0].(builtin.Predicate).Call(args[1])
		}},
		{Name: "min", Fn: Extremum("min", -1)},
		{Name: "max", Fn: Extremum("max", 1)},
	}}
	l := New(Config{Libraries: []*builtin.Library{lib}})
	if !l.isExtremum("min") || !l.isExtremum("max") {
		t.Fatal("the fast path does not know the session's min and max")
	}
	r := rand.New(rand.NewPCG(27, 1))
	inputs := []any{
		map[string]any{"a": 3, "b": -2, "l": []any{1, 2, 3}, "s": "L", "r": []int{4, 5}},
		map[string]any{"a": 9223372036854775807, "b": 1, "l": []any{"X", ".", "O"}, "s": "R2", "r": []int{}},
		map[string]any{"a": new(big.Int).Lsh(big.NewInt(1), 70), "b": 0, "l": []any{}, "s": "", "r": []int{-1}},
		map[string]any{"a": 1.5, "b": "x", "l": []any{[]any{1}, nil}, "s": "é", "r": nil},
		&fieldsValue{A: 2, B: 5, L: []any{3, 1}, S: "L", R: []int{9}},
		&fieldsValue{A: "x", L: map[string]any{"k": 1}},
		[]any{1, 2},
		7,
		nil,
	}
	counting = true
	defer func() { counting = false }()
	before := fastRuns.Load()
	runs := 0
	for range 2000 {
		body := randomBody(r, 3)
		code := "apply({" + body + "}, x)"
		for _, x := range inputs {
			names := map[string]any{"x": x, "xs": []any{1, 5, 9}}
			fastPaths = true
			v1, e1 := evalIn(t, l, code, names)
			fastPaths = false
			v2, e2 := evalIn(t, l, code, names)
			fastPaths = true
			runs++
			if got, want := describe(v1, e1), describe(v2, e2); got != want {
				t.Fatalf("%s with # = %s:\nfast path %s\nmachine   %s", body, printer.Literal(x), got, want)
			}
		}
	}
	if n := fastRuns.Load() - before; n < int64(runs)/10 {
		t.Errorf("the fast path answered %d of %d runs: too few to compare", n, runs)
	}
}

// fieldsValue is a value whose fields the fast path reads by its Field
// (builtin.Fields) and the machine by their expr tags: the two must agree.
type fieldsValue struct {
	A any `expr:"a"`
	B any `expr:"b"`
	L any `expr:"l"`
	S any `expr:"s"`
	R any `expr:"r"`
}

func (v *fieldsValue) TypeName() string { return "fields value" }

func (v *fieldsValue) Field(name string) (any, bool) {
	switch name {
	case "a":
		return v.A, true
	case "b":
		return v.B, true
	case "l":
		return v.L, true
	case "s":
		return v.S, true
	case "r":
		return v.R, true
	}
	return nil, false
}

// describe is a result as the comparison sees it: the value's literal and
// its Go types, or the error.
func describe(v any, e *Error) string {
	if e != nil {
		// The memory in use is the heap's, which differs from run to run.
		msg := inUse.ReplaceAllString(e.Msg, "… in use")
		return fmt.Sprintf("error %s %q at %d", e.Kind, msg, e.At)
	}
	return printer.Literal(v) + " " + goTypes(v)
}

var inUse = regexp.MustCompile(`[0-9.]+ [KMG]?B is in use`)

// goTypes is v's Go type, and its items' for a list or a map.
func goTypes(v any) string {
	switch x := v.(type) {
	case []any:
		var b strings.Builder
		b.WriteString("[]any{")
		for _, item := range x {
			b.WriteString(goTypes(item) + " ")
		}
		return b.String() + "}"
	case map[string]any:
		var b strings.Builder
		b.WriteString("map{")
		for _, k := range sortedKeys(x) {
			b.WriteString(k + ":" + goTypes(x[k]) + " ")
		}
		return b.String() + "}"
	}
	return fmt.Sprintf("%T", v)
}

func sortedKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// randomBody is a random expression over #, depth at most d.
func randomBody(r *rand.Rand, d int) string {
	leaves := []string{"0", "1", "-1", "2", "7", "9223372036854775807", `"L"`, `"."`, `""`, "true", "false", "nil",
		"#.a", "#.b", "#.l", "#.s", "#.r", "#.m", "#", "xs", "[]", "#[1]", "#.l[2]", "#.l[-1]", "#.l[0]"}
	if d == 0 || r.IntN(4) == 0 {
		return leaves[r.IntN(len(leaves))]
	}
	a := func() string { return randomBody(r, d-1) }
	switch r.IntN(33) {
	case 0:
		return "(" + a() + " + " + a() + ")"
	case 1:
		return "(" + a() + " - " + a() + ")"
	case 2:
		return "(" + a() + " * " + a() + ")"
	case 3:
		return "(-" + a() + ")"
	case 4:
		return "(" + a() + " == " + a() + ")"
	case 5:
		return "(" + a() + " != " + a() + ")"
	case 6:
		return "(" + a() + " < " + a() + ")"
	case 7:
		return "(" + a() + " <= " + a() + ")"
	case 8:
		return "(" + a() + " > " + a() + " || " + a() + " >= " + a() + ")"
	case 9:
		return "(" + a() + " && " + a() + ")"
	case 10:
		return "!(" + a() + ")"
	case 11:
		return "(" + a() + " ? " + a() + " : " + a() + ")"
	case 12:
		return "[" + a() + ", " + a() + "]"
	case 13:
		return "{k: " + a() + ", j: " + a() + "}"
	case 14:
		return "(" + a() + ".." + a() + ")"
	case 15:
		return "min(" + a() + ", " + a() + ")"
	case 16:
		return "max(" + a() + ", " + a() + ", " + a() + ")"
	case 17:
		return "len(" + a() + ")"
	case 18:
		return a() + "[" + a() + "]"
	case 19:
		return "map(" + a() + ", {# + " + a() + "})"
	case 20:
		return "filter(" + a() + ", {# > " + a() + "})"
	case 21:
		return "any(" + a() + ", {# == " + a() + "})"
	case 22:
		return "all(" + a() + ", {# != " + a() + "})"
	case 23:
		return "count(" + a() + ", {" + a() + "})"
	case 24:
		return "(let v = " + a() + "; [v, " + a() + "])"
	case 25:
		return "(" + a() + " % " + a() + ")"
	case 26:
		return "#." + []string{"a", "l", "s", "k"}[r.IntN(4)]
	case 27:
		return "(" + a() + ")[" + a() + ":" + a() + "]"
	case 28:
		return "map(1..3, {let w = #; filter(" + a() + ", {# != w})})"
	case 29:
		return "min(" + a() + ")"
	case 30:
		return "len(map(1..5000, {# % 7 + " + a() + "}))" // past the fast path's longest loop
	case 31:
		return "(let v = " + a() + "; let v = [v, " + a() + "]; map(#.r ?? [], {[v, #]}))"
	}
	return "(" + a() + " / " + a() + ")"
}
