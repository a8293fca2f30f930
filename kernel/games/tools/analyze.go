package tools

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	registerTool(&tool{help: func(h *games.Help) string { return h.Analyze }, Builtin: &builtin.Builtin{
		Name:      "analyze",
		Signature: `analyze(x, moves)`,
		Doc: `Scores a line of play from x (a game value or a position from after) move by move. ` +
			`moves are as after takes them. The record's moves list each turn's turn, player, move, ` +
			`best (every optimal move there, in the game's order), value (what the mover could ` +
			`guarantee before the move), after (the same once the move is made) and loss, how much worse ` +
			`after is than value for the mover: value − after, or after − value where the mover wants the ` +
			`smallest value (the polygon under goal "min"); never negative, 0 exactly for an optimal move. ` +
			`loss sums it per player; totals (or score, for a ` +
			`game scored at its end) is the outcome; start and end are the positions before and after ` +
			`the line. A line from a position goes on from it: turns are numbered and totals counted from ` +
			`the moves already played. plot(r) draws the value along the line.`,
		Example: `analyze(coins([10, 80, 90, 30]), "LRLR").loss`,
		Returns: []any{&Analysis{}},
		Fn:      fnAnalyze,
	}})
}

// Analysis is analyze(x, moves): a line of play scored move by move.
type Analysis struct {
	Game string `expr:"game"` // the game's name: "polygon", "coins", "lifeline"
	// Moves holds per turn: turn, player, move, best, value, after, loss.
	Moves []map[string]any `expr:"moves"`
	// Loss is the points lost by moves that were not optimal: one number
	// for a one-player game (the polygon), else per player ({"A", "B"},
	// Life Line by stone).
	Loss   any            `expr:"loss"`
	Totals map[string]any `expr:"totals"` // what each player scored (games that score moves); nil else
	Score  any            `expr:"score"`  // a game scored at its end: the final value once the line ends it, else nil
	Start  any            `expr:"start"`  // the position before the line
	End    any            `expr:"end"`    // the position after it

	game  *games.Game
	turns []turnRec
	alone bool // each turn is scored on its own (Carry 0): plot draws best and got
	// side is, per turn and once more at the end, the value from the first
	// player's side for plot: in a two-player game the first player's final
	// margin still guaranteed; else the value itself.
	side []*big.Int
}

// turnRec is one turn of an analysis, exact.
type turnRec struct {
	turn               int
	player             string
	move               string   // as the text shows it
	moveVal            any      // as expr and json see it
	best               []string // the same, for each optimal move
	bestVal            []any
	value, after, loss *big.Int
	extra              map[string]any // what the game adds of the move (Annotator)
	words              string
}

func (a *Analysis) TypeName() string { return "analysis" }

// finish builds the expr view of the turns and the per-player loss.
func (a *Analysis) finish(players []string) {
	a.Moves = make([]map[string]any, len(a.turns))
	loss := map[string]*big.Int{}
	for _, p := range players {
		loss[p] = new(big.Int)
	}
	for i, t := range a.turns {
		a.Moves[i] = map[string]any{
			"turn": t.turn, "player": playerValue(t.player), "move": t.moveVal, "best": t.bestVal,
			"value": kit.Number(t.value), "after": kit.Number(t.after), "loss": kit.Number(t.loss),
		}
		for k, v := range t.extra {
			a.Moves[i][k] = v
		}
		if loss[t.player] == nil {
			loss[t.player] = new(big.Int)
		}
		loss[t.player].Add(loss[t.player], t.loss)
	}
	if a.game.Turns == games.Solo {
		a.Loss = kit.Number(loss[a.game.Players[0]])
		return
	}
	m := map[string]any{}
	for p, v := range loss {
		m[p] = kit.Number(v)
	}
	a.Loss = m
}

// listPlayers puts every one of players in the totals and the losses,
// 0 for one who never moved: a match lists everyone it was played with,
// as a tournament's rows do (Life Line's stones need not all get a turn).
func (a *Analysis) listPlayers(players []string) {
	loss, _ := a.Loss.(map[string]any)
	for _, p := range players {
		if _, ok := a.Totals[p]; !ok && a.Totals != nil {
			a.Totals[p] = 0
		}
		if _, ok := loss[p]; !ok && loss != nil {
			loss[p] = 0
		}
	}
}

// playerValue is a player as expr and json see it: a number for a player
// named by one ("1", a stone), else the name ("A").
func playerValue(p string) any {
	if n, err := strconv.Atoi(p); err == nil {
		return n
	}
	return p
}

func fnAnalyze(env *builtin.Env, args ...any) (any, error) {
	var x, moves any
	if err := kit.Unpack("analyze", args, "x", &x, "moves", &moves); err != nil {
		return nil, err
	}
	p, ok := x.(games.Position)
	if !ok {
		return nil, kit.BadType("analyze", 1, "x", kindsOf("analyze", is[games.Position]), x)
	}
	line, err := ParseLine(p, "analyze", 2, moves)
	if err != nil {
		return nil, err
	}
	for _, w := range warnings(p) {
		env.Warning(w)
	}
	return Analyze(env, "analyze", p, line)
}

// Analyze scores line from p for any caller (play scores each move with
// it). The whole line is checked before anything is solved, so an illegal
// move is reported at once.
func Analyze(env *builtin.Env, fn string, p games.Position, line []games.Move) (*Analysis, error) {
	_, positions, err := PlayLineIn(env, p, fn, 2, line)
	if err != nil {
		return nil, err
	}
	evals, err := scoreLine(env, p, positions, line)
	if err != nil {
		return nil, kit.SolverError(fn, err)
	}
	g := p.Game()
	a := &Analysis{Game: g.Name, Start: p, End: positions[len(positions)-1], game: g}
	h := p.History()
	totals := map[string]*big.Int{}
	players := slices.Clone(g.Players)
	if h != nil {
		for pl, v := range h.Totals {
			totals[pl] = new(big.Int).Set(v)
		}
	}
	for t := range line {
		if env.Meter != nil {
			env.Meter.Tick()
		}
		pos, ev := positions[t], evals[t]
		m := Played(positions[t+1]) // as the game writes it, whatever the line's spelling
		st := pos.Step(m)
		a.alone = a.alone || st.Carry == games.CarryNone
		after := games.AfterValue(st, evals[t+1].Value)
		rec := turnRec{turn: h.Len() + t + 1, player: pos.Mover(), move: m.String(), moveVal: m.Value(),
			value: ev.Value, after: after, loss: games.Loss(pos, ev.Value, after), bestVal: []any{}}
		for _, b := range ev.Best {
			rec.best = append(rec.best, b.String())
			rec.bestVal = append(rec.bestVal, b.Value())
		}
		if an, ok := pos.(games.Annotator); ok {
			rec.extra, rec.words = an.Annotate(m)
		}
		a.turns = append(a.turns, rec)
		a.side = append(a.side, sideValue(g, pos, totals, ev.Value, st.Carry))
		if t == len(line)-1 { // what the last move still guarantees, from before it
			a.side = append(a.side, sideValue(g, pos, totals, after, st.Carry))
		}
		if st.Reward != nil {
			if totals[rec.player] == nil {
				totals[rec.player] = new(big.Int)
			}
			totals[rec.player].Add(totals[rec.player], st.Reward)
		}
		if !slices.Contains(players, rec.player) {
			players = append(players, rec.player)
		}
	}
	if g.Scoring == games.PerMove { // a game that scores its moves: the totals are the outcome
		a.Totals = map[string]any{}
		for _, pl := range g.Players {
			a.Totals[pl] = 0
		}
		for pl, v := range totals {
			a.Totals[pl] = kit.Number(v)
		}
	}
	if end := positions[len(positions)-1]; g.Scoring == games.AtEnd && games.Over(end) {
		a.Score = kit.Number(end.Terminal())
	}
	a.finish(players)
	return a, nil
}

// scoreLine is the Eval of every position of a line (positions[t] the one
// move t is made from, the last where it ends): in one pass where the
// game can, else position by position with its solver.
func scoreLine(env *builtin.Env, p games.Position, positions []games.Position, line []games.Move) ([]*games.Eval, error) {
	if ls, ok := p.(games.LineScorer); ok && len(line) > 0 {
		return ls.ScoreLine(env, line)
	}
	evals := make([]*games.Eval, len(positions))
	ev := games.NewEvaluator(env)
	for i, pos := range positions {
		if i > 0 && i < len(positions)-1 {
			env.Report(int64(i), int64(len(positions)))
		}
		if games.Over(pos) {
			evals[i] = &games.Eval{Value: pos.Terminal()}
			continue
		}
		e, err := ev.Eval(pos)
		if err != nil {
			return nil, err
		}
		evals[i] = e
	}
	return evals, nil
}

// sideValue is the value of a turn seen from the first player's side, for
// plot: in a game of two players who alternate (Carry −1) the first
// player's final margin, their total minus the other's so far plus or
// minus the mover's margin v; else v itself.
func sideValue(g *games.Game, pos games.Position, totals map[string]*big.Int, v *big.Int, carry games.Carry) *big.Int {
	if carry != games.CarryNegated || len(g.Players) != 2 {
		return v
	}
	first, second := g.Players[0], g.Players[1]
	side := new(big.Int)
	if t := totals[first]; t != nil {
		side.Add(side, t)
	}
	if t := totals[second]; t != nil {
		side.Sub(side, t)
	}
	if pos.Mover() == first {
		return side.Add(side, v)
	}
	return side.Sub(side, v)
}

// Text is the whole table of turns, then the losses and the outcome.
// ShownAs is it as a screen shows it: a long line's first and last turns
// (see TraceRows), long lists of best moves cut, long numbers shortened.
func (a *Analysis) Text() string { return kit.WholeText(a) }

func (a *Analysis) ShownAs(name string) string { return kit.ShownAs(a, name) }

func (a *Analysis) WriteText(w io.Writer, full bool) error {
	return a.WriteView(w, kit.View{Full: full})
}

func (a *Analysis) WriteView(w io.Writer, v kit.View) error {
	full := v.Full
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "turn\tplayer\tmove\tvalue\tafter\tloss\tbest moves")
	skipped := kit.TraceRows(len(a.turns), full, func(i int) {
		t := a.turns[i]
		loss := v.Number(t.loss)
		if t.loss.Sign() > 0 {
			loss += " ✗"
		}
		best := v.List(len(t.best), " ", func(i int) string { return t.best[i] }, fmt.Sprintf("moves[%d].best", i+1))
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", t.turn, t.player, t.move, v.Number(t.value), v.Number(t.after), loss, best)
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t\t\t\t") })
	tw.Flush()
	text := kit.TrimLines(b.String())
	if len(a.turns) == 0 {
		text = "no moves\n"
	}
	if skipped > 0 {
		text += fmt.Sprintf("(%d turns not shown: %s has each; %s lists them all)\n", skipped, v.Ref("moves[i]"), v.TextCall())
	}
	text += "loss: " + a.byPlayer(v, a.Loss) + "\n"
	switch {
	case a.game.Scoring == games.AtEnd && a.Score != nil:
		text += fmt.Sprintf("score: %s\n", v.Value(a.Score))
	case a.game.Scoring == games.AtEnd:
		text += "score: none yet (" + a.game.Words.Unfinished + ")\n"
	default:
		text += "totals: " + a.byPlayer(v, a.Totals) + "\n"
	}
	return kit.WriteString(w, text)
}

// byPlayer writes a per-player map as "A 20, B 0" (Life Line "stone 4 3").
func (a *Analysis) byPlayer(v kit.View, x any) string {
	m, ok := x.(map[string]any)
	if !ok {
		return v.Value(x)
	}
	keys := kit.SortedKeys(m)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strings.TrimLeft(a.game.Words.Player+" "+k+" "+v.Value(m[k]), " ")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// jsonTurn is a turn as json() writes it: the fields of Analysis.Moves in
// the order the documentation lists them.
type jsonTurn struct {
	Turn   int   `json:"turn"`
	Player any   `json:"player"`
	Move   any   `json:"move"`
	Best   []any `json:"best"`
	Value  any   `json:"value"`
	After  any   `json:"after"`
	Loss   any   `json:"loss"`
}

func (a *Analysis) JSONValue() any {
	moves := make([]json.RawMessage, len(a.Moves))
	for i, m := range a.Moves {
		b, _ := json.Marshal(jsonTurn{m["turn"].(int), m["player"], m["move"], m["best"].([]any), m["value"], m["after"], m["loss"]})
		// What the game adds of a move follows the common fields, its keys sorted.
		for _, k := range kit.SortedKeys(a.turns[i].extra) {
			kb, _ := json.Marshal(k)
			vb, _ := json.Marshal(kit.JSONValue(a.turns[i].extra[k]))
			b = append(append(append(append(b[:len(b)-1], ','), kb...), ':'), append(vb, '}')...)
		}
		moves[i] = b
	}
	return struct {
		Game   string            `json:"game"`
		Moves  []json.RawMessage `json:"moves"`
		Loss   any               `json:"loss"`
		Totals map[string]any    `json:"totals,omitempty"`
		Score  any               `json:"score,omitempty"`
	}{a.Game, moves, a.Loss, a.Totals, a.Score}
}

// FirstLoss is the first move of the line that is not optimal: its turn,
// its text, what it loses and the optimal moves there; ok is false when
// every move is optimal.
func (a *Analysis) FirstLoss() (turn int, move string, loss *big.Int, best []string, ok bool) {
	for _, t := range a.turns {
		if t.loss.Sign() > 0 {
			return t.turn, t.move, t.loss, t.best, true
		}
	}
	return 0, "", nil, nil, false
}
