package gamestest

import (
	"math/big"
	"reflect"
	"slices"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/tools"
)

// CheckRecord checks the invariants of every analysis: loss = value −
// after for a maximiser (after − value for a minimiser), never negative,
// zero exactly when the move is among best.
func CheckRecord(t *testing.T, a *tools.Analysis, minimise bool) {
	t.Helper()
	for i, m := range a.Moves {
		value, after, loss := MustBig(t, m["value"]), MustBig(t, m["after"]), MustBig(t, m["loss"])
		want := new(big.Int).Sub(value, after)
		if minimise {
			want.Neg(want)
		}
		if want.Cmp(loss) != 0 || loss.Sign() < 0 {
			t.Errorf("turn %d: value %s, after %s, loss %s", i+1, value, after, loss)
		}
		inBest := slices.ContainsFunc(m["best"].([]any), func(b any) bool { return reflect.DeepEqual(b, m["move"]) })
		if inBest != (loss.Sign() == 0) {
			t.Errorf("turn %d: move %v, best %v, loss %s", i+1, m["move"], m["best"], loss)
		}
	}
}

// PlayRecord is play's record of a game played in env (a Scripted one).
func PlayRecord(t *testing.T, env *builtin.Env, args ...any) *tools.Analysis {
	t.Helper()
	v, err := Tool("play").Fn(env, args...)
	if err != nil {
		t.Fatal(err)
	}
	return v.(*tools.Analysis)
}

// Predicate is a Go function as a {…}, for the builtins' tests.
type Predicate func(x any) (any, error)

func (p Predicate) Text() string            { return "{…}" }
func (p Predicate) Call(x any) (any, error) { return p(x) }

// BenchSolve measures solve(x, args...) through its builtin.
func BenchSolve(b *testing.B, x any, args ...any) {
	b.Helper()
	env, _ := Recording()
	solve := Tool("solve")
	args = append([]any{x}, args...)
	for b.Loop() {
		if _, err := solve.Fn(env, args...); err != nil {
			b.Fatal(err)
		}
	}
}

// RandBench is the random instance fn(n, 1, opts) a benchmark solves.
func RandBench(b *testing.B, fn string, n int, opts map[string]any) any {
	b.Helper()
	env, _ := Recording()
	x, err := Tool(fn).Fn(env, n, 1, opts)
	if err != nil {
		b.Fatal(err)
	}
	return x
}
