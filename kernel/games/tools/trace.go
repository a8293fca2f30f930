package tools

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	registerTool(&tool{result: func(r games.Results) any { return r.Trace }, generic: &Trace{}, Builtin: &builtin.Builtin{
		Name:      "trace",
		Signature: `trace(x) / trace(board, player)`,
		Doc: `Shows the optimal play step by step, from x on (a game value, a position from after, or a result of solve, whose plan it plays out): ` +
			`the table of its moves, and a picture (Jupyter, save(t, "t.svg")) of the game step by step, ` +
			`a small frame per step.`,
		Example: `trace(coins([10, 80, 90, 30]))`,
		Fn:      fnTrace,
	}})
}

func fnTrace(env *builtin.Env, args ...any) (any, error) {
	x, err := kit.FirstArg("trace", "trace(x) or trace(board, player)", args)
	if err != nil {
		return nil, err
	}
	if t, ok := x.(games.Traceable); ok {
		return t.Trace(env, "trace", args)
	}
	p, ok := x.(games.Position)
	if !ok {
		return nil, kit.BadType("trace", 1, "x", kindsOf("trace", func(x any) bool { return is[games.Traceable](x) || is[games.Position](x) }), x)
	}
	if err := kit.Unpack("trace", args, "x", new(any)); err != nil {
		return nil, err
	}
	return OptimalLine(env, p)
}

// maxTraceMoves bounds the generic trace and a match. Each step is kept
// (and reserved in the memory budget) and the cell is polled at each, so
// the bound is a guard, not the limit a user meets: the subtraction game
// from 100,000 is a line of 25,000 moves (it was 10,000, and solve of it
// failed after its value was known).
const maxTraceMoves = 10_000_000

// stepBytes is what a step of the generic trace keeps: its map of four
// entries, the position after it and the move.
const stepBytes = 640

// Trace is the optimal line from a position, move by move: what trace
// gives for a game without a trace of its own.
type Trace struct {
	Steps []map[string]any `expr:"steps"` // per move: turn, player, move, value
	Start any              `expr:"start"`
	End   any              `expr:"end"`

	game      *games.Game
	positions []games.Position
	line      []games.Move
	first     *games.Eval // the start's, nil when the game is over there
}

func (t *Trace) TypeName() string { return "trace" }

// OptimalLine plays p on as its game's solver chooses (Eval.Choice) to
// the end and records each step.
func OptimalLine(env *builtin.Env, p games.Position) (*Trace, error) {
	return optimalLine(env, "trace", p)
}

// optimalLine is OptimalLine for builtin fn.
func optimalLine(env *builtin.Env, fn string, p games.Position) (*Trace, error) {
	t := &Trace{Start: p, game: p.Game(), positions: []games.Position{p}, Steps: []map[string]any{}}
	turn := p.History().Len()
	solved := games.NewEvaluator(env)
	for !games.Over(p) {
		if len(t.line) == maxTraceMoves {
			return nil, fmt.Errorf("%s: the game goes on past %d moves", fn, maxTraceMoves)
		}
		if err := env.Ctx.Err(); err != nil {
			return nil, err
		}
		if err := env.Reserve(stepBytes); err != nil {
			return nil, err
		}
		ev, err := solved.Eval(p)
		if err != nil {
			return nil, kit.SolverError(fn, err)
		}
		if t.first == nil {
			t.first = ev
		}
		turn++
		t.Steps = append(t.Steps, map[string]any{"turn": turn, "player": playerValue(p.Mover()),
			"move": ev.Choice.Value(), "value": kit.Number(ev.Value)})
		next, err := p.Play(ev.Choice)
		if err != nil {
			return nil, err
		}
		t.line = append(t.line, ev.Choice)
		t.positions = append(t.positions, next)
		p = next
	}
	t.End = p
	return t, nil
}

func (t *Trace) Text() string { return kit.TextOf(t, false) }

// WriteText is the table of moves, long ones cut as analyze's are.
func (t *Trace) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "turn\tplayer\tmove\t%s\n", t.game.Words.Value)
	kit.TraceRows(len(t.Steps), full, func(i int) {
		s := t.Steps[i]
		fmt.Fprintf(tw, "%d\t%v\t%s\t%s\n", s["turn"], s["player"], t.line[i], kit.FormatValue(s["value"]))
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t") })
	tw.Flush()
	text := kit.TrimLines(b.String())
	if len(t.Steps) == 0 {
		text = "no moves: the game is over\n"
	}
	return kit.WriteString(w, text+"then: "+firstLine(t.positions[len(t.positions)-1].Text())+"\n")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

func (t *Trace) SVG() string { return kit.SVGOf(t, false) }

// WriteSVG draws each position of the line as a small frame, when the
// game's positions have pictures; else the table as text.
func (t *Trace) WriteSVG(w io.Writer, full bool) error {
	f := kit.Frames("the optimal line step by step", len(t.positions), full, func(i int) display.Drawing {
		if d, ok := t.positions[i].(interface{ Picture() display.Drawing }); ok {
			return d.Picture()
		}
		return display.Card{Caption: fmt.Sprintf("step %d", i+1), Lines: strings.Split(strings.TrimRight(t.positions[i].Text(), "\n"), "\n")}
	})
	return f.WriteSVG(w)
}

func (t *Trace) JSONValue() any {
	return struct {
		Steps []map[string]any `json:"steps"`
	}{t.Steps}
}
