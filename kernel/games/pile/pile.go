// Package pile is the pile game, the proof that a game is one folder: a
// pile of n counters, players A and B take 1..k of them in turn, and
// whoever takes the last one wins (under misère, loses). It implements
// the game contract's Position and nothing else, no solver, result or
// picture of its own, and gets every tool from package games/tools (solve
// by exhaustive search, after, analyze, play, trace, explain, dp, match,
// tournament, shrink, json, with, rules), help, completion and a batch
// command. It is registered in its own tests only, so it is not one of
// gamelab's games; docs/adding-a-game.md walks through it.
package pile

import (
	"context"
	"fmt"
	"io"
	"iter"
	"math/big"
	"strconv"
	"strings"

	"gamelab/gameio"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Game is the pile game.
var Game = &games.Game{
	Name:    "pile",
	Title:   "the pile game",
	Heading: "Pile game (a subtraction game)",
	Rules: "A pile of n counters. Players A and B take turns; each takes 1 to 3 counters; whoever takes the last " +
		"one wins. The value of a position is 1 when its mover can force the win, -1 when not.",
	Options: []*games.Option{
		{Name: "take", Default: 3, Values: "an integer k ≥ 1", Doc: "each turn takes 1 to k counters", Parse: parseTake},
		{Name: "misere", Default: false, Values: "true or false", Doc: "true: whoever takes the last counter loses", Parse: games.Boolean},
	},
	Turns:   games.InTurn,
	Players: []string{"A", "B"},
	Words: games.Words{Value: "outcome", ValueDoc: "outcome: 1 when the mover can force the win, -1 when not",
		Hint: "the mover's outcome", Reply: "takes", LineSep: ", ", PlotCaption: "A's outcome along the line", PlotY: "A's outcome"},
	Help:   games.Help{After: "Pile: a move is how many counters to take."},
	Values: []builtin.Typed{&Pile{}},
	Formats: []*games.BatchFormat{{Name: "seed", Read: read,
		Doc: "one n per line; the answer is the first player's outcome (1 or -1) and every optimal first move"}},
	Batch: games.Batch{Summary: "solve pile games read from standard input", Input: "one pile size n per line"},
}

func init() {
	Game.Builtins = []*builtin.Builtin{{
		Name: "pile", Signature: "pile(n) / pile(n, rules)", Example: "pile(10)", Returns: []any{&Pile{}}, Fn: fnPile,
		Doc: `A pile of n counters for the pile game; rules: {take: k, misere: true}.`,
	}}
}

func parseTake(v any) (any, error) {
	if k, msg := kit.ToInt(v); msg == "" && k >= 1 {
		return k, nil
	}
	return nil, fmt.Errorf("must be an integer k ≥ 1, got %s", kit.Format(v))
}

func fnPile(env *builtin.Env, args ...any) (any, error) {
	var n int
	var r any
	if err := kit.Unpack("pile", args, "n", kit.Between(&n, 0, 10000), "rules?", &r); err != nil {
		return nil, err
	}
	rules, err := games.RulesArg("pile", 2, Game.Default(), r)
	if err != nil {
		return nil, err
	}
	return &Pile{N: n, Left: n, Moves: []int{}, rules: rules}, nil
}

// Pile is a position: the counters at the start and left, the moves made.
type Pile struct {
	N     int   `expr:"n"`     // the counters at the start
	Left  int   `expr:"left"`  // the counters left
	Moves []int `expr:"moves"` // how many each turn took

	rules games.Rules
	h     *games.History
}

// take is a move: how many counters.
type take int

func (m take) String() string   { return strconv.Itoa(int(m)) }
func (m take) Value() any       { return int(m) }
func (m take) Describe() string { return "take " + m.String() }

func (p *Pile) TypeName() string        { return "pile" }
func (p *Pile) Text() string            { return fmt.Sprintf("a pile of %d, %d left\n", p.N, p.Left) }
func (p *Pile) Game() *games.Game       { return Game }
func (p *Pile) Rules() games.Rules      { return p.rules }
func (p *Pile) History() *games.History { return p.h }
func (p *Pile) Terminal() *big.Int      { return new(big.Int) }
func (p *Pile) Minimizes() bool         { return false }
func (p *Pile) Key() string             { return strconv.Itoa(p.Left) }
func (p *Pile) k() int                  { return p.rules.Get("take").(int) }

func (p *Pile) Mover() string {
	if p.Left == 0 {
		return ""
	}
	return Game.Players[p.h.Len()%2]
}

func (p *Pile) Legal() []games.Move {
	var out []games.Move
	for m := 1; m <= min(p.k(), p.Left); m++ {
		out = append(out, take(m))
	}
	return out
}

func (p *Pile) Play(gm games.Move) (games.Position, error) {
	m, ok := gm.(take)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s is not a move of the pile game", gm)
	case p.Left == 0:
		return nil, fmt.Errorf("the pile is empty")
	case m < 1 || int(m) > p.k():
		return nil, fmt.Errorf("a turn takes 1 to %d counters", p.k())
	case int(m) > p.Left:
		return nil, fmt.Errorf("only %d are left", p.Left)
	}
	next := &Pile{N: p.N, Left: p.Left - int(m), Moves: append(p.Moves[:len(p.Moves):len(p.Moves)], int(m)), rules: p.rules}
	next.h = p.h.Extend(p, p.Mover(), m, p.Step(m).Reward)
	return next, nil
}

// Step: the move that takes the last counter wins (misère: loses); every
// other move is worth minus what it leaves the other player.
func (p *Pile) Step(m games.Move) games.Step {
	reward := new(big.Int)
	if int(m.(take)) == p.Left {
		reward.SetInt64(1)
		if p.rules.Get("misere") == true {
			reward.SetInt64(-1)
		}
	}
	return games.Step{Reward: reward, Carry: games.CarryNegated}
}

func (p *Pile) ParseMove(x any) (games.Move, error) {
	n, msg := kit.ToInt(x)
	if msg != "" {
		return nil, fmt.Errorf("%s (a move is how many counters to take)", msg)
	}
	return take(n), nil
}

func (p *Pile) WithRules(r games.Rules) (games.Position, error) {
	q := &Pile{N: p.N, Left: p.N, Moves: []int{}, rules: r}
	for _, m := range p.Moves {
		next, err := q.Play(take(m))
		if err != nil {
			return nil, err
		}
		q = next.(*Pile)
	}
	return q, nil
}

// JSONValue is the pile, the moves made, the rules when not the default.
func (p *Pile) JSONValue() any {
	return struct {
		N     int            `json:"n"`
		Left  int            `json:"left"`
		Moves []int          `json:"moves"`
		Rules map[string]any `json:"rules,omitempty"`
	}{p.N, p.Left, p.Moves, p.rules.Changed()}
}

// read is the batch format: a pile size per line, each answered with the
// first player's outcome and every optimal first move.
func read(in io.Reader, rules games.Rules) iter.Seq[*gameio.Instance] {
	return func(yield func(*gameio.Instance) bool) {
		lines := gameio.NewLineReader(in)
		for {
			text, ok, err := lines.Next()
			if err != nil {
				yield(&gameio.Instance{Line: lines.Line() + 1, Err: err, Fatal: true})
				return
			}
			if !ok {
				return
			}
			if strings.TrimSpace(text) == "" {
				continue
			}
			inst := &gameio.Instance{Line: lines.Line()}
			n, err := strconv.Atoi(strings.TrimSpace(text))
			if err != nil || n < 0 || n > 10000 {
				inst.Err = fmt.Errorf("%q is not a pile size 0..10000", strings.TrimSpace(text))
			} else {
				p := &Pile{N: n, Left: n, Moves: []int{}, rules: rules}
				inst.Solve = func(ctx context.Context, _ func(done, total int64)) ([]byte, []string, error) {
					ev, err := games.Exhaustive(ctx, p)
					if err != nil {
						return nil, nil, err
					}
					out := ev.Value.String()
					for _, m := range ev.Best {
						out += " " + m.String()
					}
					return []byte(out + "\n"), nil, nil
				}
			}
			if !yield(inst) {
				return
			}
		}
	}
}

// Shrinkable: shrink takes counters away (a pile has no values to make
// smaller, nor steps or forms of its own).
func (p *Pile) Parts() int                                     { return p.N }
func (p *Pile) Bytes() int64                                   { return 128 } // a count, whatever its size (games.Sized)
func (p *Pile) ShrinkValues() []*big.Int                       { return nil }
func (p *Pile) WithValue(int, *big.Int) (games.Position, bool) { return nil, false }
func (p *Pile) Smaller() []games.Position                      { return nil }
func (p *Pile) Simpler() []games.Position                      { return nil }
func (p *Pile) WithoutParts(i, j int) (games.Position, bool) {
	return &Pile{N: p.N - (j - i), Left: p.N - (j - i), Moves: []int{}, rules: p.rules}, true
}

var (
	_ games.Position   = (*Pile)(nil)
	_ games.Keyed      = (*Pile)(nil)
	_ games.Shrinkable = (*Pile)(nil)
	_ games.Describer  = take(0)
)
