package lang

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestExactOperatorsAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	edge := []int64{0, 1, -1, 2, -2, 1 << 31, -(1 << 31), 1 << 32, 3037000499, 3037000500, -3037000500,
		1<<62 + 5, -(1 << 62), 9223372036854775807, -9223372036854775808}
	pick := func() int64 {
		if r.IntN(2) == 0 {
			return edge[r.IntN(len(edge))]
		}
		return r.Int64() >> r.IntN(63)
	}
	for range 20000 {
		a, b := pick(), pick()
		if r.IntN(2) == 0 {
			a = -a
		}
		x, y := big.NewInt(a), big.NewInt(b)
		for _, tc := range []struct {
			op   string
			got  any
			want *big.Int
		}{
			{"+", numAdd(int(a), int(b)), new(big.Int).Add(x, y)},
			{"-", numSub(int(a), int(b)), new(big.Int).Sub(x, y)},
			{"*", numMul(int(a), int(b)), new(big.Int).Mul(x, y)},
			{"neg", numNeg(int(a)), new(big.Int).Neg(x)},
		} {
			if got := asNumber(tc.got).big(); got.Cmp(tc.want) != 0 {
				t.Fatalf("%d %s %d = %v, want %v", a, tc.op, b, got, tc.want)
			}
			if _, isBig := tc.got.(*big.Int); isBig && tc.want.IsInt64() {
				t.Fatalf("%d %s %d: %v came back big though it fits", a, tc.op, b, tc.got)
			}
		}
		if c, _ := numCmp(int(a), x); c != 0 {
			t.Fatalf("%d != big %d", a, a)
		}
	}
}
