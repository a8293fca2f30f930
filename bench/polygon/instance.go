// Package polygonbench holds the deterministic polygon-game instances of the
// whole-process benchmarks and the benchmarks themselves (polygon_test.go),
// which run `gamelab polygon` beside the baselines in ../shared/bench: the
// seed's Java, two int64 C DPs, and the exact GMP DP (polygon_gmp.c, needs
// gcc and libgmp-dev), e.g.
//
//	go test -run X -bench ExactVsGMP -benchtime 1x ./bench/polygon/
//
// A missing baseline (../shared/bench, a compiler, GMP) skips what needs it
// with one line saying so; with GAMELAB_REQUIRE_BASELINES=1, as CI sets, it
// fails instead.
package polygonbench

import (
	"fmt"
	"strconv"

	"gamelab/internal/splitmix"
	"gamelab/solvers/polygon"
)

// Instance writes an n-vertex ring in the batch command's seed format (docs/formats.md) (n, then
// "op v op v ..."). The generator is splitmix64 seeded with seed: for vertex
// i it draws one 64-bit word x; the operator is '*' when ops is "*", '+' when
// "+", and for "mixed" '*' when x's top bit is set; the value is
// lo + (x>>1) mod (hi-lo+1). So Instance(500, "*", -1, 1, 1) is always the
// same ring.
func Instance(n int, ops string, lo, hi int64, seed uint64) ([]byte, error) {
	if n < 1 || hi < lo || (ops != "*" && ops != "+" && ops != "mixed") {
		return nil, fmt.Errorf("polygon instance: need n >= 1, lo <= hi, ops * + or mixed; got n=%d lo=%d hi=%d ops=%q", n, lo, hi, ops)
	}
	out := strconv.AppendInt(nil, int64(n), 10)
	out = append(out, '\n')
	g := splitmix.New(seed)
	for i := range n {
		x := g.Next()
		op := ops
		if op == "mixed" {
			op = "+"
			if x>>63 == 1 {
				op = "*"
			}
		}
		if i > 0 {
			out = append(out, ' ')
		}
		out = append(out, op...)
		out = append(out, ' ')
		out = strconv.AppendInt(out, lo+int64((x>>1)%uint64(hi-lo+1)), 10)
	}
	return append(out, '\n'), nil
}

// RandInstance writes gamelab's randpolygon(n, seed), polygon.Random, in the
// batch command's seed format (docs/formats.md). Its best scores run to
// hundreds of digits (n = 600: 256 digits), the exact work polygon_gmp.c is
// the baseline for. TestRandInstanceIsRandpolygon holds it to the kernel's.
func RandInstance(n int, seed uint64) ([]byte, error) {
	if n < 1 {
		return nil, fmt.Errorf("polygon instance: need n >= 1, got %d", n)
	}
	return fmt.Appendf(nil, "%d\n%s\n", n, polygon.Random(n, seed)), nil
}
