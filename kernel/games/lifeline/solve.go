package lifeline

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"text/tabwriter"
	"time"

	"gamelab/kernel/builtin"

	"gamelab/kernel/display"
	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)


func fnHeat(env *builtin.Env, args ...any) (any, error) {
	if len(args) > 0 {
		if _, ok := args[0].(*Board); !ok {
			return nil, BadType("heat", 1, "board", "a board", args[0])
		}
	}
	r, err := solveArgs("heat", env, args)
	if err != nil {
		return nil, err
	}
	return &Heat{Result: r.(*LifelineResult)}, nil
}

// LifelineTrace is trace(board, player): the board, the best move, the
// stones it removes and the board after.
type LifelineTrace struct {
	Result *LifelineResult `expr:"result"`
}

func (t *LifelineTrace) TypeName() string { return "lifeline trace" }

// Text draws the board with the move, the summary, and the board after.
func (t *LifelineTrace) Text() string { return TextOf(t, false) }

func (t *LifelineTrace) WriteText(w io.Writer, full bool) error {
	r := t.Result
	if err := r.WritePicture(w, full); err != nil {
		return err
	}
	if err := r.WriteText(w, full); err != nil {
		return err
	}
	after := r.After.picture()
	after.Caption = "after the move"
	return DrawText(w, after, full, func(why string) display.Card {
		return Answered(r.After.card(why), " after the move", why, "the board is t.result.after")
	}, fmt.Sprintf("more than %d rows", display.MaxTextRows))
}

// Heat is heat(board, player): every empty vertex's points over the board.
type Heat struct {
	Result *LifelineResult `expr:"result"`
}

func (h *Heat) TypeName() string { return "heat map" }

func (h *Heat) picture() display.Triangle {
	t := h.Result.Board.picture()
	t.Player = h.Result.Player
	t.Best = h.Result.res.Moves
	t.Heat = h.Result.res.Points
	t.Caption = fmt.Sprintf("points of each empty vertex for player %d (best %d)", h.Result.Player, h.Result.Best)
	return t
}

// Text draws the points on the triangle.
func (h *Heat) Text() string { return TextOf(h, false) }

func (h *Heat) WriteText(w io.Writer, full bool) error {
	err := DrawText(w, h.picture(), full, h.card, fmt.Sprintf("more than %d rows", display.MaxTextRows))
	if err != nil {
		return err
	}
	return WriteString(w, h.Result.unreachableNote())
}

// SVG colours the empty vertices by their points.
func (h *Heat) SVG() string { return SVGOf(h, false) }

func (h *Heat) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, h.picture(), full, h.card, fmt.Sprintf("more than %d rows", display.MaxSVGRows))
}

// card stands in for the heat map of a board too large to draw: how the
// points of the empty vertices are spread.
func (h *Heat) card(why string) display.Card {
	r := h.Result
	gain, lose, zero, worst := 0, 0, 0, 0
	first := true
	for i, c := range r.Board.b.Cells {
		if c != 0 {
			continue
		}
		v := r.res.Points[i]
		switch {
		case v > 0:
			gain++
		case v < 0:
			lose++
		default:
			zero++
		}
		if first || v < worst {
			worst, first = v, false
		}
	}
	return MakeCard(fmt.Sprintf("points for player %d on a board of size %d", r.Player, r.N), []string{
		fmt.Sprintf("best %d at %s; worst %d", r.Best, vertexList(r.Moves), worst),
		fmt.Sprintf("of %d empty vertices %d gain points, %d lose points, %d neither", gain+lose+zero, gain, lose, zero),
	}, why, `h.result.points[r-1][p-1] is the points at (r,p); text(h) or save(h, "h.txt") or save(h, "h.svg") draws it all`)
}
