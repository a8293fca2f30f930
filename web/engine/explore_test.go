package engine

import (
	"regexp"
	"strings"
	"testing"
)

// A click in an explorer (ReqExplore) answers with the explorer after the
// page's line, in the session and with no cell: the counter and the
// history stay as they were; a gone explorer and a move not there say so.
func TestExploreRequest(t *testing.T) {
	h := newHarness(t, nil)
	d := last(h.exec(`c = coins([10, 80, 90, 30])` + "\nexplore(c)"))
	if d.Result == nil || !strings.Contains(d.Result.HTML, `data-gl="explore"`) {
		t.Fatalf("explore(c): %+v", d.Result)
	}
	id := regexp.MustCompile(`data-explorer="(\d+)"`).FindStringSubmatch(d.Result.HTML)[1]
	explore := func(name string, line ...int) Reply {
		h.next++
		h.r.Handle(Request{Type: ReqExplore, ID: h.next, Name: name, Line: line})
		return last(h.until(h.next, RepDone))
	}
	got := explore(id, 1, 0) // R, then L
	if got.Error != nil || got.Result == nil || !strings.Contains(got.Result.HTML, `data-line="[1,0]"`) ||
		!strings.Contains(got.Result.Text, "line: RL (loss A 0, B 20)") {
		t.Fatalf("a click: %+v %+v", got.Error, got.Result)
	}
	if got.Count != 0 {
		t.Errorf("a click has the count %d", got.Count)
	}
	if d := last(h.exec("1 + 1")); d.Count != 2 {
		t.Errorf("the cell after a click is %d, want 2", d.Count)
	}
	if d := last(h.exec("_")); d.Result == nil || d.Result.Text != "2" {
		t.Errorf("a click changed _: %+v", d.Result)
	}
	if got := explore(id, 0, 7); got.Error == nil || !strings.Contains(got.Error.Msg, "not one of the 2 legal moves") {
		t.Errorf("a line of a move that is not there: %+v", got.Error)
	}
	if got := explore("999"); got.Error == nil || !strings.Contains(got.Error.Msg, "run its cell again") {
		t.Errorf("a gone explorer: %+v", got.Error)
	}
}
