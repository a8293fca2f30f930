package script

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"gamelab/kernel"
)

// load keeps every core busy (twice over) until the returned stop is
// called: a shared machine at its worst, for the code under test to run
// slowly in.
func load() (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	for range 2 * runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0
			for !done.Load() {
				for i := range 1 << 16 {
					x += i * x
				}
			}
			_ = x
		}()
	}
	return func() { done.Store(true); wg.Wait() }
}

// The documented path, save_session, then `gamelab test --update`, then
// `gamelab test`, passes on any machine at any load: a session that times
// its statements is saved and its golden written on an idle machine, then
// checked with every core busy, and the other way round. (The golden kept
// "wall time: 394 ms" and the check saw 549 ms.)
func TestSavedSessionReplaysUnderLoad(t *testing.T) {
	for _, loaded := range []string{"check", "update"} {
		dir := t.TempDir()
		path := filepath.Join(dir, "study.gl")
		s := kernel.NewSession()
		for _, code := range []string{
			"p = randpolygon(70, 1)",
			"x = time(solve(p).best)",
			"time(map(1..20, solve(randpolygon(25, #)).best))[1]",
			"c = randcoins(300, 2)",
			"time(match(c, greedy, optimal).loss)",
			`save_session("` + path + `")`,
		} {
			if out := s.Execute(context.Background(), code); out.Err != nil {
				t.Fatalf("%s: %v", code, out.Err)
			}
		}
		var stop func()
		if loaded == "update" {
			stop = load()
		}
		if ok, err := Check(path, true, io.Discard); !ok || err != nil {
			t.Fatalf("test --update: %v %v", ok, err)
		}
		if stop != nil {
			stop()
			stop = nil
		} else {
			stop = load()
		}
		var diff strings.Builder
		ok, err := Check(path, false, &diff)
		if stop != nil {
			stop()
		}
		if !ok || err != nil {
			golden, _ := os.ReadFile(GoldenPath(path))
			t.Fatalf("with the %s run loaded, test fails (%v):\n%s\ngolden:\n%s", loaded, err, diff.String(), golden)
		}
		golden, _ := os.ReadFile(GoldenPath(path))
		if strings.Count(string(golden), "#> "+wallTimeShape+"\n") != 3 {
			t.Fatalf("the golden does not keep time's three lines in their shape:\n%s", golden)
		}
	}
}

// A notebook's saved wall time, whatever it was, matches its replay's.
func TestNotebookWallTimeByShape(t *testing.T) {
	cell := map[string]any{"cell_type": "code", "source": "time(1 + 1)", "outputs": []any{
		map[string]any{"output_type": "stream", "name": "stderr", "text": "wall time: 2.31 µs\n"},
		map[string]any{"output_type": "execute_result", "data": map[string]any{"text/plain": "2"}},
	}}
	src, _ := json.Marshal(map[string]any{"cells": []any{cell}})
	stop := load()
	got, want, err := ReplayNotebook(src)
	stop()
	if err != nil || got != want {
		t.Fatalf("replay %q, saved %q (%v)", got, want, err)
	}
	// The shape is the time's only: other text on the error stream, and
	// the same words on the output, are compared as they are.
	for _, text := range []string{"wall time: soon\n", "wall time: 3 ms and more\n"} {
		if shapeLines(text) != text {
			t.Errorf("%q was shaped", text)
		}
	}
}

// The warning before a long solve says the same on an idle machine and a
// loaded one: it is the cost model's estimate of the instance (a timed
// probe's came and went, and changed its number, with the load). The
// solve is stopped as soon as it has warned.
func TestLongSolveWarningIgnoresLoad(t *testing.T) {
	warning := func() string {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var got strings.Builder
		s := kernel.NewSession()
		s.ExecuteWith(ctx, "solve(randpolygon(1500, 1))", kernel.ExecOptions{Stderr: writerFunc(func(p []byte) {
			got.Write(p)
			cancel()
		})})
		return got.String()
	}
	idle := warning()
	if !strings.Contains(idle, "takes about") {
		t.Fatalf("no warning before a 1500-vertex solve: %q", idle)
	}
	stop := load()
	busy := warning()
	stop()
	if busy != idle {
		t.Fatalf("the warning idle:\n%s\nunder load:\n%s", idle, busy)
	}
}

type writerFunc func(p []byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }
