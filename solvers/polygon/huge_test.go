package polygon

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// hugeCases are instances far beyond float64's range (2^1024), where the
// ranking runs scaled (rankScaled): values shifted by 2^3000, long '*' runs
// of ±10 (every split of a run ties), and values 2^3000 + r·2^2940 whose
// candidates differ in their 52nd to 60th bits, where a too-tight bound
// prunes the true extreme (also times 2^64·(2^61-1), so that the residues w
// and m of near-ties agree and only exact arithmetic tells them from ties);
// and the same near-ties at 2^100, where the first levels stay below
// 2^shiftFree and rank in plain float64 (without them a too-tight bound in
// rankFloat goes unnoticed).
func hugeCases(rng *rand.Rand, trials int) []*Polygon {
	var out []*Polygon
	for trial := range trials {
		var p *Polygon
		switch trial % 5 {
		case 0:
			p = randPolygon(rng, 2+rng.IntN(14), -6, 6)
			for _, v := range p.Values {
				v.Lsh(v, 3000)
			}
		case 1:
			p = &Polygon{}
			for len(p.Values) < 30+rng.IntN(20) {
				op := byte('*')
				if rng.IntN(8) == 0 {
					op = '+'
				}
				v := big.NewInt(10)
				if rng.IntN(2) == 0 {
					v.Neg(v)
				}
				p.Ops = append(p.Ops, op)
				p.Values = append(p.Values, v.Lsh(v, 60)) // ±10·2^60: 2^2500 and more
			}
		default:
			// Near-ties at 2^3000 (shifted levels, ranked scaled) and at
			// 2^100 (the first levels stay below 2^shiftFree and rank in
			// float64).
			top := uint(3000)
			if trial%5 == 3 {
				top = 100
			}
			p = randPolygon(rng, 2+rng.IntN(10), -3, 3)
			for _, v := range p.Values {
				sign := v.Sign()
				if sign == 0 {
					continue
				}
				r := new(big.Int).Lsh(big.NewInt(rng.Int64N(1<<20)), top-60)
				v.Lsh(big.NewInt(1), top).Add(v, r)
				if sign < 0 {
					v.Neg(v)
				}
				if trial%5 == 4 {
					// Multiples of 2^64·(2^61-1): the candidates' residues
					// w and m all agree, so a tie proof that trusted them
					// beyond its bound would take near-ties for ties.
					v.Mul(v, new(big.Int).Lsh(big.NewInt(1<<61-1), 64))
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// checkAgainstRef compares every score with the plain big-number DP, solving
// with cfg (nil: the default).
func checkAgainstRef(p *Polygon, cfg *config) error {
	if cfg == nil {
		cfg = defaultConfig()
	}
	r, err := solveWith(context.Background(), p, Options{}, cfg)
	if err != nil {
		return err
	}
	scores, worst := refDP(p)
	if !bigsEqual(r.Scores, scores) || !bigsEqual(r.Worst, worst) {
		return fmt.Errorf("n = %d: scores differ from the big-number reference DP", r.N)
	}
	return nil
}

func TestHugeValuesAgainstReference(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	for _, p := range hugeCases(rng, 150) {
		if err := checkAgainstRef(p, nil); err != nil {
			t.Fatalf("%.200s…: %v", p, err)
		}
		r := mustSolve(t, p)
		if r.Best.BitLen() <= 1024 {
			continue
		}
		if got := replay(t, p, r); got.Cmp(r.Best) != 0 {
			t.Fatalf("plan replays to %v, want %v", got, r.Best)
		}
	}
}

// The bound is what makes the pruning exact: tightened far below the proven
// error (2^-50), the same instances must show wrong scores.
func TestBoundTooTight(t *testing.T) {
	t.Parallel()
	cfg := defaultConfig()
	cfg.delta = 0x1p-70
	requireNoticed(t, "a bound of 2^-70 (below the proven error)", cfg)
}

// requireNoticed fails t unless some huge case solved with the faulty cfg
// disagrees with the reference DP: the check of a deliberate fault (what).
func requireNoticed(t *testing.T, what string, cfg *config) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, p := range hugeCases(rng, 150) {
		if checkAgainstRef(p, cfg) != nil {
			return // the tests notice
		}
	}
	t.Fatalf("%s went unnoticed: the huge-value tests cannot fail", what)
}

// Dropping dominated candidates is exact only with true root bits: with
// every computed value claimed a product and a sum, the same instances must
// show wrong scores.
func TestFalseRootsCaught(t *testing.T) {
	t.Parallel()
	cfg := defaultConfig()
	cfg.falseRoots = true
	requireNoticed(t, "candidates dropped as dominated by false root bits", cfg)
}

// Dominance does the work it is for: on randpolygon(150, 1) (values to
// 2^200) few candidates besides the leaders are computed exactly, and there
// and on the huge cases the scores are still those of the reference DP.
func TestDominanceLeavesFewCandidates(t *testing.T) {
	t.Parallel()
	computed := 0
	cfg := defaultConfig()
	cfg.settled = func(_, exact int) { computed += exact }
	p := kernelRandPolygon(150, 1, "mixed")
	if err := checkAgainstRef(p, cfg); err != nil {
		t.Fatal(err)
	}
	// Without dominance nearly every split along a run of '*' ties with
	// the leader: tens of candidates per cell extreme.
	if cells := 2 * p.N() * p.N(); computed > cells/5 {
		t.Fatalf("randpolygon(150, 1): %d candidates computed besides the leaders of %d cell extremes", computed, cells)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, p := range hugeCases(rng, 50) {
		if err := checkAgainstRef(p, cfg); err != nil {
			t.Fatal(err)
		}
	}
}

// Values whose bit lengths add up to 2^31 or more could overflow the tables'
// int32 exponents; Solve refuses them instead of ranking wrongly.
func TestRefusesAstronomicalValues(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 1<<30) // 2^(2^30): 2^30+1 bits
	p := &Polygon{Ops: []byte{'*', '*'}, Values: []*big.Int{huge, huge}}
	if _, err := Solve(context.Background(), p); err == nil || !strings.Contains(err.Error(), "values too large") {
		t.Fatalf("Solve of two 2^30-bit values: err = %v, want a refusal", err)
	}
	if !boundedBits([]*big.Int{huge}) {
		t.Fatal("one 2^30-bit value is within the bound")
	}
}
