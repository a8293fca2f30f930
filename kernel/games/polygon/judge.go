// gamelab judge runs programs, which a web page cannot: the judge is not
// part of the WebAssembly engine.

//go:build !js

package polygon

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"gamelab/gameio"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/judge"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/polygon"
)

// How gamelab judge polygon judges a program: rings in the batch formats'
// input (seed and json: n, then op v pairs with +, * and -; ioi: t and x,
// + and * only unless --ops asks for -), under goal max or min. Answers
// are judged by the best score, every first edge's score (seed, json) or
// the optimal first edges (ioi, json), and a plan (seed, json), accepted
// whichever optimal plan it is: replayed, each merge must keep the best
// score reachable. Interactive: the program plays the ring alone.

func init() {
	judge.Set(Game, &judge.Judge{
		Random:  randomRing,
		Valid:   validRing,
		Values:  kit.Bounds{Lo: big.NewInt(-10), Hi: big.NewInt(10)},
		Ops:     "+*-",
		Size:    func(x games.Position) int { return x.(*Polygon).N },
		Unit:    [2]string{"vertex", "vertices"},
		Noun:    "ring",
		MaxN:    10,
		Largest: func(games.Rules) int { return 1 << 20 },
		// The solve's tables of big integers (about 72 bytes a cell, n²
		// cells) and a plan's check, which solves every chain it passes.
		Need: func(n int, _ games.Rules) int64 { f := float64(n); return judge.Need(200*f*f, 600*f) },
		Formats: map[string]*judge.Format{
			"seed": {Input: ringInput(false), Check: checkSeed,
				Rule: "BestScore and each i=K line's score must be gamelab's; the plan (firstDelEdge, then the stack lines) any plan that reaches the best score"},
			"ioi": {Input: ringInput(true), Check: checkIOI, Ops: "+*",
				Rule: "the best score, then exactly the optimal first edges, in increasing order"},
			"json": {Input: ringInput(false), Check: checkJSON,
				Rule: "n, best, scores and optimal must be gamelab's; the plan (first, merges) any plan that reaches the best score"},
		},
		Interactive: &judge.Interactive{
			Start: func(x games.Position, _ uint64) (games.Position, string, []byte, error) {
				return x, "1", ringInput(false)(x), nil
			},
			Read: func(pos games.Position, line string) (games.Move, error) {
				e, err := strconv.Atoi(strings.TrimSpace(line))
				if err != nil {
					return nil, fmt.Errorf("a move is an edge number")
				}
				return pos.ParseMove(e)
			},
			Protocol: "gamelab writes the ring as the seed format does (n, then the op v pairs); the program plays it " +
				"alone, writing a line per move: the edge it deletes first, then each edge it merges, by the edge's " +
				"number in the ring; after its last move gamelab closes the program's input",
		},
	})
}

// randomRing is randpolygon's ring of n vertices from seed, values and
// operators the spec's.
func randomRing(_ *builtin.Env, n int, seed uint64, spec judge.Spec) (games.Position, error) {
	p, err := solver.RandomRange(n, seed, spec.Values.Lo, spec.Values.Hi, spec.Ops)
	if err != nil {
		return nil, err
	}
	return newPolygon(p, spec.Rules), nil
}

// validRing says why x has an operator the spec does not draw (a
// shrunk ring whose * became +).
func validRing(x games.Position, spec judge.Spec) error {
	for _, op := range x.(*Polygon).p.Ops {
		if !strings.ContainsRune(spec.Ops, rune(op)) {
			return fmt.Errorf("operator %c is not one of --ops %s", op, spec.Ops)
		}
	}
	return nil
}

// ringInput writes the ring as the batch formats read it: n, then the op v
// pairs; IOI writes t for + and x for *.
func ringInput(ioi bool) func(x games.Position) []byte {
	return func(x games.Position) []byte {
		p := x.(*Polygon)
		var b strings.Builder
		fmt.Fprintf(&b, "%d\n", p.N)
		for i, v := range p.p.Values {
			op := string(p.p.Ops[i])
			if ioi {
				op = strings.NewReplacer("+", "t", "*", "x").Replace(op)
			}
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%s %s", op, v)
		}
		b.WriteByte('\n')
		return []byte(b.String())
	}
}

// truth is the ring solved under its rules, within the budget's room.
func truth(env *builtin.Env, p *Polygon) (*solver.Result, error) {
	room := min(gameio.Room(env.Ctx), solver.DefaultMaxTableBytes)
	r, err := solver.SolveWith(env.Ctx, p.p, solver.Options{Goal: goalOf(p.rules), MaxTableBytes: room})
	return r, judge.Own(err)
}

// checkSeed judges seed 000's layout: BestScore=S, i=K S lines,
// firstDelEdge=E and stack--> e lines (the ring's drawing is not judged).
func checkSeed(env *builtin.Env, x games.Position, out []byte) error {
	p := x.(*Polygon)
	r, err := truth(env, p)
	if err != nil {
		return err
	}
	var best string
	scores := map[int]string{}
	var plan []any
	for _, f := range judge.AnswerLines(out) {
		line := strings.Join(f, " ")
		switch {
		case strings.HasPrefix(line, "BestScore="):
			best = strings.TrimPrefix(line, "BestScore=")
		case strings.HasPrefix(line, "i=") && len(f) == 2:
			if k, err := strconv.Atoi(strings.TrimPrefix(f[0], "i=")); err == nil {
				scores[k] = f[1]
			}
		case strings.HasPrefix(line, "firstDelEdge="):
			plan = append([]any{strings.TrimPrefix(line, "firstDelEdge=")}, plan...)
		case strings.HasPrefix(line, "stack-->") && len(f) == 2:
			plan = append(plan, f[1])
		}
	}
	if best == "" {
		return fmt.Errorf("the answer has no BestScore= line")
	}
	if err := judge.CheckNumber("BestScore", best, r.Best); err != nil {
		return err
	}
	for k, s := range r.Scores {
		if _, ok := scores[k+1]; !ok {
			return fmt.Errorf("the answer has no i=%d line (the best score after deleting edge %d first)", k+1, k+1)
		}
		if err := judge.CheckNumber(fmt.Sprintf("the score of i=%d", k+1), scores[k+1], s); err != nil {
			return err
		}
	}
	return checkPlan(env, p, plan)
}

// checkIOI judges POLYGON.OUT: the best score, then the optimal first
// edges.
func checkIOI(env *builtin.Env, x games.Position, out []byte) error {
	r, err := truth(env, x.(*Polygon))
	if err != nil {
		return err
	}
	lines := judge.AnswerLines(out)
	switch {
	case len(lines) == 0:
		return fmt.Errorf("the answer is empty; it should be the best score, then the optimal first edges")
	case len(lines) > 2:
		return fmt.Errorf("the answer has %d lines; it should have two, the best score, then the optimal first edges", len(lines))
	}
	if err := judge.CheckNumber("the best score (line 1)", strings.Join(lines[0], " "), r.Best); err != nil {
		return err
	}
	var edges []string
	if len(lines) > 1 {
		edges = lines[1]
	}
	return judge.CheckInts("the optimal first edges (line 2)", edges, r.Optimal)
}

// checkJSON judges the json object: n, best, scores, optimal and the plan
// (first, merges).
func checkJSON(env *builtin.Env, x games.Position, out []byte) error {
	p := x.(*Polygon)
	r, err := truth(env, p)
	if err != nil {
		return err
	}
	m, err := judge.CheckJSON(out, judge.Want{Name: "n", Value: big.NewInt(int64(p.N))}, judge.Want{Name: "best", Value: r.Best})
	if err != nil {
		return err
	}
	scores, err := numberList(m, "scores")
	if err != nil {
		return err
	}
	if len(scores) != len(r.Scores) {
		return fmt.Errorf("scores has %d items, want %d (one per edge)", len(scores), len(r.Scores))
	}
	for k, s := range r.Scores {
		if err := judge.CheckNumber(fmt.Sprintf("scores[%d]", k+1), scores[k], s); err != nil {
			return err
		}
	}
	if _, err := numberList(m, "optimal"); err != nil {
		return err
	}
	if err := judge.CheckInts("optimal", m["optimal"], r.Optimal); err != nil {
		return err
	}
	first, err := judge.JSONNumber(m, "first")
	if err != nil {
		return err
	}
	merges, err := numberList(m, "merges")
	if err != nil {
		return err
	}
	plan := []any{first}
	for _, e := range merges {
		plan = append(plan, e)
	}
	return checkPlan(env, p, plan)
}

// numberList is the answer's field name, which must be a list of JSON
// numbers, as their texts.
func numberList(m map[string]any, name string) ([]string, error) {
	v, ok := m[name]
	if !ok {
		return nil, fmt.Errorf("the answer has no %q", name)
	}
	l, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%q should be a list of numbers, got %s", name, judge.JSONWords(v))
	}
	out := make([]string, len(l))
	for i, x := range l {
		n, ok := x.(json.Number)
		if !ok {
			return nil, fmt.Errorf("%q's item %d should be a number, got %s", name, i+1, judge.JSONWords(x))
		}
		out[i] = n.String()
	}
	return out, nil
}

// checkPlan replays a plan, the first edge then the merges: each must
// keep the best score reachable (any optimal plan is accepted).
func checkPlan(env *builtin.Env, p *Polygon, plan []any) error {
	moves := make([]any, len(plan))
	for i, e := range plan {
		n, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(e)))
		if err != nil {
			return fmt.Errorf("the plan's move %d is %s, not an edge number", i+1, judge.Short(fmt.Sprint(e)))
		}
		moves[i] = n
	}
	if len(moves) != p.N {
		return fmt.Errorf("the plan has %d moves (the first edge and the merges), want %d", len(moves), p.N)
	}
	if p.N == 1 { // one vertex has no move: the formats still write its first edge, 1, as the seed does
		if moves[0] != 1 {
			return fmt.Errorf("the plan deletes edge %d first, but the ring of one vertex has only edge 1", moves[0])
		}
		return nil
	}
	_, err := judge.CheckLine(env, p, "the plan", moves)
	return err
}
