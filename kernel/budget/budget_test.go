package budget

import (
	"context"
	"errors"
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
