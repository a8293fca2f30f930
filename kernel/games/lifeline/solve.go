package lifeline

import (
	"fmt"
	solver "gamelab/solvers/lifeline"
	"io"
	"math/big"
	"strconv"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"

	"gamelab/kernel/display"
)

func fnHeat(env *builtin.Env, args ...any) (any, error) {
	if len(args) > 0 {
		if _, ok := args[0].(*Board); !ok {
			return nil, kit.BadType("heat", 1, "board", "a board", args[0])
		}
	}
	r, err := solveTurn(env, "heat", args)
	if err != nil {
		return nil, err
	}
	return &Heat{Result: r}, nil
}

// solveTurn is solve(b, player) for any builtin fn that takes a board and
// a player: the turn's result, warning of groups that were already dead.
func solveTurn(env *builtin.Env, fn string, args []any) (*Result, error) {
	var b *Board
	var player int
	if err := kit.Unpack(fn, args, "b", &b, "player", kit.Between(&player, 1, 9)); err != nil {
		return nil, err
	}
	res, err := solveFor(env, fn, b, player)
	if err != nil {
		return nil, err
	}
	if msg := res.unreachableWarning(); msg != "" {
		env.Warning(msg)
	}
	return res, nil
}

// solveFor solves player's turn on b under its rules, within the budget.
func solveFor(env *builtin.Env, fn string, b *Board, player int) (*Result, error) {
	if err := env.Reserve(solver.SolveBytes(b.b.Grid, b.N)); err != nil {
		return nil, err
	}
	r, err := solverRules(b.rules).Solve(env.Ctx, b.b, player)
	if err != nil {
		return nil, kit.SolverError(fn, err)
	}
	return newResult(b, r), nil
}

// Solve is solve(b, player).
func (b *Board) Solve(env *builtin.Env, fn string, args []any) (any, error) {
	return solveTurn(env, fn, args)
}

// Trace is trace(b, player): the best move and the stones it removes.
func (b *Board) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	r, err := solveTurn(env, fn, args)
	if err != nil {
		return nil, err
	}
	return &Trace{Result: r}, nil
}

// Trace is trace(solve(b, player)): the same turn, its best move shown.
func (r *Result) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, "result", new(any)); err != nil {
		return nil, err
	}
	return &Trace{Result: r}, nil
}

// Evaluate is the mover's best points this turn, every vertex reaching
// them and the first of those (solve's move).
func (b *Board) Evaluate(env *builtin.Env) (*games.Eval, error) {
	if len(b.Legal()) == 0 { // full, or no move the rules allow: the turn is worth nothing
		return &games.Eval{Value: b.Terminal()}, nil
	}
	pl, err := strconv.Atoi(b.Mover())
	if err != nil {
		return nil, fmt.Errorf("a board's turn is solved for a player: give the move's player, or solve(b, player)")
	}
	r, err := solveFor(env, "solve", b, pl)
	if err != nil {
		return nil, err
	}
	ev := &games.Eval{Value: big.NewInt(int64(r.Best))}
	for _, v := range r.res.Moves {
		ev.Best = append(ev.Best, stone{v[0], v[1], pl})
	}
	if len(ev.Best) > 0 {
		ev.Choice = ev.Best[0]
	}
	return ev, nil
}

// Warnings are what a line of play from b says first: the groups that
// already touched no empty vertex, which stay on the board (they count for
// no move, as the judge has it).
func (b *Board) Warnings() []string {
	r, err := solver.Solve(nonCancel, b.b, 1)
	if err != nil || len(r.Unreachable) == 0 {
		return nil
	}
	return []string{newResult(b, r).unreachableWarning()}
}

// Trace is trace(board, player): the board, the best move, the
// stones it removes and the board after.
type Trace struct {
	Result *Result `expr:"result"`
}

func (t *Trace) TypeName() string { return "lifeline trace" }

// Text draws the board with the move, the summary, and the board after.
func (t *Trace) Text() string { return kit.TextOf(t, false) }

func (t *Trace) WriteText(w io.Writer, full bool) error {
	r := t.Result
	if err := r.WritePicture(w, full); err != nil {
		return err
	}
	if err := r.WriteText(w, full); err != nil {
		return err
	}
	after := r.After.picture()
	after.Caption = "after the move"
	return kit.DrawText(w, after, full, func(why string) display.Card {
		return kit.Answered(r.After.card(why), " after the move", why, "the board is t.result.after")
	}, fmt.Sprintf("more than %d rows", display.MaxTextRows))
}

// Heat is heat(board, player): every empty vertex's points over the board.
type Heat struct {
	Result *Result `expr:"result"`
}

func (h *Heat) TypeName() string { return "heat map" }

func (h *Heat) picture() display.Triangle {
	t := h.Result.Board.picture()
	t.Player = h.Result.Player
	t.Best = h.Result.res.Moves
	t.Heat = h.Result.res.Points
	t.Illegal = h.Result.res.Illegal
	t.Caption = fmt.Sprintf("points of each empty vertex for player %d (best %d)", h.Result.Player, h.Result.Best) + h.Result.Board.rulesNote()
	return t
}

// Text draws the points on the triangle.
func (h *Heat) Text() string { return kit.TextOf(h, false) }

func (h *Heat) WriteText(w io.Writer, full bool) error {
	err := kit.DrawText(w, h.picture(), full, h.card, fmt.Sprintf("more than %d rows", display.MaxTextRows))
	if err != nil {
		return err
	}
	return kit.WriteString(w, h.Result.unreachableNote())
}

// SVG colours the empty vertices by their points.
func (h *Heat) SVG() string { return kit.SVGOf(h, false) }

func (h *Heat) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, h.picture(), full, h.card, fmt.Sprintf("more than %d rows", display.MaxSVGRows))
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
	return kit.MakeCard(fmt.Sprintf("points for player %d on a board of size %d", r.Player, r.N), []string{
		fmt.Sprintf("best %d at %s; worst %d", r.Best, vertexList(r.Moves), worst),
		fmt.Sprintf("of %d empty vertices %d gain points, %d lose points, %d neither", gain+lose+zero, gain, lose, zero),
	}, why, `h.result.points[r-1][p-1] is the points at (r,p); text(h) or save(h, "h.txt") or save(h, "h.svg") draws it all`)
}
