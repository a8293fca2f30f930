package coins

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"time"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
	solver "gamelab/solvers/coins"
)

// Result is solve(c) or solve(position): optimal play from there on.
type Result struct {
	N      int    `expr:"n"`      // coins solved: the row's, or those left in a position
	Best   any    `expr:"best"`   // A's (the first player's) total at the end
	Second any    `expr:"second"` // B's total at the end
	Diff   any    `expr:"diff"`   // best − second
	Moves  string `expr:"moves"`  // one optimal line from here: L/R per turn (L2, R3 for more coins)
	// Optimal lists every optimal move from here, in the game's order.
	Optimal []string       `expr:"optimal"`
	Played  string         `expr:"played"` // the moves made before here ("" for a row)
	RuleMap map[string]any `expr:"rules"`
	Coins   *Coins         `expr:"coins"`

	res   *solver.Result
	start state
}

func (r *Result) TypeName() string { return "coins result" }

// solveFrom plays s on optimally for both players.
func solveFrom(env *builtin.Env, fn string, s state) (*Result, error) {
	g := s.game()
	if err := env.Reserve(g.SolveBytes()); err != nil {
		return nil, err // before the table is allocated, so the session's memory stays its own
	}
	if g.SolveBytes() <= solver.MaxTableBytes { // else refused at once: no time to warn of
		if est := g.Estimate(env.Ctx); est > warnEstimate {
			// Said before the solve starts, so the user knows why it takes
			// a while and what stops it (the progress line, where there is
			// one, says the time left).
			env.Warning(fmt.Sprintf("%s: %d coins (a move table of %d MiB) take %s",
				fn, len(g.Coins), g.SolveBytes()>>20, env.Long(est, false, "the solve")))
		}
	}
	res, err := g.Solve(env.Ctx, env.Report)
	if err != nil {
		return nil, kit.SolverError(fn, err)
	}
	a, b := new(big.Int).Set(s.h.Total("A")), new(big.Int).Set(s.h.Total("B"))
	mover, other := a, b
	if s.mover() == "B" {
		mover, other = b, a
	}
	mover.Add(mover, res.Best)
	other.Add(other, res.Second)
	out := &Result{N: res.N, Best: kit.Number(a), Second: kit.Number(b), Diff: kit.Number(new(big.Int).Sub(a, b)),
		Moves: res.Moves, Optimal: []string{}, Played: s.value().Moves, RuleMap: s.row.rmap,
		Coins: s.row.start, res: res, start: s}
	for _, m := range res.Optimal {
		out.Optimal = append(out.Optimal, m.String())
	}
	return out, nil
}

// warnEstimate is how long a solve may be expected to take before solving
// says so first.
const warnEstimate = 10 * time.Second

// Solve is solve(c): from where c stands on, the moves made kept apart.
func (c *Coins) Solve(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, c.argName(), new(any)); err != nil {
		return nil, err
	}
	if c.N == 0 {
		return nil, builtin.Errorf(builtin.GameError, "%s: no coins are left to play", fn)
	}
	return solveFrom(env, fn, c.st)
}

// argName is how a builtin's messages name c: c, or x for a position
// part-way.
func (c *Coins) argName() string {
	if c.started() {
		return "x"
	}
	return "c"
}

// Evaluate is the position's value for its mover, every optimal move, and
// the move solve's line makes: under the default rules the seed's (L only
// when strictly better), else the first optimal one in the game's order.
func (c *Coins) Evaluate(env *builtin.Env) (*games.Eval, error) { return evaluate(env, c.st) }

func evaluate(env *builtin.Env, s state) (*games.Eval, error) {
	if s.at.Left() == 0 { // the game is over: nothing more to win
		return &games.Eval{Value: new(big.Int)}, nil
	}
	g := s.game()
	if err := env.Reserve(g.LineBytes(0)); err != nil {
		return nil, err
	}
	ev, err := g.Eval(env.Ctx)
	if err != nil {
		return nil, err
	}
	return toEval(s, *ev), nil
}

// toEval is the solver's Eval as the engine's.
func toEval(s state, ev solver.Eval) *games.Eval {
	out := &games.Eval{Value: ev.Value, Best: make([]games.Move, 0, len(ev.Moves))}
	for _, m := range ev.Best() {
		out.Best = append(out.Best, boxed(m))
	}
	if len(out.Best) == 0 {
		return out
	}
	// The last coin is both ends, and one move: L, as Legal, after and
	// solve write it (R there is read as the same move).
	out.Choice = out.Best[0]
	if s.row.rules.IsDefault() && len(ev.Moves) == 2 {
		// The seed's tie rule: L only when strictly better.
		out.Choice = move{ev.Moves[1]}
		if ev.After[0].Cmp(ev.After[1]) > 0 {
			out.Choice = move{ev.Moves[0]}
		}
	}
	return out
}

// ScoreLine scores a whole line in one pass of the DP.
func (c *Coins) ScoreLine(env *builtin.Env, line []games.Move) ([]*games.Eval, error) {
	return scoreLine(env, c.st, line)
}

func scoreLine(env *builtin.Env, s state, line []games.Move) ([]*games.Eval, error) {
	evs, err := lineEvals(env, s, line)
	if err != nil {
		return nil, err
	}
	out := make([]*games.Eval, len(evs))
	st := s
	for i, ev := range evs {
		out[i] = toEval(st, ev)
		if i < len(line) {
			st, _ = st.play(line[i])
		}
	}
	return out, nil
}

// lineEvals is the solver's Eval of every position of line from s: the
// value and what each legal move keeps.
func lineEvals(env *builtin.Env, s state, line []games.Move) ([]solver.Eval, error) {
	g := s.game()
	if err := env.Reserve(g.LineBytes(len(line))); err != nil {
		return nil, err
	}
	ms := make([]solver.Move, len(line))
	for i, m := range line {
		ms[i] = m.(move).m
	}
	return g.Line(env.Ctx, ms, env.Report)
}

// Text is the whole summary: the two totals, the difference, the moves,
// the rules when they are not the default. ShownAs is it as a screen shows
// it: long totals shortened, the moves cut after maxMoves letters.
func (r *Result) Text() string { return kit.WholeText(r) }

func (r *Result) ShownAs(name string) string { return kit.ShownAs(r, name) }

// maxMoves is how many letters of the moves a summary shows.
const maxMoves = 200

func (r *Result) WriteText(w io.Writer, full bool) error {
	return r.WriteView(w, kit.View{Full: full})
}

func (r *Result) WriteView(w io.Writer, v kit.View) error {
	text := fmt.Sprintf("A %s, B %s, A − B = %s\nmoves %s\n", v.Value(r.Best), v.Value(r.Second), v.Value(r.Diff), v.Cut(r.Moves, maxMoves, "moves", "letters"))
	if r.Played != "" {
		text = fmt.Sprintf("after %s: ", v.Cut(r.Played, maxMoves, "played", "letters")) + text
	}
	if !r.Coins.rules().IsDefault() {
		text += "rules: " + r.Coins.rules().Describe() + "\n"
	}
	return kit.WriteString(w, text)
}

// picture is the row, each coin coloured by who takes it: the moves
// already played, then the optimal line.
func (r *Result) picture() display.Row {
	row := r.Coins.rowPicture(r.Played + r.Moves)
	if r.Coins.rules().Get("score") == "rest" {
		row.Scores = []string{kit.FormatValue(r.Best), kit.FormatValue(r.Second)}
	}
	return row
}

// SVG is the row, each coin coloured by who takes it.
func (r *Result) SVG() string { return kit.SVGOf(r, false) }

func (r *Result) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, r.picture(), full, r.card, fmt.Sprintf("more than %d coins", display.MaxSVGCoins))
}

func (r *Result) WritePicture(w io.Writer, full bool) error {
	return kit.DrawText(w, r.picture(), full, r.card, r.Coins.textWhy())
}

// card stands in for the picture of a row too long to draw.
func (r *Result) card(why string) display.Card {
	return kit.Answered(r.Coins.card(why), fmt.Sprintf(": A %s, B %s", kit.View{}.Value(r.Best), kit.View{}.Value(r.Second)), why, "trace(x.coins) shows each turn; "+kit.ResultSee)
}

// JSONValue is the batch commands' --format json object for a row ("rules"
// added when they are not the default); a position's adds the moves
// already played and every optimal move from there.
func (r *Result) JSONValue() any {
	if r.Played == "" {
		return json.RawMessage(appendJSON(nil, r.res, r.Coins.rules().Changed()))
	}
	out := struct {
		N       int            `json:"n"`
		Best    any            `json:"best"`
		Second  any            `json:"second"`
		Diff    any            `json:"diff"`
		Moves   string         `json:"moves"`
		Optimal []string       `json:"optimal"`
		Played  string         `json:"played"`
		Rules   map[string]any `json:"rules,omitempty"`
	}{r.N, r.Best, r.Second, r.Diff, r.Moves, r.Optimal, r.Played, nil}
	if !r.Coins.rules().IsDefault() {
		out.Rules = r.Coins.rules().Changed()
	}
	return out
}

// Explain is explain(solve(c)): the game tree from where the result
// starts.
func (r *Result) Explain(env *builtin.Env, args []any) (any, error) {
	depth := 3
	if err := kit.Unpack("explain", args, "x", new(any), "depth?", kit.Between(&depth, 1, 6)); err != nil {
		return nil, err
	}
	return tools.GameTree(env, r.start.value(), depth)
}
