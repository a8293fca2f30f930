package jupyter

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"gamelab/kernel"
)

// execute_request: running a cell, its output in order, its reply.

// StopControl is how progress lines and warnings name what interrupts a
// cell in Jupyter: the toolbar's ■ button, "Interrupt the kernel".
const StopControl = "■ Interrupt"

// executeRequest is the content of an execute_request.
type executeRequest struct {
	Code            string            `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    *bool             `json:"store_history"` // default true
	UserExpressions map[string]string `json:"user_expressions"`
	StopOnError     *bool             `json:"stop_on_error"` // default true
	AllowStdin      bool              `json:"allow_stdin"`
}

// executeFields are the fields of execute_request: only code is required,
// the others have defaults.
var executeFields = []field{
	{"code", jString, true}, {"silent", jBool, false}, {"store_history", jBool, false},
	{"user_expressions", jStringMap, false}, {"allow_stdin", jBool, false}, {"stop_on_error", jBool, false},
}

// execute runs one cell: execute_input, then printed text (streams stdout
// and stderr), shown items (display_data) and clear_output in the order the
// cell made them, then the result or the error, the reply (with the help
// `name?` asked for as a page payload), and (in handle) idle. A silent cell
// publishes nothing but its status.
func (k *Kernel) execute(m *Message, aborting bool) {
	var r executeRequest
	if !k.content(k.conn.Shell, m, &r, executeFields...) {
		return
	}
	if aborting {
		// An earlier cell failed with stop_on_error: the cells queued behind
		// it are not run. As ipykernel's, the reply has no execution_count:
		// the cell never ran, and a front end that reads one labels it In [N].
		k.reply(k.conn.Shell, m, "execute_reply", map[string]any{"status": "aborted"})
		return
	}
	store := (r.StoreHistory == nil || *r.StoreHistory) && !r.Silent
	count := k.lastCount
	if store {
		count++ // the engine advances its counter for this cell
	}
	if !r.Silent {
		k.publish(m, "execute_input", map[string]any{"code": r.Code, "execution_count": count})
	}
	streams := &streams{publish: func(name, text string) {
		if !r.Silent {
			k.publish(m, "stream", map[string]any{"name": name, "text": text})
		}
	}}
	displayed := false
	show := func(d kernel.Display) {
		displayed = true
		if !r.Silent {
			streams.flush() // keep printed text and pictures in the order made
			msgType, transient := "display_data", map[string]any{}
			if d.ID != "" { // an item a later one replaces in place (play's position)
				transient["display_id"] = d.ID
				if d.Update {
					msgType = "update_display_data"
				}
			}
			k.publish(m, msgType, map[string]any{"data": bundle(d), "metadata": map[string]any{}, "transient": transient})
		}
	}
	clear := func(wait bool) {
		if !r.Silent {
			streams.flush()
			k.publish(m, "clear_output", map[string]any{"wait": wait})
		}
	}
	opts := kernel.ExecOptions{
		Silent: r.Silent, NoHistory: !store, Pager: true, SVG: true,
		Stdout: streams.writer("stdout"), Stderr: streams.writer("stderr"),
		Display: show, Clear: clear, Progress: k.progressDisplay(m, r.Silent, streams.flush),
		StopControl: StopControl,
	}
	if r.AllowStdin {
		opts.Input = func(ctx context.Context, prompt string) (string, error) {
			streams.flush() // what the cell printed comes before the question
			return k.input(ctx, m, prompt)
		}
	}
	out := k.run(r.Code, opts)
	streams.close()
	for _, s := range []struct{ name, text string }{{"stdout", out.Stdout}, {"stderr", out.Stderr}} {
		if !streams.wrote[s.name] && s.text != "" && !r.Silent {
			// The engine did not stream; send its collected output at once.
			k.publish(m, "stream", map[string]any{"name": s.name, "text": s.text})
		}
	}
	if !displayed {
		// Nor did it pass its displays as they came.
		for _, d := range out.Displays {
			show(d)
		}
	}
	if store {
		k.lastCount = out.Count
		var result *string
		if out.Result != nil {
			result = &out.Result.Text
		}
		k.hist.add(out.Count, r.Code, result)
	}
	if out.Err != nil {
		ename, evalue, tb := errorFields(out.Err)
		if !r.Silent {
			k.publish(m, "error", map[string]any{"ename": ename, "evalue": evalue, "traceback": tb})
		}
		if r.StopOnError == nil || *r.StopOnError {
			k.stopOnError()
		}
		k.reply(k.conn.Shell, m, "execute_reply", map[string]any{
			"status": "error", "execution_count": out.Count,
			"ename": ename, "evalue": evalue, "traceback": tb,
		})
		return
	}
	if out.Result != nil && !r.Silent {
		k.publish(m, "execute_result", map[string]any{
			"execution_count": out.Count, "data": bundle(*out.Result), "metadata": map[string]any{},
		})
	}
	payload := []any{}
	if out.Page != "" && !r.Silent {
		// The help `name?` asked for, for the frontend's pager (IPython's
		// page payload; start is the line to open it at).
		payload = append(payload, map[string]any{"source": "page", "data": map[string]any{"text/plain": out.Page}, "start": 0})
	}
	k.reply(k.conn.Shell, m, "execute_reply", map[string]any{
		"status": "ok", "execution_count": out.Count, "payload": payload,
		"user_expressions": k.userExpressions(r.UserExpressions),
	})
}

// run executes code with a context that interrupt_request cancels.
func (k *Kernel) run(code string, o kernel.ExecOptions) *kernel.Output {
	ctx, cancel := context.WithCancel(k.ctx)
	defer cancel()
	k.cellMu.Lock()
	k.cancelCell = cancel
	k.cellMu.Unlock()
	defer func() {
		k.cellMu.Lock()
		k.cancelCell = nil
		k.cellMu.Unlock()
	}()
	out := k.safeExecute(ctx, code, o)
	if out == nil {
		return &kernel.Output{Count: k.lastCount, Err: &kernel.Error{Kind: "InternalError", Msg: "the engine returned no output"}}
	}
	return out
}

// safeExecute calls the engine; a panic (which the engine promises never to
// raise) becomes the cell's error rather than the end of the kernel.
func (k *Kernel) safeExecute(ctx context.Context, code string, o kernel.ExecOptions) (out *kernel.Output) {
	defer func() {
		if r := recover(); r != nil {
			k.log.Printf("engine panicked on %q: %v\n%s", code, r, debug.Stack())
			out = &kernel.Output{Count: k.lastCount, Err: &kernel.Error{Kind: "InternalError", Msg: fmt.Sprintf("the engine failed: %v", r)}}
		}
	}()
	return k.engine.ExecuteWith(ctx, code, o)
}

// userExpressions evaluates execute_request's user_expressions after a
// successful cell, without touching the counter or history.
func (k *Kernel) userExpressions(exprs map[string]string) map[string]any {
	res := map[string]any{}
	for name, code := range exprs {
		out := k.run(code, kernel.ExecOptions{NoHistory: true, Stdout: io.Discard, SVG: true})
		switch {
		case out.Err != nil:
			ename, evalue, tb := errorFields(out.Err)
			res[name] = map[string]any{"status": "error", "ename": ename, "evalue": evalue, "traceback": tb}
		case out.Result != nil:
			res[name] = map[string]any{"status": "ok", "data": bundle(*out.Result), "metadata": map[string]any{}}
		default:
			res[name] = map[string]any{"status": "ok", "data": map[string]any{}, "metadata": map[string]any{}}
		}
	}
	return res
}

// bundle is a display's MIME bundle: text/plain always, SVG when it has a
// picture, HTML when it has one (a table).
func bundle(d kernel.Display) map[string]any {
	b := map[string]any{"text/plain": d.Text}
	if d.SVG != "" {
		b["image/svg+xml"] = d.SVG
	}
	if d.HTML != "" {
		b["text/html"] = d.HTML
	}
	return b
}

// errorFields turns an engine error into Jupyter's ename, evalue and
// traceback (the lines a terminal would print: position, source, caret).
func errorFields(e *kernel.Error) (ename, evalue string, traceback []string) {
	ename = string(e.Kind)
	if ename == "" {
		ename = "Error"
	}
	return ename, e.Msg, strings.Split(ename+": "+e.Error(), "\n")
}
