package polygon

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/printer"
	solver "gamelab/solvers/polygon"
)

// Result is solve(p): the ring played optimally under its goal.
type Result struct {
	N       int            `expr:"n"`
	Scores  []any          `expr:"scores"`  // per first edge 1..n, the best score (under the goal)
	Worst   []any          `expr:"worst"`   // per first edge 1..n, the worst score
	Best    any            `expr:"best"`    // the best score overall
	Optimal []int          `expr:"optimal"` // every optimal first edge, increasing
	First   int            `expr:"first"`   // the plan's first edge (the smallest optimal)
	Merges  []int          `expr:"merges"`  // the plan's n−1 merges, by original edge number
	Expr    string         `expr:"expr"`    // the plan as a bracketed expression
	RuleMap map[string]any `expr:"rules"`
	Polygon *Polygon       `expr:"polygon"`

	res *solver.Result
}

func (r *Result) TypeName() string { return "polygon result" }

// options are the solver's options for a solve under p's rules in env:
// its goal, the cell's progress, and what the memory budget has room for
// as the table limit, so that the solver refuses an instance that would
// pass it before allocating, level by level, rather than being stopped
// once the heap has grown past it.
func options(env *builtin.Env, p *Polygon) (solver.Options, int64) {
	room := min(env.Headroom(), solver.DefaultMaxTableBytes)
	return solver.Options{Progress: env.Report, MaxTableBytes: room, Goal: goalOf(p.rules)}, room
}

// solverErr turns a solver's refusal of a table too large for the budget
// into a MemoryError; other errors keep their type under fn's name.
func solverErr(fn string, err error, room int64, what string) error {
	var size *solver.SizeError
	if errors.As(err, &size) && room < solver.DefaultMaxTableBytes {
		return builtin.Errorf(builtin.MemoryError, "%s: %s of %d values needs about %s, more than the %s the memory budget has left (budget(bytes) changes it)",
			fn, what, size.N, builtin.ByteSize(size.Need), builtin.ByteSize(room))
	}
	return kit.SolverError(fn, err)
}

// Solve is solve(p); solve(chain) from the chain on, its moves kept apart.
func (p *Polygon) Solve(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, p.argName(), new(any)); err != nil {
		return nil, err
	}
	if p.isChain() {
		return solveChain(env, fn, p)
	}
	return solveRing(env, fn, p)
}

// argName is how a builtin's messages name p: p, or x for a chain.
func (p *Polygon) argName() string {
	if p.isChain() {
		return "x"
	}
	return "p"
}

func solveRing(env *builtin.Env, fn string, p *Polygon) (*Result, error) {
	opts, room := options(env, p)
	if est, err := solver.ModelSolve(p.p, opts); err == nil {
		warnLong(env, fn, est, opts.MaxTableBytes, fmt.Sprintf("a ring of %d vertices", p.N))
	}
	r, err := solver.SolveWith(env.Ctx, p.p, opts)
	if err != nil {
		return nil, solverErr(fn, err, room, "a ring")
	}
	return &Result{
		N: r.N, Scores: kit.Numbers(r.Scores), Worst: kit.Numbers(r.Worst), Best: kit.Number(r.Best),
		Optimal: r.Optimal, First: r.First, Merges: r.Merges, Expr: r.Expr(), RuleMap: p.rules.Map(),
		Polygon: p, res: r,
	}, nil
}

// warnEstimate is how long a solve may be expected to take before solving
// says so first.
const warnEstimate = 10 * time.Second

// warnLong says, before a solve the solver's cost model puts over
// warnEstimate, about how long it takes and that Ctrl-C stops it. The
// estimate is the model's at the project's speeds (solver.ModelSolve), not
// a timed probe of this machine: it depends on the instance alone, so a
// session says the same on every machine at any load, and its saved
// transcript replays (a probe's warning came and went with the load).
func warnLong(env *builtin.Env, fn string, est solver.Estimate, room int64, what string) {
	if est.Time <= warnEstimate || est.Bytes > room {
		return // quick, or refused for its memory at once: no time to warn of
	}
	env.Warning(fmt.Sprintf("%s: %s takes %s", fn, what, env.Long(est.Time, est.Rough, "the solve")))
}

// Text is the whole summary (print, text): best score, plan, scores per
// first edge. ShownAs is it as a screen shows it: long numbers shortened,
// long lists cut after MaxListed items, saying which field holds them all.
func (r *Result) Text() string { return kit.WholeText(r) }

func (r *Result) ShownAs(name string) string { return kit.ShownAs(r, name) }

func (r *Result) WriteText(w io.Writer, full bool) error {
	return r.WriteView(w, kit.View{Full: full})
}

func (r *Result) WriteView(w io.Writer, v kit.View) error {
	var b strings.Builder
	if r.N == 1 {
		fmt.Fprintf(&b, "best %s: one vertex, no move (its value is the score)\n", v.Number(r.res.Best))
	} else {
		fmt.Fprintf(&b, "best %s: delete edge %d first (optimal first edges: %s)\n", v.Number(r.res.Best), r.First, ints(v, r.Optimal, "optimal"))
	}
	if len(r.Merges) > 0 {
		fmt.Fprintf(&b, "then merge edges %s\n", ints(v, r.Merges, "merges"))
	}
	fmt.Fprintf(&b, "plan %s\n", v.Cut(r.Expr, maxPlan, "expr", "characters"))
	fmt.Fprintf(&b, "scores by first edge: %s\n", v.Numbers(r.res.Scores, "scores"))
	fmt.Fprintf(&b, "worst by first edge: %s\n", v.Numbers(r.res.Worst, "worst"))
	if d := r.Polygon.rules.Describe(); d != "" {
		fmt.Fprintf(&b, "rules: %s\n", d)
	}
	return kit.WriteString(w, b.String())
}

// maxPlan is how many characters of a plan a summary shows.
const maxPlan = 300

// ints writes edge numbers as View.List does.
func ints(v kit.View, xs []int, field string) string {
	return v.List(len(xs), " ", func(i int) string { return strconv.Itoa(xs[i]) }, field)
}

// SVG is the ring with the plan's first edge and the optimal ones marked.
func (r *Result) SVG() string { return kit.SVGOf(r, false) }

func (r *Result) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, r.Polygon.ring(r.res), full, r.card, fmt.Sprintf("more than %d vertices", display.MaxSVGVertices))
}

func (r *Result) WritePicture(w io.Writer, full bool) error {
	return kit.DrawText(w, r.Polygon.ring(r.res), full, r.card, r.Polygon.textWhy())
}

// card stands in for the picture of a ring too large to draw.
func (r *Result) card(why string) display.Card {
	return kit.Answered(r.Polygon.card(why), fmt.Sprintf(": best %s, first edge %d", printer.ShortNumber(r.res.Best), r.First), why, kit.ResultSee)
}

// JSONValue is the batch commands' --format json object, with "rules"
// when they are not the default.
func (r *Result) JSONValue() any {
	return json.RawMessage(appendJSON(nil, r.res, r.Polygon.rules.Changed()))
}

// Plot is plot(solve(p)): the scores by first edge.
func (r *Result) Plot() (any, error) {
	vals, texts, err := kit.ChartData("plot", 1, r.Scores)
	if err != nil {
		return nil, err
	}
	return kit.NewChart(display.Bars{Labels: kit.Labels1(r.N), Values: vals, Texts: texts,
		Caption: fmt.Sprintf("best score by first edge (best %s)", r.res.Best),
		XLabel:  "first edge deleted", YLabel: "best final score"}), nil
}

// ChainResult is solve(chain): the best final score from a polygon chain,
// every optimal next merge, and one plan.
type ChainResult struct {
	N       int      `expr:"n"`       // values left
	Best    any      `expr:"best"`    // the best final score still reachable (under the goal)
	Worst   any      `expr:"worst"`   // the worst
	Optimal []int    `expr:"optimal"` // every optimal next merge, by original edge number, increasing
	Merges  []int    `expr:"merges"`  // a plan: the merges left, in order
	Expr    string   `expr:"expr"`    // the plan as a bracketed expression
	Played  []int    `expr:"played"`  // the moves made before here: the deleted edge, then the merged ones
	Chain   *Polygon `expr:"chain"`

	res *solver.ChainResult
}

func (r *ChainResult) TypeName() string { return "chain result" }

func solveChain(env *builtin.Env, fn string, c *Polygon) (*ChainResult, error) {
	opts, room := options(env, c)
	if est, err := solver.ModelChain(c.st.chain(), opts); err == nil {
		warnLong(env, fn, est, opts.MaxTableBytes, fmt.Sprintf("a chain of %d values", c.N))
	}
	res, err := solver.SolveChain(env.Ctx, c.st.chain(), opts)
	if err != nil {
		return nil, solverErr(fn, err, room, "a chain")
	}
	r := &ChainResult{N: c.N, Best: kit.Number(res.Best), Worst: kit.Number(res.Worst), Optimal: []int{},
		Merges: []int{}, Expr: res.Expr(), Played: c.Moves, Chain: c, res: res}
	for _, k := range res.Optimal {
		r.Optimal = append(r.Optimal, c.st.edges[k-1])
	}
	slices.Sort(r.Optimal) // the chain's order is not the edges' numbers'
	for _, k := range res.Merges {
		r.Merges = append(r.Merges, c.st.edges[k-1])
	}
	return r, nil
}

// Text is the whole summary: best score, the optimal next merges, the
// plan; ShownAs shortens it as Result's does.
func (r *ChainResult) Text() string { return kit.WholeText(r) }

func (r *ChainResult) ShownAs(name string) string { return kit.ShownAs(r, name) }

func (r *ChainResult) WriteText(w io.Writer, full bool) error {
	return r.WriteView(w, kit.View{Full: full})
}

func (r *ChainResult) WriteView(w io.Writer, v kit.View) error {
	var b strings.Builder
	if r.N == 1 {
		fmt.Fprintf(&b, "the game is over: score %s\n", v.Number(r.res.Best))
		return kit.WriteString(w, b.String())
	}
	fmt.Fprintf(&b, "best %s from here (worst %s): merge edge %d next (optimal next merges: %s)\n",
		v.Number(r.res.Best), v.Number(r.res.Worst), r.Merges[0], ints(v, r.Optimal, "optimal"))
	fmt.Fprintf(&b, "plan: merge edges %s\n", ints(v, r.Merges, "merges"))
	fmt.Fprintf(&b, "plan %s\n", v.Cut(r.Expr, maxPlan, "expr", "characters"))
	if d := r.Chain.Polygon.rules.Describe(); d != "" {
		fmt.Fprintf(&b, "rules: %s\n", d)
	}
	return kit.WriteString(w, b.String())
}

func (r *ChainResult) picture() display.Chain {
	d := r.Chain.chainPicture(r.Optimal)
	d.Caption = fmt.Sprintf("best %s from here", r.res.Best) + r.Chain.Polygon.rulesNote()
	return d
}

// SVG is the chain with the optimal next merges marked.
func (r *ChainResult) SVG() string { return kit.SVGOf(r, false) }

func (r *ChainResult) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, r.picture(), full, r.card, fmt.Sprintf("more than %d values", display.MaxSVGVertices))
}

func (r *ChainResult) WritePicture(w io.Writer, full bool) error {
	return kit.DrawText(w, r.picture(), full, r.card, kit.TextWhy(r.N, display.MaxTextVertices, "values"))
}

func (r *ChainResult) card(why string) display.Card {
	return kit.Answered(r.Chain.card(why), fmt.Sprintf(": best %s", printer.ShortNumber(r.res.Best)), why, kit.ResultSee)
}

func (r *ChainResult) JSONValue() any {
	out := struct {
		N       int            `json:"n"`
		Best    any            `json:"best"`
		Worst   any            `json:"worst"`
		Optimal []int          `json:"optimal"`
		Merges  []int          `json:"merges"`
		Expr    string         `json:"expr"`
		Played  []int          `json:"played"`
		Rules   map[string]any `json:"rules,omitempty"`
	}{r.N, r.Best, r.Worst, r.Optimal, r.Merges, r.Expr, r.Played, nil}
	if rules := r.Chain.Polygon.rules; !rules.IsDefault() {
		out.Rules = rules.Changed()
	}
	return out
}

// Evaluate is the ring's value (the best score under the goal), every
// optimal first edge and the plan's first edge; a chain's value, every
// optimal next merge and the plan's next merge; at the end, the last
// value.
func (p *Polygon) Evaluate(env *builtin.Env) (*games.Eval, error) {
	if p.isChain() {
		return evaluateChain(env, p)
	}
	if p.st.over() { // one vertex: no move, its value the score
		return &games.Eval{Value: p.Terminal()}, nil
	}
	r, err := solveRing(env, "solve", p)
	if err != nil {
		return nil, err
	}
	return &games.Eval{Value: r.res.Best, Best: edges(r.Optimal), Choice: edge(r.First)}, nil
}

func evaluateChain(env *builtin.Env, c *Polygon) (*games.Eval, error) {
	if c.st.over() {
		return &games.Eval{Value: c.st.vals[0]}, nil
	}
	r, err := solveChain(env, "solve", c)
	if err != nil {
		return nil, err
	}
	return &games.Eval{Value: r.res.Best, Best: edges(r.Optimal), Choice: edge(r.Merges[0])}, nil
}

func edges(es []int) []games.Move {
	out := make([]games.Move, len(es))
	for i, e := range es {
		out[i] = edge(e)
	}
	return out
}

// ScoreLine solves every position of a line with the solver's chain
// engines: a full line of an n-vertex ring costs about n/12 ring solves.
func (p *Polygon) ScoreLine(env *builtin.Env, line []games.Move) ([]*games.Eval, error) {
	if p.isChain() {
		return scoreChainLine(env, p, line)
	}
	opts, room := options(env, p)
	moves := make([]int, len(line))
	for i, m := range line {
		moves[i] = int(m.(edge))
	}
	pos, err := solver.SolveLine(env.Ctx, p.p, moves, opts)
	if err != nil {
		return nil, solverErr("analyze", err, room, "a line")
	}
	return lineEvals(pos), nil
}

func scoreChainLine(env *builtin.Env, c *Polygon, line []games.Move) ([]*games.Eval, error) {
	opts, room := options(env, c)
	// The solver names a chain's merges by their place in it; the line
	// names them by original number.
	local := map[int]int{}
	for k, e := range c.st.edges {
		local[e] = k + 1
	}
	merges := make([]int, len(line))
	for i, m := range line {
		merges[i] = local[int(m.(edge))]
	}
	pos, err := solver.SolveChainLine(env.Ctx, c.st.chain(), merges, opts)
	if err != nil {
		return nil, solverErr("analyze", err, room, "a line")
	}
	evs := lineEvals(pos)
	for _, ev := range evs {
		for i, m := range ev.Best {
			ev.Best[i] = edge(c.st.edges[int(m.(edge))-1])
		}
		// In the game's order, the edges' numbers, as Legal lists them.
		slices.SortFunc(ev.Best, func(a, b games.Move) int { return int(a.(edge)) - int(b.(edge)) })
		if len(ev.Best) > 0 {
			ev.Choice = ev.Best[0]
		}
	}
	return evs, nil
}

func lineEvals(pos []solver.LinePosition) []*games.Eval {
	out := make([]*games.Eval, len(pos))
	for i, lp := range pos {
		out[i] = &games.Eval{Value: lp.Best, Best: edges(lp.Optimal)}
		if len(lp.Optimal) > 0 {
			out[i].Choice = edge(lp.Optimal[0])
		}
	}
	return out
}
