package lifeline

import (
	"fmt"
	"io"

	"gamelab/kernel/display"
	"gamelab/kernel/games/kit"
)

// SVG shows the turn in three frames: the board with the best vertices,
// the stone placed with the groups it removes ringed, the board after.
func (t *Trace) SVG() string { return kit.SVGOf(t, false) }

func (t *Trace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.triangle().SVGFits() {
		return r.card(fmt.Sprintf("more than %d rows", display.MaxSVGRows)).WriteSVG(w)
	}
	f := kit.Frames(fmt.Sprintf("player %d: best %d", r.Player, r.Best), 3, full, func(i int) display.Drawing {
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
			b.Caption = fmt.Sprintf("stone %d at (%d,%d) removes %s", r.Player, mv[0], mv[1], kit.Count(len(r.Removed), "stone", "stones"))
			return b
		}
		b := r.After.picture()
		b.Caption = "after the move"
		return b
	})
	return f.WriteSVG(w)
}
