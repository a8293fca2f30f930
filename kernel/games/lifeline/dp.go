package lifeline

import (
	"fmt"
	"io"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// DP is dp(b, player): Life Line's table, the points of every empty vertex
// for player, with what a stone there would remove.
type DP struct {
	N      int     `expr:"n"`
	Player int     `expr:"player"`
	Best   int     `expr:"best"`
	Moves  [][]int `expr:"moves"`  // every best vertex, [row, position]
	Points [][]any `expr:"points"` // row by row, nil where occupied
	Board  *Board  `expr:"board"`

	res *Result
}

func (d *DP) TypeName() string { return "lifeline dp" }

// DP is dp(b, player).
func (b *Board) DP(env *builtin.Env, args []any) (any, error) {
	r, err := solveTurn(env, "dp", args)
	if err != nil {
		return nil, err
	}
	return &DP{N: r.N, Player: r.Player, Best: r.Best, Moves: r.Moves, Points: r.Points, Board: r.Board, res: r}, nil
}

// Vertex is at(d, r, p): one empty vertex of a Life Line dp.
type Vertex struct {
	Row      int  `expr:"row" json:"row"`
	Position int  `expr:"position" json:"position"`
	Points   int  `expr:"points" json:"points"`
	Legal    bool `expr:"legal" json:"legal"` // false where the rules forbid the move (suicide: false)
	// Removes lists the stones a stone there removes, [row, position,
	// stone] in reading order (the new stone's own vertex when it dies).
	Removes [][]int `expr:"removes" json:"removes"`
	Best    bool    `expr:"best" json:"best"`
}

func (v *Vertex) TypeName() string { return "lifeline dp vertex" }

// At is at(d, r, p).
func (d *DP) At(args []any) (any, error) {
	var r, p int
	if err := kit.Unpack("at", args, "d", new(any), "r", &r, "p", &p); err != nil {
		return nil, err
	}
	b := d.Board.b
	if err := kit.CheckIndex("at", 2, "r", r, 1, b.N); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("at", 3, "p", p, 1, rowLen(b, r)); err != nil {
		return nil, err
	}
	if c := b.At(r, p); c != 0 {
		return nil, builtin.ArgError("at", 2, "r", "and p name (%d,%d), which holds stone %d: the table has the empty vertices", r, p, c)
	}
	removes, err := d.res.res.RemovedAt(nonCancel, r, p)
	if err != nil {
		return nil, kit.SolverError("at", err)
	}
	i := b.Index(r, p)
	v := &Vertex{Row: r, Position: p, Points: d.res.res.Points[i], Legal: d.res.res.Illegal == nil || !d.res.res.Illegal[i],
		Removes: stones(removes)}
	for _, m := range d.Moves {
		v.Best = v.Best || m[0] == r && m[1] == p
	}
	return v, nil
}

// GetIndex reads d[r, p] as at(d, r, p).
func (d *DP) GetIndex(index []any) (any, error) { return d.At(append([]any{d}, index...)) }

func stones(xs [][3]int) [][]int {
	out := [][]int{}
	for _, x := range xs {
		out = append(out, []int{x[0], x[1], x[2]})
	}
	return out
}

// stonesText writes removed stones as "(3,1) of 1, (4,1) of 1".
func stonesText(xs [][]int) string {
	if len(xs) == 0 {
		return "nothing"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("(%d,%d) of %d", x[0], x[1], x[2])
	}
	return kit.Count(len(xs), "stone", "stones") + ": " + kit.ListCut(len(parts), false, ", ", func(i int) string { return parts[i] }, "v.removes")
}

func (v *Vertex) Text() string {
	s := fmt.Sprintf("(%d,%d): %d points", v.Row, v.Position, v.Points)
	if v.Best {
		s += " (best)"
	}
	if !v.Legal {
		s += ", illegal (suicide: false)"
	}
	return s + "; a stone there removes " + stonesText(v.Removes) + "\n"
}

// The table's pictures are the heat map's.
func (d *DP) heat() *Heat { return &Heat{Result: d.res} }

func (d *DP) Text() string { return kit.TextOf(d, false) }

func (d *DP) WriteText(w io.Writer, full bool) error {
	if err := d.heat().WriteText(w, full); err != nil {
		return err
	}
	return kit.WriteString(w, "at(d, r, p) is a vertex's points and the stones a stone there removes\n")
}

func (d *DP) SVG() string { return kit.SVGOf(d, false) }

func (d *DP) WriteSVG(w io.Writer, full bool) error { return d.heat().WriteSVG(w, full) }

func (d *DP) JSONValue() any { return d.heat().JSONValue() }

// Annotate is what a stone does besides its points: the stones it removes.
func (b *Board) Annotate(gm games.Move) (map[string]any, string) {
	mv, err := b.place(gm.(stone))
	if err != nil {
		return nil, ""
	}
	removed := stones(mv.RemovedStones)
	return map[string]any{"removed": removed}, "removes " + stonesText(removed)
}
