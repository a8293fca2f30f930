//go:build linux

package main

// Issue 29's attacks on gamelab judge and the programs it runs, through
// the binary as a user runs it: children that hold the output, escape the
// group or outlive the judge, signals to the judge, sizes and budgets, and
// output that is endless, huge, nested or full of escape sequences. Each
// failed before the judge's rewrite (a WaitDelay crash, a survivor, a
// panic, a fatal out-of-memory, a raw escape).

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// marked lists the processes whose command line holds marker.
func marked(marker string) []string {
	var out []string
	paths, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range paths {
		b, _ := os.ReadFile(p)
		if cmd := strings.ReplaceAll(string(b), "\x00", " "); strings.Contains(cmd, marker) {
			out = append(out, strings.TrimSuffix(strings.TrimPrefix(p, "/proc/"), "/cmdline")+": "+cmd)
		}
	}
	return out
}

// noneLeft fails the test when a process holding marker is left, killing
// them.
func noneLeft(t *testing.T, what, marker string) {
	t.Helper()
	// A killed process is gone from /proc once reaped; the judge reaps
	// what it kills before it exits, so nothing is waited for here.
	if left := marked(marker); len(left) > 0 {
		for _, l := range left {
			var pid int
			fmt.Sscan(l, &pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Errorf("%s: processes the program started outlived the judge:\n%s", what, strings.Join(left, "\n"))
	}
}

// sleepMarker is a sleep duration no other process uses: its command line
// ("sleep 977.123456") finds what a test started.
func sleepMarker() string { return fmt.Sprintf("9%02d.%d", os.Getpid()%100, time.Now().UnixNano()%1e6) }

// shScript writes an executable shell script.
func shScript(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "prog.sh")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// A right program that leaves children holding its output, in its group
// and out of it (setsid, a double fork, an emptied environment), passes,
// and none of them outlives the judge.
func TestJudgeChildrenHoldingTheOutput(t *testing.T) {
	self := gamelabBinary(t)
	m := sleepMarker()
	for _, body := range []string{
		"sleep " + m + " &\nexec " + self + " coins",
		"setsid sleep " + m + " &\nexec " + self + " coins",
		"( setsid sh -c 'sleep " + m + "' & )\nexec " + self + " coins",
		"env -i /usr/bin/setsid /bin/sleep " + m + " &\nexec " + self + " coins",
		self + " coins; sleep " + m + " & exit 0",
	} {
		code, out, stderr := runBin(t, self, "", "judge", "coins", "--count", "6", "--jobs", "2", "--", shScript(t, body))
		if code != 0 || !strings.Contains(out, "6 of 6 instances passed") || strings.Contains(out+stderr, "WaitDelay") {
			t.Errorf("%q: exit %d:\n%s%s", body, code, out, stderr)
		}
		noneLeft(t, body, "sleep "+m)
	}
}

// SIGTERM, SIGHUP and SIGINT to the judge kill the program and all it
// started, and the judge says so with the shell's status for the signal.
func TestJudgeSignalsKillThePrograms(t *testing.T) {
	m := sleepMarker()
	prog := shScript(t, "sleep "+m+" &\nsetsid sleep "+m+" &\nsleep "+m)
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}, {syscall.SIGINT, 130}} {
		r := start(t, nil, "", "judge", "coins", "--time", "100s", "--count", "3", "--", prog)
		deadline := time.Now().Add(e2eWait)
		for len(marked("sleep "+m)) < 3 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond) // polling what /proc shows, with a deadline
		}
		r.cmd.Process.Signal(tc.sig)
		if code := r.wait(); code != tc.code {
			t.Errorf("%v: exit %d, want %d", tc.sig, code, tc.code)
		}
		if text, _ := r.stdout.text(); !strings.Contains(text, "interrupted at instance 1 of 3 (0 passed)") {
			t.Errorf("%v: stdout %q", tc.sig, text)
		}
		noneLeft(t, tc.sig.String(), "sleep "+m)
	}
}

// Ctrl-C while shrinking ends with the smallest failing input found so
// far, its expected answer, "interrupted" and status 130.
func TestJudgeCtrlCWhileShrinking(t *testing.T) {
	prog := shScript(t, "cat >/dev/null\nsleep 0.2\necho 0")
	r := start(t, nil, "", "judge", "coins", "--format", "deque", "--count", "3", "--min-n", "30", "--max-n", "30", "--save", filepath.Join(t.TempDir(), "in"), "--", prog)
	r.waitFor(r.stdout, "FAIL on instance 1")
	r.interrupt()
	if code := r.wait(); code != 130 {
		t.Errorf("exit %d, want 130", code)
	}
	text, _ := r.stdout.text()
	for _, want := range []string{"smallest failing input (30 coins", "\nexpected:\n", "interrupted while shrinking"} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "expected:\n(nothing)") {
		t.Errorf("the expected answer is lost:\n%s", text)
	}
}

// Sizes past what gamelab judges, or the memory budget, are said up front
// in words, with status 2, under an address-space limit too: never a
// panic or a fatal out-of-memory.
func TestJudgeSizesAndTheBudget(t *testing.T) {
	prog := shScript(t, "cat >/dev/null; echo 0")
	for _, tc := range []struct {
		as   int64
		env  []string
		args string
		want string
	}{
		{0, nil, "coins --max-n 9223372036854775807", "the largest row gamelab judges has"},
		{0, nil, "polygon --min-n 9223372036854775807", "the largest ring gamelab judges has"},
		{0, nil, "lifeline --max-n 9223372036854775807", "the largest board gamelab judges has 65535 rows"},
		{4e9, []string{"GAMELAB_MEMORY=256MB"}, "coins --min-n 100000000", "--min-n 100000000: a row of 100000000 coins needs about"},
		{4e9, []string{"GAMELAB_MEMORY=256MB"}, "polygon --min-n 5000", "--min-n 5000: a ring of 5000 vertices needs about"},
		{4e9, []string{"GAMELAB_MEMORY=256MB"}, "lifeline --min-n 5000", "more than the memory budget of 256 MB"},
	} {
		code, stdout, stderr := runUnder(t, tc.as, tc.env, "", time.Minute, append(append([]string{"judge"}, strings.Fields(tc.args)...), "--", prog)...)
		noFatal(t, tc.args, code, stderr)
		if code != 2 || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, want %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// What a program writes reaches the report cut, escaped and in the
// judge's words: an endless stream is stopped at 1 MB (not by the wall
// guard), a million-digit answer is a short "why", escape sequences and
// invalid UTF-8 are shown escaped; a program that cannot run is said so.
func TestJudgeOutputAbuse(t *testing.T) {
	self := gamelabBinary(t)
	for _, tc := range []struct{ name, body, kind, want string }{
		{"yes", "yes", "too much output", "(cut: the program wrote more than 1 MB and was stopped)"},
		{"a million digits", "cat >/dev/null; head -c 1000000 /dev/zero | tr '\\0' 7; echo ' L'", "wrong answer", "7777777777777777…77777777 (1000000 digits), want"},
		{"escapes", `cat >/dev/null; printf '\033[31mred\033[0m \377\376 \342\200\256x\n'; printf 'err \033[2J\n' >&2`, "wrong answer", `\x1b[31mred\x1b[0m \xff\xfe \u202ex`},
	} {
		code, out, stderr := runBin(t, self, "", "judge", "coins", "--count", "1", "--wall", "60s", "--save", filepath.Join(t.TempDir(), "in"), "--", shScript(t, tc.body))
		if code != 1 || !strings.Contains(out, "): "+tc.kind+"\n") || !strings.Contains(out, tc.want) {
			t.Errorf("%s: exit %d, want %s and %q:\n%.3000s%s", tc.name, code, tc.kind, tc.want, out, stderr)
		}
		if why := regexp.MustCompile(`(?m)^` + tc.kind + `: .*$`).FindString(out); len(why) > 300 {
			t.Errorf("%s: a why line of %d bytes", tc.name, len(why))
		}
		if len(out) > 20000 || strings.ContainsRune(out, 0x1b) || !utf8.ValidString(out) || strings.Contains(out, "\u202e") {
			t.Errorf("%s: a report of %d bytes, raw escapes or invalid UTF-8:\n%q", tc.name, len(out), out[:min(len(out), 3000)])
		}
	}
	dir := t.TempDir()
	loop, plain, sub := filepath.Join(dir, "loop"), filepath.Join(dir, "plain"), filepath.Join(dir, "sub")
	os.Symlink(loop, loop)
	os.WriteFile(plain, []byte("echo 0\n"), 0o755)
	os.Mkdir(sub, 0o755)
	for prog, want := range map[string]string{
		loop:  "cannot run " + loop + ": its path is a loop of symbolic links",
		sub:   "cannot run " + sub + ": it is a directory, not a program",
		plain: "cannot run " + plain + ": it is not a program this system can run: a script needs a first line like #!/bin/sh",
	} {
		code, out, stderr := runBin(t, self, "", "judge", "coins", "--count", "2", "--", prog)
		if code != 2 || !strings.Contains(stderr, want) || regexp.MustCompile(`fork/exec|exec:|exec format error|too many levels|permission denied`).MatchString(stderr+out) {
			t.Errorf("%s: exit %d, stderr %q, want %q", prog, code, stderr, want)
		}
	}
}
