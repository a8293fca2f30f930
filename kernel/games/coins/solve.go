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
		return nil, games.SolverError(fn, err)
	}
	a, b := new(big.Int).Set(s.h.Total("A")), new(big.Int).Set(s.h.Total("B"))
	mover, other := a, b
	if s.mover() == "B" {
		mover, other = b, a
	}
	mover.Add(mover, res.Best)
	other.Add(other, res.Second)
	out := &Result{N: res.N, Best: games.Number(a), Second: games.Number(b), Diff: games.Number(new(big.Int).Sub(a, b)),
		Moves: res.Moves, Optimal: []string{}, Played: s.value().Moves, RuleMap: s.coins.rules.Map(),
		Coins: s.coins, res: res, start: s}
	for _, m := range res.Optimal {
		out.Optimal = append(out.Optimal, m.String())
	}
	return out, nil
}

// warnEstimate is how long a solve may be expected to take before solving
// says so first.
const warnEstimate = 10 * time.Second

// Solve is solve(c): c has no other argument.
func (c *Coins) Solve(env *builtin.Env, fn string, args []any) (any, error) {
	if err := games.Unpack(fn, args, "c", new(any)); err != nil {
		return nil, err
	}
	return solveFrom(env, fn, start(c))
}

// Solve is solve(position): from the position on, its moves kept apart.
func (c *Position) Solve(env *builtin.Env, fn string, args []any) (any, error) {
	if err := games.Unpack(fn, args, "x", new(any)); err != nil {
		return nil, err
	}
	if c.N == 0 {
		return nil, builtin.Errorf(builtin.GameError, "%s: no coins are left to play", fn)
	}
	return solveFrom(env, fn, c.st)
}

// Evaluate is the position's value for its mover, every optimal move, and
// the move solve's line makes: under the default rules the seed's (L only
// when strictly better), else the first optimal one in the game's order.
func (c *Position) Evaluate(env *builtin.Env) (*games.Eval, error) { return evaluate(env, c.st) }
func (c *Coins) Evaluate(env *builtin.Env) (*games.Eval, error)    { return evaluate(env, start(c)) }

func evaluate(env *builtin.Env, s state) (*games.Eval, error) {
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
	out.Choice = out.Best[0]
	if s.coins.rules.IsDefault() && s.at.Left() == 1 {
		// The last coin is both ends: the default game has always listed
		// both L and R as optimal there (and plays L).
		out.Best = []games.Move{move{solver.Move{Side: 'L', Count: 1}}, move{solver.Move{Side: 'R', Count: 1}}}
	}
	if s.coins.rules.IsDefault() && len(ev.Moves) == 2 {
		// The seed's tie rule: L only when strictly better.
		out.Choice = move{ev.Moves[1]}
		if ev.After[0].Cmp(ev.After[1]) > 0 {
			out.Choice = move{ev.Moves[0]}
		}
	}
	return out
}

// ScoreLine scores a whole line in one pass of the DP.
func (c *Position) ScoreLine(env *builtin.Env, line []games.Move) ([]*games.Eval, error) {
	return scoreLine(env, c.st, line)
}
func (c *Coins) ScoreLine(env *builtin.Env, line []games.Move) ([]*games.Eval, error) {
	return scoreLine(env, start(c), line)
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
func (r *Result) Text() string { return games.WholeText(r) }

func (r *Result) ShownAs(name string) string { return games.ShownAs(r, name) }

// maxMoves is how many letters of the moves a summary shows.
const maxMoves = 200

func (r *Result) WriteText(w io.Writer, full bool) error {
	return r.WriteView(w, games.View{Full: full})
}

func (r *Result) WriteView(w io.Writer, v games.View) error {
	text := fmt.Sprintf("A %s, B %s, A − B = %s\nmoves %s\n", v.Value(r.Best), v.Value(r.Second), v.Value(r.Diff), v.Cut(r.Moves, maxMoves, "moves", "letters"))
	if r.Played != "" {
		text = fmt.Sprintf("after %s: ", v.Cut(r.Played, maxMoves, "played", "letters")) + text
	}
	if !r.Coins.rules.IsDefault() {
		text += "rules: " + r.Coins.rules.Describe() + "\n"
	}
	return games.WriteString(w, text)
}

// picture is the row, each coin coloured by who takes it: the moves
// already played, then the optimal line.
func (r *Result) picture() display.Row {
	row := r.Coins.picture(r.Played + r.Moves)
	if r.Coins.rules.Get("score") == "rest" {
		row.Scores = []string{games.FormatValue(r.Best), games.FormatValue(r.Second)}
	}
	return row
}

// SVG is the row, each coin coloured by who takes it.
func (r *Result) SVG() string { return games.SVGOf(r, false) }

func (r *Result) WriteSVG(w io.Writer, full bool) error {
	return games.DrawSVG(w, r.picture(), full, r.card, fmt.Sprintf("more than %d coins", display.MaxSVGCoins))
}

func (r *Result) WritePicture(w io.Writer, full bool) error {
	return games.DrawText(w, r.picture(), full, r.card, r.Coins.textWhy())
}

// card stands in for the picture of a row too long to draw.
func (r *Result) card(why string) display.Card {
	return games.Answered(r.Coins.card(why), fmt.Sprintf(": A %s, B %s", games.View{}.Value(r.Best), games.View{}.Value(r.Second)), why, "trace(x.coins) shows each turn; "+games.ResultSee)
}

// JSONValue is the batch commands' --format json object for a row ("rules"
// added when they are not the default); a position's adds the moves
// already played and every optimal move from there.
func (r *Result) JSONValue() any {
	if r.Played == "" {
		return json.RawMessage(appendJSON(nil, r.res, r.Coins.rules.Changed()))
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
	if !r.Coins.rules.IsDefault() {
		out.Rules = r.Coins.rules.Changed()
	}
	return out
}

// Explain is explain(solve(c)): the game tree from where the result
// starts.
func (r *Result) Explain(env *builtin.Env, args []any) (any, error) {
	depth := 3
	if err := games.Unpack("explain", args, "x", new(any), "depth?", games.Between(&depth, 1, 6)); err != nil {
		return nil, err
	}
	return games.GameTree(env, r.start.value(), depth)
}
