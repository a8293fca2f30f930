package coins

import (
	"context"
	"math/big"
	"testing"
	"time"
)

// TestEstimate: a small row gets the model's time (Steps at modelNs a
// step); a large one this machine's, from a probe, or the model's when
// the probe cannot run.
func TestEstimate(t *testing.T) {
	row := func(n int) []*big.Int {
		r := make([]*big.Int, n)
		for i := range r {
			r[i] = big.NewInt(int64(i*7919%1000 + 1))
		}
		return r
	}
	small := Game{Coins: row(1000)}
	if got, want := small.Estimate(context.Background()), time.Duration(float64(small.Steps())*modelNs); got != want {
		t.Errorf("1000 coins: %v, want the model's %v", got, want)
	}
	large := Game{Coins: row(40000)}
	model := time.Duration(float64(large.Steps()) * modelNs)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if got := large.Estimate(cancelled); got != model {
		t.Errorf("40000 coins, the probe cancelled: %v, want the model's %v", got, model)
	}
	if got := large.Estimate(context.Background()); got < model/2 {
		t.Errorf("40000 coins: %v, under half the model's %v", got, model)
	}
}
