package tools

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	registerTool(&tool{help: func(h *games.Help) string { return h.Play }, Builtin: &builtin.Builtin{
		Name:      "play",
		Signature: `play(x) / play(coins, "A" | "B" | "both") / play(board, players)`,
		Doc: `Play a game against the optimum, or explore it by hand, under x's rules. Each turn shows ` +
			`the position and asks for a move, then says how good it was (its loss and the optimal ` +
			`moves). ? shows the optimal moves, u takes back your last move (and the reply), q stops; ` +
			`so do Ctrl-D or Ctrl-C at the REPL's prompt, and Stop in the web page. Returns the analyze record of the moves made ` +
			`(r = play(c); r.loss; plot(r)). Needs a person to answer: in a script or piped input, or ` +
			`where Jupyter does not allow input, it is an error (analyze(x, moves) scores a line instead).`,
		Example: `play(coins([10, 80, 90, 30]))`,
		Returns: []any{&Analysis{}},
		Fn:      fnPlay,
	}})
}

// game is one game being played.
type game struct {
	start games.Position
	// humans are the players the person moves for; the optimum moves for
	// the others.
	humans []string
	line   []games.Move
	// human[i]: move i was the person's (undo takes back to before the last one).
	human []bool
	// at[i] is the position after i moves (at[0] the start), kept so a turn
	// does not replay the whole line.
	at []games.Position
	// solved solves the positions of the game for the optimum's replies
	// and the hints.
	solved *games.Evaluator
}

func fnPlay(env *builtin.Env, args ...any) (any, error) {
	var x, who any
	if err := kit.Unpack("play", args, "x", &x, "players?", &who); err != nil {
		return nil, err
	}
	start, ok := x.(games.Position)
	if !ok {
		return nil, kit.BadType("play", 1, "x", kindsOf("play", is[games.Position]), x)
	}
	start, humans, err := playerOf(start).PlayersFor(who)
	if err != nil {
		return nil, err
	}
	if env.Input == nil {
		return nil, builtin.Errorf(builtin.GameError, "play: needs a person to answer at the keyboard, and here nobody can "+
			"(a script, piped input, or a Jupyter front end that does not allow input); analyze(x, moves) scores a line of moves instead")
	}
	for _, w := range warnings(start) {
		env.Warning(w)
	}
	g := &game{start: start, humans: humans, at: []games.Position{start}, solved: games.NewEvaluator(env)}
	if err := g.run(env); err != nil {
		return nil, err
	}
	return Analyze(env, "play", g.start, g.line)
}

// push records move m, made by the person or not, and the position it leads to.
func (g *game) push(m games.Move, human bool, next games.Position) {
	g.at = append(g.at, next)
	g.line = append(g.line, m)
	g.human = append(g.human, human)
}

// undo takes back the person's last move and every reply after it, and
// says which ("took back L (yours) and R (the optimum's)"); "" when the
// person has made no move.
func (g *game) undo() string {
	k := len(g.human) - 1
	for k >= 0 && !g.human[k] {
		k--
	}
	if k < 0 {
		return ""
	}
	var taken []string
	for i := k; i < len(g.line); i++ {
		whose := "yours"
		if !g.human[i] {
			whose = "the optimum's"
		}
		taken = append(taken, fmt.Sprintf("%s (%s)", g.line[i], whose))
	}
	g.human, g.at, g.line = g.human[:k], g.at[:k+1], g.line[:k]
	return "took back " + strings.Join(taken, " and ")
}

// run plays until the game is over or the person stops.
func (g *game) run(env *builtin.Env) error {
	for {
		pos := g.at[len(g.at)-1]
		show(env, pos)
		if games.Over(pos) {
			env.Print("the game is over\n")
			return nil
		}
		mover := pos.Mover()
		if !slices.Contains(g.humans, mover) {
			// The optimum's reply: the move solve's line makes here.
			ev, err := g.solved.Eval(pos)
			if err != nil {
				return kit.SolverError("play", err)
			}
			next, err := pos.Play(ev.Choice)
			if err != nil {
				return err
			}
			g.push(ev.Choice, false, next)
			env.Print(fmt.Sprintf("%s %s %s (the optimum)\n", mover, g.start.Game().Words.Reply, ev.Choice))
			continue
		}
		pl := playerOf(pos)
		line, err := env.Input(pl.Prompt(mover))
		if err != nil {
			if env.Ctx.Err() != nil {
				return env.Ctx.Err() // interrupted: the cell ends, the session stays
			}
			env.Print("\n")
			return nil // Ctrl-D or Ctrl-C at the prompt: the record so far
		}
		switch cmd := strings.ToLower(strings.TrimSpace(line)); cmd {
		case "":
			continue
		case "q", "quit":
			return nil
		case "?":
			ev, err := g.solved.Eval(pos)
			if err != nil {
				return kit.SolverError("play", err)
			}
			env.Print(fmt.Sprintf("optimal: %s (%s)\n", moveList(ev.Best), g.start.Game().Words.Hint+" "+ev.Value.String()))
			continue
		case "u", "undo":
			if said := g.undo(); said != "" {
				env.Print(said + "\n")
			} else {
				env.Print("nothing to take back\n")
			}
			continue
		}
		m, err := pl.ParseTyped(line, mover)
		if err != nil {
			env.Print(err.Error() + "\n")
			continue
		}
		a, err := Analyze(env, "play", pos, []games.Move{m})
		if err != nil {
			var be *builtin.Error
			if errors.As(err, &be) && be.Err != nil { // an illegal move: say why, ask again
				env.Print(be.Err.Error() + "\n")
				continue
			}
			return err
		}
		mt := a.turns[0]
		verdict := "optimal"
		if mt.loss.Sign() > 0 {
			verdict = fmt.Sprintf("loses %s; optimal: %s", mt.loss, strings.Join(mt.best, " "))
		}
		env.Print(fmt.Sprintf("%s: %s\n", mt.move, verdict))
		if mt.words != "" {
			env.Print(mt.words + "\n")
		}
		g.push(m, true, a.End.(games.Position))
	}
}

// moveList writes moves as "L R".
func moveList(ms []games.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

// show displays the position: text, and the picture where it is wanted,
// replacing the last position shown where the front end can (Jupyter).
func show(env *builtin.Env, pos games.Position) {
	svg := ""
	if p, ok := pos.(builtin.Pictured); ok && env.Pictures {
		svg = p.SVG()
	}
	if env.Update != nil {
		env.Update("position", pos.Text(), svg)
		return
	}
	env.Show(pos.Text(), svg)
}
