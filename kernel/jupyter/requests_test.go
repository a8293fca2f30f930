package jupyter

// Tests of the shell's other requests: complete, inspect, is_complete,
// history and comms.

import (
	"fmt"
	"testing"
)

func TestCompleteInspectIsComplete(t *testing.T) {
	c := start(t, &fakeEngine{})
	// Cursor positions count code points: "é" is one, though two bytes.
	id := c.send(c.shell, "complete_request", map[string]any{"code": "é = so", "cursor_pos": 6})
	r := body(c.reply(c.shellIn, id))
	if fmt.Sprint(r["matches"]) != "[solve]" || r["cursor_start"] != 4.0 || r["cursor_end"] != 6.0 || r["status"] != "ok" {
		t.Errorf("complete %v", r)
	}
	id = c.send(c.shell, "complete_request", map[string]any{"code": "s", "cursor_pos": 99})
	if r := body(c.reply(c.shellIn, id)); r["cursor_end"] != 1.0 || len(r["matches"].([]any)) != 3 {
		t.Errorf("cursor past the end: %v", r)
	}
	id = c.send(c.shell, "inspect_request", map[string]any{"code": "solve(p)", "cursor_pos": 3, "detail_level": 0})
	if r := body(c.reply(c.shellIn, id)); r["found"] != true || r["data"].(map[string]any)["text/plain"] != "solve(x): the optimal answer" {
		t.Errorf("inspect %v", r)
	}
	id = c.send(c.shell, "inspect_request", map[string]any{"code": "zz", "cursor_pos": 2, "detail_level": 0})
	if r := body(c.reply(c.shellIn, id)); r["found"] != false || len(r["data"].(map[string]any)) != 0 {
		t.Errorf("inspect unknown %v", r)
	}
	for _, tc := range []struct{ code, status string }{
		{"1 + 2", "complete"}, {"map([1, 2,", "incomplete"}, {"1)", "invalid"},
	} {
		id := c.send(c.shell, "is_complete_request", map[string]any{"code": tc.code})
		r := body(c.reply(c.shellIn, id))
		if r["status"] != tc.status {
			t.Errorf("is_complete %q: %v, want %s", tc.code, r, tc.status)
		}
		if tc.status == "incomplete" && r["indent"] == nil {
			t.Errorf("is_complete %q: no indent", tc.code)
		}
	}
}

func TestHistoryAndComms(t *testing.T) {
	c := start(t, &fakeEngine{})
	for _, s := range []string{"alpha", "beta", "alpha", "print x"} {
		c.exec(code(s))
	}
	for _, tc := range []struct {
		req  map[string]any
		want string
	}{
		{map[string]any{"hist_access_type": "tail", "n": 2, "output": true}, "[[1 3 [alpha alpha]] [1 4 [print x <nil>]]]"},
		{map[string]any{"hist_access_type": "range", "session": 0, "start": 2, "stop": 4}, "[[1 2 beta] [1 3 alpha]]"},
		{map[string]any{"hist_access_type": "range", "session": 1, "start": 4}, "[[1 4 print x]]"},
		{map[string]any{"hist_access_type": "range", "session": -1, "start": 1}, "[]"},
		{map[string]any{"hist_access_type": "search", "pattern": "al*"}, "[[1 1 alpha] [1 3 alpha]]"},
		{map[string]any{"hist_access_type": "search", "pattern": "*a", "unique": true}, "[[1 2 beta] [1 3 alpha]]"},
		{map[string]any{"hist_access_type": "search", "pattern": "?????", "n": 1}, "[[1 3 alpha]]"},
	} {
		tc.req["raw"] = true
		if tc.req["output"] == nil {
			tc.req["output"] = false
		}
		id := c.send(c.shell, "history_request", tc.req)
		if got := fmt.Sprint(body(c.reply(c.shellIn, id))["history"]); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.req, got, tc.want)
		}
	}
	id := c.send(c.shell, "comm_info_request", map[string]any{})
	if r := body(c.reply(c.shellIn, id)); r["status"] != "ok" || fmt.Sprint(r["comms"]) != "map[]" {
		t.Errorf("comm_info %v", r)
	}
	id = c.send(c.shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "nope", "data": map[string]any{}})
	out := c.outputs(id)
	if types(out) != "comm_close" || body(out[0])["comm_id"] != "c1" {
		t.Errorf("comm_open answered with %s", types(out))
	}
}
