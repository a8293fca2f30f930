package coins

import (
	"context"
	"time"
)

// Estimates. Solving costs about modelNs a step (see Steps) on the
// project's 2-core machines for a large row of int64 values (40000 coins,
// 1.6·10⁹ steps, in 4 to 5 s: the table outgrows the caches); wider
// numbers take longer, so there it is a lower bound. Another machine, or
// the web page's WebAssembly (about three times slower), is another
// speed: Estimate times a probe, the row's first probeCoins coins solved
// under its rules, against the project machine's time for it.
const (
	modelNs      = 2.5
	probeCoins   = 3000
	probeNs      = 0.75 // the project machine's nanoseconds a step of the probe (9·10⁶ steps in 6.7 ms)
	probeFromSec = 2    // rows the model puts under this many seconds are not probed
)

// Estimate is about how long Solve takes g on this machine. A row the
// model puts under a couple of seconds gets the model's time; a larger
// one the model's time scaled by the probe's speed against the project
// machine's. A probe that fails (ctx cancelled) leaves the model's time.
func (g Game) Estimate(ctx context.Context) time.Duration {
	model := time.Duration(float64(g.Steps()) * modelNs)
	if model < probeFromSec*time.Second || len(g.Coins) <= 2*probeCoins {
		return model
	}
	probe := Game{Coins: g.Coins[:probeCoins], Rules: g.Rules, M: g.M}
	start := time.Now()
	if _, err := probe.Solve(ctx, nil); err != nil {
		return model
	}
	ratio := float64(time.Since(start)) / (float64(probe.Steps()) * probeNs)
	return time.Duration(float64(model) * max(ratio, 0.5))
}
