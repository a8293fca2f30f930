//go:build !js

package judge

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"gamelab/gameio"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Interactive judging (--interactive): the program plays one side of the
// game through its standard input and output, a move a line, and gamelab
// plays the other optimally. A program that makes a move that loses
// anything has lost what it should have won (gamelab, optimal, gives
// nothing back): the game up to that move is the failing record, and the
// instance is shrunk while the program still loses.

// Interactive is how a game is played with a program.
type Interactive struct {
	// Start is the game from instance x (seed drew it): the position play
	// starts from, the side the program plays, and the lines gamelab
	// writes first.
	Start func(x games.Position, seed uint64) (start games.Position, side string, header []byte, err error)
	// Read reads a move the program wrote, one line, at pos.
	Read func(pos games.Position, line string) (games.Move, error)
	// Write is gamelab's move m as the program reads it, one line; nil when
	// gamelab never moves (one-player games: the program plays alone).
	Write func(m games.Move) string
	// Protocol describes it, for gamelab help judge and the docs.
	Protocol string
}

// turn is one move of an interactive game.
type turn struct {
	player  string
	program bool
	move    string
	loss    *big.Int // the program's moves: what it lost
	best    []string
}

// play plays the game of x with prog and judges it.
func (r *judging) play(ctx context.Context, prog []string, x games.Position, seed uint64) (verdict, error) {
	ia := r.j.Interactive
	pos, side, header, err := ia.Start(x, seed)
	if err != nil {
		return verdict{}, &ownError{err}
	}
	p, err := startProc(ctx, prog, nil, true, r.Limits)
	if err != nil {
		return verdict{}, err
	}
	lines := make(chan string, 1)
	go p.out.lines(lines)
	done := make(chan Outcome, 1)
	go func() { done <- p.wait() }()
	v := verdict{side: side}
	deadline := time.Now().Add(r.Limits.Wall)
	send := func(text string) bool {
		p.in.SetWriteDeadline(deadline)
		_, err := p.in.Write([]byte(text))
		return err == nil
	}
	// gamelab's side of the game is solved under the memory budget.
	gctx, end := r.mem.Guard(ctx)
	overBudget := sync.OnceValue(end)
	defer overBudget()
	ev := r.evaluator(gameio.WithRoom(gctx, r.mem.Available), pos)
	bound := 1 << 30
	if e, ok := pos.(games.FreeTurns); ok {
		bound = e.MatchTurns()
	}
	ended := !send(string(header)) // the program is gone, or reads nothing
	for k := 0; !ended && k < bound && !games.Over(pos) && v.kind == ""; k++ {
		e, err := ev(pos)
		if err != nil {
			p.stop("judged")
			drain(lines, done)
			return verdict{}, &ownError{err}
		}
		if pos.Mover() != side {
			m := e.Choice
			v.game = append(v.game, turn{player: pos.Mover(), move: m.String()})
			if ia.Write != nil && !send(ia.Write(m)+"\n") {
				ended = true
				break
			}
			if pos, err = pos.Play(m); err != nil {
				return verdict{}, &ownError{err}
			}
			continue
		}
		line, ok := <-lines
		if !ok {
			ended = true
			break
		}
		pos, err = r.judgeMove(ctx, &v, pos, e, ev, line, len(v.game)+1)
		if err != nil {
			p.stop("judged")
			drain(lines, done)
			return verdict{}, err
		}
	}
	if v.kind == "" && !ended {
		p.in.Close() // the game is over: the program should end
	} else {
		p.stop("judged")
	}
	for range lines {
	}
	v.o = <-done
	if ctx.Err() != nil {
		return verdict{}, ctx.Err()
	}
	if err := overBudget(); err != nil {
		return verdict{}, &ownError{err}
	}
	switch {
	case v.kind != "":
	case v.o.Stopped != "" && v.o.Stopped != "judged":
		v.kind, v.why = r.stopWords(v.o, x, "no move")
	case v.o.Exit != "":
		v.kind, v.why = "crash", "the program "+v.o.Exit
	case ended:
		v.kind, v.why = "wrong answer", fmt.Sprintf("the program stopped playing after %s, before the game was over", kit.Count(len(v.game), "move", "moves"))
	default:
		v.kind, v.why = r.overWords(v.o, x, "it played right")
	}
	return v, nil
}

// judgeMove reads the program's move from line at pos (e its value) and
// plays it; a move that is not one, is illegal or loses anything ends the
// game as the program's loss (v.kind). It returns the position after it.
func (r *judging) judgeMove(ctx context.Context, v *verdict, pos games.Position, e *games.Eval, ev evalFunc, line string, k int) (games.Position, error) {
	ia := r.j.Interactive
	t := turn{player: pos.Mover(), program: true, move: strings.TrimSpace(line)}
	for _, b := range e.Best {
		t.best = append(t.best, b.String())
	}
	m, err := ia.Read(pos, line)
	if err != nil {
		v.game = append(v.game, t)
		v.kind, v.why = "wrong answer", fmt.Sprintf("move %d, %s, is not a move: %s", k, startOf([]byte(line)), Safe([]byte(err.Error())))
		return pos, nil
	}
	t.move = m.String()
	next, err := pos.Play(m)
	if err != nil {
		v.game = append(v.game, t)
		v.kind, v.why = "wrong answer", fmt.Sprintf("move %d, %s, is illegal: %s", k, t.move, Safe([]byte(err.Error())))
		return pos, nil
	}
	after, err := afterMove(pos, m, next, ev)
	if err != nil {
		return nil, &ownError{err}
	}
	t.loss = new(big.Int).Sub(e.Value, after)
	if pos.Minimizes() {
		t.loss.Neg(t.loss)
	}
	v.game = append(v.game, t)
	if t.loss.Sign() > 0 {
		v.kind, v.why = "wrong answer", fmt.Sprintf("move %d, %s, loses %s; optimal there: %s", k, t.move, Short(t.loss.String()), strings.Join(t.best, " "))
	}
	return next, nil
}

// evalFunc solves a position of the game being played.
type evalFunc func(p games.Position) (*games.Eval, error)

// evaluator solves the positions of a game from start: from one table of
// them all where the game has one (coins), else each on its own.
func (r *judging) evaluator(ctx context.Context, start games.Position) evalFunc {
	env := &builtin.Env{Ctx: ctx}
	var oracle games.Oracle
	if o, ok := start.(games.Oracled); ok {
		oracle, _ = o.Oracle(env)
	}
	return func(p games.Position) (*games.Eval, error) {
		if oracle != nil {
			if e, ok := oracle(p); ok {
				return e, nil
			}
		}
		return games.Evaluate(env, p)
	}
}

// afterMove is what move m from pos (leading to next) is worth to its
// mover: its reward and, as the game carries it, next's value.
func afterMove(pos games.Position, m games.Move, next games.Position, ev evalFunc) (*big.Int, error) {
	st := pos.Step(m)
	v := new(big.Int)
	if st.Reward != nil {
		v.Set(st.Reward)
	}
	if st.Carry == 0 {
		return v, nil
	}
	nv := next.Terminal()
	if !games.Over(next) {
		e, err := ev(next)
		if err != nil {
			return nil, err
		}
		nv = e.Value
	}
	if st.Carry > 0 {
		return v.Add(v, nv), nil
	}
	return v.Sub(v, nv), nil
}

// drain waits out a stopped program: its lines and its end.
func drain(lines <-chan string, done <-chan Outcome) {
	for range lines {
	}
	<-done
}

// gameText writes an interactive game as the report shows it, a move a
// line, the losing move marked.
func gameText(v verdict) string {
	var b strings.Builder
	for k, t := range v.game {
		who := "gamelab"
		if t.program {
			who = "the program"
		}
		fmt.Fprintf(&b, "  %d. %s (%s): %s", k+1, t.player, who, Safe([]byte(t.move)))
		if t.loss != nil && t.loss.Sign() > 0 {
			fmt.Fprintf(&b, "   loses %s; optimal: %s", Short(t.loss.String()), strings.Join(t.best, " "))
		}
		b.WriteByte('\n')
	}
	if len(v.game) == 0 {
		b.WriteString("  (no move)\n")
	}
	return b.String()
}
