package defined_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/defined"
	"gamelab/kernel/sessiontest"
)

// A puzzle (one player, repeat: "lose") is checked against value
// iteration: V_h, the best a line that ends within h moves gets, settles
// once h passes the positions reachable unless a loop earns more each time
// round; a position's value is where it settles, its optimal moves those
// that keep the value and reach it in fewer moves (the least h at which
// it is reached).

// puzzleGame is a random puzzle on a graph: node i ends, worth ends[i],
// when it has no edges; a move to j earns earns[i][j].
type puzzleGame struct {
	edges [][]int
	ends  []int
	earns [][]int
	min   bool
}

func randomPuzzle(r *rand.Rand) puzzleGame {
	n := 2 + r.IntN(6)
	g := puzzleGame{edges: randomGraph(r, n), ends: make([]int, n), earns: make([][]int, n), min: r.IntN(3) == 0}
	for i := range n {
		g.earns[i] = make([]int, n)
		for j := range n {
			g.earns[i][j] = []int{-2, -1, -1, 0, 0, 1}[r.IntN(6)]
			if g.min {
				g.earns[i][j] = -g.earns[i][j]
			}
		}
		g.ends[i] = r.IntN(7) - 3
	}
	return g
}

// list is xs as the language writes a list.
func list[T any](xs []T, item func(T) string) string {
	var out []string
	for _, x := range xs {
		out = append(out, item(x))
	}
	return "[" + strings.Join(out, ", ") + "]"
}

func (g puzzleGame) definition() string {
	num := func(i int) string { return fmt.Sprint(i) }
	goal := "max"
	if g.min {
		goal = "min"
	}
	return fmt.Sprintf(`edges = %s; ends = %s; earns = %s
puzzle = game({name: "puzzle", players: ["P"], repeat: "lose", goal: %q,
  moves: {edges[#.state]}, play: {#.move}, earn: {earns[#.state][#.move]}, value: {ends[#.state]}})`,
		list(g.edges, func(e []int) string { return list(e, func(j int) string { return num(j + 1) }) }),
		list(g.ends, num), list(g.earns, func(e []int) string { return list(e, num) }), goal)
}

// brute is what solving from node root gives: each node's value (ok
// false where no line ends) and optimal moves, or loop when a loop that
// earns more each time round is reachable and can end.
func (g puzzleGame) brute(root int) (values []int, ok []bool, best [][]int, loop bool) {
	n := len(g.edges)
	better := func(a, b int) bool { return g.min && a < b || !g.min && a > b }
	reach := reachedFrom(g, root)
	v, has := make([]int, n), make([]bool, n)
	for _, i := range reach {
		v[i], has[i] = g.ends[i], len(g.edges[i]) == 0
	}
	settled := make([]int, n) // the least h at which V_h(i) is its value
	history := [][]int{}
	for h := 1; h <= 2*len(reach)+2; h++ {
		nv, nh := slices.Clone(v), slices.Clone(has)
		for _, i := range reach {
			for _, j := range g.edges[i] {
				if c := g.earns[i][j] + v[j]; has[j] && (!nh[i] || better(c, nv[i])) {
					nv[i], nh[i] = c, true
				}
			}
		}
		for _, i := range reach {
			if nh[i] != has[i] || nv[i] != v[i] {
				settled[i] = h
			}
		}
		v, has = nv, nh
		history = append(history, slices.Clone(v))
	}
	if !slices.Equal(history[len(reach)], history[len(history)-1]) {
		return nil, nil, nil, true
	}
	best = make([][]int, n)
	for _, i := range reach {
		for _, j := range g.edges[i] {
			if has[i] && has[j] && g.earns[i][j]+v[j] == v[i] && settled[j] < settled[i] {
				best[i] = append(best[i], j+1)
			}
		}
	}
	return v, has, best, false
}

// TestPuzzleAgainstValueIteration: 1,000 random puzzles on graphs with
// loops (moves that earn, lose or cost; maximised or minimised), solved
// from every node: the value and every optimal move of each node reached
// are value iteration's, a node no line ends from is an error that says
// so, and a loop that earns more each time round is an error that names it.
func TestPuzzleAgainstValueIteration(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 1))
	s := kernel.NewSession()
	counts := map[string]int{}
	for trial := range 1000 {
		g := randomPuzzle(r)
		if out := s.Execute(context.Background(), g.definition()); out.Err != nil {
			t.Fatalf("%s\n%s", g.definition(), out.Err.Msg)
		}
		for root := range g.edges {
			values, ok, best, loop := g.brute(root)
			out := s.Execute(context.Background(), fmt.Sprintf(`p = puzzle(%d); s = solve(p); [s.value, s.optimal]`, root+1))
			switch {
			case loop:
				counts["loop"]++
				if out.Err == nil || !strings.Contains(out.Err.Msg, "puzzle has a loop whose moves earn") {
					t.Fatalf("trial %d from %d: %v %v, want the error of a loop that earns\n%s", trial, root+1, out.Result, out.Err, g.definition())
				}
				continue
			case !ok[root]:
				counts["no end"]++
				if out.Err == nil || !strings.Contains(out.Err.Msg, "no line of play ends") {
					t.Fatalf("trial %d from %d: %v %v, want the error of no end\n%s", trial, root+1, out.Result, out.Err, g.definition())
				}
				continue
			case out.Err != nil:
				t.Fatalf("trial %d from %d: %s\n%s", trial, root+1, out.Err.Msg, g.definition())
			}
			counts["solved"]++
			want := fmt.Sprintf("[%d, %s]", values[root], list(best[root], func(j int) string { return fmt.Sprint(j) }))
			if out.Result.Text != want {
				t.Fatalf("trial %d from %d: %s, want %s\n%s", trial, root+1, out.Result.Text, want, g.definition())
			}
			// dp lists every node reached, those no line ends from without a value.
			reach, none := reachedFrom(g, root), 0
			for _, i := range reach {
				if !ok[i] {
					none++
				}
			}
			out = s.Execute(context.Background(), `d = dp(p); [d.n, len(filter(d.rows, {#.value == nil}))]`)
			if want := fmt.Sprintf("[%d, %d]", len(reach), none); out.Err != nil || out.Result.Text != want {
				t.Fatalf("trial %d from %d: dp %v %v, want %s\n%s", trial, root+1, out.Result, out.Err, want, g.definition())
			}
			if none > 0 {
				counts["dp without a value"]++
			}
		}
	}
	t.Logf("positions: %v", counts)
	if counts["loop"] < 50 || counts["no end"] < 50 || counts["solved"] < 1000 || counts["dp without a value"] < 50 {
		t.Errorf("too few of a kind: %v", counts)
	}
}

// reachedFrom is the nodes play reaches from root, root first.
func reachedFrom(g puzzleGame, root int) []int {
	reach := []int{root}
	for q := 0; q < len(reach); q++ {
		for _, j := range g.edges[reach[q]] {
			if !slices.Contains(reach, j) {
				reach = append(reach, j)
			}
		}
	}
	return reach
}

// TestPuzzleDeadEnds: a puzzle's move into a position from which no line
// of play ends is never optimal; explore shows it as leading nowhere (on
// its button too, coloured as the worst), explain's tree as a leaf
// without a value, dp lists the position without a value, analyze of a line into it and a match that reaches it stop with
// errors that say so, and the session goes on.
func TestPuzzleDeadEnds(t *testing.T) {
	s := kernel.NewSession()
	def := `g = game({name: "g", players: ["P"], moves: {#.state == 0 ? [1, 2] : #.state == 2 ? [2] : []}, play: {#.move}, earn: {-1}, repeat: "lose"})`
	for _, tc := range []struct{ code, want string }{
		{def + "\nsolve(g(0)).optimal", "[1]"},
		{"[dp(g(0)).rows[1].value, dp(g(0)).rows[1].best]", "[nil, []]"},
		{"explore(g(0))", "moves: 1 loses 0, 2 leads where no line ends"},
		{"explain(g(0))", "└─ 2 (-1) → no line of play ends from there"},
		{"analyze(g(0), [2])", "g: from state 2 no line of play ends, so it has no value"},
		{"match(g(0), random(3))", "match: after 1 move the line is at 2, P to move, from which no line of play ends"},
		{"solve(g(0)).value", "-1"},
	} {
		if got := sessiontest.Said(s, tc.code); !strings.Contains(got, tc.want) {
			t.Errorf("%s:\n got %s\nwant %s", tc.code, got, tc.want)
		}
	}
	if out := s.Execute(context.Background(), "explore(g(0))"); out.Result != nil {
		if html := out.Result.HTML; !strings.Contains(html, `title="2 leads where no line of play ends">2<small>no end</small>`) || !strings.Contains(html, "hsl(0,65%,60%)") {
			t.Errorf("the explorer's button of the dead end:\n%s", html)
		}
	}
}

// TestPositionBytes: what a match reserves for each position of its line
// (games.Sized) is what a position holds, not 16 bytes for each counter of
// a pile it was made from (sub(200000) reserved 3.2 MB a move, each a read
// of the heap and of /proc, half of a long match's time).
func TestPositionBytes(t *testing.T) {
	s := session(t, func(env *builtin.Env, args []any) error {
		p := args[0].(games.Sized)
		if got, want := p.Bytes(), int64(args[1].(int)); got != want {
			return fmt.Errorf("%s: %d bytes, want %d", p.(*defined.Position).Inline(), got, want)
		}
		return nil
	})
	for _, code := range []string{`within(sub(200000), 640)`, `within(ttt(split(".........", "")), 640 + 9 * 32)`} {
		if out := s.Execute(context.Background(), code); out.Err != nil {
			t.Error(out.Err.Msg)
		}
	}
}
