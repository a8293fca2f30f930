package coins

import (
	"context"
	"math/big"
)

// Game is a row of coins under some rules, from a position: Coins are the
// coins left, in order, and M the current M under take "2M" (0 means 1,
// the start; ignored under other rules). Positions of the game count its
// coins from 0: Start is Position{0, len(Coins), M}.
//
// Every method honours ctx (a cancelled context stops the work within
// milliseconds with ctx's error) and, where it takes one, tells report
// how much of the work is done (from 0 of total to total of total). Before
// any work each refuses, with a *LimitError, what would need more than
// MaxTableBytes or, under take "2M" from both ends, more than
// MaxTwoMBothSteps; SolveBytes, LineBytes, TableSize and Steps say what a
// call will cost so a caller can refuse it earlier.
type Game struct {
	Coins []*big.Int
	Rules Rules
	M     int
}

func (g Game) start() Position { return g.Rules.Start(len(g.Coins), g.M) }

// Eval is a position with the mover's margin (their total minus the
// other's from here on, both playing optimally) and, for each legal move
// in the game's order, what it still guarantees the mover: the move's
// gain minus the opponent's margin after it. Value is the largest; the
// moves reaching it are the optimal ones, and Value − After[i] is move i's
// loss. A position without coins has Value 0 and no moves.
type Eval struct {
	Position Position
	Value    *big.Int
	Moves    []Move
	After    []*big.Int
}

// Best lists the optimal moves, in the game's order.
func (e *Eval) Best() []Move {
	var best []Move
	for i, m := range e.Moves {
		if e.After[i].Cmp(e.Value) == 0 {
			best = append(best, m)
		}
	}
	return best
}

// Solve plays g optimally for both players. Under the default rules it is
// Solve's answer (the seed's tie rule); under any other rules the line
// takes the first optimal move in the game's order at every turn.
func (g Game) Solve(ctx context.Context, report func(done, total int64)) (*Result, error) {
	r := g.Rules
	if r.shape() == shapeDefault {
		if err := r.Validate(); err != nil {
			return nil, err
		}
		return SolveProgress(ctx, g.Coins, report)
	}
	if err := g.check(g.SolveBytes(), "move table"); err != nil {
		return nil, err
	}
	if r.shape() == shapeInterval {
		return g.solveInterval(ctx, report)
	}
	t := newFullTable(g)
	if err := t.fill(ctx, report); err != nil {
		return nil, err
	}
	var line []Move
	for p := g.start(); p.Left() > 0; {
		m := t.firstBest(p)
		line = append(line, m)
		p = r.Next(p, m)
	}
	return g.result(t.eval(g.start()), line), nil
}

// solveInterval is Solve of take k from both ends: the interval DP with
// its move table, the first move's values caught as the last diagonals
// pass by.
func (g Game) solveInterval(ctx context.Context, report func(done, total int64)) (*Result, error) {
	n, r := len(g.Coins), g.Rules
	dp := newIntervalDP(g.Coins, r)
	table := newChoicesOf(n, choiceWidth(min(r.k(), n)), tuningOf(ctx))
	root := newLineCatch(r, n, []Position{g.start()})
	if err := runDP(ctx, dp, n, table, root.onDiagonal(dp, report)); err != nil {
		return nil, err
	}
	var line []Move
	for p := g.start(); p.Left() > 0; {
		idx := 0 // one coin: take it
		if p.Left() > 1 {
			idx = table.get(p.Left()-1, p.Lo)
		}
		m := r.nthMove(p.Left(), p.M, idx)
		line = append(line, m)
		p = r.Next(p, m)
	}
	return g.result(root.evals(g.Coins, false)[0], line), nil
}

// result is the Result of playing line from the start, whose Eval is e:
// the totals are the line's own (under score "rest" the two players'
// scores need not add up to the coins).
func (g Game) result(e Eval, line []Move) *Result {
	total := [2]*big.Int{new(big.Int), new(big.Int)}
	ps := newSums(g.Coins)
	p := g.start()
	for t, m := range line {
		total[t%2].Add(total[t%2], ps.between(g.Rules.scored(p, m)))
		p = g.Rules.Next(p, m)
	}
	return &Result{N: len(g.Coins), Coins: append([]*big.Int(nil), g.Coins...), Best: total[0], Second: total[1],
		Diff: e.Value, Moves: LineString(line), Rules: g.Rules, Line: line, Optimal: e.Best()}
}

// Value is the mover's margin at the start of g, with optimal play:
// under the default rules SolveValue's, in O(n) memory.
func (g Game) Value(ctx context.Context) (*big.Int, error) {
	if g.Rules.shape() == shapeDefault {
		if err := g.Rules.Validate(); err != nil {
			return nil, err
		}
		return SolveValue(ctx, g.Coins)
	}
	e, err := g.Eval(ctx)
	if err != nil {
		return nil, err
	}
	return e.Value, nil
}

// Eval is the start's value and every move's: Line with no moves.
func (g Game) Eval(ctx context.Context) (*Eval, error) {
	es, err := g.Line(ctx, nil, nil)
	if err != nil {
		return nil, err
	}
	return &es[0], nil
}

// Line scores a line of play, optimal or not, from the start: one Eval per
// position it passes through, the start first and the position after its
// last move last (len(moves)+1 of them). A move the rules forbid is a
// *MoveError saying why, before any work. Under the default rules and
// take k from both ends it costs one pass of the interval DP, O(n²·k) time
// and O(n·k) memory, catching the values each position needs as the
// diagonals pass by; under other rules one fill of the table of values.
func (g Game) Line(ctx context.Context, moves []Move, report func(done, total int64)) ([]Eval, error) {
	r, n := g.Rules, len(g.Coins)
	if err := g.check(g.LineBytes(len(moves)), "values of the line"); err != nil {
		return nil, err
	}
	pos := make([]Position, 1, len(moves)+1)
	pos[0] = g.start()
	for i, m := range moves {
		p := pos[i]
		if err := r.Check(p, m); err != nil {
			return nil, &MoveError{Index: i + 1, Text: m.String(), Why: err.Error()}
		}
		pos = append(pos, r.Next(p, m))
	}
	switch r.shape() {
	case shapeDefault:
		c := newLineCatch(r, n, pos)
		dp := newDP(g.Coins, auto)
		get := func(sz int) func(int) *big.Int { return dp.value }
		if err := runDP(ctx, dp, n, nil, c.catcher(get, report)); err != nil {
			return nil, err
		}
		return c.evals(g.Coins, true), nil
	case shapeInterval:
		c := newLineCatch(r, n, pos)
		dp := newIntervalDP(g.Coins, r)
		if err := runDP(ctx, dp, n, nil, c.onDiagonal(dp, report)); err != nil {
			return nil, err
		}
		return c.evals(g.Coins, false), nil
	}
	t := newFullTable(g)
	if err := t.fill(ctx, report); err != nil {
		return nil, err
	}
	es := make([]Eval, len(pos))
	for i, p := range pos {
		es[i] = t.eval(p)
	}
	return es, nil
}

// lineCatch gathers, as the diagonals of an interval DP pass by, the value
// of every position of a line and of every position one move after each:
// position t with rem coins needs diagonal rem−1 and the k below it.
type lineCatch struct {
	r    Rules
	n, k int
	pos  []Position
	at   []int        // at[rem]: the position of the line with rem coins left, or −1
	x    []*big.Int   // each position's x (the default DP: its margin)
	next [][]*big.Int // the same after each of its moves, in the game's order
}

func newLineCatch(r Rules, n int, pos []Position) *lineCatch {
	c := &lineCatch{r: r, n: n, k: min(r.k(), n), pos: pos, at: make([]int, n+1),
		x: make([]*big.Int, len(pos)), next: make([][]*big.Int, len(pos))}
	for i := range c.at {
		c.at[i] = -1
	}
	count := 0
	for _, p := range pos {
		count += r.moveCount(p.Left(), p.M)
	}
	next := make([]*big.Int, count) // one allocation for every position's
	for t, p := range pos {
		rem := p.Left()
		c.at[rem] = t
		c.next[t], next = next[:r.moveCount(rem, p.M):r.moveCount(rem, p.M)], next[r.moveCount(rem, p.M):]
		if rem == 0 {
			c.x[t] = new(big.Int)
		} else if rem <= c.k {
			c.next[t][rem-1] = new(big.Int) // L(rem) takes every coin
		}
	}
	return c
}

// onDiagonal is catcher for an interval DP.
func (c *lineCatch) onDiagonal(dp intervalDP, report func(done, total int64)) func(sz int) {
	return c.catcher(func(sz int) func(int) *big.Int {
		return func(i int) *big.Int { return dp.x(sz, i) }
	}, report)
}

// catcher is runDP's after: it records what diagonal sz holds for the
// line (get(sz)(i) is the value of coins i..i+sz) and reports progress.
func (c *lineCatch) catcher(get func(sz int) func(int) *big.Int, report func(done, total int64)) func(sz int) {
	progress := diagonalProgress(c.n, report)
	return func(sz int) {
		at := get(sz)
		for d := 0; d <= c.k; d++ {
			rem := sz + 1 + d
			if rem > c.n {
				break
			}
			t := c.at[rem]
			if t < 0 {
				continue
			}
			p := c.pos[t]
			if d == 0 {
				c.x[t] = at(p.Lo)
				continue
			}
			// L(d) leaves coins p.Lo+d.., R(d) coins ..p.Hi−d−1: both
			// rem−d = sz+1 coins, on this diagonal.
			c.next[t][d-1] = at(p.Lo + d)
			if d <= c.r.rightCount(rem, 0) {
				c.next[t][c.r.limit(rem, 0)+d-1] = at(p.Lo)
			}
		}
		progress(sz)
	}
}

// diagonalProgress is a runDP after that tells report how many cells of
// the n(n−1)/2 are done once diagonal sz is (as SolveProgress does).
func diagonalProgress(n int, report func(done, total int64)) func(sz int) {
	if report == nil {
		return func(int) {}
	}
	nn := int64(n)
	return func(sz int) {
		// Diagonal k holds n−k cells: diagonals 1..sz hold sz·n − sz(sz+1)/2.
		k := int64(sz)
		report(k*nn-k*(k+1)/2, nn*(nn-1)/2)
	}
}

// evals turns what was caught into Evals. margins says the values are the
// default DP's margins rather than x.
func (c *lineCatch) evals(coins []*big.Int, margins bool) []Eval {
	var ps sums
	if !margins { // the default DP's margins need no sums
		ps = newSums(coins)
	}
	es := make([]Eval, len(c.pos))
	for t, p := range c.pos {
		var s *big.Int
		if !margins {
			s = ps.between(p.Lo, p.Hi)
		}
		e := Eval{Position: p, Value: c.x[t], Moves: c.r.Moves(p), After: make([]*big.Int, len(c.next[t]))}
		if !margins && p.Left() > 0 {
			e.Value = c.r.marginOf(s, c.x[t])
		}
		for i, m := range e.Moves {
			if margins {
				e.After[i] = new(big.Int).Sub(c.r.Gain(coins, p, m), c.next[t][i])
			} else {
				e.After[i] = c.r.afterOf(s, c.next[t][i])
			}
		}
		es[t] = e
	}
	return es
}
