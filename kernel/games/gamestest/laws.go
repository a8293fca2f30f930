package gamestest

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// Laws is what the property tests of a game need beyond Spec (issue 18's):
// the game's rules played literally (a Brute, which knows nothing of the
// engine or of any DP), small random instances as a user makes them, and
// the rule values to play. Under every combination of them, on many random
// small instances (values past 64 bits among them), the game's own solver
// agrees with the exhaustive search and that one with the brute force
// (CheckSolver), analyze scores every turn as the search does
// (CheckAnalyze), solve's plan replays to its best (CheckPlans), and the
// strategies play what they say (CheckStrategies).
type Laws struct {
	Game *games.Game
	// Choices lists, by option name, the values each option is played at;
	// every combination is played, in the order of the game's options.
	Choices map[string][]any
	// Instance is a random small instance under rules, made as a user
	// makes one, with a player to move.
	Instance func(t *testing.T, r *rand.Rand, rules map[string]any) games.Position
	// Bare is a random instance as a user makes one for a match, with no
	// player to move (default Instance).
	Bare func(t *testing.T, r *rand.Rand, rules map[string]any) games.Position
	// Brute is the game under rules played literally.
	Brute func(rules map[string]any) Brute
	// Sides are the sides of a match in which a plays first and b second.
	Sides func(a, b *tools.Strategy) any
	// Gain is what move m makes at once at p, for greedy (default: its
	// reward).
	Gain func(p games.Position, m games.Move) *big.Int
	// Plan checks solve's answer at x against the exhaustive search's (ex):
	// that the game's own result replays to its best (CheckPlans).
	Plan func(t *testing.T, where string, x games.Position, ex *games.Eval)
	// SolverTrials is how many instances of each variant CheckSolver
	// plays (default 40); TraceTrials how many CheckTraceOfAResult plays
	// (default 3) and TraceLeast how many traces it must compare (default
	// 10).
	SolverTrials, TraceTrials, TraceLeast int
}

// Properties runs every property test of the laws, each a subtest named
// for what it checks, with random instances of its own seed: the solver
// against the exhaustive search and the brute force, analyze, solve's
// plans, the strategies, tournaments, shrink, the oracle (where the game
// has one) and trace of a result.
func Properties(t *testing.T, l *Laws) {
	for name := range l.Choices {
		if !slices.ContainsFunc(l.Game.Options, func(o *games.Option) bool { return o.Name == name }) {
			t.Fatalf("%s has no rule %s", l.Game.Name, name)
		}
	}
	seeded := func(a, b uint64) *rand.Rand { return rand.New(rand.NewPCG(a, b)) }
	t.Run("VariantsAgainstExhaustive", func(t *testing.T) { CheckSolver(t, l, seeded(18, 1), or(l.SolverTrials, 40)) })
	t.Run("AnalyzeVariantsAgainstExhaustive", func(t *testing.T) { CheckAnalyze(t, l, seeded(18, 2), 25) })
	if l.Plan != nil {
		t.Run("PlansReplayToTheirBest", func(t *testing.T) { CheckPlans(t, l, seeded(18, 3), 25, l.Plan) })
	}
	t.Run("StrategiesAgainstBruteForce", func(t *testing.T) { CheckStrategies(t, l, seeded(22, 1)) })
	t.Run("TournamentIsItsMatches", func(t *testing.T) { CheckTournaments(t, l, seeded(22, 2)) })
	t.Run("ShrinkIsMinimal", func(t *testing.T) { CheckShrink(t, l, seeded(22, 3)) })
	if _, ok := l.Variants()[0].Bare(t, seeded(0, 0)).(games.Oracled); ok {
		t.Run("OracleIsEvaluate", func(t *testing.T) { CheckOracle(t, l, seeded(22, 4)) })
	}
	t.Run("TraceOfAResult", func(t *testing.T) {
		CheckTraceOfAResult(t, l, seeded(3, 2026), or(l.TraceTrials, 3), or(l.TraceLeast, 10))
	})
}

// or is n, or def when n is 0.
func or(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

// Variant is a game under one combination of its rule options.
type Variant struct {
	Laws  *Laws
	Rules map[string]any
}

func (v Variant) String() string { return v.Laws.Game.Name + fmt.Sprint(v.Rules) }

// Instance is a random small instance of v with a player to move.
func (v Variant) Instance(t *testing.T, r *rand.Rand) games.Position {
	return v.Laws.Instance(t, r, v.Rules)
}

// Bare is a random small instance of v as a user makes one for a match.
func (v Variant) Bare(t *testing.T, r *rand.Rand) games.Position {
	if v.Laws.Bare == nil {
		return v.Instance(t, r)
	}
	return v.Laws.Bare(t, r, v.Rules)
}

// Variants is every combination of l.Choices.
func (l *Laws) Variants() []Variant {
	out := []map[string]any{{}}
	for _, o := range l.Game.Options {
		values := l.Choices[o.Name]
		if len(values) == 0 {
			continue
		}
		var next []map[string]any
		for _, r := range out {
			for _, v := range values {
				q := map[string]any{o.Name: v}
				for k, w := range r {
					q[k] = w
				}
				next = append(next, q)
			}
		}
		out = next
	}
	vs := make([]Variant, len(out))
	for i, r := range out {
		vs[i] = Variant{l, r}
	}
	return vs
}

// Brute is a game's brute force at its positions: every legal move in the
// game's order with its after-value, and whether the mover wants the
// smallest value.
type Brute interface {
	At(x games.Position) []BruteMove
	Minimises() bool
}

// BruteMove is one move's after-value at a position: what the move is
// worth to its mover once made (value = the best of them).
type BruteMove struct {
	Move  any // as analyze's records write it: an edge, "L2", [r, p]
	After *big.Int
}

// BruteBest is the best after-value of moves for a maximiser (a minimiser
// when min) and the moves reaching it, in order.
func BruteBest(moves []BruteMove, min bool) (*big.Int, []any) {
	var best *big.Int
	for _, m := range moves {
		if best == nil || (m.After.Cmp(best) > 0) != min && m.After.Cmp(best) != 0 {
			best = m.After
		}
	}
	var at []any
	for _, m := range moves {
		if m.After.Cmp(best) == 0 {
			at = append(at, m.Move)
		}
	}
	return best, at
}

// CheckSolver: at the start of trials random instances of every variant
// and at every position of a random line from each, the game's solver
// equals the exhaustive search and that one the brute force (checkPosition);
// after reaches the same positions as the line.
func CheckSolver(t *testing.T, l *Laws, r *rand.Rand, trials int) {
	env, _ := Recording()
	for _, v := range l.Variants() {
		for trial := range trials {
			bf := l.Brute(v.Rules)
			x := v.Instance(t, r)
			line, positions := Walk(t, r, x, 12)
			for i, p := range positions {
				checkPosition(t, env, v, bf, p, fmt.Sprintf("trial %d after %v", trial, Strs(line[:i])))
			}
			end := Must(t, "after", x, LineValues(line)).(games.Position)
			if got, want := Must(t, "json", end), Must(t, "json", positions[len(positions)-1]); got != want {
				t.Fatalf("%s trial %d: after %v is %s, the line played %s", v, trial, Strs(line), got, want)
			}
		}
	}
}

// checkPosition compares, at one position, the game's solver with the
// exhaustive solver and that one with the brute force: the value, every
// optimal move, the legal moves and their order, and the move the solver
// plays (an optimal one).
func checkPosition(t *testing.T, env *builtin.Env, v Variant, bf Brute, x games.Position, where string) {
	t.Helper()
	if games.Over(x) {
		return
	}
	if _, ok := x.(games.Solver); !ok {
		t.Fatalf("%s: %s has no solver of its own: the test would compare the exhaustive solver with itself", v, kit.TypeName(x))
	}
	ex, err := games.Exhaustive(context.Background(), x)
	if err != nil {
		t.Fatalf("%s %s: exhaustive: %v", v, where, err)
	}
	fast, err := games.Evaluate(env, x)
	if err != nil {
		t.Fatalf("%s %s: solve: %v", v, where, err)
	}
	moves := bf.At(x)
	var legal []any
	for _, m := range moves {
		legal = append(legal, m.Move)
	}
	value, best := BruteBest(moves, bf.Minimises())
	switch {
	case !reflect.DeepEqual(MoveValues(x.Legal()), legal):
		t.Fatalf("%s %s:\n%s\nlegal moves %v, by the rules %v", v, where, x.Text(), MoveValues(x.Legal()), legal)
	case ex.Value.Cmp(value) != 0 || !reflect.DeepEqual(MoveValues(ex.Best), best):
		t.Fatalf("%s %s:\n%s\nexhaustive value %s at %v, by the rules %s at %v", v, where, x.Text(), ex.Value, Strs(ex.Best), value, best)
	case fast.Value.Cmp(ex.Value) != 0:
		t.Fatalf("%s %s:\n%s\nsolver's value %s, exhaustive %s", v, where, x.Text(), fast.Value, ex.Value)
	case fast.Choice == nil || !slices.Contains(Strs(fast.Best), fast.Choice.String()):
		t.Fatalf("%s %s:\n%s\nsolver plays %v, not one of its optimal moves %v", v, where, x.Text(), fast.Choice, Strs(fast.Best))
	}
	if err := SameOptimal(x, fast.Best, ex.Best); err != nil {
		t.Fatalf("%s %s:\n%s\n%v", v, where, x.Text(), err)
	}
}

// CheckPlans: solve's plan, from trials random instances of every variant
// and from a position reached by a random line, replays to its best, as
// plan (the game's own check of its result) says, given the exhaustive
// search's answer.
func CheckPlans(t *testing.T, l *Laws, r *rand.Rand, trials int, plan func(t *testing.T, where string, x games.Position, ex *games.Eval)) {
	for _, v := range l.Variants() {
		for trial := range trials {
			x := v.Instance(t, r)
			_, positions := Walk(t, r, x, 1+r.IntN(6))
			for _, p := range []games.Position{x, positions[r.IntN(len(positions))]} {
				if games.Over(p) {
					continue
				}
				ex, err := games.Exhaustive(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				plan(t, fmt.Sprintf("%s trial %d from\n%s", v, trial, p.Text()), p, ex)
			}
		}
	}
}

// EachInstance calls check on trials random instances of every variant
// of l, each with where it is for messages (the variant, the trial and
// the instance's text).
func EachInstance(t *testing.T, l *Laws, r *rand.Rand, trials int, check func(v Variant, where string, x games.Position)) {
	for _, v := range l.Variants() {
		for trial := range trials {
			x := v.Instance(t, r)
			check(v, fmt.Sprintf("%s trial %d:\n%s", v, trial, x.Text()), x)
		}
	}
}
