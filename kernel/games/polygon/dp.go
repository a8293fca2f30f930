package polygon

import (
	"fmt"
	"math/big"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/polygon"
)

// DP is dp(p): the table the solve fills, in the seed's notation: m[i][j]
// is the chain of j vertices starting at vertex i, with its minimum and
// maximum (the ring's answer for first edge e is the chain of length n
// starting at v(e)). For a chain from after, the chain's own sub-chains.
type DP struct {
	N    int    `expr:"n"`    // vertices (a chain's values)
	Ring bool   `expr:"ring"` // a ring's table; else a chain's
	Best any    `expr:"best"` // the answer under the goal
	Goal string `expr:"goal"`
	// Plan lists the cells the optimal plan uses, as [start, length,
	// "min" | "max"], in the order the seed's walk visits them.
	Plan [][]any `expr:"plan"`
	// Game is the ring or chain the table is of.
	Game games.Position `expr:"game"`

	table  *solver.Table
	vals   []*big.Int // the values by start (1..N)
	ops    []byte     // ops[k]: the operator between vals[k-1] and vals[k], k ≥ 1; ops[0] closes a ring
	inPlan map[[2]int]string
	best   *big.Int
}

func (d *DP) TypeName() string { return "polygon dp" }

// DP is dp(p) of a ring; of a chain, its sub-chains.
func (p *Polygon) DP(env *builtin.Env, args []any) (any, error) {
	if err := kit.Unpack("dp", args, p.argName(), new(any)); err != nil {
		return nil, err
	}
	if p.isChain() {
		return chainDP(env, p)
	}
	opts, room := options(env, p)
	opts.KeepTable = true
	r, err := solver.SolveWith(env.Ctx, p.p, opts)
	if err != nil {
		return nil, solverErr("dp", err, room, "a ring")
	}
	if err := env.Reserve(r.Table.Bytes()); err != nil {
		return nil, err
	}
	return newDP(p, r.Table, r.Best, p.p.Values, p.p.Ops), nil
}

func chainDP(env *builtin.Env, c *Polygon) (any, error) {
	opts, room := options(env, c)
	opts.KeepTable = true
	r, err := solver.SolveChain(env.Ctx, c.st.chain(), opts)
	if err != nil {
		return nil, solverErr("dp", err, room, "a chain")
	}
	if err := env.Reserve(r.Table.Bytes()); err != nil {
		return nil, err
	}
	return newDP(c, r.Table, r.Best, c.st.vals, append([]byte{0}, c.st.ops()...)), nil
}

func newDP(x games.Position, t *solver.Table, best *big.Int, vals []*big.Int, ops []byte) *DP {
	d := &DP{N: t.N(), Ring: t.Ring(), Best: kit.Number(best), Goal: x.Rules().Get("goal").(string), Game: x,
		table: t, vals: vals, ops: ops, inPlan: map[[2]int]string{}, best: best, Plan: [][]any{}}
	for _, pc := range t.Plan() {
		ext := "min"
		if pc.Max {
			ext = "max"
		}
		d.Plan = append(d.Plan, []any{pc.Start, pc.Length, ext})
		d.inPlan[[2]int{pc.Start, pc.Length}] = ext
	}
	return d
}

// lengths is how many cells row start has: every length on a ring, the
// lengths that stay in a chain.
func (d *DP) lengths(start int) int {
	if d.Ring {
		return d.N
	}
	return d.N - start + 1
}

// Cell is one entry of a polygon DP, at(d, i, j): the chain of length j
// starting at vertex i, its extremes, the split reaching each, and every
// split's candidates.
type Cell struct {
	Start  int `expr:"start"`
	Length int `expr:"length"`
	Min    any `expr:"min"`
	Max    any `expr:"max"`
	// MinAt and MaxAt are the split reaching each: the first part's length
	// (the seed's tie rule: the leftmost split that does); 0 for one vertex.
	MinAt int `expr:"minAt"`
	MaxAt int `expr:"maxAt"`
	// Candidates holds one map per split s: s, op, the parts' extremes a, b
	// (the first part's min and max) and c, d (the second's), the
	// combinations the DP compares (ac, ad, bc, bd: for '*' all four
	// products, for '+' a+c and b+d, for '-' a−d and b−c), and the split's
	// min and max.
	Candidates []map[string]any `expr:"candidates"`
	// Why says how each extreme is reached, and why a part's minimum (or
	// maximum) is needed where it is.
	Why string `expr:"why"`
	// Plan is "min" or "max" when the optimal plan uses this cell at that
	// extreme, else "".
	Plan string `expr:"plan"`
}

func (c *Cell) TypeName() string { return "polygon dp cell" }

// At is at(d, i, j): the cell of start i and length j.
func (d *DP) At(args []any) (any, error) {
	var i, j int
	if err := kit.Unpack("at", args, "d", new(any), "i", &i, "j", &j); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("at", 2, "i", i, 1, d.N); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("at", 3, "j", j, 1, d.lengths(i)); err != nil {
		return nil, err
	}
	return d.cell(i, j)
}

// GetIndex reads d[i, j] as at(d, i, j).
func (d *DP) GetIndex(index []any) (any, error) {
	return d.At(append([]any{d}, index...))
}

func (d *DP) cell(i, j int) (*Cell, error) {
	c, err := d.table.Cell(i, j)
	if err != nil {
		return nil, err
	}
	cands, err := d.table.Candidates(i, j)
	if err != nil {
		return nil, err
	}
	out := &Cell{Start: i, Length: j, Min: kit.Number(c.Min), Max: kit.Number(c.Max), MinAt: c.MinAt, MaxAt: c.MaxAt,
		Candidates: []map[string]any{}, Plan: d.inPlan[[2]int{i, j}]}
	for _, k := range cands {
		m := map[string]any{"s": k.S, "op": string(k.Op), "a": kit.Number(k.A), "b": kit.Number(k.B),
			"c": kit.Number(k.C), "d": kit.Number(k.D), "min": kit.Number(k.Min), "max": kit.Number(k.Max)}
		for name, v := range map[string]*big.Int{"ac": k.AC, "ad": k.AD, "bc": k.BC, "bd": k.BD} {
			if v != nil {
				m[name] = kit.Number(v)
			}
		}
		out.Candidates = append(out.Candidates, m)
	}
	out.Why = why(c, cands)
	return out, nil
}

// why explains a cell: for each extreme, the split and the combination of
// the parts' extremes that reach it, saying so when a part is taken at the
// other extreme (a product of negatives, or a part subtracted).
func why(c solver.Cell, cands []solver.Candidate) string {
	if c.Length == 1 {
		return fmt.Sprintf("one vertex: its value %s is both its minimum and its maximum", c.Min)
	}
	var parts []string
	for _, ext := range []struct {
		name string
		at   int
		v    *big.Int
	}{{"min", c.MinAt, c.Min}, {"max", c.MaxAt, c.Max}} {
		k := cands[ext.at-1]
		parts = append(parts, fmt.Sprintf("%s %s at split %d: %s", ext.name, ext.v, ext.at, reach(k, ext.v, ext.name == "max")))
	}
	return strings.Join(parts, "; ")
}

// reach says which extremes of candidate k's parts make v: "the first
// part's max × the second's min (-8 × -61): both negative".
func reach(k solver.Candidate, v *big.Int, max bool) string {
	type combo struct {
		x, y     *big.Int
		xw, yw   string
		combined *big.Int
	}
	combos := []combo{{k.A, k.C, "min", "min", k.AC}, {k.A, k.D, "min", "max", k.AD}, {k.B, k.C, "max", "min", k.BC}, {k.B, k.D, "max", "max", k.BD}}
	sym := map[byte]string{'+': "+", '*': "×", '-': "−"}[k.Op]
	for _, cb := range combos {
		if cb.combined == nil || cb.combined.Cmp(v) != 0 {
			continue
		}
		s := fmt.Sprintf("the first part's %s %s the second's %s (%s %s %s)", cb.xw, sym, cb.yw, cb.x, sym, cb.y)
		want := "min"
		if max {
			want = "max"
		}
		switch {
		case k.Op == '*' && (cb.xw != want || cb.yw != want) && cb.x.Sign() < 0 && cb.y.Sign() < 0:
			s += ": negative × negative is positive, so the minima make the maximum"
		case k.Op == '*' && (cb.xw != want || cb.yw != want):
			s += ": a negative factor turns the other part's extreme around"
		case k.Op == '-' && cb.yw != want:
			s += ": subtracting the second part's other extreme"
		}
		return s
	}
	return "no combination of the parts' extremes reaches it" // cannot happen: the DP's own candidates
}

// Position is position(d, i, j): the sub-chain of the cell, a game value
// that solve, play and analyze take, its edges by their original numbers
// as in every other position. A whole ring's cell (j = n) is the ring
// after its first move deleted edge i, a whole chain's cell the chain
// itself. A shorter sub-chain is no position of x's game (no line of play
// leaves values unmerged), so it is a game of its own (newPart): its moves
// are the merges made from it, and x.polygon is the ring it is a part of.
func (d *DP) Position(args []any) (any, error) {
	var i, j int
	if err := kit.Unpack("position", args, "d", new(any), "i", &i, "j", &j); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("position", 2, "i", i, 1, d.N); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("position", 3, "j", j, 1, d.lengths(i)); err != nil {
		return nil, err
	}
	switch x := d.Game.(*Polygon); {
	case !x.isChain() && j == d.N:
		s, err := x.st.play(edge(i))
		if err != nil {
			return nil, err
		}
		return s.value(), nil
	case x.isChain() && i == 1 && j == d.N:
		return x, nil
	}
	return partAt(d.Game.(*Polygon).st, i, j), nil
}

var _ = builtin.Pictured(nil)
