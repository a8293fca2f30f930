//go:build linux

package main

// Issue 29: gamelab could not start under ulimit -v of 1 GB or less. Every
// thread the Go runtime started took an 8 MB stack and a 64 MB malloc
// arena of the C library's, and the one pthread_create that found no room
// aborted the process (SIGABRT), before main or during a statement. Each
// front end now starts and works under such limits, with a budget it
// names, and a statement past it is a MemoryError.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"gamelab/kernel/jupyter/wire"
)

// smallAddressSpaces are limits (ulimit -v, in KB) on either side of the
// Go runtime's own band, where no Go program starts (1.15 to 1.3 GB: see
// internal/osmem); before, gamelab died at 900000 and 1050000 at its start.
var smallAddressSpaces = []int64{850000, 900000, 1000000, 1050000, 1500000, 2000000}

// A statement that needs a few threads and some memory, and one past any
// of these budgets.
const (
	smallWork = "[solve(randpolygon(40, 1)).best > 0, len(sort(map(1..20000, -#))), len(1..10**5)]"
	tooMuch   = "len(map(1..10**8, [#]))"
)

func TestEveryFrontEndStartsUnderASmallAddressSpace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary under limits")
	}
	for _, kb := range smallAddressSpaces {
		as := kb << 10
		what := fmt.Sprintf("ulimit -v %d", kb)
		// -c: the answer, and the budget named.
		code, stdout, stderr := runUnder(t, as, nil, "", e2eWait, "-c", smallWork)
		noFatal(t, what+", -c", code, stderr)
		if code != 0 || stdout != "[true, 20000, 100000]\n" || !strings.Contains(stderr, "the memory budget is") ||
			!strings.Contains(stderr, "ulimit -v limits the address space") {
			t.Errorf("%s, -c: exit %d, %q, %q", what, code, stdout, stderr)
		}
		// Piped: the statements after one past the budget still run.
		code, stdout, stderr = runUnder(t, as, nil, "x = 7\n"+tooMuch+"\n"+smallWork+"\nx\n", time.Minute)
		noFatal(t, what+", piped", code, stderr)
		if !strings.Contains(stderr, "memory budget exceeded") || !strings.HasSuffix(stdout, "[true, 20000, 100000]\n7\n") {
			t.Errorf("%s, piped: exit %d, %q, %.400q", what, code, stdout, stderr)
		}
	}
}

func TestTheREPLStartsUnderASmallAddressSpace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary on a pseudo-terminal")
	}
	for _, kb := range []int64{900000, 1050000} {
		limited := writeFile(t, t.TempDir(), "gamelab", fmt.Sprintf("#!/bin/sh\nulimit -v %d\nexec %q \"$@\"\n", kb, gamelabBinary(t)))
		if err := os.Chmod(limited, 0o755); err != nil {
			t.Fatal(err)
		}
		s := startOnPTY(t, limited, "NO_COLOR=1")
		s.expect("[1]>", 1)
		s.send(smallWork + "\r")
		s.expect("[true, 20000, 100000]", 1)
		s.send(tooMuch + "\r")
		s.expect("memory budget exceeded", 1)
		s.send("budget() < 2**30\r")
		s.expect("true", 1)
		s.send("\x04")
		s.waitExit()
	}
}

func TestAKernelStartsUnderASmallAddressSpace(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels")
	}
	for _, kb := range []int64{900000, 1050000} {
		p := freePorts(t, 5)
		const key = "k"
		conn := writeFile(t, t.TempDir(), "kernel.json", fmt.Sprintf(`{"transport": "tcp", "ip": "127.0.0.1", "shell_port": %d, "iopub_port": %d,
			"stdin_port": %d, "control_port": %d, "hb_port": %d, "key": %q, "signature_scheme": "hmac-sha256"}`, p[0], p[1], p[2], p[3], p[4], key))
		cmd := exec.Command("sh", "-c", fmt.Sprintf(`ulimit -v %d && exec "$0" kernel --connection-file "$1"`, kb), gamelabBinary(t), conn)
		var stderr watched
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		stop := func() { cmd.Process.Kill(); <-done }
		if reply := executeOnKernel(t, p[0], key, tooMuch); !strings.Contains(reply, "memory budget exceeded") {
			t.Errorf("ulimit -v %d: the kernel's reply to a statement past the budget: %s", kb, reply)
		}
		if reply := executeOnKernel(t, p[0], key, smallWork); !strings.Contains(reply, `"status":"ok"`) {
			t.Errorf("ulimit -v %d: the kernel's reply: %s", kb, reply)
		}
		stop()
		if text, _ := stderr.text(); strings.Contains(text, "fatal error") || strings.Contains(text, "pthread_create") || !strings.Contains(text, "the memory budget is") {
			t.Errorf("ulimit -v %d: the kernel's error stream:\n%.600s", kb, text)
		}
	}
}

// executeOnKernel sends code to the kernel whose shell socket is on port
// and returns its execute_reply's content.
func executeOnKernel(t *testing.T, port int, key, code string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), e2eWait)
	defer cancel()
	shell := zmq4.NewDealer(ctx)
	defer shell.Close()
	ci := wire.ConnectionInfo{Transport: "tcp", IP: "127.0.0.1"}
	for deadline := time.Now().Add(e2eWait); ; {
		if err := shell.Dial(ci.Endpoint(port)); err == nil {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("no kernel on port %d: %v", port, err)
		}
	}
	sig := wire.Signer{Key: []byte(key)}
	frames, err := wire.Encode(sig, nil, wire.NewID(), "execute_request", nil, map[string]any{
		"code": code, "silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
	if err != nil {
		t.Fatal(err)
	}
	if err := shell.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		t.Fatal(err)
	}
	for {
		raw, err := shell.Recv()
		if err != nil {
			t.Fatalf("no reply from the kernel: %v", err)
		}
		m, err := wire.Decode(raw.Frames, sig, wire.NewReplayGuard(64))
		if err != nil {
			t.Fatal(err)
		}
		if m.Header.MsgType == "execute_reply" {
			var content map[string]any
			json.Unmarshal(m.Content, &content)
			out, _ := json.Marshal(content)
			return string(out)
		}
	}
}
