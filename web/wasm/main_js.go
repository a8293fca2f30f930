//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"syscall/js"

	"gamelab/internal/version"
	"gamelab/kernel"
	"gamelab/web/engine"
)

// pageBudget is the session's memory budget in the page: a quarter of
// WebAssembly's 4 GiB address space, as a native session takes a quarter of
// the machine's memory, leaving room for the collector's headroom (the
// runtime's memory limit sits an eighth above the budget) and the runtime.
const pageBudget = 1 << 30

// solveCache is how many solves the page's session keeps (a slider going
// back and forth re-runs cells that solve the same instances).
const solveCache = 64

func main() {
	global := js.Global()
	// A reply is written without escaping <, > and &: a picture's SVG is
	// full of them, and JSON.parse needs no \u003c.
	var (
		mu  sync.Mutex // Handle's replies and the running cell's share the buffer
		buf strings.Builder
	)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	post := func(rep engine.Reply) {
		mu.Lock()
		defer mu.Unlock()
		buf.Reset()
		if err := enc.Encode(rep); err != nil { // cannot happen: a Reply is strings, numbers and lists of them
			buf.Reset()
			enc.Encode(engine.Reply{Type: engine.RepDone, ID: rep.ID,
				Error: &engine.ErrorInfo{Kind: "InternalError", Msg: err.Error(), Text: err.Error()}})
		}
		global.Call("postMessage", buf.String())
	}
	// worker.js puts the page's stop flag (an Int32Array on a
	// SharedArrayBuffer) here when the page is cross-origin isolated.
	var stopFlag func() bool
	if flag := global.Get("glStopFlag"); flag.Truthy() {
		atomics := global.Get("Atomics")
		stopFlag = func() bool { return atomics.Call("load", flag, 0).Int() != 0 }
	}
	// The session's polls yield, so its memory watchdog runs while a cell
	// computes, and read the stop flag (kernel/poll_js.go).
	var r *engine.Runner
	s := kernel.NewSession(kernel.WithMemoryBudget(pageBudget), kernel.WithPoll(func() { r.Poll() }),
		kernel.WithSolveCache(solveCache), kernel.WithFiles(examples(global)))
	r = engine.NewRunner(s, post, stopFlag)
	global.Set("gamelabHandle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req engine.Request
		if len(args) != 1 || json.Unmarshal([]byte(args[0].String()), &req) != nil {
			return nil // worker.js sends one JSON request per call
		}
		r.Handle(req)
		return nil
	}))
	post(engine.Reply{Type: engine.RepReady, Text: version.Version})
	r.Run(context.Background())
}

// examples are the scripts load reads in the page: the examples' files
// (notebooks.json's files), which worker.js puts in glFiles before the
// engine starts.
func examples(global js.Value) map[string]string {
	files := map[string]string{}
	if v := global.Get("glFiles"); v.Type() == js.TypeString {
		json.Unmarshal([]byte(v.String()), &files)
	}
	return files
}
