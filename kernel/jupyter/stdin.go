package jupyter

import (
	"context"
	"fmt"
)

// Input from the person at the front end (play's moves) goes the protocol's
// way, as IPython's input() does: the kernel sends input_request on the
// stdin channel to the client of the running execute_request, and waits for
// its input_reply. Only a request with allow_stdin true may be asked: a
// front end that cannot answer (nbclient, a headless run) says false, and
// play then says it needs a person. Notebook, JupyterLab, VS Code and
// jupyter console all answer.

// stdinQueue is how many input replies may wait unread (a front end sends
// one per request; more are stale).
const stdinQueue = 16

// input asks m's client for a line at prompt and waits for the reply; an
// interrupt of the cell (ctx) ends the wait with ctx's error.
func (k *Kernel) input(ctx context.Context, m *Message, prompt string) (string, error) {
	for drained := false; !drained; { // replies to an earlier, abandoned request
		select {
		case <-k.stdinQ:
		default:
			drained = true
		}
	}
	err := k.conn.Send(k.conn.Stdin, m, "input_request", map[string]any{"prompt": prompt, "password": false})
	if err != nil {
		return "", fmt.Errorf("asking the front end for input: %w", err)
	}
	for {
		select {
		case r := <-k.stdinQ:
			if r.Header.MsgType != "input_reply" {
				k.log.Printf("stdin: unexpected %s dropped", r.Header.MsgType)
				continue
			}
			var reply struct {
				Value string `json:"value"`
			}
			if !k.content(k.conn.Stdin, r, &reply) {
				continue
			}
			return reply.Value, nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}
