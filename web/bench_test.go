package web_test

// The page's budgets, in a real browser:
//
//	go test -run '^$' -bench . -benchtime 3x ./web
//
// BenchmarkPageLoad: from opening the page (a first visit) to the engine
// compiled, its worker ready and the tour's first answer. BenchmarkSolve: a solve in the page against the same solve
// in this process (the native engine), for randpolygon(300, 1) and
// randcoins(3000, 1) (natively also on one core, as WebAssembly runs; the
// page's first solve apart).
// BenchmarkStop: from Stop to the end of a running
// solve(randpolygon(1500, 1)), in place (isolated) and by a restart.
// BenchmarkSlider: a slider step on a 200-coin row (sliderBook) until its
// dependants (the row, its solve, its picture) are drawn: the goal is a
// p95 of 100 ms or less.

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"gamelab/kernel"
)

func BenchmarkPageLoad(b *testing.B) {
	p := openPage(b, true)
	p.load()
	var sum struct{ Compiled, Ready, FirstAnswer float64 }
	for b.Loop() {
		// A first visit: nothing kept or cached, so the tour runs.
		q, closeTab := p.fresh()
		q.load()
		q.wait("the first answer", `gamelab.timings.firstAnswer !== null`)
		var t struct{ Compiled, Ready, FirstAnswer float64 }
		q.eval(`gamelab.timings`, &t)
		closeTab()
		sum.Compiled += t.Compiled
		sum.Ready += t.Ready
		sum.FirstAnswer += t.FirstAnswer
	}
	n := float64(b.N)
	b.ReportMetric(sum.Compiled/n, "ms-to-compiled")
	b.ReportMetric(sum.Ready/n, "ms-to-ready")
	b.ReportMetric(sum.FirstAnswer/n, "ms-to-first-answer")
}

func BenchmarkSolve(b *testing.B) {
	p, _ := readyPage(b, true)
	for _, c := range []struct{ name, setup, code string }{
		{"polygon300", "p300 = randpolygon(300, 1)", "solve(p300).best > 0"},
		{"coins3000", "c3000 = randcoins(3000, 1)", "solve(c3000).best > 0"},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := p.with(b)
			p.run(c.setup)
			native := kernel.NewSession()
			native.Execute(context.Background(), c.setup)
			inPage := func() time.Duration {
				var ms float64
				p.eval(fmt.Sprintf(`(async () => {
				  const nb = gamelab.notebook, cell = nb.add(%q);
				  const t0 = performance.now();
				  await nb.run(cell, false);
				  return performance.now() - t0;
				})()`, c.code), &ms)
				return time.Duration(ms * float64(time.Millisecond))
			}
			natively := func(procs int) time.Duration {
				// WebAssembly has one thread; natively the polygon solver
				// uses every core (Workers: GOMAXPROCS).
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				t0 := time.Now()
				native.Execute(context.Background(), c.code)
				return time.Since(t0)
			}
			// The first solve in the page runs code the browser has not yet
			// optimised (WebAssembly is compiled fast first, well later).
			first := inPage()
			natively(0)
			var page, here, one time.Duration
			for b.Loop() {
				page += inPage()
				here += natively(0)
				one += natively(1)
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / float64(b.N) }
			b.ReportMetric(float64(first.Milliseconds()), "page-first-ms")
			b.ReportMetric(ms(page), "page-ms")
			b.ReportMetric(ms(here), "native-ms")
			b.ReportMetric(ms(one), "native-1core-ms")
			b.ReportMetric(float64(page)/float64(here), "page/native")
		})
	}
}

func BenchmarkStop(b *testing.B) {
	for _, isolate := range []bool{true, false} {
		b.Run(map[bool]string{true: "in-place", false: "restart"}[isolate], func(b *testing.B) {
			p, _ := readyPage(b, isolate)
			var ms float64
			restarts := 0
			for b.Loop() {
				s := p.stopSolve()
				ms += s.Ms
				if s.Restart {
					restarts++
				}
			}
			b.ReportMetric(ms/float64(b.N), "ms-to-stop")
			b.ReportMetric(float64(restarts)/float64(b.N), "restarts/op")
		})
	}
}

func BenchmarkSlider(b *testing.B) {
	p, _ := readyPage(b, true)
	p.loadCells(sliderBook)
	p.runAll(false)
	var ms []float64
	k := 50
	for b.Loop() {
		// Each step to a value not seen yet while there are any (no
		// cached solve), then back down over the ones seen.
		k = k%100 + 1
		ms = append(ms, p.slide(0, strconv.Itoa(k)))
	}
	slices.Sort(ms)
	at := func(q float64) float64 { return ms[min(len(ms)-1, int(q*float64(len(ms))))] }
	b.ReportMetric(at(0.5), "ms-p50")
	b.ReportMetric(at(0.95), "ms-p95")
	b.ReportMetric(ms[len(ms)-1], "ms-max")
}
