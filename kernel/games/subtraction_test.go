package games_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// The abstraction's proof (issue 18): a game defined in this file alone,
// the subtraction game, registers itself and gets after, analyze, scripted
// play, trace, json, the game tree, with and rules from the engine, with no
// change anywhere else; it has no solver of its own, so the engine's
// exhaustive solver answers it, and that agrees with the game's theory.
//
// The game: a pile of n stones; players A and B take turns; each takes 1
// to k stones (the rule take, default 3); whoever takes the last stone
// wins. A position is worth +1 to a mover who can force the win, −1 else:
// the move that takes the last stone scores 1, and every other move is
// worth minus what it leaves the other player (games.Step's Carry −1). The
// mover loses exactly when n is a multiple of k+1.

var subtraction = &games.Game{
	Name:    "subtraction",
	Title:   "the subtraction game",
	Heading: "Subtraction game (a pile, take 1..k)",
	Rules:   "A pile of n stones. Players A and B take turns; each takes 1 to 3 stones; whoever takes the last stone wins.",
	Options: []*games.Option{{Name: "take", Default: 3, Values: "an integer k ≥ 1",
		Doc: "each turn the mover takes 1 to k stones", Parse: parseTake}},
	Turns:   games.InTurn,
	Players: []string{"A", "B"},
	Words: games.Words{
		Variant:     func(r games.Rules) string { return fmt.Sprintf("take 1..%d", r.Get("take")) },
		Value:       "outcome",
		ValueDoc:    "outcome: 1 when the mover can force the win, -1 when not",
		Hint:        "the mover's outcome",
		Reply:       "takes",
		PlotCaption: "A's outcome along the line",
		PlotY:       "A's outcome",
		LineSep:     ", ",
	},
	Help:   games.Help{After: "Subtraction: moves are how many stones each turn takes."},
	Values: []builtin.Typed{&pile{}},
}

func init() {
	subtraction.Builtins = []*builtin.Builtin{{
		Name:      "pile",
		Signature: `pile(n) / pile(n, rules)`,
		Doc:       `A pile of n stones for the subtraction game; rules: {take: k}.`,
		Example:   `pile(10)`,
		Returns:   []any{&pile{}},
		Fn:        fnPile,
	}}
	games.Register(subtraction)
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
	if err := kit.Unpack("pile", args, "n", kit.Between(&n, 0, 1000), "rules?", &r); err != nil {
		return nil, err
	}
	rules, err := games.RulesArg("pile", 2, subtraction.Default(), r)
	if err != nil {
		return nil, err
	}
	return &pile{N: n, Left: n, rules: rules}, nil
}

// pile is a position: the stones left, the rules, the moves so far.
type pile struct {
	N    int `expr:"n"`    // the stones at the start
	Left int `expr:"left"` // the stones left

	rules games.Rules
	h     *games.History
}

// take is a move: how many stones.
type take int

func (m take) String() string   { return strconv.Itoa(int(m)) }
func (m take) Value() any       { return int(m) }
func (m take) Describe() string { return "take " + m.String() }

func (p *pile) TypeName() string        { return "pile" }
func (p *pile) Text() string            { return fmt.Sprintf("a pile of %d (%d left)\n", p.N, p.Left) }
func (p *pile) Game() *games.Game       { return subtraction }
func (p *pile) Rules() games.Rules      { return p.rules }
func (p *pile) History() *games.History { return p.h }
func (p *pile) Terminal() *big.Int      { return new(big.Int) }
func (p *pile) Minimizes() bool         { return false }
func (p *pile) Key() string             { return strconv.Itoa(p.Left) }
func (p *pile) k() int                  { return p.rules.Get("take").(int) }

func (p *pile) Mover() string {
	if p.Left == 0 {
		return ""
	}
	return []string{"A", "B"}[p.h.Len()%2]
}

func (p *pile) Legal() []games.Move {
	var out []games.Move
	for m := 1; m <= min(p.k(), p.Left); m++ {
		out = append(out, take(m))
	}
	return out
}

func (p *pile) Play(gm games.Move) (games.Position, error) {
	m, ok := gm.(take)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s is not a move of the subtraction game", gm)
	case p.Left == 0:
		return nil, fmt.Errorf("the pile is empty")
	case m < 1 || int(m) > p.k():
		return nil, fmt.Errorf("the rules take 1 to %d stones (take %d)", p.k(), p.k())
	case int(m) > p.Left:
		return nil, fmt.Errorf("only %d are left", p.Left)
	}
	return &pile{N: p.N, Left: p.Left - int(m), rules: p.rules, h: p.h.Extend(p, p.Mover(), m, p.Step(m).Reward)}, nil
}

func (p *pile) Step(m games.Move) games.Step {
	if int(m.(take)) == p.Left {
		return games.Step{Reward: big.NewInt(1), Carry: -1} // the last stone wins
	}
	return games.Step{Reward: new(big.Int), Carry: -1}
}

func (p *pile) ParseMove(x any) (games.Move, error) {
	n, msg := kit.ToInt(x)
	if msg != "" {
		return nil, fmt.Errorf("%s (a move is how many stones to take)", msg)
	}
	return take(n), nil
}

// WithRules is p under rules r (games.Ruled: with and rules).
func (p *pile) WithRules(r games.Rules) (games.Position, error) {
	return &pile{N: p.N, Left: p.Left, rules: r, h: p.h}, nil
}

// JSONValue is the pile, the moves made, the rules when not the default.
func (p *pile) JSONValue() any {
	moves := []int{}
	if p.h != nil {
		for _, m := range p.h.Moves {
			moves = append(moves, int(m.(take)))
		}
	}
	return struct {
		N     int            `json:"n"`
		Left  int            `json:"left"`
		Moves []int          `json:"moves"`
		Rules map[string]any `json:"rules,omitempty"`
	}{p.N, p.Left, moves, p.rules.Changed()}
}

// The games.Player capability, for play.
func (p *pile) PlayersFor(who any) (games.Position, []string, error) {
	if who == nil {
		return p, []string{"A"}, nil
	}
	return nil, nil, fmt.Errorf("play: takes only a pile")
}
func (p *pile) Prompt(mover string) string {
	return fmt.Sprintf("%s takes 1..%d (%d left): ", mover, min(p.k(), p.Left), p.Left)
}
func (p *pile) ParseTyped(line, _ string) (games.Move, error) {
	n, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		return nil, fmt.Errorf("%q is not a number of stones", strings.TrimSpace(line))
	}
	return take(n), nil
}

// --- the tests ---

// lookup finds a builtin of games.Builtins, which is complete once every
// init (this file's Register among them) has run.
func lookup(name string) *builtin.Builtin {
	for _, b := range tools.Builtins() {
		if b.Name == name {
			return b
		}
	}
	panic("no builtin " + name)
}

func env() *builtin.Env {
	return &builtin.Env{Ctx: context.Background(), Show: func(string, string) {}, Print: func(string) {}}
}

func must(t *testing.T, name string, args ...any) any {
	t.Helper()
	v, err := lookup(name).Fn(env(), args...)
	if err != nil {
		t.Fatalf("%s%v: %v", name, args, err)
	}
	return v
}

func jsonOf(t *testing.T, x any) string {
	t.Helper()
	return must(t, "json", x).(string)
}

// outcome is the game's theory: +1 when the mover of a pile of n wins.
func outcome(n, k int) int64 {
	switch {
	case n == 0:
		return 0 // the game is over
	case n%(k+1) == 0:
		return -1
	}
	return 1
}

func TestSubtractionRegisters(t *testing.T) {
	if games.Lookup("subtraction") != subtraction || games.Names() != "subtraction" {
		t.Fatalf("registry: %q", games.Names())
	}
	if first := tools.Builtins()[0].Name; first != "pile" {
		t.Errorf("the game's own builtins come first, got %s", first)
	}
	if !strings.Contains(lookup("after").Doc, "Subtraction: moves are how many stones") {
		t.Errorf("after's help lacks the game's sentence: %s", lookup("after").Doc)
	}
}

// The engine's exhaustive solver knows only the positions, and finds the
// theory: every pile, every k.
func TestSubtractionExhaustive(t *testing.T) {
	for k := 1; k <= 5; k++ {
		for n := 0; n <= 40; n++ {
			p := must(t, "pile", n, map[string]any{"take": k}).(games.Position)
			ev, err := games.Exhaustive(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			var want []string // the winning move, or (losing) every move
			for _, m := range p.Legal() {
				if outcome(n, k) < 0 || int(m.(take)) == n%(k+1) {
					want = append(want, m.String())
				}
			}
			if ev.Value.Int64() != outcome(n, k) || fmt.Sprint(moveStrings(ev.Best)) != fmt.Sprint(want) {
				t.Fatalf("take %d, pile %d: value %s at %v, want %d at %v", k, n, ev.Value, moveStrings(ev.Best), outcome(n, k), want)
			}
			// Without a solver of its own the engine's Evaluate is the
			// exhaustive search.
			if n > 0 {
				if fast, err := games.Evaluate(env(), p); err != nil || fast.Value.Cmp(ev.Value) != 0 || fast.Choice.String() != ev.Best[0].String() {
					t.Fatalf("take %d, pile %d: Evaluate %v, %v", k, n, fast, err)
				}
			}
		}
	}
}

func moveStrings(ms []games.Move) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

func TestSubtractionAfter(t *testing.T) {
	p := must(t, "pile", 10)
	end := must(t, "after", p, []any{3, 2}).(*pile)
	if end.Left != 5 || end.Mover() != "A" || jsonOf(t, end) != `{"n":10,"left":5,"moves":[3,2]}` {
		t.Errorf("after: %s", jsonOf(t, end))
	}
	if got := must(t, "after", p, 3).(*pile); got.Left != 7 || got.Mover() != "B" {
		t.Errorf("after one move: %+v", got)
	}
	for _, tc := range []struct {
		x     any
		moves any
		want  string
	}{
		{p, []any{4}, "after: argument 2 (moves) has an illegal move 1 (take 4): the rules take 1 to 3 stones (take 3)"},
		{p, []any{3, 3, 3, 2}, "after: argument 2 (moves) has an illegal move 4 (take 2): only 1 are left"},
		{p, []any{"x"}, "after: argument 2 (moves) has move 1 that must be an integer, got string (a move is how many stones to take)"},
		{3, []any{1}, "after: argument 1 (x) must be a pile, got int"},
	} {
		if _, err := lookup("after").Fn(env(), tc.x, tc.moves); err == nil || err.Error() != tc.want {
			t.Errorf("after(%v): %v\nwant %s", tc.moves, err, tc.want)
		}
	}
}

func TestSubtractionAnalyze(t *testing.T) {
	p := must(t, "pile", 10)
	// A takes 2 (the winning move: 10 = 2 + 4 + 4), B anything, A answers
	// to a multiple of 4, and A takes the last stone.
	a := must(t, "analyze", p, []any{2, 3, 1, 3, 1}).(*tools.Analysis)
	if j := jsonOf(t, a); j != `{"game":"subtraction","moves":[`+
		`{"turn":1,"player":"A","move":2,"best":[2],"value":1,"after":1,"loss":0},`+
		`{"turn":2,"player":"B","move":3,"best":[1,2,3],"value":-1,"after":-1,"loss":0},`+
		`{"turn":3,"player":"A","move":1,"best":[1],"value":1,"after":1,"loss":0},`+
		`{"turn":4,"player":"B","move":3,"best":[1,2,3],"value":-1,"after":-1,"loss":0},`+
		`{"turn":5,"player":"A","move":1,"best":[1],"value":1,"after":1,"loss":0}],`+
		`"loss":{"A":0,"B":0},"totals":{"A":1,"B":0}}` {
		t.Errorf("analyze: %s", j)
	}
	// A mistake: A takes 1, leaving 9, from which B wins.
	a = must(t, "analyze", p, []any{1, 1}).(*tools.Analysis)
	if a.Moves[0]["loss"] != 2 || a.Moves[1]["best"].([]any)[0] != 1 || !strings.Contains(a.Text(), "loss: A 2, B 0") {
		t.Errorf("a mistake:\n%s", a.Text())
	}
	// From a position the turns and the totals go on.
	mid := must(t, "after", p, []any{2, 3})
	b := must(t, "analyze", mid, []any{1, 3, 1}).(*tools.Analysis)
	if b.Moves[0]["turn"] != 3 || b.Moves[0]["player"] != "A" || b.Totals["A"] != 1 {
		t.Errorf("from a position: %s", jsonOf(t, b))
	}
	if pl := must(t, "plot", a).(*tools.LinePlot); !strings.Contains(pl.Text(), "A's outcome along the line (loss A 2, B 0)") || !strings.Contains(pl.Text(), "✗ 1: A 1 −2") {
		t.Errorf("plot:\n%s", pl.Text())
	}
}

func TestSubtractionTraceAndExplain(t *testing.T) {
	tr := must(t, "trace", must(t, "pile", 6)).(*tools.Trace)
	if j := jsonOf(t, tr); j != `{"steps":[{"move":2,"player":"A","turn":1,"value":1},{"move":1,"player":"B","turn":2,"value":-1},{"move":3,"player":"A","turn":3,"value":1}]}` {
		t.Errorf("trace: %s", j)
	}
	if text := tr.Text(); !strings.HasPrefix(text, "turn  player  move  outcome\n1     A       2     1\n") || !strings.Contains(text, "then: a pile of 6 (0 left") {
		t.Errorf("trace:\n%s", text)
	}
	e := must(t, "explain", must(t, "pile", 5), 2).(*kit.Explanation)
	text := e.Text()
	for _, s := range []string{"the next 2 moves", "A to move: best outcome 1", "★ A 1 (0) → A's outcome 1, optimal; B to move: best outcome -1",
		"A 2 (0) → A's outcome -1, loses 2", "outcome: 1 when the mover can force the win, -1 when not; ★ an optimal move"} {
		if !strings.Contains(text, s) {
			t.Errorf("explain lacks %q:\n%s", s, text)
		}
	}
	var tree struct {
		Root struct{ Kids []json.RawMessage }
	}
	if err := json.Unmarshal([]byte(jsonOf(t, e)), &tree); err != nil || len(tree.Root.Kids) != 3 {
		t.Errorf("explain json: %v %s", err, jsonOf(t, e))
	}
	if after := must(t, "explain", must(t, "after", must(t, "pile", 5), 1), 1).(*kit.Explanation); !strings.Contains(after.Text(), "the next 1 move after 1 (A 0, B 0 so far)") {
		t.Errorf("explain of a position:\n%s", after.Text())
	}
}

// play against the optimum with a scripted person: a hint, a mistake taken
// back, a good move, the optimum's replies, to the end.
func TestSubtractionPlay(t *testing.T) {
	e, log := gamestest.Scripted("?", "1", "u", "x", "2", "3", "3")
	v, err := lookup("play").Fn(e, must(t, "pile", 10))
	if err != nil {
		t.Fatal(err)
	}
	out := log.String()
	for _, s := range []string{"A takes 1..3 (10 left): ?", "optimal: 2 (the mover's outcome 1)", "1: loses 2; optimal: 2",
		`"x" is not a number of stones`, "2: optimal", "B takes 1 (the optimum)", "3: optimal", "the game is over"} {
		if !strings.Contains(out, s) {
			t.Errorf("play lacks %q:\n%s", s, out)
		}
	}
	a := v.(*tools.Analysis)
	if len(a.Moves) != 5 || a.Totals["A"] != 1 || a.Totals["B"] != 0 || !games.Over(a.End.(games.Position)) {
		t.Errorf("play's record: %s", jsonOf(t, a))
	}
}

func TestSubtractionRules(t *testing.T) {
	p := must(t, "pile", 10)
	q := must(t, "with", p, map[string]any{"take": 2}).(*pile)
	if q.k() != 2 || jsonOf(t, q) != `{"n":10,"left":10,"moves":[],"rules":{"take":2}}` || jsonOf(t, p) != `{"n":10,"left":10,"moves":[]}` {
		t.Errorf("with: %s, %s", jsonOf(t, q), jsonOf(t, p))
	}
	if got := must(t, "rules", q).(*tools.RuleSheet).Words; got != "the subtraction game: "+subtraction.Rules+"\nThese rules change that: take 2: each turn the mover takes 1 to k stones" {
		t.Errorf("rules(q) = %q", got)
	}
	if ev, _ := games.Exhaustive(context.Background(), q); ev.Value.Int64() != outcome(10, 2) {
		t.Errorf("under take 2: %s", ev.Value)
	}
	for _, tc := range []struct {
		rules map[string]any
		want  string
	}{
		{map[string]any{"tkae": 2}, "pile: argument 2 (rules) names tkae, no rule of the subtraction game (did you mean take?); its rules are take"},
		{map[string]any{"take": 0}, "pile: argument 2 (rules) gives take 0, but take must be an integer k ≥ 1"},
	} {
		if _, err := lookup("pile").Fn(env(), 10, tc.rules); err == nil || err.Error() != tc.want {
			t.Errorf("pile(10, %v): %v", tc.rules, err)
		}
	}
	if _, err := lookup("after").Fn(env(), q, []any{3}); err == nil || !strings.Contains(err.Error(), "the rules take 1 to 2 stones (take 2)") {
		t.Errorf("after under take 2: %v", err)
	}
}

// What the engine leaves to a game: solve and the edits are capabilities
// (games.Solvable, games.Reader, …) a game implements or not, and a value
// of a game without them is refused in words.
func TestSubtractionWithoutCapabilities(t *testing.T) {
	p := must(t, "pile", 10)
	for fn, want := range map[string]string{
		"solve":   "solve: argument 1 (x) must be a value solve takes, got pile",
		"at":      "at: argument 1 (x) must be a value at takes, got pile",
		"reverse": "reverse: argument 1 (x) must be an array, got pile",
	} {
		if _, err := lookup(fn).Fn(env(), p); err == nil || err.Error() != want {
			t.Errorf("%s(pile): %v\nwant %s", fn, err, want)
		}
	}
}
