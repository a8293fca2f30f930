package gameio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"
	"testing"
	"time"
)

// fake is a batch of instances: a number k answers "k", a long one reports
// progress along the way, a negative one is bad input, zero fails to solve.
func fake(specs ...int) iter.Seq[*Instance] {
	return func(yield func(*Instance) bool) {
		for i, k := range specs {
			in := &Instance{Line: i + 1}
			switch {
			case k < 0:
				in.Err, in.Col = fmt.Errorf("bad token %d", -k), 3
			default:
				in.Solve = func(_ context.Context, progress func(done, total int64)) ([]byte, []string, error) {
					if k == 0 {
						return nil, nil, errors.New("fake: no answer")
					}
					for d := range int64(k) {
						progress(d, int64(k))
					}
					var warns []string
					if k == 7 {
						warns = []string{"seven"}
					}
					return []byte(fmt.Sprintf("%d\n", k)), warns, nil
				}
			}
			if !yield(in) {
				return
			}
		}
	}
}

func TestRunReportsAndGoesOn(t *testing.T) {
	var out, errw bytes.Buffer
	status := Batch{Game: "fake"}.Run(context.Background(), fake(1, -2, 3, 0, 7), &out, &errw)
	if status != 1 || out.String() != "1\n3\n7\n" {
		t.Errorf("status %d, answers %q", status, out.String())
	}
	want := "gamelab fake: instance 2 (line 2, column 3): bad token 2\n" +
		"gamelab fake: instance 4 (line 4): no answer\n" +
		"gamelab fake: instance 5 (line 5): warning: seven\n"
	if errw.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", errw.String(), want)
	}
	out.Reset()
	errw.Reset()
	if status := (Batch{Game: "fake", Unit: "dataset"}).Run(context.Background(), fake(1, 2), &out, &errw); status != 0 || errw.Len() != 0 {
		t.Errorf("all good: status %d, stderr %q", status, errw.String())
	}
}

// A fatal read error ends the batch: nothing after it is read.
func TestRunStopsAtFatal(t *testing.T) {
	seq := func(yield func(*Instance) bool) {
		if !yield(&Instance{Line: 1, Err: errors.New("lost my place"), Fatal: true}) {
			return
		}
		t.Error("the batch read on after a fatal error")
	}
	var out, errw bytes.Buffer
	if status := (Batch{Game: "fake", Unit: "dataset"}).Run(context.Background(), seq, &out, &errw); status != 1 ||
		errw.String() != "gamelab fake: dataset 1 (line 1): lost my place\n" {
		t.Errorf("status %d, stderr %q", status, errw.String())
	}
}

// TestBatchProgress: with Progress, an instance that runs long shows its
// progress on that writer, named by its number, and erases it when it is
// answered; the answers are the same as without. The clock is the test's,
// a second further at every look, so "long" needs no real time.
func TestBatchProgress(t *testing.T) {
	var plain, plainErr bytes.Buffer
	if (Batch{Game: "fake"}).Run(context.Background(), fake(1, 40), &plain, &plainErr) != 0 {
		t.Fatal(plainErr.String())
	}
	clock := time.Unix(0, 0)
	tick := func() time.Time { clock = clock.Add(time.Second); return clock }
	var out, errw, prog bytes.Buffer
	if (Batch{Game: "fake", Progress: &prog, now: tick}).Run(context.Background(), fake(1, 40), &out, &errw) != 0 || out.String() != plain.String() {
		t.Errorf("with progress %q (%s), without %q", out.String(), errw.String(), plain.String())
	}
	p := prog.String()
	if !strings.Contains(p, "\r\x1b[Kinstance 2: ") || !strings.Contains(p, "% done, about ") || !strings.HasSuffix(p, "\r\x1b[K") {
		t.Errorf("progress %q", p)
	}
	if strings.Contains(p, "instance 1:") {
		t.Errorf("the quick instance showed progress: %q", p)
	}
}
