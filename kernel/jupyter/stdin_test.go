package jupyter

import (
	"context"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/jupyter/wire"

	"github.com/go-zeromq/zmq4"
)

// withStdin gives the client shell and stdin sockets of one identity, as
// jupyter_client does, so the kernel's input_request (sent to the shell
// request's identity) reaches the stdin socket.
func withStdin(t *testing.T, c *client) (stdinIn chan *Message, stdin zmq4.Socket) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	id := zmq4.SocketIdentity("client-" + wire.NewID())
	shell := zmq4.NewDealer(ctx, zmq4.WithID(id))
	stdin = zmq4.NewDealer(ctx, zmq4.WithID(id))
	ci := c.k.Connection()
	if err := shell.Dial(ci.Endpoint(ci.ShellPort)); err != nil {
		t.Fatal(err)
	}
	if err := stdin.Dial(ci.Endpoint(ci.StdinPort)); err != nil {
		t.Fatal(err)
	}
	stdinIn = make(chan *Message, 10)
	go c.read(shell, c.shellIn)
	go c.read(stdin, stdinIn)
	old := c.shell
	c.shell = shell
	t.Cleanup(func() { cancel(); old.Close(); shell.Close(); stdin.Close() })
	return stdinIn, stdin
}

// nextInput waits for the kernel's next input_request and returns its prompt.
func nextInput(t *testing.T, in chan *Message) (*Message, string) {
	t.Helper()
	select {
	case m := <-in:
		if m.Header.MsgType != "input_request" {
			t.Fatalf("stdin got %s", m.Header.MsgType)
		}
		return m, str(body(m)["prompt"])
	case <-time.After(wait):
		t.Fatal("no input_request")
	}
	return nil, ""
}

// TestPlayThroughStdin plays coins through Jupyter's stdin channel: the
// kernel asks with input_request, the client answers with input_reply; a
// hint and an undo, to the end of the game; the cell's result is the record. Without
// allow_stdin play is an error that points to analyze.
func TestPlayThroughStdin(t *testing.T) {
	c := start(t, nil)
	in, stdin := withStdin(t, c)
	req := code("r = play(coins([10, 80, 90, 30]))\nlen(r.moves)")
	req["allow_stdin"] = true
	id := c.send(c.shell, "execute_request", req)
	answers := []string{"?", "L", "u", "R", "R"} // then the game is over
	for _, a := range answers {
		_, prompt := nextInput(t, in)
		if !strings.Contains(prompt, "A to move, L or R") {
			t.Errorf("prompt %q", prompt)
		}
		c.send(stdin, "input_reply", map[string]any{"value": a})
	}
	r := body(c.reply(c.shellIn, id))
	out := c.outputs(id)
	if r["status"] != "ok" {
		t.Fatalf("reply %v", r)
	}
	var text strings.Builder
	result, displayID, updates := "", "", 0
	for _, m := range out {
		b := body(m)
		switch m.Header.MsgType {
		case "stream":
			text.WriteString(str(b["text"]))
		case "execute_result":
			result = str(b["data"].(map[string]any)["text/plain"])
		case "display_data", "update_display_data":
			if _, ok := b["data"].(map[string]any)["image/svg+xml"]; !ok {
				t.Errorf("the position has no picture")
			}
			id := str(b["transient"].(map[string]any)["display_id"])
			if m.Header.MsgType == "display_data" {
				if displayID != "" || id == "" {
					t.Errorf("display_data with display_id %q after %q: the position should be shown once, then updated", id, displayID)
				}
				displayID = id
			} else {
				updates++
				if id != displayID {
					t.Errorf("update of display %q, shown as %q", id, displayID)
				}
			}
		}
	}
	if updates < 4 {
		t.Errorf("the position was updated %d times, want a picture updated in place each turn", updates)
	}
	for _, s := range []string{"optimal: R", "L: loses 20; optimal: R", "R: optimal", "B takes R (the optimum)"} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, text.String())
		}
	}
	if result != "4" {
		t.Errorf("result %q, want 4 moves (R, B's reply, R, B's reply)", result)
	}

	// allow_stdin false (nbclient): a clear error pointing to analyze.
	r, _ = c.exec(code("play(coins([1, 2]))"))
	if r["status"] != "error" || !strings.Contains(str(r["evalue"]), "analyze(x, moves)") {
		t.Errorf("without allow_stdin: %v", r)
	}

	// An interrupt while play waits ends the cell as interrupted; the
	// session lives on.
	req = code("play(coins([1, 2]))")
	req["allow_stdin"] = true
	id = c.send(c.shell, "execute_request", req)
	nextInput(t, in)
	c.interrupt()
	if r := body(c.reply(c.shellIn, id)); r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Errorf("interrupted play: %v", r)
	}
	c.outputs(id)
	if r, _ := c.exec(code("len(r.moves)")); r["status"] != "ok" {
		t.Errorf("after the interrupt: %v", r)
	}
}
