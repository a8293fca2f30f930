package polygon

import (
	"context"
	"math/big"
	"os"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

func TestZZProf(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	if n == 0 {
		t.Skip()
	}
	p := kernelRandPolygon(n, 1, "mixed")
	st := time.Now()
	cfg := defaultConfig()
	cfg.settled = func(r, e int) { t.Logf("residue %d exact %d", r, e) }
	r, err := solveWith(context.Background(), p, Options{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("n=%d %v bits=%d", n, time.Since(st), r.Best.BitLen())

}

func TestZZSmall(t *testing.T) {
	for n := 3; n < 60; n++ {
		p := genPolygon(n, "mixed", -1000000, 1000000)
		sc, _ := refDP(p)
		r := mustSolve(t, p)
		if !bigsEqual(sc, r.Scores) {
			for e := range sc {
				if sc[e].Cmp(r.Scores[e]) != 0 {
					t.Fatalf("n=%d e=%d got %v want %v", n, e, r.Scores[e], sc[e])
				}
			}
		}
	}
}

func TestZZCells(t *testing.T) {
	p := genPolygon(4, "mixed", -1000000, 1000000)
	t.Log(p)
	n := 4
	tb, err := buildTables(p, Options{Workers: 1, MaxTableBytes: 1 << 30}, defaultConfig(), new(atomic.Bool))
	if err != nil {
		t.Fatal(err)
	}
	f := brute(p)
	for ln := 1; ln <= n; ln++ {
		for i := 0; i < n; i++ {
			set := f(i, ln)
			mx := slices.MaxFunc(set, (*big.Int).Cmp)
			mn := slices.MinFunc(set, (*big.Int).Cmp)
			t.Logf("i=%d ln=%d lo %v/%v hi %v/%v", i, ln, tb.value(i, ln, false), mn, tb.value(i, ln, true), mx)
		}
	}
}

func TestZZLatency(t *testing.T) {
	if os.Getenv("ZZLAT") == "" {
		t.Skip()
	}
	p := kernelRandPolygon(2500, 1, "mixed")
	for _, d := range []time.Duration{100, 300, 600, 900, 1200, 1500, 2000, 2500, 3000, 3500} {
		var last atomic.Int32
		cfg := defaultConfig()
		cfg.pollHook = func(ph phase, work, big int) bool { last.Store(int32(ph)); return false }
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time, 1)
		go func() { solveWith(ctx, p, Options{}, cfg); done <- time.Now() }()
		time.Sleep(d * time.Millisecond)
		ph := phase(last.Load())
		st := time.Now()
		cancel()
		end := <-done
		t.Logf("at %v phase %s: latency %v", d*time.Millisecond, ph, end.Sub(st))
	}
}

func TestZZNeed(t *testing.T) {
	for _, n := range []int{300, 600, 1000} {
		p := kernelRandPolygon(n, 1, "mixed")
		_, err := SolveWith(context.Background(), p, Options{MaxTableBytes: 1})
		t.Log(n, err)
		_, err = SolveWith(context.Background(), p, Options{MaxTableBytes: genBytes(n) + fastBytes(n)})
		t.Log(n, err)
	}
}

func TestZZLatency2(t *testing.T) {
	if os.Getenv("ZZLAT") == "" {
		t.Skip()
	}
	p := kernelRandPolygon(2500, 1, "mixed")
	for d := 100; d < 4000; d += 150 {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time, 1)
		go func() { Solve(ctx, p); done <- time.Now() }()
		time.Sleep(time.Duration(d) * time.Millisecond)
		st := time.Now()
		cancel()
		end := <-done
		if lat := end.Sub(st); lat > 3*time.Millisecond {
			t.Logf("at %dms: latency %v", d, lat)
		}
	}
}
