package games

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/solvers/lifeline"
)

// game is one game being played: what play needs of each kind.
type game struct {
	start   any
	players []string // coins: who the person moves for ("A", "B"); Life Line: the order of stones
	// line holds the moves made so far, in analyze's form: a string of L/R,
	// or a list of edges or of [row, position, player].
	coins string
	list  []any
	// human[i]: move i was the person's (undo takes back to before the last one).
	human []bool
	// at[i] is the position after i moves (at[0] the start), kept so a turn
	// does not replay the whole line.
	at []any
}

// moves is the line so far as analyze takes it.
func (g *game) moves() any {
	if _, ok := coinsStartOf(g.start); ok {
		return g.coins
	}
	return g.list
}

func (g *game) n() int { return len(g.human) }

// push records move m, made by the person or not, and the position it leads to.
func (g *game) push(m any, human bool, next any) {
	g.at = append(g.at, next)
	if s, ok := m.(string); ok {
		g.coins += s
	} else {
		g.list = append(g.list, m)
	}
	g.human = append(g.human, human)
}

// undo takes back the person's last move and every reply after it.
func (g *game) undo() bool {
	k := len(g.human) - 1
	for k >= 0 && !g.human[k] {
		k--
	}
	if k < 0 {
		return false
	}
	g.human = g.human[:k]
	g.at = g.at[:k+1]
	if g.coins != "" {
		g.coins = g.coins[:k]
	} else {
		g.list = g.list[:k]
	}
	return true
}

func fnPlay(env *builtin.Env, args ...any) (any, error) {
	var x, who any
	if err := Unpack("play", args, "x", &x, "players?", &who); err != nil {
		return nil, err
	}
	g := &game{start: x, at: []any{x}}
	switch x.(type) {
	case *Coins, *CoinsPosition:
		g.players = []string{"A"}
		if who != nil {
			s, _ := who.(string)
			switch strings.ToUpper(s) {
			case "A", "B":
				g.players = []string{strings.ToUpper(s)}
			case "BOTH":
				g.players = []string{"A", "B"}
			default:
				return nil, builtin.ArgError("play", 2, "players", `must be "A", "B" or "both", got %s`, Format(who))
			}
		}
	case *Polygon, *PolygonChain:
		if who != nil {
			return nil, fmt.Errorf("play: takes 1 argument for a polygon (you make every move), got 2")
		}
	case *Board:
		if who == nil {
			return nil, builtin.ArgError("play", 2, "players", "is missing: give the order of play, e.g. play(b, [4, 2])")
		}
		l, ok := AsList(who)
		if !ok || len(l) == 0 {
			return nil, builtin.ArgError("play", 2, "players", "must be a list of players 1..9, e.g. [4, 2], got %s", Format(who))
		}
		for _, p := range l {
			v, msg := ToInt(p)
			if msg != "" || v < 1 || v > 9 {
				return nil, builtin.ArgError("play", 2, "players", "must hold players 1..9, got %s", Format(p))
			}
			g.players = append(g.players, strconv.Itoa(v))
		}
	default:
		return nil, BadType("play", 1, "x", "a polygon, chain, coins, coins position or board", x)
	}
	if env.Input == nil {
		return nil, builtin.Errorf(builtin.GameError, "play: needs a person to answer at the keyboard, and here nobody can "+
			"(a script, piped input, or a Jupyter front end that does not allow input); analyze(x, moves) scores a line of moves instead")
	}
	if err := g.run(env); err != nil {
		return nil, err
	}
	return analyzeLine(env, "play", g.start, g.moves())
}

// position is the position after the moves so far, with the turn to come:
// its mover, whether the game is over, and a legal move to score (analyze
// lists every optimal move beside any move).
func (g *game) position() (pos any, mover string, over bool, probe any) {
	switch p := g.at[len(g.at)-1].(type) {
	case *Coins:
		return p, "A", false, "L"
	case *CoinsPosition:
		return p, p.Turn, p.Turn == "", "L"
	case *Polygon:
		return p, "", false, []any{1}
	case *PolygonChain:
		if p.N == 1 {
			return p, "", true, nil
		}
		return p, "", false, []any{p.Edges[0]}
	case *Board:
		player := g.players[g.n()%len(g.players)]
		for i, c := range p.b.Cells {
			if c == 0 {
				r, q := lifeline.Coord(i)
				pl, _ := strconv.Atoi(player)
				return p, player, false, []any{[]any{r, q, pl}}
			}
		}
		return p, player, true, nil
	}
	panic(fmt.Sprintf("games.play: position %T", g.at[len(g.at)-1]))
}

// hintAt is every optimal move at pos (as analyze lists them) and what the
// mover can guarantee there.
func hintAt(env *builtin.Env, pos, probe any) (*Analysis, error) {
	return analyzeLine(env, "play", pos, probe)
}

// run plays until the game is over or the person stops.
func (g *game) run(env *builtin.Env) error {
	for {
		pos, mover, over, probe := g.position()
		show(env, pos)
		if over {
			env.Print("the game is over\n")
			return nil
		}
		hint, err := hintAt(env, pos, probe)
		if err != nil {
			return err
		}
		t := hint.turns[0]
		if _, isCoins := coinsStartOf(g.start); isCoins && !contains(g.players, mover) {
			// The optimum's reply: the first optimal move.
			reply, err := analyzeLine(env, "play", pos, g.one(t.bestVal[0]))
			if err != nil {
				return err
			}
			g.push(t.bestVal[0], false, reply.End)
			env.Print(fmt.Sprintf("%s takes %s (the optimum)\n", mover, t.best[0]))
			continue
		}
		line, err := env.Input(g.prompt(pos, mover))
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
			env.Print(fmt.Sprintf("optimal: %s (%s)\n", strings.Join(t.best, " "), g.worth(t.value)))
			continue
		case "u", "undo":
			if !g.undo() {
				env.Print("nothing to take back\n")
			}
			continue
		}
		m, msg := g.parse(line, mover)
		if msg != "" {
			env.Print(msg + "\n")
			continue
		}
		a, err := analyzeLine(env, "play", pos, g.one(m))
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
		g.push(m, true, a.End)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// one is a single move in analyze's form.
func (g *game) one(m any) any {
	if s, ok := m.(string); ok {
		return s
	}
	return []any{m}
}

// worth says what the value of a position means, for the hint.
func (g *game) worth(v fmt.Stringer) string {
	switch g.start.(type) {
	case *Coins, *CoinsPosition:
		return "the mover's best margin " + v.String()
	case *Board:
		return "best points " + v.String()
	}
	return "best final score " + v.String()
}

// prompt asks for the mover's move.
func (g *game) prompt(pos any, mover string) string {
	const keys = "? hint, u undo, q quit"
	switch p := pos.(type) {
	case *Coins, *CoinsPosition:
		return fmt.Sprintf("%s to move, L or R (%s): ", mover, keys)
	case *Polygon:
		return fmt.Sprintf("edge to delete first, 1..%d (%s): ", p.N, keys)
	case *PolygonChain:
		return fmt.Sprintf("edge to merge (%s): ", keys)
	}
	return fmt.Sprintf("player %s: row and position, e.g. 3 2 (%s): ", mover, keys)
}

// parse reads a move the person typed, in analyze's form, or says what is
// wrong with it.
func (g *game) parse(line, mover string) (any, string) {
	fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' || r == '\t' })
	switch g.start.(type) {
	case *Coins, *CoinsPosition:
		s := strings.ToUpper(strings.TrimSpace(line))
		if s != "L" && s != "R" {
			return nil, fmt.Sprintf("%q is not a move: L takes the left coin, R the right one", strings.TrimSpace(line))
		}
		return s, ""
	case *Board:
		if len(fields) != 2 {
			return nil, "a move is a row and a position, e.g. 3 2"
		}
		r, err1 := strconv.Atoi(fields[0])
		p, err2 := strconv.Atoi(fields[1])
		if err1 != nil || err2 != nil {
			return nil, "a move is a row and a position, e.g. 3 2"
		}
		pl, _ := strconv.Atoi(mover)
		return []any{r, p, pl}, ""
	}
	if len(fields) != 1 {
		return nil, "a move is one edge number"
	}
	e, err := strconv.Atoi(fields[0])
	if err != nil {
		return nil, fmt.Sprintf("%q is not an edge number", fields[0])
	}
	return e, ""
}

// show displays the position: text, and the picture where it is wanted,
// replacing the last position shown where the front end can (Jupyter).
func show(env *builtin.Env, pos any) {
	svg := ""
	if p, ok := pos.(builtin.Pictured); ok && env.Pictures {
		svg = p.SVG()
	}
	if env.Update != nil {
		env.Update("position", pos.(builtin.Value).Text(), svg)
		return
	}
	env.Show(pos.(builtin.Value).Text(), svg)
}
