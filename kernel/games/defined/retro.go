package defined

import (
	"slices"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
)

// Games that can return to a position (repeat: "draw"; puzzle.go has
// repeat: "lose"): play that goes on for ever is a draw, worth 0 to both
// players, and a game is solved by retrograde analysis of every position
// reachable from the one asked, as endgame tables are, since a search that
// remembers values along a line would give a position the value of its
// first visit's history (the graph-history problem).
//
// Values are the first player's (absolute: a position of the second
// player's has the opposite value); each position's mover maximises it or
// minimises it. For each threshold t among the ended positions' values
// and 0, in increasing order, the positions from which the maximiser
// forces a value of at least t are found: when t > 0, the maximiser's
// attractor of the ended positions worth at least t (it must get there);
// when t ≤ 0, all but the minimiser's attractor of those worth less than
// t (play that never ends is worth 0 ≥ t). A position's value is the
// largest t it belongs to. The attractor's rank (the moves within which
// the forcing player gets there) is kept: a player who wins must make
// progress, so their optimal moves are those that lower it (Evaluate),
// else a line could go round a loop of positions of equal value for ever.

// rgraph is the positions reachable from one: their keys, who moves
// them, their moves' successors, and the values of those that ended.
type rgraph struct {
	keys   []tkey
	nodes  []node     // while it is built: the positions to expand
	packed probeTable // packed key → position (slot.small)
	texts  map[string]int32
	second []bool    // the second player moves it
	first  []int32   // position i's successors are succ[first[i]:first[i+1]]
	succ   []int32   // in move order
	maxer  []bool    // the mover maximises the first player's value
	earned []val     // what each move earns (a game that must end: puzzle.go)
	ends   []int32   // the ended positions
	endsAt []val     // their values for the first player
	rev    [][]int32 // the moves into each position, once built
	from   []int32   // the position each move is made from, once built
	keep   bool      // keep the positions' nodes (for a loop's error)
	level  []int32   // the value, as an index into the thresholds
	rank   []int32   // the moves the forcing player needs (see above)
	bytes  int64     // what the graph holds, for the budget
}

// graphBytes are what the graph keeps of a position past its key's text
// (its key 24, index 60, node 56 until expanded, the solve's arrays 26,
// its predecessors' slice 24, its rank 60 and its value in the table up
// to 96), and of a move (its end, where it is made from, and its
// predecessor's entry; what it earns besides, where moves earn).
const (
	graphPositionBytes = 350
	graphMoveBytes     = 12
)

// retro solves every position reachable from n and keeps their values
// (and ranks) in the instance's table.
func (x *run) retro(env *builtin.Env, n node) (err error) {
	g, err := x.reach(env, n)
	defer func() {
		if err != nil && overBudget(env, err) { // the budget's watchdog stopped the cell
			err = x.tooManyPositions(len(g.keys))
		}
	}()
	if err != nil {
		return err
	}
	g.predecessors()
	if x.ranks == nil {
		x.ranks = map[tkey]int32{}
	}
	if x.d.mustEnd {
		if err := x.solvePuzzle(env, g); err != nil {
			return err
		}
		return x.reserve(env, nil)
	}
	values := g.values()
	g.solve(env, values)
	if err := env.Ctx.Err(); err != nil {
		return err
	}
	for i, k := range g.keys {
		v := values[g.level[i]]
		if g.second[i] {
			v = negate(v)
		}
		x.memo.set(k, v)
		x.ranks[k] = g.rank[i]
	}
	return x.reserve(env, nil)
}

// solveWhole is solve in a game that can repeat: n's value (k its key)
// from the table, which retro fills with every position reachable from n
// when n is not there yet. A puzzle's position that no line ends from is
// an error (games.ErrNoEnd), known from its rank the next time it is asked,
// without a second retro.
func (x *run) solveWhole(env *builtin.Env, n *node, k tkey) (val, error) {
	if r, ok := x.ranks[k]; ok && r < 0 {
		return val{}, x.stuckError(n)
	}
	if err := x.retro(env, *n); err != nil {
		return val{}, err
	}
	if v, ok := x.memo.get(k.packed, []byte(k.text)); ok {
		return v, nil
	}
	return val{}, x.stuckError(n)
}

// reach is the graph of the positions reachable from n, each asked of
// the parts once.
func (x *run) reach(env *builtin.Env, n node) (*rgraph, error) {
	if x.memo == nil {
		x.memo = newTable()
	}
	g := &rgraph{packed: newProbeTable(), texts: map[string]int32{}, keep: x.d.mustEnd}
	if _, err := g.add(x, &n); err != nil {
		return g, err
	}
	reserved := int64(0)
	var next node
	for i := 0; i < len(g.nodes); i++ {
		if i%reserveEvery == reserveEvery-1 {
			if err := env.Ctx.Err(); err != nil {
				return g, err
			}
			if err := env.Reserve(g.bytes - reserved); err != nil {
				return g, err
			}
			reserved = g.bytes
			env.ReportCount(int64(len(g.keys)), "positions reached")
		}
		g.first = append(g.first, int32(len(g.succ)))
		at := &g.nodes[i]
		moves, err := x.legal(at)
		if err != nil {
			return g, err
		}
		count := moveCount(moves)
		if count == 0 {
			v, err := x.terminal(at)
			if err != nil {
				return g, err
			}
			if g.second[i] {
				v = negate(v)
			}
			g.ends, g.endsAt = append(g.ends, int32(i)), append(g.endsAt, v)
			g.maxer = append(g.maxer, true)
			continue
		}
		min, err := x.minimizes(at)
		if err != nil {
			return g, err
		}
		g.maxer = append(g.maxer, g.second[i] == min)
		for j := range count {
			if x.d.earn != nil {
				r, err := x.reward(at, moves.At(j))
				if err != nil {
					return g, err
				}
				g.earned = append(g.earned, r)
				g.bytes += 16
			}
			if err := x.next(at, moves.At(j), &next); err != nil {
				return g, err
			}
			k, err := g.add(x, &next)
			if err != nil {
				return g, err
			}
			g.succ = append(g.succ, k)
			g.bytes += graphMoveBytes
			at = &g.nodes[i] // add may have moved the nodes
		}
		if !g.keep {
			g.nodes[i] = node{} // expanded: its state is not needed
		}
	}
	g.first = append(g.first, int32(len(g.succ)))
	if len(g.keys) >= reserveEvery {
		env.ReportCount(-1, "")
	}
	if !g.keep {
		g.nodes = nil
	}
	return g, nil
}

// add is the index of the position at n, added when it is new.
func (g *rgraph) add(x *run, n *node) (int32, error) {
	packed, text, err := x.tableKey(n)
	if err != nil {
		return 0, err
	}
	if packed != 0 {
		if s, ok := g.packed.get(packed); ok {
			return int32(s.small), nil
		}
	} else if i, ok := g.texts[string(text)]; ok {
		return i, nil
	}
	k := newKey(packed, text)
	i := int32(len(g.keys))
	if packed != 0 {
		g.packed.set(packed, slot{small: int64(i)})
	} else {
		g.texts[k.text] = i
	}
	g.keys = append(g.keys, k)
	g.nodes = append(g.nodes, *n)
	g.second = append(g.second, len(x.d.players) > 1 && n.mover == x.d.players[1])
	g.bytes += graphPositionBytes + int64(len(k.text))
	return i, nil
}

// values are the thresholds: the ended positions' values and 0, in
// increasing order; level[i] starts at the smallest, which every position
// reaches.
func (g *rgraph) values() []val {
	values := append([]val{{}}, g.endsAt...)
	slices.SortFunc(values, val.cmp)
	values = slices.CompactFunc(values, func(a, b val) bool { return a.cmp(b) == 0 })
	g.level = make([]int32, len(g.keys))
	g.rank = make([]int32, len(g.keys))
	return values
}

// predecessors fills rev and from.
func (g *rgraph) predecessors() {
	counts := make([]int32, len(g.keys))
	for _, s := range g.succ {
		counts[s]++
	}
	g.rev = make([][]int32, len(g.keys))
	for i, c := range counts {
		g.rev[i] = make([]int32, 0, c)
	}
	g.from = make([]int32, len(g.succ))
	for i := range g.keys {
		for e := g.first[i]; e < g.first[i+1]; e++ {
			g.from[e] = int32(i)
			g.rev[g.succ[e]] = append(g.rev[g.succ[e]], e)
		}
	}
}

// solve fills level and rank, threshold by threshold.
func (g *rgraph) solve(env *builtin.Env, values []val) {
	n := len(g.keys)
	in := make([]int32, n) // the attractor's ranks, -1 outside it
	left := make([]int32, n)
	queue := make([]int32, 0, n)
	for l := 1; l < len(values); l++ {
		if env.Ctx.Err() != nil {
			return
		}
		if len(values) > 2 && n > reserveEvery {
			env.Report(int64(l), int64(len(values)))
		}
		t := values[l]
		if t.cmp(val{}) > 0 { // the maximiser must reach a value of t or more
			g.attract(true, func(v val) bool { return v.cmp(t) >= 0 }, in, left, queue)
			for i := range n {
				if in[i] >= 0 {
					g.level[i], g.rank[i] = int32(l), in[i]
				}
			}
			continue
		}
		// The minimiser must reach a value below t, else the maximiser has t.
		g.attract(false, func(v val) bool { return v.cmp(t) < 0 }, in, left, queue)
		for i := range n {
			switch {
			case in[i] < 0:
				g.level[i] = int32(l)
			case g.level[i] == int32(l-1): // its value is values[l-1]: the minimiser's rank
				g.rank[i] = in[i]
			}
		}
	}
}

// attract fills in with the ranks of the positions from which the
// maximiser (or the minimiser) forces play into an ended position whose
// value target takes, -1 for the others.
func (g *rgraph) attract(maxer bool, target func(val) bool, in, left, queue []int32) {
	for i := range left {
		left[i] = g.first[i+1] - g.first[i]
	}
	g.backward(target, func(e int32) bool {
		p := g.from[e]
		if g.maxer[p] == maxer {
			return true
		}
		left[p]--
		return left[p] == 0 // else the other player still has a way out
	}, in, queue)
}

// backward ranks the positions from the ended ones back along the moves,
// breadth first: an ended position whose value start takes has rank 0, and
// a position joins, one more than the position a move e of its leads to,
// when join(e) says that move brings it in (join is asked only of
// positions not in yet); -1 for the positions that never join.
func (g *rgraph) backward(start func(val) bool, join func(e int32) bool, rank, queue []int32) {
	for i := range rank {
		rank[i] = -1
	}
	queue = queue[:0]
	for j, i := range g.ends {
		if start(g.endsAt[j]) {
			rank[i] = 0
			queue = append(queue, i)
		}
	}
	for q := 0; q < len(queue); q++ {
		s := queue[q]
		for _, e := range g.rev[s] {
			if p := g.from[e]; rank[p] < 0 && join(e) {
				rank[p] = rank[s] + 1
				queue = append(queue, p)
			}
		}
	}
}

// negate is -v.
func negate(v val) val { return after(val{}, games.CarryNegated, v) }

// progress is, of best (the moves that keep p's value v), those that the
// player who forces the value must make: the ones that bring the end
// nearer (a lower rank), lest a line go round a loop for ever. The other
// player, and either player in a drawn position, may make any of them.
func (p *Position) progress(v val, best []games.Move) ([]games.Move, error) {
	x := p.x
	second := len(x.d.players) > 1 && p.n.mover == x.d.players[1]
	if second {
		v = negate(v)
	}
	c := v.cmp(val{})
	if maxer := second == p.min; !x.d.mustEnd && (c == 0 || c > 0 != maxer) {
		return best, nil
	}
	own, err := x.rankOf(&p.n)
	if err != nil {
		return nil, err
	}
	var out []games.Move
	for _, m := range best {
		k, err := p.child(m)
		if err != nil {
			return nil, err
		}
		r, err := x.rankOf(&k.n)
		if err != nil {
			return nil, err
		}
		if r < own {
			out = append(out, m)
		}
	}
	return out, nil
}

// rankOf is the rank retro found for n.
func (x *run) rankOf(n *node) (int32, error) {
	packed, text, err := x.tableKey(n)
	if err != nil {
		return 0, err
	}
	return x.ranks[newKey(packed, text)], nil
}
