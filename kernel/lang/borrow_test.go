package lang

import (
	"testing"

	"gamelab/kernel/builtin"
)

// keeper is a language with keep({…}), and what makes it keep a body:
// the predicate keep was given.
func keeper(t *testing.T) func(body string) builtin.Predicate {
	var got builtin.Predicate
	lib := &builtin.Library{Builtins: []*builtin.Builtin{{Name: "keep", Predicates: []int{1},
		Fn: func(_ *builtin.Env, args ...any) (any, error) { got = args[0].(builtin.Predicate); return nil, nil }}}}
	l := New(Config{Libraries: []*builtin.Library{lib}})
	return func(body string) builtin.Predicate {
		if _, e := evalIn(t, l, "keep("+body+")", nil); e != nil {
			t.Fatalf("%s: %s", body, e.Msg)
		}
		return got
	}
}

// TestBorrows: a predicate borrows its # (builtin.Borrowing) exactly when
// its body reads only fields of it; # of a predicate inside it is that
// predicate's own.
func TestBorrows(t *testing.T) {
	keep := keeper(t)
	for body, want := range map[string]bool{
		`{#.state}`:                          true,
		`{#.state[#.move] + 1}`:              true,
		`{map(#.state, {[#, #.move]})}`:      true, // the inner #s are the items
		`{let s = #.state; map(s, {# * 2})}`: true,
		`{-1}`:                               true,
		`{#}`:                                false,
		`{[#.state, #]}`:                     false,
		`{let v = #; v.state}`:               false,
		`{{at: #}}`:                          false,
		`{#.state == # ? 1 : 2}`:             false,
	} {
		if b := keep(body).(builtin.Borrowing).Borrows(); b != want {
			t.Errorf("%s borrows: %v, want %v", body, b, want)
		}
	}
}

// TestReadsField: a predicate says which fields of its # it may read
// (builtin.FieldReader): those it reads as #.name or #["name"] (an inner
// predicate's reads count, which only makes it say more), and every field
// when it uses # whole.
func TestReadsField(t *testing.T) {
	keep := keeper(t)
	for body, want := range map[string]bool{
		`{#.state - #.move}`:                    false,
		`{#.mover == "A" ? 1 : 2}`:              true,
		`{#["mover"]}`:                          true,
		`{let s = #.state; s[1]}`:               false,
		`{map(#.state, {#.mover})}`:             true,
		`{#}`:                                   true,
		`{let v = #; v.state}`:                  true,
		`{1..min(#.state, #.rules.take)}`:       false,
		`{any([1, 2], {# == 1}) && #.turn > 1}`: false,
	} {
		if r := keep(body).(builtin.FieldReader).ReadsField("mover"); r != want {
			t.Errorf("%s reads mover: %v, want %v", body, r, want)
		}
	}
}
