package polygon

import (
	"context"
	"math/big"
	"strings"
	"testing"
)

// genPolygon is the deterministic instance generator of the benchmarks, the
// same as bench/polygon/gen (splitmix64 from seed 1): for vertex i one 64-bit
// word x; the operator is ops, or for "mixed" '*' when x's top bit is set;
// the value is lo + (x>>1) mod (hi-lo+1).
func genPolygon(n int, ops string, lo, hi int64) *Polygon {
	p := &Polygon{}
	state := uint64(1)
	for i := 0; i < n; i++ {
		state += 0x9e3779b97f4a7c15
		x := state
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		x ^= x >> 31
		op := ops[0]
		if ops == "mixed" {
			op = '+'
			if x>>63 == 1 {
				op = '*'
			}
		}
		p.Ops = append(p.Ops, op)
		p.Values = append(p.Values, big.NewInt(lo+int64((x>>1)%uint64(hi-lo+1))))
	}
	return p
}

func benchSolve(b *testing.B, p *Polygon) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Solve(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// int64 range: all '*' with values in {-1, 0, 1} never leaves int64.
func BenchmarkSolveMul200(b *testing.B) { benchSolve(b, genPolygon(200, "*", -1, 1)) }
func BenchmarkSolveMul500(b *testing.B) { benchSolve(b, genPolygon(500, "*", -1, 1)) }

// Mixed operators with values in [-2, 2]: about 50-digit answers at n = 400.
func BenchmarkSolveBig400(b *testing.B) { benchSolve(b, genPolygon(400, "mixed", -2, 2)) }

func BenchmarkSolveMul500OneCore(b *testing.B) {
	p := genPolygon(500, "*", -1, 1)
	for b.Loop() {
		if _, err := SolveWith(context.Background(), p, Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

var _ = strings.Fields
