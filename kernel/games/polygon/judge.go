// gamelab judge runs programs, which a web page cannot: the judge is not
// part of the WebAssembly engine.

//go:build !js

package polygon

import (
	"encoding/json"
	"fmt"
	"gamelab/kernel/games/judge"
	"math/big"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/polygon"
)

// How gamelab judge polygon judges a program: rings in the batch formats'
// input (seed and json: n, then op v pairs; ioi: the same with t and x),
// answers judged by the best score, every first edge's score (seed, json)
// or the optimal first edges (ioi, json), and a plan (seed, json) accepted
// when replaying it reaches the best score.

func init() {
	judge.Set(Game, &judge.Judge{
		Random: randomRing,
		Values: kit.Bounds{Lo: big.NewInt(-10), Hi: big.NewInt(10)},
		Size:   func(x games.Position) int { return x.(*Polygon).N },
		Unit:   [2]string{"vertex", "vertices"},
		MaxN:   10,
		Formats: map[string]*judge.JudgeFormat{
			"seed": {Input: ringInput(false), Check: checkSeed,
				Rule: "BestScore and each i=K line's score must be gamelab's; the plan (firstDelEdge, then the stack lines) must reach the best score"},
			"ioi": {Input: ringInput(true), Check: checkIOI,
				Rule: "the best score, then exactly the optimal first edges"},
			"json": {Input: ringInput(false), Check: checkJSON,
				Rule: "best, scores and optimal must be gamelab's; the plan (first, merges) must reach the best score"},
		},
	})
}

// randomRing is randpolygon's ring of n vertices from seed, values in b.
func randomRing(env *builtin.Env, n int, seed uint64, b kit.Bounds, rules games.Rules) (games.Position, error) {
	p, err := solver.RandomRange(n, seed, b.Lo, b.Hi, "+*")
	if err != nil {
		return nil, err
	}
	return newPolygon(p, rules), nil
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

// truth is the ring solved under its rules.
func truth(env *builtin.Env, p *Polygon) (*solver.Result, error) {
	return solver.SolveWith(env.Ctx, p.p, solver.Options{Goal: goalOf(p.rules)})
}

// checkSeed judges seed 000's layout: BestScore=S, i=K S lines,
// firstDelEdge=E and stack--> e lines (the ring's drawing is not judged).
func checkSeed(env *builtin.Env, x games.Position, _, out []byte) error {
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
			k, err := strconv.Atoi(strings.TrimPrefix(f[0], "i="))
			if err == nil {
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
		if err := judge.CheckNumber(fmt.Sprintf("the score of i=%d", k+1), scores[k+1], s); err != nil {
			return err
		}
	}
	return checkPlan(env, p, r, plan)
}

// checkIOI judges POLYGON.OUT: the best score, then the optimal first
// edges.
func checkIOI(env *builtin.Env, x games.Position, _, out []byte) error {
	r, err := truth(env, x.(*Polygon))
	if err != nil {
		return err
	}
	lines := judge.AnswerLines(out)
	if len(lines) == 0 {
		return fmt.Errorf("the answer is empty")
	}
	if err := judge.CheckNumber("the best score", strings.Join(lines[0], " "), r.Best); err != nil {
		return err
	}
	var edges []string
	if len(lines) > 1 {
		edges = lines[1]
	}
	return judge.CheckInts("the optimal first edges", edges, r.Optimal)
}

// checkJSON judges the json object: best, scores, optimal and the plan
// (first, merges).
func checkJSON(env *builtin.Env, x games.Position, _, out []byte) error {
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
		return fmt.Errorf("scores has %d items, want %d", len(scores), len(r.Scores))
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
	return checkPlan(env, p, r, plan)
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

// checkPlan replays a plan, the first edge then the merges, and says
// whether it reaches the best score.
func checkPlan(env *builtin.Env, p *Polygon, r *solver.Result, plan []any) error {
	moves := make([]any, len(plan))
	for i, e := range plan {
		n, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(e)))
		if err != nil {
			return fmt.Errorf("the plan's move %d is %v, not an edge number", i+1, e)
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
	return judge.CheckLine(env, p, "the plan", moves)
}
