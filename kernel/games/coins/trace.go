package coins

import (
	"fmt"
	"io"
	"math/big"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/coins"
)

// Trace is trace(c): the optimal play from the row or position on, one row
// per turn.
type Trace struct {
	// Turns holds per turn: turn, player ("A"/"B"), move ("L", "R2"), coins
	// (the values it takes), gain (what it scores), a and b (the running
	// scores), and under the default rules from a row also side, index (the
	// coin's place in the row, from 1), coin, final (the mover's total at
	// the end) and other (what it would have been had the mover taken the
	// other end; nil on the last turn, which has no choice); under other
	// rules margin (what the mover guarantees from there) and other (the
	// best margin of any other move, nil when there is none).
	Turns  []map[string]any `expr:"turns"`
	Result *Result          `expr:"result"`

	seed []solver.Turn // the default game's table (not "turns": expr would find two fields of that name)
	rows []variantTurn // every other game's
}

// variantTurn is one turn of a trace under rules other than the default,
// or from a position part-way.
type variantTurn struct {
	turn          int
	player        string
	move          string
	taken         []*big.Int
	gain, a, b    *big.Int
	margin, other *big.Int // other is nil when the move was the only one
}

func (t *Trace) TypeName() string { return "coins trace" }

// Trace is trace(c): the optimal play from where c stands on.
func (c *Coins) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, c.argName(), new(any)); err != nil {
		return nil, err
	}
	if c.N == 0 {
		return nil, builtin.Errorf(builtin.GameError, "%s: no coins are left to play", fn)
	}
	return traceFrom(env, fn, c.st)
}

// Trace is trace(solve(c)): the result's optimal line played out, without
// solving again.
func (r *Result) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, "result", new(any)); err != nil {
		return nil, err
	}
	if r.N == 0 {
		return nil, builtin.Errorf(builtin.GameError, "%s: no coins are left to play", fn)
	}
	return traceOf(env, fn, r)
}

func traceFrom(env *builtin.Env, fn string, s state) (*Trace, error) {
	r, err := solveFrom(env, fn, s)
	if err != nil {
		return nil, err
	}
	return traceOf(env, fn, r)
}

// traceOf is the trace of the solve r, from its start on.
func traceOf(env *builtin.Env, fn string, r *Result) (*Trace, error) {
	s := r.start
	t := &Trace{Result: r}
	if s.row.rules.IsDefault() && s.h.Len() == 0 {
		turns, err := r.res.Trace(env.Ctx)
		if err != nil {
			return nil, kit.SolverError(fn, err)
		}
		t.seed = turns
		for _, tn := range turns {
			m := map[string]any{
				"turn": tn.Turn, "player": string(tn.Player), "side": string(tn.Side), "index": tn.Index,
				"coin": kit.Number(tn.Coin), "a": kit.Number(tn.A), "b": kit.Number(tn.B), "final": kit.Number(tn.Final), "other": nil,
			}
			if tn.Other != nil {
				m["other"] = kit.Number(tn.Other)
			}
			t.Turns = append(t.Turns, m)
		}
		return t, nil
	}
	line := make([]games.Move, len(r.res.Line))
	for i, m := range r.res.Line {
		line[i] = move{m}
	}
	evals, err := lineEvals(env, s, line)
	if err != nil {
		return nil, kit.SolverError(fn, err)
	}
	st := s
	for i, m := range line {
		ev := evals[i]
		var other *big.Int // the best after-value of any move but m
		for k, alt := range ev.Moves {
			if alt != m.(move).m && (other == nil || ev.After[k].Cmp(other) > 0) {
				other = ev.After[k]
			}
		}
		gain := st.step(m).Reward
		next, _ := st.play(m)
		lo, hi := st.at.Lo, next.at.Lo
		if next.at.Lo == st.at.Lo {
			lo, hi = next.at.Hi, st.at.Hi
		}
		vt := variantTurn{turn: st.h.Len() + 1, player: st.mover(), move: m.String(), taken: st.row.row[lo:hi],
			gain: gain, a: next.h.Total("A"), b: next.h.Total("B"), margin: ev.Value, other: other}
		t.rows = append(t.rows, vt)
		tm := map[string]any{"turn": vt.turn, "player": vt.player, "move": vt.move, "coins": kit.Numbers(vt.taken),
			"gain": kit.Number(gain), "a": kit.Number(vt.a), "b": kit.Number(vt.b), "margin": kit.Number(vt.margin), "other": nil}
		if other != nil {
			tm["other"] = kit.Number(other)
		}
		t.Turns = append(t.Turns, tm)
		st = next
	}
	return t, nil
}

// Text is the table of turns, then the result's summary. A long game shows
// its first and last turns (see TraceRows).
func (t *Trace) Text() string { return kit.TextOf(t, false) }

func (t *Trace) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	var skipped int
	if t.seed != nil {
		fmt.Fprintln(tw, "turn\tplayer\tside\tcoin\tat\tA\tB\tmover ends with\tother end gives\t")
		skipped = kit.TraceRows(len(t.seed), full, func(i int) {
			tn := t.seed[i]
			other := "–"
			if tn.Other != nil {
				other = tn.Other.String()
			}
			fmt.Fprintf(tw, "%d\t%c\t%c\t%s\t%d\t%s\t%s\t%s\t%s\t\n", tn.Turn, tn.Player, tn.Side, tn.Coin, tn.Index, tn.A, tn.B, tn.Final, other)
		}, func(k int) { fmt.Fprintf(tw, "…\t\t\t\t\t\t\t\t\t\n") })
	} else {
		fmt.Fprintln(tw, "turn\tplayer\tmove\ttakes\tscores\tA\tB\tmover's margin\tbest other move\t")
		skipped = kit.TraceRows(len(t.rows), full, func(i int) {
			vt := t.rows[i]
			other := "–"
			if vt.other != nil {
				other = vt.other.String()
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", vt.turn, vt.player, vt.move, takenText(vt.taken), vt.gain, vt.a, vt.b, vt.margin, other)
		}, func(k int) { fmt.Fprintf(tw, "…\t\t\t\t\t\t\t\t\t\n") })
	}
	tw.Flush()
	text := kit.TrimLines(b.String())
	if skipped > 0 {
		text += fmt.Sprintf(`(%d turns not shown: t.turns[i] has each; text(t) or save(t, "t.txt") lists them all)`+"\n", skipped)
	}
	return kit.WriteString(w, text+kit.TextOf(t.Result, full))
}

// takenText lists the coins a move takes, the first few of many.
func takenText(xs []*big.Int) string {
	return kit.Peek(len(xs), func(i int) string { return xs[i].String() })
}

// SVG shows the coins turn by turn: the row with each coin taken so far
// marked by its taker, and the running totals.
func (t *Trace) SVG() string { return kit.SVGOf(t, false) }

func (t *Trace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.Coins.rowPicture("").SVGFits() {
		return r.card(fmt.Sprintf("more than %d coins", display.MaxSVGCoins)).WriteSVG(w)
	}
	played := r.Played
	f := kit.Frames(fmt.Sprintf("A %s, B %s: the game turn by turn", kit.FormatValue(r.Best), kit.FormatValue(r.Second)), len(t.Turns), full, func(i int) display.Drawing {
		row := r.Coins.rowPicture(played + lineUpTo(r.res.Line, i+1))
		row.Partial = true
		tm := t.Turns[i]
		if t.seed != nil {
			tn := t.seed[i]
			row.Caption = fmt.Sprintf("turn %d: %c takes %c, coin %d (%s)", tn.Turn, tn.Player, tn.Side, tn.Index, tn.Coin)
		} else {
			row.Caption = fmt.Sprintf("turn %d: %s takes %s (%s)", tm["turn"], tm["player"], tm["move"], takenText(t.rows[i].taken))
			if r.Coins.rules().Get("score") == "rest" {
				row.Scores = []string{t.rows[i].a.String(), t.rows[i].b.String()}
			}
		}
		return row
	})
	return f.WriteSVG(w)
}

// lineUpTo writes the first k moves of line.
func lineUpTo(line []solver.Move, k int) string { return solver.LineString(line[:min(k, len(line))]) }

func (t *Trace) JSONValue() any {
	return struct {
		Turns []map[string]any `json:"turns"`
	}{t.Turns}
}
