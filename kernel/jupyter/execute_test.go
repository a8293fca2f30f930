package jupyter

// Tests of execute_request: outputs in order, silent and store_history,
// user_expressions, and gamelab's own engine through the protocol.

import (
	"fmt"
	"strings"
	"testing"
)

func TestExecuteRealSession(t *testing.T) {
	c := start(t, nil)
	r, out := c.exec(code("1 + 2"))
	if r["status"] != "ok" || r["execution_count"] != 1.0 {
		t.Fatalf("reply %v", r)
	}
	if types(out) != "execute_input,execute_result" {
		t.Fatalf("outputs %s", types(out))
	}
	in, res := body(out[0]), body(out[1])
	if in["code"] != "1 + 2" || in["execution_count"] != 1.0 {
		t.Errorf("execute_input %v", in)
	}
	if res["execution_count"] != 1.0 || res["data"].(map[string]any)["text/plain"] != "3" {
		t.Errorf("execute_result %v", res)
	}
	// A sweep's list of maps is a table: text/html beside text/plain.
	r, out = c.exec(code("map(1..2, ({n: #, sq: # * #}))"))
	if r["status"] != "ok" || types(out) != "execute_input,execute_result" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	data := body(out[1])["data"].(map[string]any)
	if !strings.HasPrefix(str(data["text/html"]), "<table>") || !strings.HasPrefix(str(data["text/plain"]), "n  sq\n") {
		t.Errorf("table %v", data)
	}
	// An error: ename, evalue and a traceback list, and the count moves on.
	r, out = c.exec(code("1 +"))
	if r["status"] != "error" || r["execution_count"] != 3.0 || types(out) != "execute_input,error" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	e := body(out[1])
	if str(e["ename"]) == "" || str(e["evalue"]) == "" || len(e["traceback"].([]any)) == 0 {
		t.Errorf("error %v", e)
	}
}

func TestExecuteOutputs(t *testing.T) {
	c := start(t, &fakeEngine{})
	r, out := c.exec(code("print héllo wörld\n"))
	if r["status"] != "ok" || types(out) != "execute_input,stream" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	if s := body(out[1]); s["name"] != "stdout" || s["text"] != "héllo wörld\n" {
		t.Errorf("stream %v", s)
	}
	r, out = c.exec(code("show"))
	if r["status"] != "ok" || types(out) != "execute_input,display_data,execute_result" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	d := body(out[1])["data"].(map[string]any)
	v := body(out[2])["data"].(map[string]any)
	if d["text/plain"] != "pic" || d["image/svg+xml"] != "<svg>pic</svg>" || v["text/plain"] != "val" || v["image/svg+xml"] != "<svg>val</svg>" {
		t.Errorf("display %v, result %v", d, v)
	}
	// Progress: one display, updated in place by its display_id and
	// emptied at the end, after the text printed before it.
	r, out = c.exec(code("progress"))
	if r["status"] != "ok" || types(out) != "execute_input,stream,display_data,update_display_data,update_display_data,execute_result" {
		t.Fatalf("progress: reply %v, outputs %s", r, types(out))
	}
	id := body(out[2])["transient"].(map[string]any)["display_id"]
	for i, want := range []string{"10% done", "60% done", ""} {
		b := body(out[2+i])
		if b["data"].(map[string]any)["text/plain"] != want || b["transient"].(map[string]any)["display_id"] != id || str(id) == "" {
			t.Errorf("progress %d: %v", i, b)
		}
	}
	r, out = c.exec(code("interleave"))
	if r["status"] != "ok" || types(out) != "execute_input,stream,display_data,stream" || body(out[3])["text"] != "after\n" {
		t.Fatalf("print, show, print: reply %v, outputs %s", r, types(out))
	}
	r, out = c.exec(code("streams"))
	if r["status"] != "ok" || types(out) != "execute_input,stream,stream,stream,clear_output,stream" {
		t.Fatalf("stdout, stderr, stdout, clear, stdout: reply %v, outputs %s", r, types(out))
	}
	var got []string
	for _, m := range out[1:] {
		b := body(m)
		if m.Header.MsgType == "clear_output" {
			got = append(got, fmt.Sprintf("clear wait=%v", b["wait"]))
		} else {
			got = append(got, fmt.Sprintf("%s %q", str(b["name"]), str(b["text"])))
		}
	}
	if g := strings.Join(got, ", "); g != `stdout "out 1\n", stderr "err\n", stdout "out 2\n", clear wait=true, stdout "out 3\n"` {
		t.Errorf("streams %s", g)
	}
	r, out = c.exec(code("page"))
	if pl := fmt.Sprint(r["payload"]); r["status"] != "ok" || types(out) != "execute_input" ||
		pl != "[map[data:map[text/plain:solve(x): the optimal answer\n] source:page start:0]]" {
		t.Fatalf("page: reply %v, outputs %s", r, types(out))
	}
	r, out = c.exec(code("fail"))
	if r["status"] != "error" || r["ename"] != "NameError" || types(out) != "execute_input,error" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	tb := fmt.Sprint(body(out[1])["traceback"])
	if tb != "[NameError: 1:1: unknown name fail fail ^]" {
		t.Errorf("traceback %s", tb)
	}
	// A panicking engine costs the cell, not the kernel.
	r, out = c.exec(code("panic"))
	if r["status"] != "error" || r["ename"] != "InternalError" || types(out) != "execute_input,error" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	r, _ = c.exec(code("still here"))
	if r["status"] != "ok" || r["execution_count"] != 9.0 {
		t.Errorf("after the panic: %v", r)
	}
}

func TestSilentAndStoreHistory(t *testing.T) {
	c := start(t, &fakeEngine{})
	c.exec(code("a"))
	silent := code("print quiet")
	silent["silent"] = true
	r, out := c.exec(silent)
	if r["status"] != "ok" || r["execution_count"] != 1.0 || len(out) != 0 {
		t.Fatalf("silent: reply %v, outputs %s", r, types(out))
	}
	noHist := code("b")
	noHist["store_history"] = false
	r, out = c.exec(noHist)
	if r["execution_count"] != 1.0 || types(out) != "execute_input,execute_result" || body(out[0])["execution_count"] != 1.0 {
		t.Fatalf("store_history false: reply %v, outputs %s", r, types(out))
	}
	r, _ = c.exec(code("c"))
	if r["execution_count"] != 2.0 {
		t.Fatalf("count after them %v", r["execution_count"])
	}
	id := c.send(c.shell, "history_request", map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 10})
	if h := fmt.Sprint(body(c.reply(c.shellIn, id))["history"]); h != "[[1 1 a] [1 2 c]]" {
		t.Errorf("history %s", h)
	}
}

func TestUserExpressions(t *testing.T) {
	c := start(t, &fakeEngine{})
	req := code("x")
	req["user_expressions"] = map[string]any{"good": "show", "bad": "fail"}
	r, _ := c.exec(req)
	ue := r["user_expressions"].(map[string]any)
	good, bad := ue["good"].(map[string]any), ue["bad"].(map[string]any)
	if good["status"] != "ok" || good["data"].(map[string]any)["image/svg+xml"] != "<svg>val</svg>" || bad["status"] != "error" || bad["ename"] != "NameError" {
		t.Errorf("user_expressions %v", ue)
	}
	if r["execution_count"] != 1.0 {
		t.Errorf("user expressions moved the count: %v", r["execution_count"])
	}
}

// TestRealEngine drives gamelab's own engine through the protocol: a
// picture, a result, print, an error, completion, help, and the interrupt
// of a long solve (the engine's builtins honour the cell's context).
func TestRealEngine(t *testing.T) {
	c := start(t, nil)
	for _, tc := range []struct {
		code, status, outputs string
		check                 func(out []*Message) bool
	}{
		{`p = polygon("* -5 + -2 * -8 * -5 + 8")`, "ok", "execute_input", nil},
		{`show(p)`, "ok", "execute_input,display_data", func(out []*Message) bool {
			d := body(out[1])["data"].(map[string]any)
			return strings.HasPrefix(str(d["image/svg+xml"]), "<svg") && str(d["text/plain"]) != ""
		}},
		{`solve(p).best`, "ok", "execute_input,execute_result", func(out []*Message) bool {
			return body(out[1])["data"].(map[string]any)["text/plain"] == "488"
		}},
		{`print("hi")`, "ok", "execute_input,stream", func(out []*Message) bool { return body(out[1])["text"] == "hi\n" }},
		{`nosuch + 1`, "error", "execute_input,error", func(out []*Message) bool { return strings.Contains(str(body(out[1])["evalue"]), "nosuch") }},
		{`print(1); eprint("careful"); clear(); print(2)`, "ok", "execute_input,stream,stream,clear_output,stream", func(out []*Message) bool {
			return body(out[2])["name"] == "stderr" && body(out[2])["text"] == "careful\n" && body(out[3])["wait"] == false
		}},
		{`help(solve)`, "ok", "execute_input,stream", func(out []*Message) bool { return strings.HasPrefix(str(body(out[1])["text"]), "solve(") }},
	} {
		r, out := c.exec(code(tc.code))
		if r["status"] != tc.status || types(out) != tc.outputs || (tc.check != nil && !tc.check(out)) {
			var texts []string
			for _, m := range out {
				texts = append(texts, string(m.Content))
			}
			t.Errorf("%s: reply %v, outputs %s:\n%s", tc.code, r, types(out), strings.Join(texts, "\n"))
		}
	}
	// name? opens the help in the pager: a payload, no output.
	r, out := c.exec(code("solve?"))
	pl, _ := r["payload"].([]any)
	if len(pl) != 1 || types(out) != "execute_input" {
		t.Fatalf("solve?: reply %v, outputs %s", r, types(out))
	}
	if p := pl[0].(map[string]any); p["source"] != "page" || !strings.HasPrefix(str(p["data"].(map[string]any)["text/plain"]), "solve(x)") {
		t.Errorf("solve? payload %v", p)
	}
	id := c.send(c.shell, "complete_request", map[string]any{"code": "x = so", "cursor_pos": 6})
	if r := body(c.reply(c.shellIn, id)); !strings.Contains(fmt.Sprint(r["matches"]), "solve") || r["cursor_start"] != 4.0 {
		t.Errorf("complete %v", r)
	}
	id = c.send(c.shell, "inspect_request", map[string]any{"code": "solve(p)", "cursor_pos": 2, "detail_level": 0})
	if r := body(c.reply(c.shellIn, id)); r["found"] != true || !strings.Contains(str(r["data"].(map[string]any)["text/plain"]), "solve(") {
		t.Errorf("inspect %v", r)
	}

	id = c.send(c.shell, "execute_request", code("solve(randpolygon(2500, 1))"))
	eventually(t, "the long cell to start", c.k.busy)
	c.interrupt()
	if r := body(c.reply(c.shellIn, id)); r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Fatalf("interrupted solve: %v", r)
	}
	// The state survived the interrupt.
	if r, out := c.exec(code("solve(p).best")); r["status"] != "ok" || types(out) != "execute_input,execute_result" {
		t.Errorf("after the interrupt: %v %s", r, types(out))
	}
}
