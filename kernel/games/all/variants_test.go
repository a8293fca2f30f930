package all_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
)

// Issue 18's property tests: under every combination of every game's rule
// options, on many random small instances (values past 64 bits among
// them), each game's own solver agrees with the engine's exhaustive solver
// (games.Exhaustive, which knows nothing of any game but its positions),
// and that one with the rules played literally (brute_test.go): the value
// and every optimal move at the start and at positions reached by random
// lines; analyze scores every turn of a random line as the exhaustive
// solver does, and goes on from a position as from the start; solve's plan
// replays to its best.

// variant is a game under one combination of its rule options.
type variant struct {
	game  string
	rules map[string]any
}

func (v variant) String() string { return v.game + fmt.Sprint(v.rules) }

// variants is every combination of every game's options.
func variants() []variant {
	var out []variant
	for _, goal := range []string{"max", "min"} {
		out = append(out, variant{"polygon", map[string]any{"goal": goal}})
	}
	for _, take := range []any{1, 2, 3, "2M"} {
		for _, ends := range []string{"both", "left"} {
			for _, score := range []string{"taken", "rest"} {
				out = append(out, variant{"coins", map[string]any{"take": take, "ends": ends, "score": score}})
			}
		}
	}
	for _, grid := range []string{"triangle", "square"} {
		for _, capture := range []string{"together", "others-first"} {
			for _, suicide := range []bool{true, false} {
				out = append(out, variant{"lifeline", map[string]any{"grid": grid, "capture": capture, "suicide": suicide}})
			}
		}
	}
	return out
}

// randValue is a small integer in lo..hi, or in wide mode often one far
// past 64 bits (a few apart from each other, so that ties still happen).
func randValue(r *rand.Rand, lo, hi int, wide bool) any {
	v := big.NewInt(int64(lo + r.IntN(hi-lo+1)))
	if wide && r.IntN(2) == 0 {
		v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(64+r.IntN(40))))
		if r.IntN(2) == 0 {
			v.Neg(v)
		}
	}
	return kit.Number(v)
}

// instance is a random small instance of v, made as a user makes one.
func (v variant) instance(t *testing.T, r *rand.Rand) games.Position {
	wide := r.IntN(3) == 0
	switch v.game {
	case "polygon":
		n := 1 + r.IntN(7)
		alphabet := []string{"+-*", "+-*", "+*", "-", "-*"}[r.IntN(5)]
		values, ops := make([]any, n), make([]byte, n)
		for i := range n {
			values[i], ops[i] = randValue(r, -4, 4, wide), alphabet[r.IntN(len(alphabet))]
		}
		return must(t, "polygon", values, string(ops), v.rules).(games.Position)
	case "coins":
		n := 1 + r.IntN(10)
		values := make([]any, n)
		for i := range values {
			values[i] = randValue(r, -5, 15, wide)
		}
		return must(t, "coins", values, v.rules).(games.Position)
	}
	n := 1 + r.IntN(5)
	cells := n * (n + 1) / 2
	if v.rules["grid"] == "square" {
		n = 1 + r.IntN(4)
		cells = n * n
	}
	empty := []int{2, 4, 6}[r.IntN(3)] // in 10
	flat := make([]any, cells)
	for i := range flat {
		flat[i] = 0
		if r.IntN(10) >= empty {
			flat[i] = 1 + r.IntN(3)
		}
	}
	return withMover(t, r, must(t, "board", n, flat, v.rules).(games.Position))
}

// withMover is a Life Line board with a random player 1..3 to move (the
// position a move of that player is made from); other positions as they
// are.
func withMover(t *testing.T, r *rand.Rand, x games.Position) games.Position {
	ms, ok := x.(games.FreeTurns)
	if !ok {
		return x
	}
	p, err := ms.WithMover(strconv.Itoa(1 + r.IntN(3)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// walk plays a random line of up to k moves from x and returns it with
// every position on the way (positions[i] is the one move i is made
// from, with its mover set, the last where the line ends).
func walk(t *testing.T, r *rand.Rand, x games.Position, k int) ([]games.Move, []games.Position) {
	positions := []games.Position{x}
	var line []games.Move
	for ; k > 0 && !games.Over(x); k-- {
		legal := x.Legal()
		m := legal[r.IntN(len(legal))]
		next, err := x.Play(m)
		if err != nil {
			t.Fatalf("%s: the legal move %s: %v", x.Text(), m, err)
		}
		x = withMover(t, r, next)
		line, positions = append(line, m), append(positions, x)
	}
	return line, positions
}

func strs(xs []games.Move) []string { return mapMoves(xs, games.Move.String) }

// sameMoves checks that the optimal moves a solver gives (got) are the
// exhaustive solver's (want), in the game's order. The moves of got that
// Legal does not list must be other names of moves in want (the default
// coins game names the last coin both L and R, as it always has): they
// lead where one of those does.
func sameMoves(x games.Position, got, want []games.Move) error {
	legal := map[string]bool{}
	for _, m := range x.Legal() {
		legal[m.String()] = true
	}
	var listed []games.Move
	for _, m := range got {
		if legal[m.String()] {
			listed = append(listed, m)
			continue
		}
		next, err := x.Play(m)
		if err != nil {
			return fmt.Errorf("optimal move %s is illegal: %v", m, err)
		}
		if !slices.ContainsFunc(want, func(w games.Move) bool {
			wn, _ := x.Play(w)
			return wn.(games.Keyed).Key() == next.(games.Keyed).Key()
		}) {
			return fmt.Errorf("optimal move %s is no optimal move %v", m, strs(want))
		}
	}
	if !slices.Equal(strs(listed), strs(want)) {
		return fmt.Errorf("optimal moves %v, exhaustively %v", strs(got), strs(want))
	}
	return nil
}

// parsed reads moves as the records write them back into moves at x (a
// Life Line move is x's mover's: the records name the player once, for
// the turn).
func parsed(t *testing.T, x games.Position, values []any) []games.Move {
	out := make([]games.Move, len(values))
	for i, v := range values {
		if rp, ok := v.([]int); ok {
			player, _ := strconv.Atoi(x.Mover())
			v = []int{rp[0], rp[1], player}
		}
		m, err := x.ParseMove(v)
		if err != nil {
			t.Fatalf("record move %v: %v", v, err)
		}
		out[i] = m
	}
	return out
}

// checkPosition compares, at one position, the game's solver with the
// exhaustive solver and that one with the brute force: the value, every
// optimal move, the legal moves and their order, and the move the solver
// plays (an optimal one).
func checkPosition(t *testing.T, env *builtin.Env, v variant, bf bruteForce, x games.Position, where string) {
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
	moves := bf.at(x)
	var legal []any
	for _, m := range moves {
		legal = append(legal, m.move)
	}
	value, best := bruteBest(moves, bf.minimises())
	switch {
	case !reflect.DeepEqual(moveValues(x.Legal()), legal):
		t.Fatalf("%s %s:\n%s\nlegal moves %v, by the rules %v", v, where, x.Text(), moveValues(x.Legal()), legal)
	case ex.Value.Cmp(value) != 0 || !reflect.DeepEqual(moveValues(ex.Best), best):
		t.Fatalf("%s %s:\n%s\nexhaustive value %s at %v, by the rules %s at %v", v, where, x.Text(), ex.Value, strs(ex.Best), value, best)
	case fast.Value.Cmp(ex.Value) != 0:
		t.Fatalf("%s %s:\n%s\nsolver's value %s, exhaustive %s", v, where, x.Text(), fast.Value, ex.Value)
	case fast.Choice == nil || !slices.Contains(strs(fast.Best), fast.Choice.String()):
		t.Fatalf("%s %s:\n%s\nsolver plays %v, not one of its optimal moves %v", v, where, x.Text(), fast.Choice, strs(fast.Best))
	}
	if err := sameMoves(x, fast.Best, ex.Best); err != nil {
		t.Fatalf("%s %s:\n%s\n%v", v, where, x.Text(), err)
	}
}

func TestVariantsAgainstExhaustive(t *testing.T) {
	env, _ := testEnv()
	r := rand.New(rand.NewPCG(18, 1))
	for _, v := range variants() {
		trials := 40
		if v.game == "polygon" {
			trials = 120
		}
		for trial := range trials {
			bf := bruteFor(v.game, v.rules)
			x := v.instance(t, r)
			line, positions := walk(t, r, x, 12)
			for i, p := range positions {
				checkPosition(t, env, v, bf, p, fmt.Sprintf("trial %d after %v", trial, strs(line[:i])))
			}
			// after reaches the same positions.
			end := must(t, "after", x, lineValues(line)).(games.Position)
			if got, want := must(t, "json", end), must(t, "json", positions[len(positions)-1]); got != want {
				t.Fatalf("%s trial %d: after %v is %s, the line played %s", v, trial, strs(line), got, want)
			}
		}
	}
}

// checkAnalysis checks analyze's record of line from positions[0] turn by
// turn against the exhaustive solver: value, after (what the move scores,
// plus or minus the exhaustive value of what it leaves), loss ≥ 0 and zero
// exactly for an optimal move, the optimal moves, turn and player; and the
// totals (or the score) it ends with.
func checkAnalysis(t *testing.T, v variant, a *tools.Analysis, line []games.Move, positions []games.Position, turn0 int, totals map[string]*big.Int) {
	t.Helper()
	ctx := context.Background()
	if len(a.Moves) != len(line) {
		t.Fatalf("%s: %d turns for %d moves", v, len(a.Moves), len(line))
	}
	for i, rec := range a.Moves {
		x, m := positions[i], line[i]
		ex, err := games.Exhaustive(ctx, x)
		if err != nil {
			t.Fatal(err)
		}
		st := x.Step(m)
		next, _ := x.Play(m)
		after := new(big.Int)
		if st.Reward != nil {
			after.Set(st.Reward)
		}
		if st.Carry != 0 {
			nv, err := games.ExhaustiveValue(ctx, next)
			if err != nil {
				t.Fatal(err)
			}
			after.Add(after, nv.Mul(nv, big.NewInt(int64(st.Carry))))
		}
		loss := new(big.Int).Sub(ex.Value, after)
		if x.Minimizes() {
			loss.Neg(loss)
		}
		where := fmt.Sprintf("%s: turn %d (%s) of %v from\n%s", v, i+1, m, strs(line), positions[0].Text())
		if !reflect.DeepEqual(rec["value"], kit.Number(ex.Value)) || !reflect.DeepEqual(rec["after"], kit.Number(after)) ||
			!reflect.DeepEqual(rec["loss"], kit.Number(loss)) || loss.Sign() < 0 {
			t.Fatalf("%s\nrecord %v; exhaustive value %s, after %s, loss %s", where, rec, ex.Value, after, loss)
		}
		if err := sameMoves(x, parsed(t, x, rec["best"].([]any)), ex.Best); err != nil {
			t.Fatalf("%s\n%v", where, err)
		}
		optimal := slices.ContainsFunc(rec["best"].([]any), func(b any) bool { return reflect.DeepEqual(b, m.Value()) })
		if optimal != (loss.Sign() == 0) || rec["turn"] != turn0+i+1 || fmt.Sprint(rec["player"]) != x.Mover() || !reflect.DeepEqual(rec["move"], m.Value()) {
			t.Fatalf("%s\nrecord %v (turn %d, player %s)", where, rec, turn0+i+1, x.Mover())
		}
		if st.Reward != nil {
			if totals[x.Mover()] == nil {
				totals[x.Mover()] = new(big.Int)
			}
			totals[x.Mover()].Add(totals[x.Mover()], st.Reward)
		}
	}
	end := positions[len(line)]
	if v.game == "polygon" {
		var want any
		if games.Over(end) {
			want = kit.Number(end.Terminal())
		}
		if a.Totals != nil || !reflect.DeepEqual(a.Score, want) {
			t.Fatalf("%s: %v: totals %v, score %v, want %v", v, strs(line), a.Totals, a.Score, want)
		}
		return
	}
	for p, sum := range totals {
		if !reflect.DeepEqual(a.Totals[p], kit.Number(sum)) {
			t.Fatalf("%s: %v: totals %v, want %v", v, strs(line), a.Totals, totals)
		}
	}
}

// lossOf sums a record's losses by player, as analyze's loss has them.
func lossOf(game string, moves []map[string]any) any {
	sums := map[string]*big.Int{}
	total := new(big.Int)
	for _, m := range moves {
		p := fmt.Sprint(m["player"])
		if sums[p] == nil {
			sums[p] = new(big.Int)
		}
		sums[p].Add(sums[p], bigs([]any{m["loss"]})[0])
		total.Add(total, bigs([]any{m["loss"]})[0])
	}
	if game == "polygon" {
		return kit.Number(total)
	}
	out := map[string]any{}
	if game == "coins" {
		out["A"], out["B"] = 0, 0
	}
	for p, s := range sums {
		out[p] = kit.Number(s)
	}
	return out
}

func TestAnalyzeVariantsAgainstExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 2))
	for _, v := range variants() {
		for trial := range 25 {
			x := v.instance(t, r)
			line, positions := walk(t, r, x, 12)
			a := must(t, "analyze", x, lineValues(line)).(*tools.Analysis)
			checkAnalysis(t, v, a, line, positions, 0, map[string]*big.Int{})
			if !reflect.DeepEqual(a.Loss, lossOf(v.game, a.Moves)) {
				t.Fatalf("%s trial %d: loss %v, the turns' %v", v, trial, a.Loss, lossOf(v.game, a.Moves))
			}
			// From a position part-way the turns are numbered and the
			// totals counted from the moves already played: the record is
			// the rest of the whole line's.
			k := r.IntN(len(line) + 1)
			mid := must(t, "after", x, lineValues(line[:k])).(games.Position)
			b := must(t, "analyze", mid, lineValues(line[k:])).(*tools.Analysis)
			if !reflect.DeepEqual(b.Moves, a.Moves[k:]) && len(line) > k {
				t.Fatalf("%s trial %d: from after %v the record is\n%v\nthe whole line's\n%v", v, trial, strs(line[:k]), b.Moves, a.Moves[k:])
			}
			if !reflect.DeepEqual(b.Totals, a.Totals) || !reflect.DeepEqual(b.Score, a.Score) || !reflect.DeepEqual(b.Loss, lossOf(v.game, b.Moves)) {
				t.Fatalf("%s trial %d: from after %v totals %v score %v loss %v, the whole line's %v %v, the turns' loss %v",
					v, trial, strs(line[:k]), b.Totals, b.Score, b.Loss, a.Totals, a.Score, lossOf(v.game, b.Moves))
			}
		}
	}
}

// TestPlansReplayToTheirBest: solve's plan, from an instance and from a
// position reached by a random line, replays to its best: the polygon's
// merges to a last value that is its best, the coins moves to totals that
// are its best and second, a Life Line best vertex to its points; each
// with no loss, and solve's best and optimal moves are the exhaustive
// solver's.
func TestPlansReplayToTheirBest(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 3))
	for _, v := range variants() {
		for trial := range 25 {
			x := v.instance(t, r)
			_, positions := walk(t, r, x, 1+r.IntN(6))
			for _, p := range []games.Position{x, positions[r.IntN(len(positions))]} {
				if games.Over(p) {
					continue
				}
				ex, err := games.Exhaustive(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("%s trial %d from\n%s", v, trial, p.Text())
				switch v.game {
				case "polygon":
					checkPolygonPlan(t, where, p, ex)
				case "coins":
					checkCoinsPlan(t, where, p, ex)
				default:
					checkBoardPlan(t, where, p, ex)
				}
			}
		}
	}
}

func checkPolygonPlan(t *testing.T, where string, x games.Position, ex *games.Eval) {
	t.Helper()
	var best any
	var optimal, plan, played []int
	switch p := x.(*polygon.Polygon); {
	case len(p.Moves) == 0:
		res := must(t, "solve", p).(*polygon.Result)
		if res.First != res.Optimal[0] || !reflect.DeepEqual(res.Scores[res.First-1], res.Best) {
			t.Fatalf("%s: first edge %d, optimal %v, scores %v, best %v", where, res.First, res.Optimal, res.Scores, res.Best)
		}
		best, optimal, plan = res.Best, res.Optimal, append([]int{res.First}, res.Merges...)
	default:
		res := must(t, "solve", p).(*polygon.ChainResult)
		best, optimal, plan, played = res.Best, res.Optimal, res.Merges, res.Played
		if !slices.Equal(played, p.Moves) {
			t.Fatalf("%s: played %v, the chain's moves %v", where, played, p.Moves)
		}
	}
	if !reflect.DeepEqual(best, kit.Number(ex.Value)) || !reflect.DeepEqual(toAny(optimal), moveValues(ex.Best)) {
		t.Fatalf("%s: solve's best %v at %v, exhaustive %s at %v", where, best, optimal, ex.Value, strs(ex.Best))
	}
	end := must(t, "after", x, toAny(plan)).(*polygon.Polygon)
	a := must(t, "analyze", x, toAny(plan)).(*tools.Analysis)
	if end.N != 1 || !reflect.DeepEqual(end.Values[0], best) || !isZero(a.Loss) || !reflect.DeepEqual(a.Score, best) {
		t.Fatalf("%s: the plan %v ends at %v, loses %v, scores %v; best %v", where, plan, end.Values, a.Loss, a.Score, best)
	}
}

func checkCoinsPlan(t *testing.T, where string, x games.Position, ex *games.Eval) {
	t.Helper()
	res := must(t, "solve", x).(*coins.Result)
	played := ""
	if p, ok := x.(*coins.Coins); ok {
		played = p.Moves
	}
	if res.Played != played {
		t.Fatalf("%s: played %q, the position's moves %q", where, res.Played, played)
	}
	if err := sameMoves(x, parsed(t, x, toAny(res.Optimal)), ex.Best); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	end := must(t, "after", x, res.Moves).(*coins.Coins)
	a := must(t, "analyze", x, res.Moves).(*tools.Analysis)
	if end.N != 0 || !reflect.DeepEqual(end.A, res.Best) || !reflect.DeepEqual(end.B, res.Second) || !isZero(a.Loss) ||
		!reflect.DeepEqual(a.Totals["A"], res.Best) || !reflect.DeepEqual(a.Totals["B"], res.Second) {
		t.Fatalf("%s: the line %q ends with A %v, B %v (%d coins left), loses %v; solve says A %v, B %v",
			where, res.Moves, end.A, end.B, end.N, a.Loss, res.Best, res.Second)
	}
	// The totals so far and the mover's margin from here make the result.
	start := must(t, "after", x, "").(*coins.Coins)
	margin := new(big.Int).Sub(mustBig(t, res.Best), mustBig(t, res.Second))
	margin.Sub(margin, new(big.Int).Sub(mustBig(t, start.A), mustBig(t, start.B)))
	if start.Turn == "B" {
		margin.Neg(margin)
	}
	if margin.Cmp(ex.Value) != 0 || !reflect.DeepEqual(res.Diff, kit.Number(new(big.Int).Sub(mustBig(t, res.Best), mustBig(t, res.Second)))) {
		t.Fatalf("%s: A %v, B %v, diff %v: the mover's margin %s, exhaustive %s", where, res.Best, res.Second, res.Diff, margin, ex.Value)
	}
	// trace plays the same line to the same totals.
	tr := must(t, "trace", x).(*coins.Trace)
	last := tr.Turns[len(tr.Turns)-1]
	if len(tr.Turns) != len(a.Moves) || !reflect.DeepEqual(last["a"], res.Best) || !reflect.DeepEqual(last["b"], res.Second) {
		t.Fatalf("%s: trace ends with %v after %d turns; solve %v %v after %d", where, last, len(tr.Turns), res.Best, res.Second, len(a.Moves))
	}
}

func checkBoardPlan(t *testing.T, where string, x games.Position, ex *games.Eval) {
	t.Helper()
	player, _ := strconv.Atoi(x.Mover())
	res := must(t, "solve", x, player).(*lifeline.Result)
	if !reflect.DeepEqual(res.Best, int(ex.Value.Int64())) || !reflect.DeepEqual(toAny(res.Moves), moveValues(ex.Best)) {
		t.Fatalf("%s: solve's best %d at %v, exhaustive %s at %v", where, res.Best, res.Moves, ex.Value, strs(ex.Best))
	}
	move := []any{res.Moves[0][0], res.Moves[0][1], player}
	a := must(t, "analyze", x, []any{move}).(*tools.Analysis)
	end := must(t, "after", x, []any{move}).(*lifeline.Board)
	if !isZero(a.Loss) || a.Moves[0]["after"] != res.Best || !reflect.DeepEqual(end.Rows, res.After.Rows) {
		t.Fatalf("%s: %v loses %v, scores %v, leaves\n%s\nsolve's best %d, after\n%s", where, move, a.Loss, a.Moves[0]["after"], end, res.Best, res.After)
	}
}
