package engine

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gamelab/kernel"
)

// harness runs a Runner on a real session and collects its replies.
type harness struct {
	t    *testing.T
	r    *Runner
	got  chan Reply
	next int
}

func newHarness(t *testing.T, stopFlag func() bool) *harness {
	h := &harness{t: t, got: make(chan Reply, 1024)}
	h.r = NewRunner(kernel.NewSession(), func(rep Reply) {
		// Every reply must survive the trip to the page as JSON.
		b, err := json.Marshal(rep)
		if err != nil {
			t.Errorf("reply %+v: %v", rep, err)
		}
		var back Reply
		json.Unmarshal(b, &back)
		h.got <- back
	}, stopFlag)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go h.r.Run(ctx)
	return h
}

// until collects replies until one of type typ for id arrives.
func (h *harness) until(id int, typ string) []Reply {
	h.t.Helper()
	var reps []Reply
	for {
		select {
		case rep := <-h.got:
			reps = append(reps, rep)
			if rep.ID == id && rep.Type == typ {
				return reps
			}
		case <-time.After(30 * time.Second):
			h.t.Fatalf("no %s reply for %d; got %+v", typ, id, reps)
		}
	}
}

// exec runs code as a cell and returns its replies, the done last.
func (h *harness) exec(code string) []Reply {
	h.t.Helper()
	h.next++
	h.r.Handle(Request{Type: ReqExecute, ID: h.next, Code: code})
	return h.until(h.next, RepDone)
}

func last(reps []Reply) Reply { return reps[len(reps)-1] }

func TestExecute(t *testing.T) {
	h := newHarness(t, nil)
	reps := h.exec(`p = polygon("* -5 + -2 * -8 * -5 + 8")` + "\nshow(p)\nsolve(p).best")
	if len(reps) != 2 || reps[0].Type != RepDisplay || !strings.HasPrefix(reps[0].Data.SVG, "<svg") || reps[0].Data.Text == "" {
		t.Errorf("show(p): %+v", reps)
	}
	if d := last(reps); d.Count != 1 || d.Result == nil || d.Result.Text != "488" || d.Error != nil {
		t.Errorf("the cell's end: %+v", d)
	}
	d := last(h.exec("map(1..2, ({n: #}))"))
	if d.Count != 2 || d.Result == nil || !strings.Contains(d.Result.HTML, "<table") {
		t.Errorf("a table: %+v", d.Result)
	}
	d = last(h.exec("solv(p)"))
	if d.Error == nil || d.Error.Kind != "NameError" && d.Error.Kind == "" ||
		d.Error.Text != "1:1: unknown name solv (did you mean solve?)\nsolv(p)\n^" || d.Error.Line != 1 {
		t.Errorf("an error: %+v", d.Error)
	}
	d = last(h.exec("solve?"))
	if !strings.Contains(d.Page, "solve(x)") {
		t.Errorf("solve? pages no help: %+v", d)
	}
}

// TestStreams: printed text comes in stream replies, stdout and stderr in
// the order written, before the cell's end.
func TestStreams(t *testing.T) {
	h := newHarness(t, nil)
	reps := h.exec(`print("a"); eprint("b"); print("c"); 7`)
	var got []string
	for _, r := range reps[:len(reps)-1] {
		got = append(got, r.Type+":"+r.Name+":"+r.Text)
	}
	if strings.Join(got, "|") != "stream:stdout:a\n|stream:stderr:b\n|stream:stdout:c\n" || last(reps).Result.Text != "7" {
		t.Errorf("replies %q, end %+v", got, last(reps))
	}
}

// TestPlay: play's prompts are input replies; the page's answers come back
// as input requests, and a stop request ends a cell waiting at a prompt.
func TestPlay(t *testing.T) {
	h := newHarness(t, nil)
	h.exec("c = coins([10, 80, 90, 30])")
	h.next++
	id := h.next
	h.r.Handle(Request{Type: ReqExecute, ID: id, Code: "r = play(c)"})
	ask := last(h.until(id, RepInput))
	if !strings.HasPrefix(ask.Text, "A to move, L or R") {
		t.Errorf("the prompt: %q", ask.Text)
	}
	h.r.Handle(Request{Type: ReqInput, ID: id, Text: "L"})
	var said strings.Builder
	for _, rep := range h.until(id, RepInput) {
		if rep.Type == RepStream {
			said.WriteString(rep.Text)
		}
	}
	if !strings.Contains(said.String(), "L: loses 20; optimal: R") {
		t.Errorf("after L: %q", said.String())
	}
	h.r.Handle(Request{Type: ReqStop, ID: id})
	if d := last(h.until(id, RepDone)); d.Error == nil || d.Error.Kind != "Interrupted" {
		t.Errorf("play stopped at its prompt: %+v", d)
	}
	if d := last(h.exec("r")); d.Error == nil || !strings.Contains(d.Error.Msg, "unknown name r") {
		t.Errorf("a stopped play assigned r: %+v", d)
	}
}

// TestStopFlag: with the page's stop flag up, the running cell stops at its
// next poll, and the session keeps its variables.
func TestStopFlag(t *testing.T) {
	var up atomic.Bool
	polls := atomic.Int64{}
	h := newHarness(t, func() bool { polls.Add(1); return up.Load() })
	h.exec("x = 41")
	up.Store(true)
	reps := h.exec(`map(1..100000, {print(#); #}) | len()`)
	if d := last(reps); d.Error == nil || d.Error.Kind != "Interrupted" {
		t.Errorf("a cell run with the stop flag up: %+v", d)
	}
	if printed := reps[0].Text; reps[0].Type != RepStream || printed != "1\n" {
		t.Errorf("the cell printed %q before it stopped, want only its first print", printed)
	}
	up.Store(false)
	if d := last(h.exec("x + 1")); d.Result == nil || d.Result.Text != "42" {
		t.Errorf("after the stop, x + 1: %+v", d)
	}
	if polls.Load() == 0 {
		t.Errorf("the stop flag was never read")
	}
}

// TestReplay: replayed cells leave the session as the first run did, each
// prompt answered as it was, and a play stopped at a prompt stopped there
// again (no variable assigned); the replay reports the counter.
func TestReplay(t *testing.T) {
	h := newHarness(t, nil)
	h.r.Handle(Request{Type: ReqReplay, ID: 1, Cells: []ReplayCell{
		{Code: "c = coins([10, 80, 90, 30])\nshow(c)"},
		{Code: "quit = play(c)", Answers: []string{"L", "q"}},
		{Code: "stopped = play(c)", Answers: []string{"R"}},
		{Code: "solv(c)"},
	}})
	reps := h.until(1, RepReplayed)
	if len(reps) != 1 || reps[0].Count != 4 {
		t.Errorf("a replay's replies: %+v", reps)
	}
	h.next = 1
	if d := last(h.exec("[len(quit.moves), _1 == nil]")); d.Count != 5 || d.Result == nil || d.Result.Text != `[2, true]` {
		t.Errorf("after the replay: %+v %+v", d, d.Result)
	}
	if d := last(h.exec("stopped")); d.Error == nil || !strings.Contains(d.Error.Msg, "unknown name stopped") {
		t.Errorf("a play stopped at its prompt assigned its variable in the replay: %+v", d)
	}
}

func TestCompleteInspect(t *testing.T) {
	h := newHarness(t, nil)
	h.exec("ring = randpolygon(5, 1)")
	h.r.Handle(Request{Type: ReqComplete, ID: 10, Code: "x = ri", Cursor: 6})
	if c := last(h.until(10, RepCompletions)); strings.Join(c.Matches, ",") != "ring" || c.Start != 4 || c.End != 6 {
		t.Errorf("completions: %+v", c)
	}
	h.r.Handle(Request{Type: ReqComplete, ID: 11, Code: "sol", Cursor: 3})
	if c := last(h.until(11, RepCompletions)); strings.Join(c.Matches, ",") != "solve" || c.Start != 0 {
		t.Errorf("completions at the start: %+v", c)
	}
	h.r.Handle(Request{Type: ReqInspect, ID: 12, Code: "solve(", Cursor: 6})
	if c := last(h.until(12, RepInspection)); !c.Found || !strings.Contains(c.Text, "Plays x optimally") {
		t.Errorf("inspection: %+v", c)
	}
	h.r.Handle(Request{Type: ReqCells, ID: 13, Name: "a.gl", Text: "x = 1\ny = 2"})
	if c := last(h.until(13, RepCells)); strings.Join(c.Cells, "|") != "x = 1|y = 2" {
		t.Errorf("cells: %+v", c)
	}
	h.r.Handle(Request{Type: ReqCells, ID: 14, Name: "a.ipynb", Text: "{"})
	if c := last(h.until(14, RepCells)); c.Error == nil {
		t.Errorf("cells of a broken notebook: %+v", c)
	}
	h.r.Handle(Request{Type: "dance", ID: 15})
	if c := last(h.until(15, RepDone)); c.Error == nil || !strings.Contains(c.Error.Msg, "dance") {
		t.Errorf("an unknown request: %+v", c)
	}
}

// TestReactive: a cell's end says what it reads and writes; a slider is a
// display with its slider; slide rewrites the slider's start; names
// answers at once.
func TestReactive(t *testing.T) {
	h := newHarness(t, nil)
	reps := h.exec("n = slider(1..30, 5)\nc = randcoins(n, 1)")
	if d := last(reps); strings.Join(d.Writes, " ") != "c n" || len(d.Reads) != 0 {
		t.Errorf("the slider cell's names: %+v", d)
	}
	if sl := reps[0].Data; reps[0].Type != RepDisplay || sl == nil || sl.Slider == nil || sl.Slider.Name != "n" || sl.Slider.Index != 4 {
		t.Errorf("the slider's display: %+v", reps[0])
	}
	if d := last(h.exec("solve(c).best + n")); strings.Join(d.Reads, " ") != "c n" || d.Writes != nil {
		t.Errorf("a reading cell's names: %+v", d)
	}
	h.r.Handle(Request{Type: ReqExecute, ID: 50, Code: "n = slider(1..30, 5)\nc = randcoins(n, 1)", Name: "n", Text: "9"})
	if d := last(h.until(50, RepDone)); d.Code != "n = slider(1..30, 9)\nc = randcoins(n, 1)" || d.Error != nil {
		t.Errorf("a slider's move: %+v", d)
	}
	if d := last(h.exec("n")); d.Result == nil || d.Result.Text != "9" {
		t.Errorf("after the slider moved to 9, n: %+v", d)
	}
	h.r.Handle(Request{Type: ReqExecute, ID: 52, Code: "n = 3", Name: "n", Text: "9"})
	if d := last(h.until(52, RepDone)); d.Error == nil || !strings.Contains(d.Error.Msg, "no slider n") {
		t.Errorf("a move of a slider the cell lost: %+v", d)
	}
	h.next = 52
	h.r.Handle(Request{Type: ReqNames, ID: 51, Code: "x = y + 1"})
	if s := last(h.until(51, RepNames)); strings.Join(s.Reads, " ") != "y" || strings.Join(s.Writes, " ") != "x" {
		t.Errorf("names: %+v", s)
	}
}
