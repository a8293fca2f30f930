package games

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

func init() {
	register(&builtin.Builtin{
		Name:      "solve",
		Signature: `solve(x) / solve(board, player)`,
		Doc: `Plays x optimally. A polygon gives best, scores and worst (per first edge 1..n), optimal ` +
			`(every optimal first edge), first, merges (the rest of the plan by original edge number) ` +
			`and expr (the plan as a formula); coins give best (A's total), second (B's), diff and moves ` +
			`(L/R per turn); a board and a player 1..9 give best, moves (every best vertex as [row, ` +
			`position]), points (row by row, nil where occupied), after, removed and unreachable. ` +
			`Numbers that do not fit 64 bits come back exact.`,
		Example:    `solve(polygon("* -5 + -2 * -8 * -5 + 8")).best`,
		Returns:    []any{&PolygonResult{}, &CoinsResult{}, &LifelineResult{}, &ChainResult{}},
		ReturnsFor: withPositions(returnsByGame(&PolygonResult{}, &CoinsResult{}, &LifelineResult{}), &ChainResult{}, &CoinsResult{}),
		Fn:         fnSolve,
	})
	register(&builtin.Builtin{
		Name:      "trace",
		Signature: `trace(x) / trace(board, player)`,
		Doc: `Shows the optimal play step by step: for a polygon the ring after each move; for coins ` +
			`each turn's player, side, coin and running totals, with what the mover ends with and what ` +
			`the other end would have given; for a board the best move and the stones it removes. Its ` +
			`picture (Jupyter, save(t, "t.svg")) draws the game step by step, a small frame per step.`,
		Example:    `trace(coins([10, 80, 90, 30]))`,
		Returns:    []any{&PolygonTrace{}, &CoinsTrace{}, &LifelineTrace{}, &ChainTrace{}},
		ReturnsFor: withPositions(returnsByGame(&PolygonTrace{}, &CoinsTrace{}, &LifelineTrace{}), &ChainTrace{}, &CoinsTrace{}),
		Fn:         fnTrace,
	})
	register(&builtin.Builtin{
		Name:      "heat",
		Signature: `heat(board, player)`,
		Doc:       `The points of every empty vertex for player 1..9, drawn over the board as a heat map (the best vertices marked).`,
		Example:   `heat(board(4, "2  2 3  1 0 4  1 1 4 0"), 4)`,
		Returns:   []any{&Heat{}},
		Fn:        fnHeat,
	})
}

// solveArgs solves the game value in args: (polygon | coins | board, player).
// Solver errors pass through unchanged, after the builtin's name.
func solveArgs(fn string, env *builtin.Env, args []any) (any, error) {
	x, err := FirstArg(fn, fn+"(x) or "+fn+"(board, player)", args)
	if err != nil {
		return nil, err
	}
	switch x := x.(type) {
	case *Polygon:
		if err := Unpack(fn, args, "p", new(*Polygon)); err != nil {
			return nil, err
		}
		if est := polygonEstimate(x.p); est > warnEstimate {
			env.Warning(fmt.Sprintf("%s: a ring of %d vertices takes about %d s; Ctrl-C stops the solve",
				fn, len(x.p.Values), int(est.Round(time.Second)/time.Second)))
		}
		// The tables, big numbers included, get what the session's memory
		// budget has room for: the solver refuses an instance that would
		// pass it before allocating, level by level, rather than being
		// stopped once the heap has grown past it.
		room := min(env.Headroom(), polygon.DefaultMaxTableBytes)
		r, err := polygon.SolveWith(env.Ctx, x.p, polygon.Options{Progress: env.Report, MaxTableBytes: room})
		var size *polygon.SizeError
		if errors.As(err, &size) && room < polygon.DefaultMaxTableBytes {
			return nil, builtin.Errorf(builtin.MemoryError, "%s: a ring of %d vertices needs about %s, more than the %s the memory budget has left (budget(bytes) changes it)",
				fn, size.N, builtin.ByteSize(size.Need), builtin.ByteSize(room))
		}
		if err != nil {
			return nil, SolverError(fn, err)
		}
		return newPolygonResult(x, r), nil
	case *Coins:
		if err := Unpack(fn, args, "c", new(*Coins)); err != nil {
			return nil, err
		}
		if err := env.Reserve(coins.TableBytes(len(x.row))); err != nil {
			return nil, err // before the table is allocated, so the session's memory stays its own
		}
		if est := coinsEstimate(len(x.row)); est > warnEstimate && coins.TableBytes(len(x.row)) <= coins.MaxTableBytes {
			// Said before the solve starts, so the user knows why it takes
			// a while and that Ctrl-C is there.
			env.Warning(fmt.Sprintf("%s: %d coins take about %d s (a move table of %d MiB); Ctrl-C stops the solve",
				fn, len(x.row), int(est.Round(time.Second)/time.Second), coins.TableBytes(len(x.row))>>20))
		}
		r, err := coins.SolveProgress(env.Ctx, x.row, env.Report)
		if err != nil {
			return nil, SolverError(fn, err)
		}
		return newCoinsResult(x, r), nil
	case *PolygonChain, *CoinsPosition:
		if err := Unpack(fn, args, "x", new(any)); err != nil {
			return nil, err
		}
		return solvePosition(env, fn, x)
	case *Board:
		var player int
		if err := Unpack(fn, args, "b", new(*Board), "player", Between(&player, 1, 9)); err != nil {
			return nil, err
		}
		r, err := lifeline.Solve(env.Ctx, x.b, player)
		if err != nil {
			return nil, SolverError(fn, err)
		}
		res := newLifelineResult(x, r)
		if msg := res.unreachableWarning(); msg != "" {
			env.Warning(msg)
		}
		return res, nil
	}
	return nil, BadType(fn, 1, "x", "a polygon, coins or board", x)
}

// warnEstimate is how long a solve may be expected to take before solving
// says so first.
const warnEstimate = 10 * time.Second

// coinsEstimate is roughly how long solving n coins takes: the DP fills
// n(n-1)/2 cells at about 5 ns each on a current machine when the sums fit
// 62 bits (measured: 40000 coins in 4 to 5 s); wider numbers take longer,
// so it is a lower bound there.
func coinsEstimate(n int) time.Duration {
	cells := float64(n) * float64(n-1) / 2
	return time.Duration(cells * 5)
}

// polygonEstimate is roughly how long solving p takes on two cores: the DP
// makes about n³/6 split candidates, at about 1 ns·6 each in int64 and
// 3.8 ns·6 when its numbers outgrow 64 bits (measured: a random 600-gon with
// values -10..10 in 0.8 s). The numbers can outgrow 64 bits only when the
// vertices' bits, plus one per edge for the sums, pass 62.
func polygonEstimate(p *polygon.Polygon) time.Duration {
	n := float64(len(p.Values))
	bits := len(p.Values)
	for _, v := range p.Values {
		bits += v.BitLen()
	}
	perCube := 1.0 // ns per n³
	if bits > 62 {
		perCube = 3.8
	}
	return time.Duration(perCube * n * n * n)
}

// SolverError keeps a solver's error (and its type, for errors.Is/As: the
// kernel reports an interrupted solve from context.Canceled) under the name
// of the builtin.
func SolverError(fn string, err error) error { return fmt.Errorf("%s: %w", fn, err) }

func fnSolve(env *builtin.Env, args ...any) (any, error) { return solveArgs("solve", env, args) }

func fnTrace(env *builtin.Env, args ...any) (any, error) {
	r, err := solveArgs("trace", env, args)
	if err != nil {
		return nil, err
	}
	switch r := r.(type) {
	case *PolygonResult:
		tr, err := r.res.TraceContext(env.Ctx)
		if err != nil {
			return nil, SolverError("trace", err)
		}
		return newPolygonTrace(r, tr), nil
	case *CoinsResult:
		turns, err := r.res.Trace(env.Ctx)
		if err != nil {
			return nil, SolverError("trace", err)
		}
		return newCoinsTrace(r, turns), nil
	case *ChainResult:
		t, err := newChainTrace(env.Ctx, r)
		if err != nil {
			return nil, SolverError("trace", err)
		}
		return t, nil
	}
	return &LifelineTrace{Result: r.(*LifelineResult)}, nil
}

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

// CoinsTrace is trace(coins): one row per turn.
type CoinsTrace struct {
	// Turns holds per turn: turn, player ("A"/"B"), side ("L"/"R"), index
	// (the coin's place in the original row, from 1), coin, a and b (the
	// running totals), final (the mover's total at the end) and other (what
	// it would have been had the mover taken the other end; nil on the last
	// turn, which has no choice).
	Turns  []map[string]any `expr:"turns"`
	Result *CoinsResult     `expr:"result"`

	raw []coins.Turn // not "turns": expr would find two fields of that name and neither
}

func newCoinsTrace(r *CoinsResult, turns []coins.Turn) *CoinsTrace {
	t := &CoinsTrace{Result: r, raw: turns, Turns: make([]map[string]any, len(turns))}
	for i, tn := range turns {
		m := map[string]any{
			"turn": tn.Turn, "player": string(tn.Player), "side": string(tn.Side), "index": tn.Index,
			"coin": Number(tn.Coin), "a": Number(tn.A), "b": Number(tn.B), "final": Number(tn.Final), "other": nil,
		}
		if tn.Other != nil {
			m["other"] = Number(tn.Other)
		}
		t.Turns[i] = m
	}
	return t
}

func (t *CoinsTrace) TypeName() string { return "coins trace" }

// Text is the table of turns, then the result's summary. A long game shows
// its first and last turns (see traceRows).
func (t *CoinsTrace) Text() string { return TextOf(t, false) }

func (t *CoinsTrace) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "turn\tplayer\tside\tcoin\tat\tA\tB\tmover ends with\tother end gives\t")
	skipped := TraceRows(len(t.raw), full, func(i int) {
		tn := t.raw[i]
		other := "–"
		if tn.Other != nil {
			other = tn.Other.String()
		}
		fmt.Fprintf(tw, "%d\t%c\t%c\t%s\t%d\t%s\t%s\t%s\t%s\t\n", tn.Turn, tn.Player, tn.Side, tn.Coin, tn.Index, tn.A, tn.B, tn.Final, other)
	}, func(k int) { fmt.Fprintf(tw, "…\t\t\t\t\t\t\t\t\t\n") })
	tw.Flush()
	text := TrimLines(b.String())
	if skipped > 0 {
		text += fmt.Sprintf(`(%d turns not shown: t.turns[i] has each; text(t) or save(t, "t.txt") lists them all)`+"\n", skipped)
	}
	return WriteString(w, text+TextOf(t.Result, full))
}

// Trace tables of more than maxTraceRows rows show their first traceHead
// and last traceTail rows.
const maxTraceRows, traceHead, traceTail = 200, 20, 10

// TraceRows calls row for each row of a table of n rows, or, when the
// table is too long and full is false, for the first and last few with gap
// between them; it returns how many rows it left out.
func TraceRows(n int, full bool, row func(i int), gap func(skipped int)) int {
	if full || n <= maxTraceRows {
		for i := range n {
			row(i)
		}
		return 0
	}
	for i := range traceHead {
		row(i)
	}
	gap(n - traceHead - traceTail)
	for i := n - traceTail; i < n; i++ {
		row(i)
	}
	return n - traceHead - traceTail
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
		return Answered(r.After.MakeCard(why), " after the move", why, "the board is t.result.after")
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
	return card(fmt.Sprintf("points for player %d on a board of size %d", r.Player, r.N), []string{
		fmt.Sprintf("best %d at %s; worst %d", r.Best, vertexList(r.Moves), worst),
		fmt.Sprintf("of %d empty vertices %d gain points, %d lose points, %d neither", gain+lose+zero, gain, lose, zero),
	}, why, `h.result.points[r-1][p-1] is the points at (r,p); text(h) or save(h, "h.txt") or save(h, "h.svg") draws it all`)
}

// TrimLines drops the trailing blanks tabwriter leaves on each line.
func TrimLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// PolygonTrace is trace(polygon): the chain left after each move of the plan.
type PolygonTrace struct {
	// Steps holds per move: move (from 1), edge (its original number), op,
	// left and right (the values it joined), value (their result; nil for
	// move 1, which deletes the edge), values and edges (the chain after the
	// move: values[k] and values[k+1] are joined by edge edges[k]).
	Steps  []map[string]any `expr:"steps"`
	Result *PolygonResult   `expr:"result"`

	raw []polygon.Step
	tr  *polygon.Trace // the chain after step i on demand: tr.Chain(i)
}

func newPolygonTrace(r *PolygonResult, tr *polygon.Trace) *PolygonTrace {
	t := &PolygonTrace{Result: r, raw: tr.Steps, tr: tr}
	t.Steps = make([]map[string]any, len(t.raw))
	// The chains share their numbers (each merge's value appears in every
	// later chain until merged again): convert each once, so the lists cost
	// an interface slot per entry, not a copy of the number.
	seen := map[*big.Int]any{}
	shared := func(b *big.Int) any {
		v, ok := seen[b]
		if !ok {
			v = Number(b)
			seen[b] = v
		}
		return v
	}
	for i, s := range t.raw {
		vals, edges := tr.Chain(i)
		values := make([]any, len(vals))
		for k, v := range vals {
			values[k] = shared(v)
		}
		m := map[string]any{
			"move": s.Move, "edge": s.Edge, "op": string(s.Op), "left": Number(s.Left), "right": Number(s.Right),
			"value": nil, "values": values, "edges": edges,
		}
		if s.Value != nil {
			m["value"] = Number(s.Value)
		}
		t.Steps[i] = m
	}
	return t
}

func (t *PolygonTrace) TypeName() string { return "polygon trace" }

// Text is one line per move: what it does and the chain left after it. A
// long game shows its first and last moves, and chains longer than a line
// are cut (see traceRows and maxChain).
func (t *PolygonTrace) Text() string { return TextOf(t, false) }

func (t *PolygonTrace) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tedge\tdoes\tchain after the move")
	cut := !full && !t.Result.Polygon.ring(nil).TextFits()
	skipped := TraceRows(len(t.raw), full, func(i int) {
		s := t.raw[i]
		does := fmt.Sprintf("delete %s %c %s", s.Left, s.Op, s.Right)
		if s.Value != nil {
			does = fmt.Sprintf("%s %c %s = %s", s.Left, s.Op, s.Right, s.Value)
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\n", s.Move, s.Edge, does, t.chain(i, cut))
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t") })
	tw.Flush()
	text := TrimLines(b.String())
	if skipped > 0 || cut {
		text += fmt.Sprintf(`(%d moves; t.steps[i] has each; text(t) or save(t, "t.txt") lists them all in full)`+"\n", len(t.raw))
	}
	return WriteString(w, text+TextOf(t.Result, full))
}

// maxChain is how many characters of a chain a cut trace shows.
const maxChain = 100

// chain writes a step's chain as "-8 * -5 + 8", operators from the edges;
// when cut, only its first maxChain characters and how many values it has.
func (t *PolygonTrace) chain(i int, cut bool) string {
	var b strings.Builder
	values, edges := t.tr.Chain(i)
	for k, v := range values {
		if cut && b.Len() > maxChain {
			fmt.Fprintf(&b, " … (%d values)", len(values))
			break
		}
		if k > 0 {
			fmt.Fprintf(&b, " %c ", t.Result.Polygon.p.Ops[edges[k-1]-1])
		}
		b.WriteString(v.String())
	}
	return b.String()
}
