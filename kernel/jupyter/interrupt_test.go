package jupyter

// Tests of interrupting a busy kernel and of stop_on_error on the
// cells queued behind a failure.

import (
	"fmt"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// eventually waits until cond holds, polling against the deadline wait; a
// condition that never holds fails the test with what it was waiting for.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s after %v", what, wait)
		}
		time.Sleep(time.Millisecond) // polling, not synchronising: cond decides
	}
}

// blockAndQueue starts a block cell (content first), queues more cells
// behind it and waits until the kernel holds them, so what follows is
// deterministic.
func blockAndQueue(c *client, f *fakeEngine, first map[string]any, queued ...map[string]any) (firstID string, ids []string) {
	c.t.Helper()
	firstID = c.send(c.shell, "execute_request", first)
	select {
	case <-f.running:
	case <-time.After(wait):
		c.t.Fatal("block cell never started")
	}
	for _, q := range queued {
		ids = append(ids, c.send(c.shell, "execute_request", q))
	}
	eventually(c.t, fmt.Sprintf("the kernel to queue %d requests", len(queued)), func() bool { return len(c.k.shellQ) >= len(queued) })
	return firstID, ids
}

// interrupt sends interrupt_request on control and waits for its reply.
func (c *client) interrupt() {
	c.t.Helper()
	id := c.send(c.control, "interrupt_request", map[string]any{})
	if r := body(c.reply(c.ctrlIn, id)); r["status"] != "ok" {
		c.t.Fatalf("interrupt_reply %v", r)
	}
}

func TestInterruptWhileBusy(t *testing.T) {
	f := &fakeEngine{running: make(chan struct{}, 1)}
	c := start(t, f)
	first, _ := blockAndQueue(c, f, code("block"))
	// While the cell runs: heartbeat, control and completion stay live.
	if err := c.hb.Send(zmq4.NewMsgString("ping")); err != nil {
		t.Fatal(err)
	}
	if m, err := c.hb.Recv(); err != nil || string(m.Bytes()) != "ping" {
		t.Fatalf("heartbeat %q, %v", m.Bytes(), err)
	}
	id := c.send(c.control, "kernel_info_request", map[string]any{})
	c.reply(c.ctrlIn, id)
	c.interrupt()
	r := body(c.reply(c.shellIn, first))
	if r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Fatalf("interrupted cell's reply %v", r)
	}
	if out := c.outputs(first); types(out) != "execute_input,error" {
		t.Fatalf("outputs %s", types(out))
	}
	// The session carries on.
	if r, _ := c.exec(code("next")); r["status"] != "ok" || r["execution_count"] != 2.0 {
		t.Fatalf("after the interrupt: %v", r)
	}
}

func TestStopOnError(t *testing.T) {
	f := &fakeEngine{running: make(chan struct{}, 1)}
	c := start(t, f)
	first, ids := blockAndQueue(c, f, code("block"), code("aborted 1"), code("aborted 2"))
	c.interrupt()
	if r := body(c.reply(c.shellIn, first)); r["status"] != "error" {
		t.Fatalf("first %v", r)
	}
	for _, id := range ids {
		r := body(c.reply(c.shellIn, id))
		if r["status"] != "aborted" {
			t.Fatalf("queued cell %v, want aborted", r)
		}
		if n, has := r["execution_count"]; has {
			t.Errorf("an aborted cell's reply carries execution_count %v (ipykernel's has none)", n)
		}
		if out := c.outputs(id); len(out) != 0 {
			t.Errorf("aborted cell published %s", types(out))
		}
	}
	// Only what was queued at the failure is aborted.
	if r, _ := c.exec(code("later")); r["status"] != "ok" {
		t.Fatalf("cell after the aborted ones: %v", r)
	}
	// The failed cell's own stop_on_error decides: false lets the queue run.
	noStop := code("block")
	noStop["stop_on_error"] = false
	first, ids = blockAndQueue(c, f, noStop, code("runs"))
	c.interrupt()
	c.reply(c.shellIn, first)
	if r := body(c.reply(c.shellIn, ids[0])); r["status"] != "ok" {
		t.Fatalf("cell after a stop_on_error=false failure: %v", r)
	}
}

// A cell of the same Run All that is still on its way when the one before
// it fails (a Jupyter server forwards a notebook's cells one by one) is
// aborted too: the failed cell's reply waits until the queue is quiet. A
// cell sent after the reply runs.
func TestStopOnErrorWaitsForCellsOnTheWay(t *testing.T) {
	c := startOn(t, &fakeEngine{}, ConnectionInfo{IP: "127.0.0.1", Key: testKey, Transport: "tcp"}, WithStopOnErrorQuiet(time.Second))
	failed := c.send(c.shell, "execute_request", code("fail"))
	// The error is published before the reply: a cell sent now was sent
	// before its client could know of the failure.
	for published := false; !published; {
		select {
		case m := <-c.iopubIn:
			published = parentID(m) == failed && m.Header.MsgType == "error"
		case <-time.After(wait):
			t.Fatal("no error published")
		}
	}
	onTheWay := c.send(c.shell, "execute_request", code("on the way"))
	if r := body(c.reply(c.shellIn, failed)); r["status"] != "error" {
		t.Fatalf("failed cell %v", r)
	}
	if r := body(c.reply(c.shellIn, onTheWay)); r["status"] != "aborted" {
		t.Fatalf("a cell on its way when the one before failed: %v, want aborted", r)
	}
	if r, _ := c.exec(code("after the reply")); r["status"] != "ok" {
		t.Fatalf("a cell sent after the failure's reply: %v", r)
	}
}
