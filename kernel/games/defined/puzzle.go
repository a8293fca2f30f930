package defined

import (
	"errors"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Puzzles: a game of one player whose play may return to a position and
// for whom play that never ends is worth less than any end (repeat:
// "lose"): a position's value is the best, over the lines of play that end
// from it, of what their moves earn and their end is worth (the fewest
// moves, where each move earns -1). It is a longest path in the graph of
// the positions reachable (retro.go's), found as Bellman and Ford's
// algorithm finds one: each position's value raised from the ends back,
// move by move, until none rises. A loop whose moves earn more each time
// round has no best line (go round once more) and is an error that names
// it. A position's rank is the fewest moves of a best line from it, so
// that the optimal moves lower it: moves round a loop that earns nothing
// keep the value and would otherwise make a line that never ends. A
// position from which no line ends has no value (rank -1, not in the
// table): solving it is an error, and no move into it is optimal.

// solvePuzzle keeps the value and rank of every position of g in the
// instance's table.
func (x *run) solvePuzzle(env *builtin.Env, g *rgraph) error {
	n := len(g.keys)
	value := make([]val, n)
	known := make([]bool, n)
	rises := make([]int32, n) // how often each value rose
	via := make([]int32, n)   // the move each value comes by
	queued := make([]bool, n)
	var queue []int32
	better := func(a, b val) bool {
		if x.d.goal == "min" {
			return a.cmp(b) < 0
		}
		return a.cmp(b) > 0
	}
	for j, i := range g.ends {
		value[i], known[i], queued[i] = g.endsAt[j], true, true
		queue = append(queue, i)
	}
	for steps := 0; len(queue) > 0; steps++ {
		if steps%65536 == 65535 {
			if err := env.Ctx.Err(); err != nil {
				return err
			}
		}
		c := queue[0]
		queue, queued[c] = queue[1:], false
		for _, e := range g.rev[c] {
			p := g.from[e]
			v := after(g.earns(e), games.CarrySame, value[c])
			if known[p] && !better(v, value[p]) {
				continue
			}
			value[p], known[p], via[p] = v, true, e
			if rises[p]++; int(rises[p]) > n {
				return x.gainingLoop(g, p, via)
			}
			if !queued[p] {
				queued[p] = true
				queue = append(queue, p)
			}
		}
	}
	rank := g.bestLineLengths(value, known)
	for i, k := range g.keys {
		x.ranks[k] = rank[i]
		if known[i] {
			x.memo.set(k, value[i])
		}
	}
	return nil
}

// earns is what move e earns.
func (g *rgraph) earns(e int32) val {
	if g.earned == nil {
		return val{}
	}
	return g.earned[e]
}

// bestLineLengths is, for each position with a value, the fewest moves of
// a line that keeps it and ends, found from the ends back along the moves
// that keep the value (every position with a value has one); -1 for
// the others.
func (g *rgraph) bestLineLengths(value []val, known []bool) []int32 {
	rank := make([]int32, len(g.keys))
	g.backward(func(val) bool { return true }, func(e int32) bool {
		p := g.from[e]
		return known[p] && after(g.earns(e), games.CarrySame, value[g.succ[e]]).cmp(value[p]) == 0
	}, rank, make([]int32, 0, len(g.keys)))
	return rank
}

// gainingLoop is the error of a puzzle with a loop that earns more each
// time round: the loop that the moves the values came by close, which
// following them from p reaches.
func (x *run) gainingLoop(g *rgraph, p int32, via []int32) error {
	seen := map[int32]int{}
	var path []int32
	for at := p; ; at = g.succ[via[at]] {
		if i, ok := seen[at]; ok {
			path = path[i:]
			break
		}
		seen[at] = len(path)
		path = append(path, at)
	}
	var moves []string
	gain := val{}
	for _, at := range path {
		e := via[at]
		gain = after(g.earns(e), games.CarrySame, gain)
		m, err := x.legal(&g.nodes[at])
		if err != nil {
			return err
		}
		moves = append(moves, text(m.At(int(e-g.first[at])).Value()))
	}
	more := "more"
	if x.d.goal == "min" {
		more = "less"
	}
	return builtin.Errorf(builtin.GameError, "%s has a loop whose moves earn %s each time round (%s), so no line of play is best: "+
		"from state %s the moves %s come back to it", x.d.name, more, kit.FormatValue(gain.Big()),
		short(g.nodes[path[0]].state.Value()), strings.Join(moves, ", "))
}

// stuckError is the error of solving a position no line ends from.
func (x *run) stuckError(n *node) error {
	e := builtin.Errorf(builtin.GameError, `%s: from state %s no line of play ends, so it has no value (repeat: "lose" counts only play that ends)`,
		x.d.name, short(n.state.Value()))
	e.Err = games.ErrNoEnd
	return e
}

// Stuck says no line of play ends from p, in a puzzle (games.Stuck).
func (p *Position) Stuck(env *builtin.Env) (bool, error) {
	if !p.x.d.mustEnd || len(p.legal) == 0 {
		return false, nil
	}
	switch _, err := p.x.solve(env, p.n); {
	case errors.Is(err, games.ErrNoEnd):
		return true, nil
	case err != nil:
		return false, err
	}
	return false, nil
}
