package games

import (
	"fmt"
	"io"
	"slices"

	"gamelab/kernel/display"
)

// A trace's picture is small multiples: the game step by step, each frame
// labelled "step 1", "step 2", … (SVG; the text of a trace stays its table).
// A long game shows its first and last steps and says how many are left out.

// Frames shown of a long game: the first headFrames and the last
// tailFrames; save and svg (full) draw up to maxFullFrames.
const (
	headFrames, tailFrames = 6, 5
	maxFullFrames          = 200
)

// PickFrames chooses the steps of an n-step game to draw: all of them, or
// the first and last few; gap is where the left-out ones were.
func PickFrames(n int, full bool) (steps []int, omitted, gap int) {
	limit := headFrames + tailFrames
	if full {
		limit = maxFullFrames
	}
	if n <= limit {
		for i := range n {
			steps = append(steps, i)
		}
		return steps, 0, 0
	}
	head, tail := headFrames, tailFrames
	if full {
		head, tail = maxFullFrames/2, maxFullFrames/2
	}
	for i := range head {
		steps = append(steps, i)
	}
	for i := n - tail; i < n; i++ {
		steps = append(steps, i)
	}
	return steps, n - head - tail, head
}

// Frames builds the small multiples of an n-step game; pic draws step i.
func Frames(caption string, n int, full bool, pic func(i int) display.Drawing) display.Frames {
	steps, omitted, gap := PickFrames(n, full)
	f := display.Frames{Caption: caption, Omitted: omitted, Gap: gap}
	for _, i := range steps {
		f.Frames = append(f.Frames, display.Frame{Label: fmt.Sprintf("step %d", i+1), Pic: pic(i)})
	}
	if omitted > 0 {
		f.Notes = append(f.Notes, fmt.Sprintf("%d of %d steps drawn; save(t, \"t.svg\") draws up to %d", len(steps), n, maxFullFrames))
	}
	return f
}

// SVG shows the polygon step by step: the ring with the deleted edge, then
// the chain after each merge with the new value marked.
func (t *PolygonTrace) SVG() string { return SVGOf(t, false) }

func (t *PolygonTrace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.Polygon.ring(nil).SVGFits() {
		return r.card(fmt.Sprintf("more than %d vertices", display.MaxSVGVertices)).WriteSVG(w)
	}
	f := Frames(fmt.Sprintf("best %s: the plan step by step", r.res.Best), len(t.raw), full, func(i int) display.Drawing {
		s := t.raw[i]
		if i == 0 {
			ring := r.Polygon.ring(nil)
			ring.First = s.Edge
			ring.Caption = fmt.Sprintf("delete edge %d (%s %c %s)", s.Edge, s.Left, s.Op, s.Right)
			return ring
		}
		vals, edges := t.tr.Chain(i)
		ops := make([]byte, len(edges))
		for k, e := range edges {
			ops[k] = r.Polygon.p.Ops[e-1]
		}
		return display.Chain{Values: BigStrings(vals), Ops: ops, Edges: edges, New: slices.Index(vals, s.Value) + 1,
			Caption: fmt.Sprintf("merge edge %d: %s %c %s = %s", s.Edge, s.Left, s.Op, s.Right, s.Value)}
	})
	return f.WriteSVG(w)
}

// SVG shows the coins turn by turn: the row with each coin taken so far
// marked by its taker, and the running totals.
func (t *CoinsTrace) SVG() string { return SVGOf(t, false) }

func (t *CoinsTrace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.Coins.picture("").SVGFits() {
		return r.card(fmt.Sprintf("more than %d coins", display.MaxSVGCoins)).WriteSVG(w)
	}
	f := Frames(fmt.Sprintf("A %s, B %s: the game turn by turn", r.res.Best, r.res.Second), len(t.raw), full, func(i int) display.Drawing {
		tn := t.raw[i]
		row := r.Coins.picture(r.Moves[:i+1])
		row.Partial = true
		row.Caption = fmt.Sprintf("turn %d: %c takes %c, coin %d (%s)", tn.Turn, tn.Player, tn.Side, tn.Index, tn.Coin)
		return row
	})
	return f.WriteSVG(w)
}

// SVG shows the turn in three frames: the board with the best vertices,
// the stone placed with the groups it removes ringed, the board after.
func (t *LifelineTrace) SVG() string { return SVGOf(t, false) }

func (t *LifelineTrace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.triangle().SVGFits() {
		return r.card(fmt.Sprintf("more than %d rows", display.MaxSVGRows)).WriteSVG(w)
	}
	f := Frames(fmt.Sprintf("player %d: best %d", r.Player, r.Best), 3, full, func(i int) display.Drawing {
		switch i {
		case 0:
			b := r.Board.picture()
			b.Player, b.Best = r.Player, r.res.Moves
			b.Caption = fmt.Sprintf("player %d to move: best %d", r.Player, r.Best)
			return b
		case 1:
			b := r.triangle()
			b.Best = nil
			mv := r.Moves[0]
			b.Caption = fmt.Sprintf("stone %d at (%d,%d) removes %s", r.Player, mv[0], mv[1], Count(len(r.Removed), "stone", "stones"))
			return b
		}
		b := r.After.picture()
		b.Caption = "after the move"
		return b
	})
	return f.WriteSVG(w)
}
