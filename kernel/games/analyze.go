package games

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)

// Analysis is analyze(x, moves): a line of play scored move by move.
type Analysis struct {
	Game string `expr:"game"` // "polygon", "coins" or "lifeline"
	// Moves holds per turn: turn, player, move, best, value, after, loss.
	Moves []map[string]any `expr:"moves"`
	// Loss is the points lost by moves that were not optimal: one number
	// for the polygon, per player for coins ({"A", "B"}) and Life Line (by
	// stone number).
	Loss   any            `expr:"loss"`
	Totals map[string]any `expr:"totals"` // coins: {"A", "B"}; Life Line: points by stone; nil for the polygon
	Score  any            `expr:"score"`  // polygon: the final score when the line ends the game, else nil
	Start  any            `expr:"start"`  // the position before the line
	End    any            `expr:"end"`    // the position after it

	turns []turnRec
	// side is, per turn and once more at the end, the value from the first
	// player's side for plot: coins A's final margin still guaranteed; the
	// polygon and Life Line the value itself.
	side []*big.Int
}

// turnRec is one turn of an analysis, exact.
type turnRec struct {
	turn               int
	player             string
	move               string   // as the text shows it
	moveVal            any      // as expr and json see it
	best               []string // the same, for each optimal move
	bestVal            []any
	value, after, loss *big.Int
}

func (a *Analysis) TypeName() string { return "analysis" }

// add appends a turn; loss is value − after.
func (a *Analysis) add(t turnRec) {
	t.loss = new(big.Int).Sub(t.value, t.after)
	a.turns = append(a.turns, t)
}

// finish builds the expr view of the turns and the per-player loss.
func (a *Analysis) finish(players []string) {
	a.Moves = make([]map[string]any, len(a.turns))
	loss := map[string]*big.Int{}
	for _, p := range players {
		loss[p] = new(big.Int)
	}
	for i, t := range a.turns {
		var player any = t.player
		if a.Game != "coins" {
			player, _ = strconv.Atoi(t.player)
		}
		a.Moves[i] = map[string]any{
			"turn": t.turn, "player": player, "move": t.moveVal, "best": t.bestVal,
			"value": Number(t.value), "after": Number(t.after), "loss": Number(t.loss),
		}
		if loss[t.player] == nil {
			loss[t.player] = new(big.Int)
		}
		loss[t.player].Add(loss[t.player], t.loss)
	}
	if a.Game == "polygon" {
		a.Loss = Number(loss["1"])
		return
	}
	m := map[string]any{}
	for p, v := range loss {
		m[p] = Number(v)
	}
	a.Loss = m
}

func fnAnalyze(env *builtin.Env, args ...any) (any, error) {
	var x, moves any
	if err := Unpack("analyze", args, "x", &x, "moves", &moves); err != nil {
		return nil, err
	}
	return analyzeLine(env, "analyze", x, moves)
}

// analyzeLine is analyze for any caller (play scores its moves with it).
func analyzeLine(env *builtin.Env, fn string, x, moves any) (*Analysis, error) {
	if s, ok := polyStart(x); ok {
		es, err := edgeMoves(fn, 2, moves)
		if err != nil {
			return nil, err
		}
		return analyzePolygon(env.Ctx, fn, s, es)
	}
	if s, ok := coinsStartOf(x); ok {
		ms, err := coinMoves(fn, 2, moves)
		if err != nil {
			return nil, err
		}
		return analyzeCoins(env.Ctx, fn, s, ms)
	}
	if b, ok := x.(*Board); ok {
		ms, err := stoneMoves(fn, 2, moves)
		if err != nil {
			return nil, err
		}
		return analyzeBoard(env, fn, b, ms)
	}
	return nil, BadType(fn, 1, "x", "a polygon, chain, coins, coins position or board", x)
}

// polyTurn is what analyze needs of a polygon position: the best final
// score still reachable, and every optimal move.
func polyTurn(ctx context.Context, s polyPos) (value *big.Int, best []int, err error) {
	if s.isRing() {
		r, err := polygon.Solve(ctx, s.poly.p)
		if err != nil {
			return nil, nil, err
		}
		return r.Best, r.Optimal, nil
	}
	if s.over() {
		return s.vals[0], nil, nil
	}
	dp, err := solveChain(ctx, s.vals, s.ops())
	if err != nil {
		return nil, nil, err
	}
	opt, err := dp.optimalNext(ctx)
	if err != nil {
		return nil, nil, err
	}
	for k, ok := range opt {
		if ok {
			best = append(best, s.edges[k])
		}
	}
	slices.Sort(best)
	return dp.best(), best, nil
}

// analyzePolygon scores a polygon line. A move's after is the value of the
// position it leads to, so each position is solved once.
func analyzePolygon(ctx context.Context, fn string, s polyPos, es []int) (*Analysis, error) {
	a := &Analysis{Game: "polygon", Start: s.value()}
	// Check the whole line first, so an illegal move is reported before
	// any solving.
	positions := []polyPos{s}
	for t, e := range es {
		next, why := positions[t].play(e)
		if why != "" {
			return nil, illegal(fn, 2, t+1, "edge "+strconv.Itoa(e), why)
		}
		positions = append(positions, next)
	}
	value, best, err := polyTurn(ctx, s)
	if err != nil {
		return nil, SolverError(fn, err)
	}
	for t, e := range es {
		nextValue, nextBest, err := polyTurn(ctx, positions[t+1])
		if err != nil {
			return nil, SolverError(fn, err)
		}
		rec := turnRec{turn: len(positions[t].moves) + 1, player: "1", move: strconv.Itoa(e), moveVal: e,
			value: value, after: nextValue, bestVal: []any{}}
		for _, m := range best {
			rec.best = append(rec.best, strconv.Itoa(m))
			rec.bestVal = append(rec.bestVal, m)
		}
		a.add(rec)
		a.side = append(a.side, value)
		value, best = nextValue, nextBest
	}
	if len(a.turns) > 0 {
		a.side = append(a.side, value)
	}
	end := positions[len(es)]
	if end.over() {
		a.Score = Number(end.vals[0])
	}
	a.End = end.value()
	a.finish([]string{"1"})
	return a, nil
}

func analyzeCoins(ctx context.Context, fn string, s coinsPos, ms []string) (*Analysis, error) {
	a := &Analysis{Game: "coins", Start: s.value()}
	// Check the whole line first, so an illegal move is reported before
	// the O(n²) pass.
	end := s
	for t, m := range ms {
		var why string
		if end, why = end.play(m); why != "" {
			return nil, illegal(fn, 2, t+1, strconv.Quote(m), why)
		}
	}
	var line []coins.LineTurn
	if len(ms) > 0 {
		var err error
		if line, err = coins.Line(ctx, s.left(), end.moves[len(s.moves):]); err != nil {
			return nil, SolverError(fn, err)
		}
	}
	for t, m := range ms {
		lt := line[t]
		rec := turnRec{turn: len(s.moves) + 1, player: playerName(s.mover()), move: m, moveVal: m,
			value: lt.Value, after: lt.TakeL, bestVal: []any{}}
		if m == "R" {
			rec.after = lt.TakeR
		}
		for _, side := range []struct {
			m string
			v *big.Int
		}{{"L", lt.TakeL}, {"R", lt.TakeR}} {
			if side.v.Cmp(lt.Value) == 0 {
				rec.best = append(rec.best, side.m)
				rec.bestVal = append(rec.bestVal, side.m)
			}
		}
		a.add(rec)
		a.side = append(a.side, aSide(s, lt.Value))
		if t == len(ms)-1 { // what the last move still guarantees
			a.side = append(a.side, aSide(s, rec.after))
		}
		s, _ = s.play(m)
	}
	a.Totals = map[string]any{"A": Number(s.total[0]), "B": Number(s.total[1])}
	a.End = s.value()
	a.finish([]string{"A", "B"})
	return a, nil
}

// aSide turns the mover's margin m over the coins left at position s into
// A's final margin: the margin so far plus m for A, minus m for B.
func aSide(s coinsPos, m *big.Int) *big.Int {
	v := new(big.Int).Sub(s.total[0], s.total[1])
	if s.mover() == 0 {
		return v.Add(v, m)
	}
	return v.Sub(v, m)
}

func analyzeBoard(env *builtin.Env, fn string, b *Board, ms []stoneMove) (*Analysis, error) {
	a := &Analysis{Game: "lifeline", Start: b}
	cur := b.b
	points := map[string]*big.Int{}
	var players []string
	for t, m := range ms {
		if m.player < 1 || m.player > 9 {
			return nil, illegal(fn, 2, t+1, fmt.Sprintf("stone %d at (%d,%d)", m.player, m.r, m.p), fmt.Sprintf("players are 1..9, got %d", m.player))
		}
		if cur.Contains(m.r, m.p) && cur.At(m.r, m.p) == 0 {
			// Only a legal move is worth solving; placeStone says why not.
			res, err := lifeline.Solve(env.Ctx, cur, m.player)
			if err != nil {
				return nil, SolverError(fn, err)
			}
			if t == 0 && len(res.Unreachable) > 0 {
				env.Warning((&LifelineResult{res: res}).unreachableWarning())
			}
			rec := turnRec{turn: t + 1, player: strconv.Itoa(m.player), move: fmt.Sprintf("(%d,%d)", m.r, m.p),
				moveVal: []int{m.r, m.p}, value: big.NewInt(int64(res.Best)),
				after: big.NewInt(int64(res.Points[cur.Index(m.r, m.p)])), bestVal: []any{}}
			for _, v := range res.Moves {
				rec.best = append(rec.best, fmt.Sprintf("(%d,%d)", v[0], v[1]))
				rec.bestVal = append(rec.bestVal, []int{v[0], v[1]})
			}
			a.add(rec)
			a.side = append(a.side, rec.value)
		}
		mv, err := placeStone(env, fn, t+1, cur, m)
		if err != nil {
			return nil, err
		}
		p := strconv.Itoa(m.player)
		if points[p] == nil {
			points[p] = new(big.Int)
			players = append(players, p)
		}
		points[p].Add(points[p], big.NewInt(int64(mv.Points)))
		cur = mv.After
	}
	if len(a.turns) > 0 {
		a.side = append(a.side, a.turns[len(a.turns)-1].after)
	}
	a.Totals = map[string]any{}
	for p, v := range points {
		a.Totals[p] = Number(v)
	}
	a.End = NewBoard(cur)
	a.finish(players)
	return a, nil
}

// Text is the table of turns, then the losses and the outcome. A long line
// shows its first and last turns (see traceRows).
func (a *Analysis) Text() string { return TextOf(a, false) }

func (a *Analysis) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "turn\tplayer\tmove\tvalue\tafter\tloss\tbest moves")
	skipped := TraceRows(len(a.turns), full, func(i int) {
		t := a.turns[i]
		loss := t.loss.String()
		if t.loss.Sign() > 0 {
			loss += " ✗"
		}
		best := ListCut(len(t.best), full, " ", func(i int) string { return t.best[i] }, fmt.Sprintf("r.moves[%d].best", i+1))
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", t.turn, t.player, t.move, t.value, t.after, loss, best)
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t\t\t\t") })
	tw.Flush()
	text := TrimLines(b.String())
	if len(a.turns) == 0 {
		text = "no moves\n"
	}
	if skipped > 0 {
		text += fmt.Sprintf("(%d turns not shown: r.moves[i] has each; text(r) lists them all)\n", skipped)
	}
	text += "loss: " + a.byPlayer(a.Loss) + "\n"
	switch {
	case a.Game == "polygon" && a.Score != nil:
		text += fmt.Sprintf("score: %s\n", FormatValue(a.Score))
	case a.Game == "polygon":
		text += "score: none yet (more than one value is left)\n"
	default:
		text += "totals: " + a.byPlayer(a.Totals) + "\n"
	}
	return WriteString(w, text)
}

// byPlayer writes a per-player map as "A 20, B 0" (Life Line "stone 4: 3").
func (a *Analysis) byPlayer(x any) string {
	m, ok := x.(map[string]any)
	if !ok {
		return FormatValue(x)
	}
	keys := SortedKeys(m)
	parts := make([]string, len(keys))
	for i, k := range keys {
		if a.Game == "lifeline" {
			parts[i] = fmt.Sprintf("stone %s %s", k, FormatValue(m[k]))
		} else {
			parts[i] = fmt.Sprintf("%s %s", k, FormatValue(m[k]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// jsonTurn is a turn as json() writes it: the fields of Analysis.Moves in
// the order the documentation lists them.
type jsonTurn struct {
	Turn   int   `json:"turn"`
	Player any   `json:"player"`
	Move   any   `json:"move"`
	Best   []any `json:"best"`
	Value  any   `json:"value"`
	After  any   `json:"after"`
	Loss   any   `json:"loss"`
}

func (a *Analysis) JSONValue() any {
	moves := make([]jsonTurn, len(a.Moves))
	for i, m := range a.Moves {
		moves[i] = jsonTurn{m["turn"].(int), m["player"], m["move"], m["best"].([]any), m["value"], m["after"], m["loss"]}
	}
	return struct {
		Game   string         `json:"game"`
		Moves  []jsonTurn     `json:"moves"`
		Loss   any            `json:"loss"`
		Totals map[string]any `json:"totals,omitempty"`
		Score  any            `json:"score,omitempty"`
	}{a.Game, moves, a.Loss, a.Totals, a.Score}
}
