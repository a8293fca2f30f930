package gamestest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
	"gamelab/kernel/printer"
)

// Spec is what the conformance suite needs of a game: small random
// instances under given rules, and the rule values to play.
type Spec struct {
	Game *games.Game
	// Random is a small instance from seed under rules r (small enough
	// that the exhaustive search answers it in milliseconds), with a
	// player to move.
	Random func(seed uint64, r games.Rules) (games.Position, error)
	// Choices lists, by option name, the values each option is played at;
	// an option not named is played at its default. Every combination is
	// played.
	Choices map[string][]any
	// Trials is how many instances each combination plays (default 20).
	Trials int
}

// Conform is the conformance suite (OpenSpiel's RandomSimTest, in
// spirit), run over every combination of the game's rules: random
// play-outs in which every legal move plays and the history records it,
// the line replays through after to the same position, json writes valid
// JSON that reads back the same, the game's own solver (where it has one)
// equals the exhaustive search at every position, and after, analyze,
// trace, explain and match agree with each other and with the search.
// Every tool given bad arguments answers with an error in the user's
// words, never a panic or a Go type.
func Conform(t *testing.T, s Spec) {
	t.Helper()
	if s.Trials == 0 {
		s.Trials = 20
	}
	for name := range s.Choices {
		if !slices.ContainsFunc(s.Game.Options, func(o *games.Option) bool { return o.Name == name }) {
			t.Fatalf("%s has no rule %s", s.Game.Name, name)
		}
	}
	for _, r := range combinations(t, s) {
		t.Run(ruleName(r), func(t *testing.T) {
			for trial := range s.Trials {
				x, err := s.Random(uint64(trial), r)
				if err != nil {
					t.Fatalf("instance %d: %v", trial, err)
				}
				c := &checker{t: t, x: x, env: Env(), search: games.NewSearch(context.Background()),
					rng: rand.New(rand.NewPCG(uint64(trial), 7)), where: fmt.Sprintf("instance %d %s", trial, firstLine(x.Text()))}
				c.run()
			}
			x, err := s.Random(1, r)
			if err != nil {
				t.Fatal(err)
			}
			badArguments(t, x)
		})
	}
}

// Env is an Env for the tools under test: no person to answer play, no
// pictures, the output thrown away.
func Env() *builtin.Env {
	return &builtin.Env{Ctx: context.Background(), Show: func(string, string) {}, Print: func(string) {}, Eprint: func(string) {}}
}

// combinations are the rules of every combination of s.Choices.
func combinations(t *testing.T, s Spec) []games.Rules {
	out := []games.Rules{s.Game.Default()}
	for _, o := range s.Game.Options {
		values := s.Choices[o.Name]
		if len(values) == 0 {
			continue
		}
		var next []games.Rules
		for _, r := range out {
			for _, v := range values {
				q, err := r.With(map[string]any{o.Name: v})
				if err != nil {
					t.Fatalf("rule %s = %v: %v", o.Name, v, err)
				}
				next = append(next, q)
			}
		}
		out = next
	}
	return out
}

func ruleName(r games.Rules) string {
	if r.IsDefault() {
		return "default"
	}
	return r.Text()
}

// checker checks one instance.
type checker struct {
	t      *testing.T
	x      games.Position
	env    *builtin.Env
	search *games.Search
	rng    *rand.Rand
	where  string
}

func (c *checker) fatalf(format string, a ...any) {
	c.t.Helper()
	c.t.Fatalf("%s: %s", c.where, fmt.Sprintf(format, a...))
}

func (c *checker) run() {
	c.t.Helper()
	x := c.x
	if x.History().Len() != 0 {
		c.fatalf("an instance has a history of %d moves", x.History().Len())
	}
	var line []games.Move
	turns := -1 // a game whose play need not end plays this many turns
	if f, ok := x.(games.FreeTurns); ok {
		turns = f.MatchTurns()
	}
	pos := x
	for {
		c.position(pos)
		legal := pos.Legal()
		if len(legal) == 0 || len(line) == turns {
			break
		}
		m := legal[c.rng.IntN(len(legal))]
		next, err := pos.Play(m)
		if err != nil {
			c.fatalf("legal move %s is refused: %v", m, err)
		}
		h := next.History()
		if h.Len() != pos.History().Len()+1 || h.Moves[h.Len()-1].String() != m.String() || h.Players[h.Len()-1] != moverOf(pos, m) {
			c.fatalf("after %s the history is %v by %v", m, h.Moves, h.Players)
		}
		line = append(line, m)
		pos = next
		if len(line) > 10000 {
			c.fatalf("a random line goes on past 10000 moves")
		}
	}
	c.replay(line, pos, turns < 0)
	c.analyze(line)
	if x.Game().Turns != games.Free { // play need not end: the game's own tests trace and match it
		c.trace()
		c.match()
	}
	if _, err := tools.GameTree(c.env, x, 1); err != nil && !games.Over(x) {
		c.fatalf("explain(x, 1): %v", err)
	}
}

// moverOf is who makes move m at pos: the move's own player in a game
// whose moves name theirs.
func moverOf(pos games.Position, m games.Move) string {
	if mo, ok := m.(games.MoverOf); ok {
		return mo.Player()
	}
	return pos.Mover()
}

// position checks one position against the exhaustive search: every legal
// move plays, the optimal ones keep the value and the others do not beat
// it, and the game's own solver agrees.
func (c *checker) position(pos games.Position) *games.Eval {
	c.t.Helper()
	ex, err := c.search.Solve(pos)
	if err != nil {
		c.fatalf("exhaustive search: %v", err)
	}
	legal := pos.Legal()
	if (pos.Mover() == "") != (len(legal) == 0) && pos.Game().Turns != games.Free {
		c.fatalf("mover %q with %d legal moves", pos.Mover(), len(legal))
	}
	for _, m := range legal {
		next, err := pos.Play(m)
		if err != nil {
			c.fatalf("legal move %s is refused: %v", m, err)
		}
		v, err := c.search.Value(next)
		if err != nil {
			c.fatalf("exhaustive search: %v", err)
		}
		after := games.AfterValue(pos.Step(m), v)
		optimal := slices.ContainsFunc(ex.Best, func(b games.Move) bool { return b.String() == m.String() })
		if optimal != (after.Cmp(ex.Value) == 0) || games.Better(pos, after, ex.Value) {
			c.fatalf("move %s is worth %s, the position %s (optimal %v)", m, after, ex.Value, optimal)
		}
	}
	if s, ok := pos.(games.Solver); ok {
		fast, err := s.Evaluate(c.env)
		if err != nil {
			c.fatalf("the game's solver: %v", err)
		}
		if fast.Value.Cmp(ex.Value) != 0 || !sameMoves(fast.Best, ex.Best) {
			c.fatalf("after %s the game's solver says %s at %v, the exhaustive search %s at %v",
				lineOf(pos), fast.Value, Strs(fast.Best), ex.Value, Strs(ex.Best))
		}
		if len(fast.Best) > 0 && !slices.ContainsFunc(fast.Best, func(b games.Move) bool { return b.String() == fast.Choice.String() }) {
			c.fatalf("the solver's choice %s is not among its optimal moves %v", fast.Choice, Strs(fast.Best))
		}
	}
	c.json(pos)
	return ex
}

// replay checks that after(x, line) is reached, the position the line
// reached (over, when ends: the line was played to the end).
func (c *checker) replay(line []games.Move, reached games.Position, ends bool) {
	c.t.Helper()
	end, positions, err := tools.PlayLine(c.x, "after", 2, line)
	if err != nil {
		c.fatalf("after(x, its own line): %v", err)
	}
	if len(positions) != len(line)+1 || ends && !games.Over(end) {
		c.fatalf("after(x, line) ends with %d positions, over %v", len(positions), games.Over(end))
	}
	got, want := jsonText(c.t, end), jsonText(c.t, reached)
	if got != want || end.Text() != reached.Text() {
		c.fatalf("replayed, the line ends in\n%s\nnot\n%s", got, want)
	}
}

// analyze checks analyze's record of line against the search.
func (c *checker) analyze(line []games.Move) {
	c.t.Helper()
	a, err := tools.Analyze(c.env, "analyze", c.x, line)
	if err != nil {
		c.fatalf("analyze: %v", err)
	}
	if len(a.Moves) != len(line) {
		c.fatalf("analyze has %d turns for %d moves", len(a.Moves), len(line))
	}
	pos := c.x
	for i, m := range line {
		turn := a.Moves[i]
		ex, _ := c.search.Solve(forMover(pos, m))
		loss := toBig(turn["loss"])
		optimal := slices.ContainsFunc(ex.Best, func(b games.Move) bool { return b.String() == m.String() })
		if toBig(turn["value"]).Cmp(ex.Value) != 0 || loss.Sign() < 0 || (loss.Sign() == 0) != optimal {
			c.fatalf("analyze's turn %d (%s): value %v, loss %v; the search: %s, optimal %v", i+1, m, turn["value"], turn["loss"], ex.Value, optimal)
		}
		pos, _ = forMover(pos, m).Play(m)
	}
}

// forMover is pos with m's player to move, for a game whose moves name
// their player.
func forMover(pos games.Position, m games.Move) games.Position {
	if mo, ok := m.(games.MoverOf); ok && mo.Player() != pos.Mover() {
		if f, ok := pos.(games.FreeTurns); ok {
			if q, err := f.WithMover(mo.Player()); err == nil {
				return q
			}
		}
	}
	return pos
}

// trace checks the optimal line: it ends, and each of its moves keeps the
// value the search gives.
func (c *checker) trace() {
	c.t.Helper()
	tr, err := tools.OptimalLine(c.env, c.x)
	if err != nil {
		c.fatalf("trace: %v", err)
	}
	if !games.Over(tr.End.(games.Position)) {
		c.fatalf("the optimal line stops before the end")
	}
	pos := c.x
	for i, s := range tr.Steps {
		ex, _ := c.search.Solve(pos)
		if toBig(s["value"]).Cmp(ex.Value) != 0 {
			c.fatalf("trace's step %d has value %v, the search %s", i+1, s["value"], ex.Value)
		}
		m, err := pos.ParseMove(s["move"])
		if err != nil {
			c.fatalf("trace's move %v does not read back: %v", s["move"], err)
		}
		if pos, err = pos.Play(m); err != nil {
			c.fatalf("trace's move %v: %v", s["move"], err)
		}
	}
}

// match checks that the optimum against itself loses nothing.
func (c *checker) match() {
	c.t.Helper()
	a, err := tools.Match(c.env, "match", c.x, &tools.Sides{All: strategy("optimal")})
	if err != nil {
		c.fatalf("match(x, optimal): %v", err)
	}
	for _, t := range a.Moves {
		if toBig(t["loss"]).Sign() != 0 {
			c.fatalf("match(x, optimal) loses %v at turn %v", t["loss"], t["turn"])
		}
	}
}

// json checks that json(pos) is JSON that reads back as itself.
func (c *checker) json(pos games.Position) {
	c.t.Helper()
	text := jsonText(c.t, pos)
	var v any
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		c.fatalf("json %s: %v", text, err)
	}
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil || canonical(c.t, text) != strings.TrimSpace(b.String()) {
		c.fatalf("json %s reads back as %s", text, b.String())
	}
}

// canonical is JSON text with its keys sorted, as encoding/json writes a
// map.
func canonical(t *testing.T, text string) string {
	var v any
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("json %s: %v", text, err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func jsonText(t *testing.T, x any) string {
	text, err := printer.JSON(kit.JSONValue(x), "", nil)
	if err != nil {
		t.Fatalf("json(%s): %v", kit.TypeName(x), err)
	}
	return text
}

// strategy is the engine's strategy called name.
func strategy(name string) *tools.Strategy { return Tool(name).Value.(*tools.Strategy) }

// goWords are words of Go that no message to a user may hold.
var goWords = []string{"*big.", "big.Int", "games.", "func(", "reflect", "interface {", "struct {", "goroutine", "%!", "<nil>", "[]interface", "map["}

// badArguments calls every tool with arguments it cannot take: an error
// in the user's words each time, never a panic.
func badArguments(t *testing.T, x games.Position) {
	t.Helper()
	bad := [][]any{{}, {3}, {"x"}, {nil}, {x, "zz", -1}, {x, []any{"zz"}}, {x, -1}, {x, x}, {x, map[string]any{"nope": 1}}}
	for _, b := range tools.Builtins() {
		if b.Fn == nil || b.Name == "save" || b.Name == "show" {
			continue
		}
		for _, args := range bad {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s(%s) panics: %v", b.Name, argTypes(args), r)
					}
				}()
				_, err := b.Fn(Env(), slices.Clone(args)...)
				if err == nil {
					return
				}
				for _, w := range goWords {
					if strings.Contains(err.Error(), w) {
						t.Errorf("%s(%s): the error names Go's %q: %v", b.Name, argTypes(args), w, err)
					}
				}
			}()
		}
	}
}

func argTypes(args []any) string {
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = kit.TypeName(a)
	}
	return strings.Join(names, ", ")
}

func sameMoves(a, b []games.Move) bool { return slices.Equal(Strs(a), Strs(b)) }

// toBig is a number of a record (int or *big.Int) as a big.Int.
func toBig(x any) *big.Int {
	if b, msg := kit.ToBig(x); msg == "" {
		return b
	}
	return big.NewInt(-1 << 62) // no number: unequal to any value
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// Call runs the builtin name of game g (its constructor, say) as a session
// would, with an Env of no front end.
func Call(g *games.Game, name string, args ...any) (any, error) {
	for _, b := range g.Builtins {
		if b.Name == name {
			return b.Fn(Env(), args...)
		}
	}
	return nil, fmt.Errorf("%s has no builtin %s", g.Name, name)
}

// Instance is Call for a builtin that makes a position.
func Instance(g *games.Game, name string, args ...any) (games.Position, error) {
	x, err := Call(g, name, args...)
	if err != nil {
		return nil, err
	}
	p, ok := x.(games.Position)
	if !ok {
		return nil, fmt.Errorf("%s gives %s, no position", name, kit.TypeName(x))
	}
	return p, nil
}

// lineOf is the moves that led to pos, for messages.
func lineOf(pos games.Position) string {
	h := pos.History()
	if h.Len() == 0 {
		return "no move"
	}
	return "moves " + games.LineText(pos.Game(), h.Moves)
}
