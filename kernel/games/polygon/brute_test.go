package polygon_test

import (
	"fmt"
	"math/big"
	"slices"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/polygon"
)

// polyBrute knows nothing of the engine or of any DP: it plays the polygon
// game's rules (SPEC §1 and §6) literally from the fields a user sees
// (values, ops, edges) and tries every merge order. It is the independent
// check of the game's Position (Legal, Play, Step), which the engine's
// exhaustive solver relies on; that one in turn is the reference for the
// fast solver (laws_test.go).

// opFuncs compute a op b into z: a + b, a · b, or a − b (left minus right).
var opFuncs = map[byte]func(z, a, b *big.Int) *big.Int{'+': (*big.Int).Add, '*': (*big.Int).Mul, '-': (*big.Int).Sub}

func applyOp(op byte, a, b *big.Int) *big.Int { return opFuncs[op](new(big.Int), a, b) }

// polyBrute solves chains of one polygon game by trying every merge order.
type polyBrute struct {
	min  bool // goal "min"
	memo map[string]*big.Int
}

func newPolyBrute(rules map[string]any) *polyBrute {
	return &polyBrute{min: rules["goal"] == "min", memo: map[string]*big.Int{}}
}

func (b *polyBrute) Minimises() bool { return b.min }

// chain is the best last value of the chain vals joined by ops.
func (b *polyBrute) chain(vals []*big.Int, ops []byte) *big.Int {
	if len(vals) == 1 {
		return vals[0]
	}
	key := fmt.Sprint(vals, string(ops))
	if v, ok := b.memo[key]; ok {
		return v
	}
	var best *big.Int
	for k := range ops {
		v := b.chain(mergeChain(vals, ops, k))
		if best == nil || (v.Cmp(best) > 0) != b.min && v.Cmp(best) != 0 {
			best = v
		}
	}
	b.memo[key] = best
	return best
}

// mergeChain merges edge k of a chain (joining values k and k+1).
func mergeChain(vals []*big.Int, ops []byte, k int) ([]*big.Int, []byte) {
	v := applyOp(ops[k], vals[k], vals[k+1])
	return slices.Concat(vals[:k], []*big.Int{v}, vals[k+2:]), slices.Concat(ops[:k], ops[k+1:])
}

// ringChain is the chain left when edge e (1..n, joining v(e−1) and v(e))
// of a ring is deleted: v(e), v(e+1), …, v(e−1), joined by edges e+1, …,
// e−1, clockwise.
func ringChain(vals []*big.Int, ops []byte, e int) ([]*big.Int, []byte, []int) {
	n := len(vals)
	cv, co, ce := make([]*big.Int, n), make([]byte, n-1), make([]int, n-1)
	for k := range n {
		cv[k] = vals[(e-1+k)%n]
		if k < n-1 {
			ce[k] = (e+k)%n + 1
			co[k] = ops[ce[k]-1]
		}
	}
	return cv, co, ce
}

// At lists the after-value of every legal move at a polygon position, by
// edge number (increasing): of a ring, each first edge deleted; of a
// chain, each edge merged.
func (b *polyBrute) At(x games.Position) []gamestest.BruteMove {
	var out []gamestest.BruteMove
	switch p := x.(type) {
	case *polygon.Polygon:
		vals, ops := gamestest.Bigs(p.Values), []byte(p.Ops)
		if len(p.Moves) == 0 { // the ring
			for e := 1; e <= p.N; e++ {
				cv, co, _ := ringChain(vals, ops, e)
				out = append(out, gamestest.BruteMove{Move: e, After: b.chain(cv, co)})
			}
			break
		}
		order := slices.Sorted(slices.Values(p.Edges))
		for _, e := range order {
			k := slices.Index(p.Edges, e)
			out = append(out, gamestest.BruteMove{Move: e, After: b.chain(mergeChain(vals, ops, k))})
		}
	default:
		panic(fmt.Sprintf("not a polygon position: %T", x))
	}
	return out
}

// value is a polygon position's value: the best last value still
// reachable, or the last value once one is left.
func (b *polyBrute) value(x games.Position) *big.Int {
	if c, ok := x.(*polygon.Polygon); ok && c.N == 1 && len(c.Moves) > 0 {
		return gamestest.Bigs(c.Values)[0]
	}
	v, _ := gamestest.BruteBest(b.At(x), b.min)
	return v
}

// --- coins in a row ---
