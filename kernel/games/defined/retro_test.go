package defined_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/defined"
	"gamelab/kernel/sessiontest"
)

// A game that can return to a position (repeat: "draw") is checked
// against a solver written another way: value iteration over a finite
// horizon (play cut at h moves is worth 0), which gives the true values
// once h passes the number of positions, and for a player who forces a
// value, the fewest moves within which they force it (its optimal moves
// are the ones that keep the value and lower that count; the other
// player's are those that keep the value).

// loopGame is a random game on a graph: node i is ended with value
// ends[i] for its mover when it has no edges, else its mover moves to
// one of edges[i]; goals[i][w] is "min" for a mover w who minimises.
type loopGame struct {
	edges [][]int
	ends  []int
	goals [][2]string
	solo  bool
}

func randomLoopGame(r *rand.Rand) loopGame {
	n := 2 + r.IntN(6)
	g := loopGame{edges: randomGraph(r, n), ends: make([]int, n), goals: make([][2]string, n), solo: r.IntN(5) == 0}
	for i := range n {
		g.goals[i] = [2]string{"max", "max"}
		for w := range 2 {
			if r.IntN(6) == 0 {
				g.goals[i][w] = "min"
			}
		}
		g.ends[i] = r.IntN(5) - 2
	}
	return g
}

// randomGraph is the moves of a random graph of n nodes, which may loop:
// about a quarter of the nodes have none (they end), the others 1 to 3, to
// distinct nodes.
func randomGraph(r *rand.Rand, n int) [][]int {
	edges := make([][]int, n)
	for i := range n {
		if r.IntN(4) == 0 {
			continue
		}
		for range 1 + r.IntN(3) {
			if e := r.IntN(n); !slices.Contains(edges[i], e) {
				edges[i] = append(edges[i], e)
			}
		}
	}
	return edges
}

// definition is the game in the language: the state [node, mover]
// (from 1), the mover 1 or 2 (one player: always 1).
func (g loopGame) definition() string {
	var edges, goals []string
	for i := range g.edges {
		var e []string
		for _, j := range g.edges[i] {
			e = append(e, fmt.Sprint(j+1))
		}
		edges = append(edges, "["+strings.Join(e, ", ")+"]")
		goals = append(goals, fmt.Sprintf("[%q, %q]", g.goals[i][0], g.goals[i][1]))
	}
	ends := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(g.ends)), ", "), "[]")
	players, other := `["A", "B"]`, "3 - #.state[2]"
	if g.solo {
		players, other = `["A"]`, "1"
	}
	return fmt.Sprintf(`edges = [%s]; ends = [%s]; goals = [%s]
loop = game({name: "loop", players: %s, repeat: "draw",
  mover: {#.state[2] == 1 ? "A" : "B"},
  moves: {edges[#.state[1]]}, play: {[#.move, %s]},
  value: {ends[#.state[1]]}, goal: {goals[#.state[1]][#.state[2]]}})`,
		strings.Join(edges, ", "), ends, strings.Join(goals, ", "), players, other)
}

// position is the index of (node, mover) in the brute force's arrays.
func (g loopGame) movers() int {
	if g.solo {
		return 1
	}
	return 2
}

// brute is every position's value for its mover and optimal moves (nodes
// from 1), by value iteration over a finite horizon.
func (g loopGame) brute() (values []int, best [][]int) {
	n, w := len(g.edges), g.movers()
	at := func(i, m int) int { return i*w + m }
	next := func(m int) int { return (m + 1) % w }
	// maximiser is whether the mover of (i, m) maximises the first
	// player's value; abs turns a mover's value into the first player's.
	sign := func(m int) int { return 1 - 2*m }
	maximiser := func(i, m int) bool { return (m == 0) == (g.goals[i][m] == "max") }
	horizon := 2*n*w + 2
	u := make([]int, n*w) // horizon 0: every position not ended is worth 0
	for i := range n {
		for m := range w {
			if len(g.edges[i]) == 0 {
				u[at(i, m)] = sign(m) * g.ends[i]
			}
		}
	}
	for range horizon {
		v := slices.Clone(u)
		for i := range n {
			for m := range w {
				if len(g.edges[i]) == 0 {
					continue
				}
				first := true
				for _, j := range g.edges[i] {
					c := u[at(j, next(m))]
					if first || maximiser(i, m) && c > v[at(i, m)] || !maximiser(i, m) && c < v[at(i, m)] {
						v[at(i, m)], first = c, false
					}
				}
			}
		}
		u = v
	}
	// forced[p] is the fewest moves within which the player who forces
	// p's value gets an end worth it (or better, to them).
	forced := func(p int, t int) int {
		maxer := u[p] > 0 // who forces: the maximiser when the value is above 0
		good := func(x int) bool { return maxer && x >= t || !maxer && x <= t }
		reach := make([]bool, n*w)
		for i := range n {
			for m := range w {
				reach[at(i, m)] = len(g.edges[i]) == 0 && good(sign(m)*g.ends[i])
			}
		}
		for h := 0; ; h++ {
			if reach[p] {
				return h
			}
			r := slices.Clone(reach)
			for i := range n {
				for m := range w {
					if len(g.edges[i]) == 0 {
						continue
					}
					mine := maximiser(i, m) == maxer
					all, any := true, false
					for _, j := range g.edges[i] {
						all = all && reach[at(j, next(m))]
						any = any || reach[at(j, next(m))]
					}
					r[at(i, m)] = mine && any || !mine && all
				}
			}
			reach = r
		}
	}
	values = make([]int, n*w)
	best = make([][]int, n*w)
	for i := range n {
		for m := range w {
			p := at(i, m)
			values[p] = sign(m) * u[p]
			if len(g.edges[i]) == 0 {
				continue
			}
			forcing := u[p] > 0 && maximiser(i, m) || u[p] < 0 && !maximiser(i, m)
			for _, j := range g.edges[i] {
				c := at(j, next(m))
				if u[c] == u[p] && (!forcing || forced(c, u[p]) < forced(p, u[p])) {
					best[p] = append(best[p], j+1)
				}
			}
		}
	}
	return values, best
}

// TestRepeatAgainstValueIteration: 1,000 random games on graphs with
// loops (two players who may each maximise or minimise, or one player),
// every position solved as an instance of its own: its value and every
// optimal move are value iteration's.
func TestRepeatAgainstValueIteration(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 913))
	s := kernel.NewSession()
	differ := 0
	for trial := range 1000 {
		g := randomLoopGame(r)
		if out := s.Execute(context.Background(), g.definition()); out.Err != nil {
			t.Fatalf("%s\n%s", g.definition(), out.Err.Msg)
		}
		values, best := g.brute()
		out := s.Execute(context.Background(), fmt.Sprintf(`got = map(1..%d, {let i = #; map(1..%d, {let s = solve(loop([i, #])); [s.value, s.optimal]})})`,
			len(g.edges), g.movers()))
		if out.Err != nil {
			t.Fatalf("trial %d: %s\n%s", trial, out.Err.Msg, g.definition())
		}
		got, err := s.Value(context.Background(), "got")
		if err != nil {
			t.Fatal(err.Msg)
		}
		var want []any
		for i := range g.edges {
			var row []any
			for m := range g.movers() {
				p := i*g.movers() + m
				b := []any{}
				for _, j := range best[p] {
					b = append(b, j)
				}
				row = append(row, []any{values[p], b})
			}
			want = append(want, row)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			if differ++; differ <= 3 {
				t.Errorf("trial %d: got  %v\nwant %v\n%s", trial, got, want, g.definition())
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of 1000 games differ", differ)
	}
}

// TestRepeatLinesEnd: in random games with loops, the line of optimal
// play from every position ends within as many moves as the game has
// positions; where the value is not a draw it ends at an ended position
// worth that value (the player who forces it makes progress), and the
// repeated position that ends a drawn line is over, worth 0.
func TestRepeatLinesEnd(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 913))
	checked := 0
	s := session(t, func(env *builtin.Env, args []any) error {
		p := args[0].(games.Position)
		limit := args[1].(int)
		ev, err := games.Evaluate(env, p)
		if err != nil {
			return err
		}
		root, at, sign := ev.Value, p, 1
		for moves := 0; !games.Over(at); moves++ {
			if moves > limit {
				return fmt.Errorf("%s: the line goes past %d moves", p.(*defined.Position).Inline(), limit)
			}
			e, err := games.Evaluate(env, at)
			if err != nil {
				return err
			}
			if at.Step(e.Choice).Carry == games.CarryNegated {
				sign = -sign
			}
			if at, err = at.Play(e.Choice); err != nil {
				return err
			}
		}
		repeated := strings.Contains(at.Text(), "repetition")
		end := new(big.Int).Mul(at.Terminal(), big.NewInt(int64(sign)))
		if root.Sign() != 0 && (repeated || end.Cmp(root) != 0) || repeated && at.Terminal().Sign() != 0 {
			return fmt.Errorf("%s: value %s, the line ends at %s", p.(*defined.Position).Inline(), root, at.Text())
		}
		checked++
		return nil
	})
	for trial := range 300 {
		g := randomLoopGame(r)
		if out := s.Execute(context.Background(), g.definition()); out.Err != nil {
			t.Fatal(out.Err.Msg)
		}
		code := fmt.Sprintf(`map(1..%d, {let i = #; map(1..%d, {within(loop([i, #]), %d)})})`, len(g.edges), g.movers(), 2*len(g.edges)+1)
		if out := s.Execute(context.Background(), code); out.Err != nil {
			t.Fatalf("trial %d: %s\n%s", trial, out.Err.Msg, g.definition())
		}
	}
	if checked < 1000 {
		t.Errorf("%d lines checked", checked)
	}
}

// TestRepeatStops: a game that can repeat, too large to solve whole,
// stops at the memory budget with a MemoryError that says how many
// positions were reached, and at an interrupt within a second or so; the
// session goes on, and a smaller game's solve works after either.
func TestRepeatStops(t *testing.T) {
	s := kernel.NewSession()
	def := `big = game({name: "big", repeat: "draw", moves: {[1, 2]}, play: {(#.state * 2 + #.move) % 100000000}, value: {0}})`
	if out := s.Execute(context.Background(), "budget(\"100MB\")\n"+def); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	out := s.Execute(context.Background(), "solve(big(1)).value")
	if out.Err == nil || out.Err.Kind != builtin.MemoryError || !strings.HasPrefix(out.Err.Msg, "big: the positions reached pass the memory budget after ") {
		t.Fatalf("past the budget: %v, want a MemoryError", out.Err)
	}
	if out := s.Execute(context.Background(), `budget("1GB")`); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	out = s.ExecuteWith(ctx, "solve(big(1)).value", kernel.ExecOptions{})
	if out.Err == nil || out.Err.Kind != builtin.Interrupted || time.Since(start) > 5*time.Second {
		t.Fatalf("interrupted: %v after %v, want Interrupted within a second or so", out.Err, time.Since(start))
	}
	small := `cycle = game({name: "cycle", repeat: "draw", moves: {[1]}, play: {(#.state + 1) % 5}})`
	if out := s.Execute(context.Background(), small+"\nsolve(cycle(0)).line"); out.Err != nil || out.Result.Text != "[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]" {
		t.Fatalf("after both: %v %v", out.Result, out.Err)
	}
}

// TestPlayEndsAtRepetition: a person who plays the mouse of LeetCode 913's
// first graph (scripts/games/catmouse.gl) back to where the cat and mouse
// stood after the first move ends the game there, drawn, and play says so.
func TestPlayEndsAtRepetition(t *testing.T) {
	s := kernel.NewSession(kernel.WithDir("../../../scripts/games"))
	if out := s.Execute(context.Background(), `load("catmouse.gl")`); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	answers := &sessiontest.Answers{Left: []string{"3", "4", "3"}}
	out := s.ExecuteWith(context.Background(), "play(p)", kernel.ExecOptions{Input: answers.Input})
	if out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	for _, want := range []string{"cat plays 5 (the optimum)", "cat plays 2 (the optimum)", "the game is over"} {
		if !strings.Contains(out.Stdout, want) {
			t.Errorf("play's transcript lacks %q:\n%s", want, out.Stdout)
		}
	}
	// The positions play shows, the last the one it ended at.
	if n := len(out.Displays); n == 0 || !strings.HasPrefix(out.Displays[n-1].Text, "drawn: the position after move 1 again\nmouse at 3, cat at 2\n") {
		t.Errorf("play's last position is not the drawn one: %v", out.Displays)
	}
	if len(answers.Left) != 0 {
		t.Errorf("play ended with %d answers left:\n%s", len(answers.Left), out.Stdout)
	}
}

// catAndMouse is LeetCode 913's own solution, written the way its
// editorial does (colouring the positions from the ends back, each
// counting the moves it has left): 1 when the mouse wins from node 1 with
// the cat at node 2 and the mouse to move, 2 when the cat does, 0 a draw.
func catAndMouse(graph [][]int) int {
	n := len(graph)
	const mouse, cat = 1, 2
	type state struct{ m, c, turn int }
	color := map[state]int{}
	degree := map[state]int{}
	for m := range n {
		for c := range n {
			degree[state{m, c, mouse}] = len(graph[m])
			for _, x := range graph[c] {
				if x != 0 {
					degree[state{m, c, cat}]++
				}
			}
		}
	}
	var queue []state
	for c := 1; c < n; c++ {
		for _, t := range []int{mouse, cat} {
			color[state{0, c, t}] = mouse
			color[state{c, c, t}] = cat
			queue = append(queue, state{0, c, t}, state{c, c, t})
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		r := color[s]
		var parents []state
		if s.turn == cat { // the mouse moved last
			for _, pm := range graph[s.m] {
				parents = append(parents, state{pm, s.c, mouse})
			}
		} else {
			for _, pc := range graph[s.c] {
				if pc != 0 {
					parents = append(parents, state{s.m, pc, cat})
				}
			}
		}
		for _, p := range parents {
			if color[p] != 0 {
				continue
			}
			if p.turn == r { // the mover moves to its own win
				color[p] = r
				queue = append(queue, p)
			} else if degree[p]--; degree[p] == 0 {
				color[p] = r
				queue = append(queue, p)
			}
		}
	}
	return color[state{1, 2, mouse}]
}

// TestCatAndMouseAgainstLeetCode: scripts/games/catmouse.gl gives LeetCode
// 913's answer (its own solution, above) on 1,000 random graphs, and on
// the problem's two examples.
func TestCatAndMouseAgainstLeetCode(t *testing.T) {
	s := kernel.NewSession(kernel.WithDir("../../../scripts/games"))
	if out := s.Execute(context.Background(), `load("catmouse.gl")`); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	r := rand.New(rand.NewPCG(913, 1))
	graphs := [][][]int{{{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}}, {{1, 3}, {0}, {3}, {0, 2}}}
	for len(graphs) < 1002 {
		graphs = append(graphs, randomUndirected(r, 4+r.IntN(7)))
	}
	outcome := map[string]int{"1": 1, "-1": 2, "0": 0}
	counts := map[int]int{}
	for i, g := range graphs {
		want := catAndMouse(g)
		counts[want]++
		out := s.Execute(context.Background(), fmt.Sprintf("solve(cm(%s)).value", list(g, func(e []int) string { return list(e, func(j int) string { return fmt.Sprint(j) }) })))
		if out.Err != nil {
			t.Fatalf("graph %d %v: %s", i, g, out.Err.Msg)
		}
		if got := outcome[out.Result.Text]; got != want {
			t.Errorf("graph %d %v: catmouse.gl says %s, LeetCode's solution %d", i, g, out.Result.Text, want)
		}
	}
	t.Logf("outcomes: %v", counts)
	if counts[0] < 50 || counts[1] < 50 || counts[2] < 50 {
		t.Errorf("too few of an outcome: %v", counts)
	}
}

// randomUndirected is a random undirected graph of n nodes as LeetCode 913
// has them (node i's neighbours graph[i], no loops), in which every node
// but the hole has a neighbour other than it, and the hole one or two.
func randomUndirected(r *rand.Rand, n int) [][]int {
	g := make([][]int, n)
	link := func(a, b int) {
		if a != b && !slices.Contains(g[a], b) {
			g[a], g[b] = append(g[a], b), append(g[b], a)
		}
	}
	link(0, 1+r.IntN(n-1)) // the hole, in reach of a node or two
	if r.IntN(2) == 0 {
		link(0, 1+r.IntN(n-1))
	}
	for range n + r.IntN(n) {
		link(1+r.IntN(n-1), 1+r.IntN(n-1))
	}
	for i := 1; i < n; i++ {
		if !slices.ContainsFunc(g[i], func(j int) bool { return j != 0 }) {
			link(i, 1+(i%(n-1)))
		}
	}
	for i := range g {
		slices.Sort(g[i])
	}
	return g
}
