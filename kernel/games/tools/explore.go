package tools

import (
	"errors"
	"io"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	register(&builtin.Builtin{
		Name:      "explore",
		Signature: `explore(x) / explore(x, moves) / explore(x, moves, players)`,
		Doc: `x (a game value or a position) after the line moves (as after takes them; none by default), ` +
			`drawn with every legal move marked by its loss as analyze counts it (0 for an optimal move; exact), ` +
			`beside the value along the line (plot of analyze). In the web page each move is a button coloured ` +
			`from green to red, its loss on hover, and is marked so on the picture of a ring, a row or a board ` +
			`(the edge, the last coin it takes, the vertex): a click on either plays it in place, with Undo and ` +
			`Reset, and no cell runs. Elsewhere it lists each move's loss. players is the order of play of a game that has none ` +
			`(a Life Line board: explore(b, [], [4, 2])). Fields: position, mover, value, moves (move, loss), analysis.`,
		Example: `explore(coins([10, 80, 90, 30]), "L")`,
		Returns: []any{&Explorer{}},
		Fn:      fnExplore,
	})
}

// Explorer is explore(x, moves): the position a line leads to, each legal
// move there with its loss, and the line scored so far.
type Explorer struct {
	Position any              `expr:"position"` // where the line ends
	Mover    any              `expr:"mover"`    // who moves there; "" once the game is over
	Value    any              `expr:"value"`    // what the mover can still guarantee there
	Moves    []map[string]any `expr:"moves"`    // per legal move: move, loss
	Analysis *Analysis        `expr:"analysis"` // analyze(x, line)

	id     int   // the page's handle on it (see explorers)
	places []int // the line as the page plays it (see ExploreAgain)
	start  games.Position
	pos    games.Position
	value  *big.Int
	moves  []moveLoss
}

// moveLoss is one legal move and what it loses, exact.
type moveLoss struct {
	move games.Move
	loss *big.Int
}

func (e *Explorer) TypeName() string { return "explorer" }

func fnExplore(env *builtin.Env, args ...any) (any, error) {
	var x, moves, players any
	if err := kit.Unpack("explore", args, "x", &x, "moves?", &moves, "players?", &players); err != nil {
		return nil, err
	}
	p, ok := x.(games.Position)
	if !ok {
		return nil, kit.BadType("explore", 1, "x", kindsOf("explore", is[games.Position]), x)
	}
	p, err := inOrder(p, players)
	if err != nil {
		return nil, err
	}
	var line []games.Move
	if moves != nil {
		if line, err = ParseLine(p, "explore", 2, moves); err != nil {
			return nil, err
		}
	}
	for _, w := range warnings(p) {
		env.Warning(w)
	}
	e, err := Explore(env, p, line)
	if err != nil {
		return nil, err
	}
	e.id = keepExplorer(p)
	return e, nil
}

// inOrder is p with the order of play players (a list) where its game has
// none (Life Line); p itself when players is nil. A position nobody is to
// move in, of such a game, needs one.
func inOrder(p games.Position, players any) (games.Position, error) {
	ft, free := p.(games.FreeTurns)
	if players == nil && (!free || p.Mover() != "" || p.History().Len() > 0) {
		return p, nil
	}
	why := "gives the order of play of a game that has none (a Life Line board), and only there: explore(b, [], [4, 2])"
	if l, ok := kit.AsList(players); free && ok && len(l) > 0 {
		order := make([]string, len(l))
		for i, pl := range l {
			order[i] = kit.Format(pl)
		}
		q, err := ft.ForPlayers(order)
		if err == nil {
			return q, nil
		}
		why = "cannot be the order of play: " + err.Error()
	}
	return nil, builtin.ArgError("explore", 3, "players", "%s", why)
}

// Explore is the explorer of line from p: the line scored by Analyze, and
// each legal move where it ends solved as analyze would score it (its
// loss: the value there against what the move leaves, from the mover's
// side), with the same solvers, so that a move's loss here is the loss
// analyze gives it.
func Explore(env *builtin.Env, p games.Position, line []games.Move) (*Explorer, error) {
	a, err := Analyze(env, "explore", p, line)
	if err != nil {
		return nil, err
	}
	pos := a.End.(games.Position)
	e := &Explorer{Position: pos, Mover: playerValue(pos.Mover()), Analysis: a, start: p, pos: pos, Moves: []map[string]any{}}
	_, positions, _ := PlayLineIn(env, p, "explore", 2, line) // legal: Analyze played it
	for t := range line {
		played := Played(positions[t+1]).String()
		e.places = append(e.places, slices.IndexFunc(positions[t].Legal(), func(l games.Move) bool { return l.String() == played }))
	}
	if games.Over(pos) {
		e.Mover, e.value = "", pos.Terminal()
		e.Value = kit.Number(e.value)
		return e, nil
	}
	ev := games.NewEvaluator(env)
	here, err := ev.Eval(pos)
	if err != nil {
		return nil, kit.SolverError("explore", err)
	}
	e.value, e.Value = here.Value, kit.Number(here.Value)
	legal := pos.Legal()
	for i, m := range legal {
		env.Report(int64(i), int64(len(legal))) // each move is a solve: a ring of hundreds takes seconds
		next, err := pos.Play(m)
		if err != nil {
			return nil, err
		}
		v := next.Terminal()
		if !games.Over(next) {
			nev, err := ev.Eval(next)
			switch {
			case errors.Is(err, games.ErrNoEnd): // a puzzle's dead end: worse than any loss
				e.moves = append(e.moves, moveLoss{m, nil})
				e.Moves = append(e.Moves, map[string]any{"move": m.Value(), "loss": nil})
				continue
			case err != nil:
				return nil, kit.SolverError("explore", err)
			}
			v = nev.Value
		}
		loss := games.Loss(pos, here.Value, games.AfterValue(pos.Step(m), v))
		e.moves = append(e.moves, moveLoss{m, loss})
		e.Moves = append(e.Moves, map[string]any{"move": m.Value(), "loss": kit.Number(loss)})
	}
	env.Report(int64(len(legal)), int64(len(legal)))
	return e, nil
}

// Text is the position, each move with its loss, the line so far, and what
// the web page adds.
func (e *Explorer) Text() string { return kit.TextOf(e, false) }

func (e *Explorer) WriteText(w io.Writer, _ bool) error {
	text := strings.TrimRight(e.pos.Text(), "\n") + "\n" + e.status() + "\n"
	if len(e.moves) > 0 {
		parts := make([]string, len(e.moves))
		for i, m := range e.moves {
			if m.loss == nil {
				parts[i] = m.move.String() + " leads where no line ends"
				continue
			}
			parts[i] = m.move.String() + " loses " + m.loss.String()
		}
		text += "moves: " + strings.Join(parts, ", ") + "\n"
	}
	return kit.WriteString(w, text+e.lineText()+"\nIn the web page the moves are buttons: a click plays one (Undo, Reset); here explore(x, moves) plays a line.\n")
}

// status says who moves and what they can still get, or that it is over.
func (e *Explorer) status() string {
	g := e.pos.Game()
	switch {
	case len(e.moves) > 0:
		return strings.TrimLeft(g.Words.Player+" "+e.pos.Mover(), " ") + " to move, " + g.Words.Value + " " + e.value.String()
	case g.Scoring == games.AtEnd:
		return "game over: score " + e.value.String()
	}
	return "game over"
}

// lineText is the line played so far and what it lost.
func (e *Explorer) lineText() string {
	a := e.Analysis
	if len(a.turns) == 0 {
		return "line: no moves yet"
	}
	moves := make([]string, len(a.turns))
	for i := range a.turns {
		moves[i] = a.turns[i].move
	}
	return "line: " + strings.Join(moves, e.pos.Game().Words.LineSep) + " (loss " + a.byPlayer(kit.View{Full: true}, a.Loss) + ")"
}
