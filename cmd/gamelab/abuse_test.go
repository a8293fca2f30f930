//go:build linux

package main

// Issue 20's attacks through the entry points a user types them into:
// piped input and -c under address-space limits and small budgets, the
// batch commands, gamelab run and test. Each fails on the code before the
// fix (a fatal error, a hang, a Go name in a message).

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// runUnder runs the gamelab binary with args under an address-space limit
// of asBytes (ulimit -v; 0: none), the environment env added, stdin as its
// input, killing it after wait.
func runUnder(t *testing.T, asBytes int64, env []string, stdin string, wait time.Duration, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	script := `exec "$0" "$@"`
	if asBytes > 0 {
		script = fmt.Sprintf("ulimit -v %d && %s", asBytes>>10, script)
	}
	cmd := exec.Command("sh", append([]string{"-c", script, gamelabBinary(t)}, args...)...)
	cmd.Env = append(cmd.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(wait, func() { cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, o.String(), e.String()
}

// noFatal fails the test when the process died of the runtime's fatal
// error (or anything else outside gamelab's messages).
func noFatal(t *testing.T, what string, code int, stderr string) {
	t.Helper()
	if code < 0 || code > 2 || strings.Contains(stderr, "fatal error") || strings.Contains(stderr, "goroutine ") {
		t.Errorf("%s: exit %d, stderr:\n%.600s", what, code, stderr)
	}
}

func TestAnAddressSpaceLimitMakesAMemoryErrorNotAFatalOne(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary under limits")
	}
	for _, tc := range []struct {
		as    int64
		stdin string
		args  []string
	}{
		{4e9, "", []string{"-c", "len(1..3*10**8)"}},
		{2e9, "", []string{"-c", "len(1..3*10**8)"}},
		{2e9, "s = repeat(\"x\", 500000)\n" + strings.Repeat("s = s + s\n", 14) + "len(s)\n", nil},
		{2e9, "l = 1..1000\n" + strings.Repeat("l = concat(l, l)\n", 20) + "len(l)\n", nil},
		{2e9, "", []string{"-c", "len(map(1..10**8, #))"}},
		{2e9, "", []string{"-c", "len(sort(1..10**8))"}},
	} {
		code, _, stderr := runUnder(t, tc.as, nil, tc.stdin, time.Minute, tc.args...)
		what := fmt.Sprintf("ulimit -v %d, %q %q", tc.as>>10, tc.args, tc.stdin)
		noFatal(t, what, code, stderr)
		if code != 1 || !strings.Contains(stderr, "memory budget exceeded") {
			t.Errorf("%s: exit %d, no MemoryError:\n%.600s", what, code, stderr)
		}
	}
}

func TestABadGAMELAB_MEMORYIsAnError(t *testing.T) {
	for _, v := range []string{"abc", "-1", "1e9", "1MB"} {
		for _, args := range [][]string{{"-c", "1"}, {}, {"polygon"}, {"run", "x.gl"}} {
			code, stdout, stderr := runUnder(t, 0, []string{"GAMELAB_MEMORY=" + v}, "1\n", 20*time.Second, args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, `GAMELAB_MEMORY="`+v+`"`) {
				t.Errorf("GAMELAB_MEMORY=%s gamelab %q: exit %d, stdout %q, stderr %q", v, args, code, stdout, stderr)
			}
		}
	}
	if code, stdout, stderr := runUnder(t, 0, []string{"GAMELAB_MEMORY=100MB"}, "", 20*time.Second, "-c", "budget()"); code != 0 || stdout != fmt.Sprintln(100<<20) {
		t.Errorf("GAMELAB_MEMORY=100MB: exit %d, %q %q", code, stdout, stderr)
	}
}

// ring is a polygon batch instance of n vertices.
func ring(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	for i := range n {
		fmt.Fprintf(&b, "%c %d ", "+*"[i%2], i%7-3)
	}
	return b.String() + "\n"
}

// triangle is a Life Line dataset of size n for player 1, its cells cycling
// through 0..3.
func triangle(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d 1\n", n)
	for r := 1; r <= n; r++ {
		for p := range r {
			b.WriteByte("0123"[(r+p)%4])
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	return b.String() + "0 0\n"
}

func TestTheBatchCommandsKeepTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary under limits")
	}
	for _, tc := range []struct {
		name  string
		as    int64
		env   []string
		stdin string
		args  []string
	}{
		{"polygon under ulimit -v", 3e9, nil, ring(10000), []string{"polygon"}},
		{"polygon under a budget", 0, []string{"GAMELAB_MEMORY=64MB"}, ring(3000), []string{"polygon", "--format", "json"}},
		{"lifeline under a budget", 0, []string{"GAMELAB_MEMORY=64MB"}, triangle(2000), []string{"lifeline"}},
		{"coins under a budget", 0, []string{"GAMELAB_MEMORY=64MB"}, strings.Repeat("1 ", 40000) + "\n", []string{"coins"}},
	} {
		code, stdout, stderr := runUnder(t, tc.as, tc.env, tc.stdin, time.Minute, tc.args...)
		noFatal(t, tc.name, code, stderr)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "instance 1 (line 1): memory budget exceeded") && !strings.Contains(stderr, "dataset 1 (line 1): memory budget exceeded") {
			t.Errorf("%s: exit %d, stdout %.100q, stderr:\n%.600s", tc.name, code, stdout, stderr)
		}
	}
}

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

// goWords are Go's words that reached users before issue 20: reflect's and
// fmt's messages, a function's Go type, a struct printed by fmt.
var goWords = regexp.MustCompile(`reflect|%!|func\(|interface \{\}|map\[|\{[0-9]+ \[|0x[0-9a-f]{6}|\$[a-z]`)

// The audit's values and errors, piped in as a user types them: each
// answer in the user's words, game values passed through as themselves,
// plot's labels exact.
func TestPipedAnswersAreInTheUsersWords(t *testing.T) {
	for _, tc := range []struct{ stmt, want string }{
		{"map(coins([1, 2]), #)", "map: argument 1 (array) must be an array, got coins"},
		{"len(nil)", "invalid argument for len (type nil)"},
		{"len(solve)", "solve is a function, not a value"},
		{"x = solve", "solve is a function, not a value"},
		{"not json", "json is a function, not a value"},
		{`P = polygon("+ 1 + 2"); solve(P ?? 1).best`, "3"},
		{`P = polygon("+ 1 + 2"); P ?? 1`, `polygon("+ 1 + 2")`},
		{"groupBy([1, 2, 3], # % 2)", "{0: [2], 1: [1, 3]}"},
		{"groupBy([1, 2, 3], # % 2)[1]", "[1, 3]"},
		{"json(groupBy([1, 2, 3], # % 2))", `{"0":[2],"1":[1,3]}`},
		{"plot([2**53 + 1, 1])", "9007199254740993"},
		{"text(plot([10**20, 10**20 + 1]))", "100000000000000000001"},
		{"text(plot([10**1000]))", "1" + strings.Repeat("0", 1000)},
		{"json(plot([10**30]))", `"values":[1000000000000000000000000000000]`},
		{"filter(polygon(\"+ 1\"), true)", "filter: argument 1 (array) must be an array, got polygon"},
		{"map({a: 1}, #)", "map: argument 1 (array) must be an array, got map"},
		{`randpolygon(5, 1, {ops: ""})`, `ops must be a string of operators like "+*-", got ""`},
	} {
		_, stdout, stderr := runUnder(t, 0, nil, tc.stmt+"\n", 20*time.Second)
		if !strings.Contains(stdout+stderr, tc.want) || goWords.MatchString(stdout+stderr) {
			t.Errorf("%s: want %q; got\n%s%s", tc.stmt, tc.want, stdout, stderr)
		}
	}
	// A result of millions of nested items is summarised.
	nested := "#"
	for range 13 {
		nested = "map(1..3, " + nested + ")"
	}
	if _, stdout, _ := runUnder(t, 0, nil, nested+"\n", time.Minute); len(stdout) > 10000 || !strings.Contains(stdout, "(1000 of 1594323 items shown") {
		t.Errorf("1.6 million nested items: %d bytes shown, ending %q", len(stdout), stdout[max(len(stdout)-200, 0):])
	}
}

// A piped line of 17 MB is one statement like any other, in piped input
// and in gamelab run; one past MaxStatement is one error for itself and
// the statements after it still run. (Today: "bufio.Scanner: token too
// long" ended the run.)
func TestLongLinesAreStatements(t *testing.T) {
	if testing.Short() {
		t.Skip("pipes 100 MB")
	}
	dir := t.TempDir()
	long := "x = 1\ns = \"" + strings.Repeat("a", 17<<20) + "\"\nlen(s)\nx + 1\n"
	tooLong := "x = 1\ns = \"" + strings.Repeat("a", 65<<20) + "\"\nx + 1\n"
	script := writeFile(t, dir, "long.gl", long)
	for _, args := range [][]string{nil, {"run", script}} {
		code, stdout, stderr := runUnder(t, 0, nil, long, time.Minute, args...)
		if code != 0 || stdout != fmt.Sprintf("%d\n2\n", 17<<20) {
			t.Errorf("gamelab %q, a 17 MB line: exit %d, %q, %q", args, code, stdout, stderr)
		}
	}
	code, stdout, stderr := runUnder(t, 0, nil, tooLong, time.Minute)
	if code != 1 || stdout != "2\n" || !strings.Contains(stderr, "stdin:2: the line is 65.0 MB long, more than the 64 MB a statement may be") {
		t.Errorf("a 70 MB line: exit %d, %q, %q", code, stdout, stderr)
	}
}

// gamelab run and gamelab test say what is wrong with a file that is no
// script, notebook or golden, in the user's words, and never hang on one.
func TestRunAndTestOnFilesThatAreNot(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"run", write("bad.ipynb", "not json\n")}, 1, "not a notebook: it is not JSON (line 1, column 2"},
		{[]string{"test", write("mal.ipynb", `{"cells": 5}`)}, 1, `not a notebook: its "cells" is a number where a list belongs`},
		{[]string{"test", write("src.ipynb", `{"cells": [{"cell_type": "code", "source": 5}]}`)}, 1, `the "source" of cell 1 is neither a string nor a list of strings`},
		{[]string{"run", write("ok.ipynb", `{"cells": [{"cell_type": "code", "source": ["x = 20\n", "x + 1"]}, {"cell_type": "markdown", "source": "x"}, {"cell_type": "code", "source": "x * 2"}]}`)}, 0, "21\n40\n"},
		{[]string{"test", write("nl.gl", "1+1\n") + "", write("nl.golden", "1+1\n#> 2")}, 0, "ok"},
		{[]string{"test", write("crlf.gl", "1+1\r\n"), write("crlf.golden", "1+1\r\n#> 2\r\n")}, 0, "ok"},
		{[]string{"test", write("bom.gl", "\ufeff1+1\n"), write("bom.golden", "\ufeff1+1\n#> 2\n")}, 0, "ok"},
		{[]string{"test", write("blank.gl", "1+1\n"), write("blank.golden", "1+1\n#> 2 \n")}, 1, `-#> 2    (as written: "#> 2 ")`},
		// files that are not there, in words rather than the system call's
		{[]string{"run", filepath.Join(dir, "none.gl")}, 1, "gamelab run: " + filepath.Join(dir, "none.gl") + ": no such file\n"},
		{[]string{"test", filepath.Join(dir, "none.gl")}, 2, "gamelab test: " + filepath.Join(dir, "none.gl") + ": no such file\n"},
		{[]string{"run", filepath.Join(dir, "no", "x.gl")}, 1, "x.gl: its folder " + filepath.Join(dir, "no") + " does not exist"},
		{[]string{"test", write("nogolden.gl", "1\n")}, 1, "nogolden.gl: it has no golden " + filepath.Join(dir, "nogolden.golden") + " yet (write it with 'gamelab test --update "},
	} {
		args := tc.args
		if args[0] == "test" {
			args = args[:2] // the golden was written beside the script
		}
		code, stdout, stderr := runUnder(t, 0, nil, "", 20*time.Second, args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) || goWords.MatchString(stdout+stderr) || strings.Contains(stdout+stderr, "Go struct") ||
			strings.Contains(stdout+stderr, "no such file or directory") {
			t.Errorf("gamelab %s %s: exit %d, want %d and %q:\n%s%s", args[0], filepath.Base(args[1]), code, tc.code, tc.want, stdout, stderr)
		}
	}
	// A golden that never ends.
	zero := write("zero.gl", "1\n")
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.golden")); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runUnder(t, 0, nil, "", 20*time.Second, "test", zero); code != 1 || !strings.Contains(stderr, "not a regular file") {
		t.Errorf("a golden of /dev/zero: exit %d, %q %q", code, stdout, stderr)
	}
	// A kernel name that climbs out of the kernels folder.
	for _, name := range []string{"..", "."} {
		code, _, stderr := runUnder(t, 0, nil, "", 20*time.Second, "kernel", "install", "--prefix", filepath.Join(dir, "k"), "--name", name)
		if _, err := os.Stat(filepath.Join(dir, "k")); code != 2 || err == nil || !strings.Contains(stderr, "dots only") {
			t.Errorf("kernel install --name %s: exit %d, %q, wrote: %v", name, code, stderr, err == nil)
		}
	}
}

// save writes only regular files: to a FIFO it neither blocks (no reader)
// nor reports a success whose data vanished (a reader that reads nothing).
func TestSaveRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	for _, reader := range []bool{false, true} {
		if reader {
			r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
		}
		code, stdout, stderr := runUnder(t, 0, nil, "", 20*time.Second, "-c", `save(1..10**6, "`+fifo+`")`)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "not a regular file: it is a named pipe") {
			t.Errorf("save to a FIFO (a reader: %v): exit %d, %q %q", reader, code, stdout, stderr)
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

// freePorts are n TCP ports free on 127.0.0.1 now.
func freePorts(t *testing.T, n int) []int {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// A kernel whose client was killed without a shutdown exits, as
// ipykernel's parent poller makes it: its parent is gone.
func TestAKernelOutlivesNoParent(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kernel")
	}
	p := freePorts(t, 5)
	conn := writeFile(t, t.TempDir(), "kernel.json", fmt.Sprintf(`{"transport": "tcp", "ip": "127.0.0.1", "shell_port": %d, "iopub_port": %d,
		"stdin_port": %d, "control_port": %d, "hb_port": %d, "key": "k", "signature_scheme": "hmac-sha256"}`, p[0], p[1], p[2], p[3], p[4]))
	// The shell starts the kernel and ends at once: the kernel's parent is gone.
	// JPY_PARENT_PID names it, as Jupyter's launcher does.
	out, err := exec.Command("sh", "-c", `JPY_PARENT_PID=$$ "$0" kernel --connection-file "$1" >/dev/null 2>&1 & echo $!`, gamelabBinary(t), conn).Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(e2eWait)
	for alive(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatal("the orphaned kernel is still running")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive says the process pid runs: it exists and is no zombie (whoever
// adopted the orphan may not have reaped it yet).
func alive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state …: the state follows the last ')'.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

// Jupyter's interrupt stops each long statement with the session's
// variables intact, and a kernel under an address-space limit answers a
// statement past it with a MemoryError (it died without a reply).
func TestJupyterInterruptAndMemory(t *testing.T) {
	needJupyter(t, "jupyter_client")
	if testing.Short() {
		t.Skip("starts Jupyter kernels")
	}
	env := installedKernel(t)
	out, err := python(t, env, "interrupt.py")
	if err != nil || !strings.HasSuffix(out, "ok\n") {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("seconds to stop:\n%s", out)
	cmd := exec.Command("sh", "-c", `ulimit -v 4000000 && exec "$0" "$@"`, jupyterPython, "interrupt.py", "memory")
	cmd.Dir, cmd.Env = testdata, env
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasSuffix(string(out), "ok\n") {
		t.Fatalf("under ulimit -v: %v\n%s", err, out)
	}
}

// peakRSS runs gamelab with args and stdin under env and returns its exit
// status, its error stream and its peak resident memory in bytes.
func peakRSS(t *testing.T, env []string, stdin string, args ...string) (code int, stderr string, peak int64) {
	t.Helper()
	cmd := exec.Command(gamelabBinary(t), args...)
	cmd.Env = append(cmd.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var e bytes.Buffer
	cmd.Stderr = &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, e.String(), cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
}

// Under a budget of 300 MB every statement that would pass it, its
// pictures and text included, stops with a MemoryError, and the process's
// peak resident memory stays within the budget and 64 MB. (Today: svg of a
// trace of 20000 coins grew to 4.8 GB; map over 1..10**8 peaked at 3.2 GB
// under a budget of 1 GB.)
func TestPeakMemoryStaysInTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs statements of gigabytes")
	}
	const budget = 300 << 20
	for _, stmt := range []string{
		"len(svg(trace(randcoins(20000, 1))))",
		"p = plot(1..10**7); len(text(p))",
		"xs = 1..3*10**7; len(string(xs))",
		"xs = 1..2*10**7; m = map(xs, #); 1",
		"xs = 1..2*10**7; m = filter(xs, true); 1",
		`s = repeat("x", 500000)` + strings.Repeat("; s = s + s", 14),
	} {
		code, stderr, peak := peakRSS(t, []string{"GAMELAB_MEMORY=300MB"}, "", "-c", stmt)
		noFatal(t, stmt, code, stderr)
		if code != 1 || !strings.Contains(stderr, "memory budget exceeded") {
			t.Errorf("%s: exit %d, no MemoryError: %.300s", stmt, code, stderr)
		}
		if peak > budget+64<<20 {
			t.Errorf("%s: peak resident memory %d MB, past the budget of %d MB and 64 MB", stmt, peak>>20, budget>>20)
		}
	}
}

// A result of a few items whose text is gigabytes (eight references to a
// string of 100 MB, a hundred to one of 10 MB) is shown as a summary, its
// strings shortened, within the budget. (Before: the whole text was made
// to show it, 800 MB, and under an address-space limit the process died.)
func TestBigTextResultIsASummary(t *testing.T) {
	if testing.Short() {
		t.Skip("makes strings of 100 MB")
	}
	const budget = 300 << 20
	for _, stmt := range []string{
		`x = repeat("a", 10**8); [x, x, x, x, x, x, x, x]`,
		`x = repeat("a", 10**7); map(1..100, x)`,
		`x = repeat("a", 10**8); {a: x, b: x, c: x, d: x}`,
		`x = repeat("a", 10**8); x`, // one string alone: its start and length
	} {
		code, stderr, peak := peakRSS(t, []string{"GAMELAB_MEMORY=300MB"}, "", "-c", stmt)
		noFatal(t, stmt, code, stderr)
		if code != 0 || peak > budget+64<<20 {
			t.Errorf("%s: exit %d, peak resident memory %d MB (budget %d MB): %.300s", stmt, code, peak>>20, budget>>20, stderr)
		}
	}
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
