package budget

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"testing"

	"gamelab/kernel/builtin"
)

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"2GB": 2 << 30, " 512 mb": 512 << 20, "3KB": 3 << 10, "7B": 7, "1073741824": 1 << 30} {
		if n, err := ParseBytes(in); err != nil || n != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, n, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-1", "9999999999GB"} {
		if _, err := ParseBytes(bad); err == nil {
			t.Errorf("ParseBytes(%q) took it", bad)
		}
	}
}

// panicked runs f and returns what it panicked with.
func panicked(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func TestReserve(t *testing.T) {
	b := New(Min)
	a, _, end := b.Start(context.Background())
	defer end()
	if r := panicked(func() { a.Reserve(Min + 1) }); r == nil {
		t.Fatal("a reservation past the budget went through")
	} else if e, ok := r.(*builtin.Error); !ok || e.Kind != builtin.MemoryError {
		t.Fatalf("panicked with %v", r)
	}
	if r := panicked(func() { a.ReserveItems(1<<62, 16) }); r == nil {
		t.Error("an overflowing product of items went through")
	}
	if r := panicked(func() { a.Reserve(1 << 10) }); r != nil {
		t.Errorf("a small reservation failed: %v", r)
	}
	if !a.Fits(1<<10) || a.Fits(Min+1) {
		t.Error("Fits")
	}
}

func TestChecksStopAnInterruptedCell(t *testing.T) {
	b := New(Min)
	ctx, cancel := context.WithCancel(context.Background())
	a, cellCtx, end := b.Start(ctx)
	defer end()
	a.Check()
	for i := range 5000 {
		a.Tick()
		a.Poll(i)
	}
	cancel()
	if cellCtx.Err() == nil {
		t.Fatal("the cell's context outlived its parent")
	}
	if r := panicked(a.Check); !errors.Is(r.(error), context.Canceled) {
		t.Errorf("Check after the interrupt: %v", r)
	}
	ticked := panicked(func() {
		for range 1024 {
			a.Tick()
		}
	})
	if ticked == nil {
		t.Error("1024 ticks never checked")
	}
	if a.Over() || !errors.Is(a.Err(), context.Canceled) {
		t.Errorf("an interrupt is no MemoryError: over %v, %v", a.Over(), a.Err())
	}
}

func TestOnCheck(t *testing.T) {
	b := New(Min)
	n := 0
	b.OnCheck = func() { n++ }
	a, _, end := b.Start(context.Background())
	defer end()
	a.Check()
	a.Poll(0xffff)
	if n != 2 {
		t.Errorf("OnCheck ran %d times, want 2", n)
	}
}

func TestDefault(t *testing.T) {
	t.Setenv("GAMELAB_MEMORY", "3GB")
	if got := Default(); got != 3<<30 {
		t.Errorf("GAMELAB_MEMORY=3GB: %d", got)
	}
	t.Setenv("GAMELAB_MEMORY", "1KB") // below Min: ignored
	if got := Default(); got < Min || got == 1<<10 {
		t.Errorf("GAMELAB_MEMORY=1KB: %d", got)
	}
	if New(1).Limit() != Min {
		t.Error("a budget below Min")
	}
}

func TestReserveAllRefusesAtOnce(t *testing.T) {
	b := New(Min)
	a, _, end := b.Start(context.Background())
	defer end()
	a.Reserve(100) // pending small reservations must not hide a huge one
	if r := panicked(func() { a.Reserve(1<<63 - 1) }); r == nil {
		t.Error("a reservation of all the bytes there are went through")
	}
}

// A cell that holds more than the budget is stopped, however fast it
// grows and however loaded the machine, before what is in use passes the
// budget by a quarter (CI, on a loaded machine, saw 47.8 MB in use in a
// budget of 32 MB when only the watchdog looked, every 5 ms: the cell's
// own checks read the heap now); one that makes garbage as fast, twenty
// times the budget of it, is not: the cell's own collection sees what it
// holds. Both check the cell as the language's loops do, at every 1024th
// item of a couple of kilobytes.
func TestTheWatchdogStopsWhatIsHeldNotGarbage(t *testing.T) {
	t.Cleanup(func() { debug.SetMemoryLimit(-1); runtime.GC() })
	b := New(Min)
	const item = 2 << 10
	grow := func(keep bool, most int64) (made, inUse int64, stopped any) {
		a, _, end := b.Start(context.Background())
		defer end()
		var held [][]byte
		defer func() {
			stopped = recover()
			inUse = b.InUse()
			runtime.KeepAlive(held)
		}()
		for ; made < most; made += item {
			x := make([]byte, item)
			x[made%item] = 1
			if keep {
				held = append(held, x)
			}
			a.Tick()
		}
		return made, 0, nil
	}
	for range 5 {
		made, inUse, stopped := grow(true, 1<<30)
		if e, ok := stopped.(*builtin.Error); !ok || e.Kind != builtin.MemoryError || inUse > Min+Min/4 || made > Min {
			t.Errorf("a cell that held %.1f MB in a budget of %d MB, with %.1f MB in use: stopped by %v", float64(made)/(1<<20), Min>>20, float64(inUse)/(1<<20), stopped)
		}
		t.Logf("held %.1f MB, %.1f MB in use", float64(made)/(1<<20), float64(inUse)/(1<<20))
		runtime.GC()
	}
	if made, _, stopped := grow(false, 20*Min); stopped != nil {
		t.Errorf("a cell that made garbage was stopped after %d MB: %v", made>>20, stopped)
	}
}

func TestFileMapped(t *testing.T) {
	maps := `00400000-009fb000 r-xp 00000000 fe:00 9978529                            /tmp/gamelab
01073000-030b6000 rw-p 00000000 00:00 0
7f0b4d000000-7f0b61d53000 ---p 00000000 00:00 0
7f0b8f9ab000-7f0b8f9ac000 r--p 00000000 fe:00 123                            /usr/lib/libc.so.6
7ffd1c5f1000-7ffd1c612000 rw-p 00000000 00:00 0                          [stack]
`
	if got, want := fileMapped(maps), int64(0x9fb000-0x400000+0x1000); got != want {
		t.Errorf("fileMapped = %d, want %d", got, want)
	}
	if own := ownResident(1 << 40); own <= ownAnon || own >= 1<<40 {
		t.Errorf("ownResident = %d", own)
	}
}

// The goroutines' stacks count in the memory the budget measures: a
// recursion 16 MB deep is as much as a 16 MB list (before, nothing: 100,000
// strategies each playing the next took 1.76 GB under a budget of 1 GB).
func TestInUseCountsTheStacks(t *testing.T) {
	b := New(Min)
	before := b.InUse()
	var deep func(n int) (int64, byte)
	deep = func(n int) (int64, byte) {
		var frame [1024]byte
		frame[n%len(frame)] = byte(n)
		if n == 0 {
			return b.InUse(), frame[0]
		}
		in, x := deep(n - 1)
		return in, x + frame[1]
	}
	if in, _ := deep(16 << 10); in-before < 16<<20 {
		t.Errorf("16K frames of 1 KB added %d bytes to InUse", in-before)
	}
}
