package detach

import (
	"context"
	"errors"
	"testing"
)

func TestRunWaitsForTheWork(t *testing.T) {
	x := 0
	if err := Run(context.Background(), func() { x = 42 }); err != nil || x != 42 {
		t.Fatalf("Run: %v, x = %d", err, x)
	}
}

func TestAPanicComesBackToTheCaller(t *testing.T) {
	defer func() {
		if p := recover(); p != "boom" {
			t.Errorf("recovered %v", p)
		}
	}()
	Run(context.Background(), func() { panic("boom") })
	t.Error("Run returned")
}

// Work that never ends is left behind when the context is cancelled: Run
// returns the context's error, the caller goes on.
func TestACancelStopsTheWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	go func() {
		<-started
		cancel()
	}()
	err := Run(ctx, func() {
		close(started)
		<-release // runs on until the test ends
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	if err := Run(ctx, func() { t.Error("ran after the cancel") }); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after the cancel: %v", err)
	}
}

// A poll that stops the work by a panic, once the context is done, is the
// context's error, not the panic.
func TestAPollsPanicIsTheInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	err := Run(ctx, func() {
		cancel()
		panic(ctx.Err())
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
}

// Call runs in place: a panic of a poll once the context is done is the
// context's error, any other panic its own.
func TestCallRunsInPlace(t *testing.T) {
	x := 0
	if err := Call(context.Background(), func() { x = 42 }); err != nil || x != 42 {
		t.Fatalf("Call: %v, x = %d", err, x)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := Call(ctx, func() { cancel(); panic(ctx.Err()) }); !errors.Is(err, context.Canceled) {
		t.Fatalf("Call, stopped by its poll: %v", err)
	}
	defer func() {
		if p := recover(); p != "boom" {
			t.Errorf("recovered %v", p)
		}
	}()
	Call(context.Background(), func() { panic("boom") })
}
