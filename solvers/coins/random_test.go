package coins

import (
	"math"
	"math/big"
	"testing"
)

func bigs(t *testing.T, vs ...string) []*big.Int {
	t.Helper()
	out := make([]*big.Int, len(vs))
	for i, v := range vs {
		var ok bool
		if out[i], ok = new(big.Int).SetString(v, 10); !ok {
			t.Fatal(v)
		}
	}
	return out
}

func sameRow(a, b []*big.Int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

// The rows a seed names are pinned: they are the same on every machine,
// and Random's are what randcoins has always made (checked against the
// builtin on main: randcoins(8, 1).values is [66, 20, 91, 36, 62, 49, 46, 34]).
func TestRandomPinned(t *testing.T) {
	e30 := new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil)
	for _, tc := range []struct {
		name   string
		n      int
		seed   uint64
		lo, hi *big.Int
		want   []*big.Int
	}{
		{"randcoins(8, 1)", 8, 1, nil, nil, bigs(t, "66", "20", "91", "36", "62", "49", "46", "34")},
		{"randcoins(5, 42)", 5, 42, nil, nil, bigs(t, "14", "92", "59", "65", "51")},
		{"-10^30..10^30", 4, 7, new(big.Int).Neg(e30), e30, bigs(t, "478775793826387334282856650702",
			"-573774229815964489348372781149", "-71302795403188447530555273510", "884723293314179440377235496673")},
		{"-5..5", 6, 3, big.NewInt(-5), big.NewInt(5), bigs(t, "-1", "4", "1", "1", "-5", "4")},
		{"all of int64", 3, 9, big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64),
			bigs(t, "3363998700739256420", "4624504530987379298", "-4329036878109636170")},
	} {
		got := Random(tc.n, tc.seed)
		if tc.lo != nil {
			var err error
			if got, err = RandomRange(tc.n, tc.seed, tc.lo, tc.hi); err != nil {
				t.Fatal(err)
			}
		} else if again, err := RandomRange(tc.n, tc.seed, big.NewInt(1), big.NewInt(100)); err != nil || !sameRow(again, got) {
			t.Errorf("%s: RandomRange 1..100 gives %v, Random %v", tc.name, again, got)
		}
		if !sameRow(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Every value lies in the range, and every value of a small range comes up.
func TestRandomRangeCovers(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, rg := range [][2]*big.Int{
		{big.NewInt(-1), big.NewInt(1)},
		{big.NewInt(7), big.NewInt(7)},
		{new(big.Int).Neg(two64), new(big.Int).Neg(two64)},
		{new(big.Int).Sub(two64, big.NewInt(2)), new(big.Int).Add(two64, big.NewInt(1))}, // past int64
		{new(big.Int).Neg(two64), two64},
	} {
		row, err := RandomRange(600, 5, rg[0], rg[1])
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, v := range row {
			if v.Cmp(rg[0]) < 0 || v.Cmp(rg[1]) > 0 {
				t.Fatalf("%v..%v: drew %v", rg[0], rg[1], v)
			}
			seen[v.String()] = true
		}
		if span := new(big.Int).Sub(rg[1], rg[0]); span.IsInt64() && span.Int64() < 10 && len(seen) != int(span.Int64())+1 {
			t.Errorf("%v..%v: drew only %d values in 600", rg[0], rg[1], len(seen))
		}
	}
	if _, err := RandomRange(3, 1, big.NewInt(2), big.NewInt(1)); err == nil || err.Error() != "the range 2..1 has no values: the first must not pass the last" {
		t.Errorf("an empty range: %v", err)
	}
	if _, err := RandomRange(3, 1, big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), 1<<20)); err == nil {
		t.Error("a range past 2^20 bits was accepted")
	}
}
