package defined_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/defined"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/sessiontest"
	solver "gamelab/solvers/lifeline"
)

// session is a session with the example games of scripts/games loaded
// and a builtin that runs f inside a cell, where a defined game's parts
// can run.
func session(t *testing.T, f func(env *builtin.Env, args []any) error) *kernel.Session {
	t.Helper()
	in := &builtin.Builtin{Name: "within", Fn: func(env *builtin.Env, args ...any) (any, error) { return nil, f(env, args) }}
	s := kernel.NewSession(kernel.WithBuiltins(in), kernel.WithDir("../../../scripts/games"))
	for _, file := range []string{"subtraction.gl", "nim.gl", "tictactoe.gl", "coins.gl", "polygon.gl", "lifeline.gl", "catmouse.gl", "jugs.gl"} {
		if out := s.Execute(context.Background(), fmt.Sprintf("load(%q)", file)); out.Err != nil {
			t.Fatalf("%s: %s", file, out.Err.Msg)
		}
	}
	return s
}

// instance makes an instance of the game g from arg under rules r.
func instance(env *builtin.Env, g *defined.Game, arg any, r games.Rules) (games.Position, error) {
	x, err := g.CallValue(env, []any{arg, r.Changed()})
	if err != nil {
		return nil, err
	}
	return x.(games.Position), nil
}

// TestConformance: the games defined in the language pass the game
// contract's suite as the built-in games do: their search against the
// exhaustive one at every position of random play-outs, every tool
// agreeing, under every combination of their rules.
func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		game    string
		choices map[string][]any
		random  func(r *rand.Rand) any
	}{
		{"sub", map[string][]any{"take": {1, 2, 3, 5}}, func(r *rand.Rand) any { return r.IntN(15) }},
		{"nim", map[string][]any{"misere": {false, true}}, func(r *rand.Rand) any {
			piles := make([]any, 1+r.IntN(3))
			for i := range piles {
				piles[i] = r.IntN(4)
			}
			return piles
		}},
		{"row", map[string][]any{"take": {1, 2, 3}, "ends": {"both", "left"}, "score": {"taken", "rest"}}, func(r *rand.Rand) any {
			row := make([]any, 1+r.IntN(5))
			for i := range row {
				row[i] = r.IntN(19) - 9
			}
			return row
		}},
		{"pg", map[string][]any{"goal": {"max", "min"}}, func(r *rand.Rand) any {
			values := make([]any, 1+r.IntN(4))
			ops := ""
			for i := range values {
				values[i], ops = r.IntN(11)-5, ops+string("+*-"[r.IntN(3)])
			}
			return map[string]any{"values": values, "ops": ops}
		}},
		{"life", map[string][]any{"capture": {"together", "others-first"}, "suicide": {true, false}}, func(r *rand.Rand) any {
			b := []solver.Grid{solver.Triangle, solver.Square}[r.IntN(2)].NewBoard(1 + r.IntN(3))
			for i := range b.Cells {
				if r.IntN(10) >= 3 {
					b.Cells[i] = uint8(1 + r.IntN(3))
				}
			}
			return map[string]any{"board": lifeline.NewBoard(b), "player": 1 + r.IntN(3)}
		}},
		{"ttt", nil, func(r *rand.Rand) any {
			cells := []any{".", ".", ".", ".", ".", ".", ".", ".", "."}
			for range 3 + r.IntN(3) { // a few cells played, X first, as a game reaches them
				cells[r.IntN(9)] = []string{"X", "O"}[r.IntN(2)]
			}
			return cells
		}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			s := session(t, func(env *builtin.Env, args []any) error {
				g := args[0].(*defined.Game)
				gamestest.Conform(t, gamestest.Spec{Game: g.Contract(), Choices: tc.choices, Trials: 12,
					Random: func(seed uint64, r games.Rules) (games.Position, error) {
						return instance(env, g, tc.random(rand.New(rand.NewPCG(seed, 1))), r)
					}})
				return nil
			})
			if out := s.Execute(context.Background(), "within("+tc.game+")"); out.Err != nil {
				t.Fatal(out.Err.Msg)
			}
		})
	}
}

// TestPlayAndSave: a defined game plays as a person answers at the prompt
// (the generic player: the legal moves listed, a move typed as its text),
// and save_session writes a script that defines it again.
func TestPlayAndSave(t *testing.T) {
	s := session(t, func(*builtin.Env, []any) error { return nil })
	answers := &sessiontest.Answers{Left: []string{"2", "?", "9", "q"}}
	out := s.ExecuteWith(context.Background(), "play(sub(6))", kernel.ExecOptions{Input: answers.Input})
	prompts := answers.Prompts
	if out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	if len(prompts) == 0 || !strings.HasPrefix(prompts[0], "A to move: 1, 2, 3") {
		t.Errorf("prompts %q", prompts)
	}
	for _, want := range []string{"2: optimal", "B plays", "optimal: ", "not among the legal moves"} {
		if !strings.Contains(out.Stdout, want) {
			t.Errorf("play's transcript lacks %q:\n%s", want, out.Stdout)
		}
	}
	file := filepath.Join(t.TempDir(), "s.gl")
	if out := s.Execute(context.Background(), fmt.Sprintf("k = solve(sub(9)).value\nsave_session(%q)", file)); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	again := kernel.NewSession(kernel.WithDir("../../../scripts/games"))
	src, _ := os.ReadFile(file)
	if out := again.Execute(context.Background(), string(src)+"\n[k, solve(nim([1, 2, 3])).value]"); out.Err != nil || out.Result.Text != "[1, -1]" {
		t.Errorf("the saved session replays to %v %v:\n%s", out.Result, out.Err, src)
	}
}

// TestPositionFields: an instance and a position after it show the
// moves made and the moves that may be made now, which a strategy of the
// user's reads.
func TestPositionFields(t *testing.T) {
	s := session(t, func(*builtin.Env, []any) error { return nil })
	for code, want := range map[string]string{
		"nim([1, 2]).legal":                             "[[1, 1], [2, 1], [2, 2]]",
		"after(nim([1, 2]), [[2, 1]]).legal":            "[[1, 1], [2, 1]]",
		"after(nim([1, 2]), [[2, 1]]).moves":            "[[2, 1]]",
		"after(nim([1]), [[1, 1]]).legal":               "[]",
		"[sub(2).legal, with(sub(9), {take: 2}).legal]": "[[1, 2], [1, 2]]",
		"map(match(nim([2, 2]), strategy({#.legal[-1]}), strategy({#.legal[1]})).moves, {#.move})": "[[2, 2], [1, 1], [1, 1]]",
	} {
		if out := s.Execute(context.Background(), code); out.Err != nil || out.Result.Text != want {
			t.Errorf("%s: %v %v, want %s", code, out.Result, out.Err, want)
		}
	}
}

// TestDefinitionMistakes: a definition's mistakes say which part failed,
// at which state and move, with the part's text and a caret under the
// fault (the line of a part of several lines), or what is missing.
func TestDefinitionMistakes(t *testing.T) {
	s := kernel.NewSession()
	for _, tc := range []struct{ code, want string }{
		{`game({name: "g", moves: {[1]}})`, "has no play: a game needs moves"},
		{`game({name: "g", mvoes: {[1]}, play: {1}})`, "names mvoes, no part of a game (did you mean moves?)"},
		{`game({name: "g g", moves: {[1]}, play: {1}})`, `needs a name, a word such as "nim"`},
		{`game({name: "g", moves: [1], play: {1}})`, "gives moves array, which must be {…}"},
		{`game({name: "g", moves: {let dp = 1; [dp]}, play: {1}})`, "gives moves a {…} that cannot run: cannot redeclare function dp"},
		{`game({name: "g", rules: {take: [1]}, moves: {[1]}, play: {1}})`, "a rule's list is its values, strings each once"},
		{`game({name: "g", rules: {take: 1.5}, moves: {[1]}, play: {1}})`, "a rule's default is an integer"},
		{`g = game({name: "g", rules: {capture: ["together", "others-first"]}, moves: {[]}, play: {1}}); g(1, {capture: "other"})`, `gives capture "other", but capture must be "together" or "others-first"`},
		{`g = game({name: "g", moves: {#.state}, play: {#.move}}); solve(g(5))`, "g's moves gave 5 (an int) at state 5, which is not a list of moves"},
		{"g = game({name: \"g\", moves: {[1]}, play: {#.state + #.mover}}); solve(g(1))",
			"g's play failed at state 1 with move 1: invalid operation: int + string\n  play: {#.state + #.mover}\n                 ^"},
		{"g = game({name: \"g\", moves: {let s = #.state;\n [s[9]]}, play: {#.state}}); solve(g([1]))",
			"g's moves failed at state [1]: index 9 out of range: the list has 1 item (1, or -1 from the end)\n  moves, line 2: [s[9]]}\n                   ^"},
		{`g = game({name: "g", moves: {[1]}, play: {(#.state + 1) % 3}}); solve(g(0))`, "g can return to a position: from state 0 (A to move), the moves 1, 1, 1 lead back to it"},
		{`g = game({name: "g", moves: {[1]}, play: {(#.state + 1) % 3}}); solve(g(0))`, `or say repeat: "draw" for play that may go on for ever`},
		{`game({name: "g", moves: {[1]}, play: {1}, repeat: "loop"})`, `gives repeat "loop", which must be "draw" (play that never ends is a draw, worth 0) or "lose"`},
		{`game({name: "g", moves: {[1]}, play: {1}, repeat: true})`, `gives repeat bool, which must be "draw"`},
		{`game({name: "g", moves: {[1]}, play: {1}, earn: {1}, repeat: "draw"})`, `gives repeat "draw" and earn: a game whose play may go on for ever is worth what its end is (value)`},
		{`game({name: "g", moves: {[1]}, play: {1}, repeat: "lose"})`, `gives repeat "lose" to a game of two players: it is for a puzzle of one`},
		{`game({name: "g", players: ["P"], moves: {[1]}, play: {1}, goal: {"min"}, repeat: "lose"})`, `gives repeat "lose" and a goal {…}`},
		{`g = game({name: "g", players: ["P"], moves: {[1]}, play: {1 - #.state}, earn: {1}, value: {0}, over: {#.state > 5}, repeat: "lose"}); solve(g(0))`,
			"g: from state 0 no line of play ends, so it has no value"},
		{`g = game({name: "g", players: ["P"], moves: {#.state < 3 ? [1, 2] : []}, play: {#.move == 1 ? 1 - #.state : 3}, earn: {1}, repeat: "lose"}); solve(g(0))`,
			"g has a loop whose moves earn more each time round (2), so no line of play is best: from state "},
		{`g = game({name: "g", moves: {[1, 2]}, play: {#.state}, mover: {"C"}}); solve(g(0))`, "g's mover gave \"C\" (a string) at state 0, which is not one of the players A, B"},
		{`g = game({name: "g", moves: {#.state > 0 ? [1] : []}, play: {#.state - 1}, value: {0.5}}); solve(g(1))`, "g's value gave 0.5 (a float) at state 0, which is not an integer"},
		{`g = game({name: "g", moves: {#.state > 0 ? [1] : []}, play: {#.state - 1}}); after(g(2), [7])`, "7 is not among the legal moves here: 1"},
		{`g = game({name: "g", moves: {#.state > 0 ? [1, 2, 1] : []}, play: {#.state - 1}}); solve(g(2))`, "g's moves gave the move 1 twice at state 2: each move must differ"},
		{`g = game({name: "g", moves: {#.state > 0 ? [[1], [1]] : []}, play: {#.state - 1}}); g(2)`, "g's moves gave the move [1] twice at state 2"},
		{`g = game({name: "g", rules: {n: 3}, moves: {[]}, play: {1}}); g(0, {n: 10**20})`, "gives n 100000000000000000000, but n must be an integer of 64 bits (from -2**63 to 2**63 - 1)"},
		{`game({name: "g", rules: {n: 10**20}, moves: {[]}, play: {1}})`, "gives rule n the default 100000000000000000000: a rule's integer is one of 64 bits"},
		{`g = game({name: "g", moves: {#.state > 0 ? [1] : []}, play: {#.state - 1}, key: {#}}); solve(g(3))`, "g's key gave <position view> (a position view) at state 3, which is not what tells positions apart, such as #.state"},
		{`g = game({name: "g", moves: {#.state > 0 ? [[1, 1], [1, 2]] : []}, play: {#.state - #.move[2]}}); after(g(3), [1, 2])`,
			"has an illegal move 1 (1): 1 is not a move here, but [1, 2] is: a move that is a list goes in the list of moves, as in [[1, 2]]"},
		{`game({name: "solve", moves: {[1]}, play: {1}})`, "names the game solve, but it is a builtin: give it a name of its own"},
		{`game({name: "let", moves: {[1]}, play: {1}})`, "names the game let, but it is a keyword"},
	} {
		out := s.Execute(context.Background(), tc.code)
		if out.Err == nil || !strings.Contains(out.Err.Msg, tc.want) {
			got := "no error"
			if out.Err != nil {
				got = out.Err.Msg
			}
			t.Errorf("%s:\n got %s\nwant %s", tc.code, got, tc.want)
		}
	}
	// A game kept under a name not its own works, with a word on it: help
	// and its instances call it by its name.
	out := s.Execute(context.Background(), `g2 = game({name: "zz", moves: {[]}, play: {1}}); yy = game({name: "yy", moves: {[]}, play: {1}}); g3 = yy; g2(1)`)
	want := "warning: the game is named zz but kept in g2: help and its instances call it zz; name it g2 to match\n"
	if out.Err != nil || out.Stderr != want {
		t.Errorf("a game kept under another name: %v, stderr %q, want %q", out.Err, out.Stderr, want)
	}
}

// TestPlayTypedLists: a move that is a list is typed as it is written,
// with or without its brackets and spaces; one that is not legal is named
// as typed.
func TestPlayTypedLists(t *testing.T) {
	s := session(t, func(*builtin.Env, []any) error { return nil })
	answers := &sessiontest.Answers{Left: []string{"[1, 2]", "[1,1]", "2 1", "(3, 1)", "q"}}
	out := s.ExecuteWith(context.Background(), "play(nim([1, 2, 3]))", kernel.ExecOptions{Input: answers.Input})
	if out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	want := "[1, 2] is not among the legal moves here: [1, 1], [2, 1], [2, 2], [3, 1], [3, 2], [3, 3]\n[1, 1]: optimal\n"
	if !strings.HasPrefix(out.Stdout, want) || strings.Count(out.Stdout, ": optimal") != 3 {
		t.Errorf("play's transcript:\n%s\nwant it to start\n%s", out.Stdout, want)
	}
}
