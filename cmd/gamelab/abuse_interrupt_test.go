//go:build linux

package main

// Issue 20's attacks with SIGINT and Ctrl-C: long statements, a batch,
// the REPL's session; and the running process the tests watch.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// watched is what a stream of a running gamelab has written: its first
// megabyte and how many bytes in all (print(1..4*10**7) writes 389 MB).
type watched struct {
	mu    sync.Mutex
	head  []byte
	total int
}

func (w *watched) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.total += len(p)
	if room := 1<<20 - len(w.head); room > 0 {
		w.head = append(w.head, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (w *watched) text() (string, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.head), w.total
}

// running is a gamelab process started by start.
type running struct {
	t           *testing.T
	cmd         *exec.Cmd
	stdout      *watched
	stderr      *watched
	done        chan struct{}
	code        int
	interrupted time.Time
}

// start runs the gamelab binary with args, the environment env added and
// stdin as its input.
func start(t *testing.T, env []string, stdin string, args ...string) *running {
	t.Helper()
	r := &running{t: t, cmd: exec.Command(gamelabBinary(t), args...), stdout: &watched{}, stderr: &watched{}, done: make(chan struct{})}
	r.cmd.Env = append(r.cmd.Environ(), env...)
	r.cmd.Stdin = strings.NewReader(stdin)
	r.cmd.Stdout, r.cmd.Stderr = r.stdout, r.stderr
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(r.done)
		err := r.cmd.Wait()
		if ee, ok := err.(*exec.ExitError); ok {
			r.code = ee.ExitCode()
		}
	}()
	t.Cleanup(func() { r.cmd.Process.Kill(); <-r.done })
	return r
}

// waitFor waits until the stream w shows sub (a deadline keeps a failure
// from hanging).
func (r *running) waitFor(w *watched, sub string) {
	r.t.Helper()
	deadline := time.Now().Add(e2eWait)
	for {
		text, _ := w.text()
		if strings.Contains(text, sub) {
			return
		}
		select {
		case <-r.done:
			r.t.Fatalf("gamelab ended before showing %q: exit %d\n%s", sub, r.code, text)
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("gamelab did not show %q; it shows:\n%.500s", sub, text)
		}
	}
}

// interrupt sends SIGINT, as Ctrl-C on the terminal gamelab's pipe runs in.
func (r *running) interrupt() {
	r.interrupted = time.Now()
	r.cmd.Process.Signal(os.Interrupt)
}

// wait waits for gamelab to exit and returns its exit status.
func (r *running) wait() int {
	r.t.Helper()
	select {
	case <-r.done:
		return r.code
	case <-time.After(e2eWait):
		r.t.Fatalf("gamelab did not exit")
	}
	return 0
}

// Each statement that ran for seconds to minutes whatever Ctrl-C said
// stops at a SIGINT, piped and with -c, and its result never comes. Its
// inputs are made first, so the interrupt lands in the work itself.
func TestSIGINTStopsEveryLongStatement(t *testing.T) {
	if testing.Short() {
		t.Skip("runs long statements in the binary")
	}
	big := filepath.Join(t.TempDir(), "big.txt")
	for _, tc := range []struct{ setup, stmt string }{
		{"xs = 1..4*10**7", "print(xs)"},
		{"xs = 1..4*10**7", "len(string(xs))"},
		{"xs = 1..4*10**7", `save(xs, "` + big + `")`},
		{"p = plot(1..10**7)", "len(svg(p))"},
		{"p = plot(1..10**7)", "len(text(p))"},
		{"xs = 1..10**8", "len(map(xs, #))"},
		{`s = repeat(repeat("9", 300000) + " ", 50)`, "len(coins(s).values)"},
		{`s = repeat("+ " + repeat("9", 300000) + " ", 50)`, "len(polygon(s).values)"},
		{`c = randcoins(100000, 1); line = repeat("L", 100000)`, "len(analyze(c, line).loss)"},
		{"xs = map(1..6*10**6, [#, #])", "len(json(xs))"},
		{"xs = map(1..6*10**6, [#, #])", "len(toJSON(xs))"},
	} {
		for _, piped := range []bool{false, true} {
			var r *running
			if piped {
				r = start(t, nil, "x = 42\n"+tc.setup+"\neprint(\"running\")\n"+tc.stmt+"\nx\n")
			} else {
				r = start(t, nil, "", "-c", tc.setup+`; eprint("running"); `+tc.stmt)
			}
			r.waitFor(r.stderr, "running")
			r.interrupt()
			code := r.wait()
			stdout, total := r.stdout.text()
			stderr, _ := r.stderr.text()
			if code != 1 || !strings.Contains(stderr, "interrupted") || total >= 388888898 || strings.Contains(stdout, "\n4") {
				t.Errorf("%q (piped %v): exit %d, %d bytes out ending %q, stderr %.300q", tc.stmt, piped, code, total, stdout[max(len(stdout)-40, 0):], stderr)
			}
		}
	}
}

// On the terminal: Ctrl-C, three times over, stops a long cell and keeps
// the session (a third one used to leave gamelab, every variable lost), and
// a GAMELAB_HISTORY that names a FIFO does not hang the REPL before its
// banner.
func TestREPLKeepsTheSessionWhateverCtrlC(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary on a pseudo-terminal")
	}
	fifo := filepath.Join(t.TempDir(), "history")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	s := startOnPTY(t, gamelabBinary(t), "GAMELAB_HISTORY="+fifo, "NO_COLOR=1")
	s.expect("history not saved", 1)
	s.expect("[1]>", 1)
	s.send("x = 42\r")
	s.expect("[2]>", 1)
	for i, stmt := range []string{`xs = 1..4*10**7; eprint("run" + "ning"); print(xs)`, `eprint("run" + "ning"); len(map(1..10**8, #))`,
		`c = randcoins(100000, 1); line = repeat("L", 100000); eprint("run" + "ning"); analyze(c, line)`} {
		s.send(stmt + "\r")
		s.expect("running", i+1)
		s.send("\x03\x03\x03")
		s.expect("interrupted", i+1)
		s.expect(fmt.Sprintf("[%d]>", i+3), 1)
	}
	s.send("x\r")
	s.expect("42\n[6]>", 1)
	s.send("\x04")
	s.waitExit()
}

// A batch command stops at Ctrl-C as a statement does: the answers before
// it written, "interrupted at instance N", exit 130 (it was killed by the
// signal without a word). Also when it waits on its input.
func TestSIGINTStopsABatch(t *testing.T) {
	ring := "1500\n" + strings.Repeat("* 3 + -2 ", 750) + "\n"
	r := start(t, nil, "3\n+ 1 + 2 + 3\n"+ring, "polygon", "--format", "ioi", "--progress")
	r.waitFor(r.stderr, "instance 2: ") // its progress: the second ring is solving
	r.interrupt()
	if code := r.wait(); code != 130 {
		t.Errorf("exit %d", code)
	}
	if text, _ := r.stderr.text(); !strings.Contains(text, "gamelab polygon: interrupted at instance 2") {
		t.Errorf("stderr: %q", text)
	}
	if text, _ := r.stdout.text(); !strings.HasPrefix(text, "6\r\n") { // IOI's answers end in CRLF
		t.Errorf("the first ring's answer is not written: %q", text)
	}
	// Waiting on a pipe that never ends: the signal still ends it.
	cmd := exec.Command(gamelabBinary(t), "coins")
	in, _ := cmd.StdinPipe()
	defer in.Close()
	var e bytes.Buffer
	cmd.Stderr = &e
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the command is reading; a signal before its handler would kill it anyway
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(e2eWait):
		cmd.Process.Kill()
		t.Fatal("a batch reading its input did not stop at Ctrl-C")
	}
	if !strings.Contains(e.String(), "gamelab coins: interrupted") {
		t.Errorf("stderr: %q", e.String())
	}
}
