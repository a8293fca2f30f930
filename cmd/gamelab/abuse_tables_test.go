//go:build linux

package main

// Issue 29's tables and results under the memory budget, run in the binary
// as a user runs them: the process's peak resident memory stays within the
// budget and a tenth, under an address-space limit too, and a result too
// large for the budget is refused at once with its size and what to do
// instead, never Go's "fatal error: out of memory".

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// measured is a run of gamelab: its exit status, output, peak resident
// memory and wall time.
type measured struct {
	code           int
	stdout, stderr string
	peak           int64 // bytes
	took           time.Duration
}

// measure runs gamelab -c stmt in dir under GAMELAB_MEMORY=budget and an
// address-space limit of asBytes (prlimit --as, ulimit -v; 0 none).
func measure(t *testing.T, dir string, budget, asBytes int64, stmt string) measured {
	t.Helper()
	script := `exec "$0" "$@"`
	if asBytes > 0 {
		script = fmt.Sprintf("ulimit -v %d && %s", asBytes>>10, script)
	}
	cmd := exec.Command("sh", "-c", script, gamelabBinary(t), "-c", stmt)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), fmt.Sprintf("GAMELAB_MEMORY=%d", budget))
	var o, e strings.Builder
	cmd.Stdout, cmd.Stderr = &o, &e
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	m := measured{stdout: o.String(), stderr: e.String(), took: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		m.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	m.peak = cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // the shell exec'd gamelab: its own peak
	return m
}

// withinTenth fails the test when the run died of a fatal error or its
// peak resident memory passed the budget by more than a tenth.
func withinTenth(t *testing.T, what string, budget int64, m measured) {
	t.Helper()
	noFatal(t, what, m.code, m.stderr)
	if m.peak > budget+budget/10 {
		t.Errorf("%s: peak resident memory %.1f MB, past the budget of %d MB and a tenth (%.1f MB)", what,
			float64(m.peak)/(1<<20), budget>>20, float64(budget+budget/10)/(1<<20))
	}
	t.Logf("%s: exit %d, peak %.1f MB, %.1f s", what, m.code, float64(m.peak)/(1<<20), m.took.Seconds())
}

// A 3000-coin DP table, 4.5 million cells, in a budget of 64 MB under an
// address-space limit of 2e9 bytes: save writes its text, JSON and heat
// map to files a chunk at a time; svg, a heat map of blocks, is made in
// memory; text and json, strings of 60 and 215 MB, are refused at once,
// with their size and how to save them instead. (Before: fatal error: out
// of memory for each; without the limit json peaked at 3.1 GB, and text
// and svg gave a MemoryError after 57 s.)
func TestADPTableUnderTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a 3000-coin table in the binary")
	}
	const budget, as = 64 << 20, 2e9
	dir := t.TempDir()
	dp := "d = dp(randcoins(3000, 1)); "
	for _, tc := range []struct {
		stmt, out, file string
	}{
		{`save(d, "d.txt")`, `"d.txt"`, "d.txt"},
		{`save(d, "d.json")`, `"d.json"`, "d.json"},
		{`save(d, "d.svg")`, `"d.svg"`, "d.svg"},
		{`len(svg(d))`, "740138", ""},
		{`[d.value, d[1, 3000].margin, d[1500, 2000].margin]`, "", ""},
	} {
		m := measure(t, dir, budget, as, dp+tc.stmt)
		withinTenth(t, tc.stmt, budget, m)
		if m.code != 0 || tc.out != "" && strings.TrimSpace(m.stdout) != tc.out {
			t.Errorf("%s: exit %d, %q, %.300s", tc.stmt, m.code, m.stdout, m.stderr)
		}
		if tc.out == "" && tc.file == "" && m.code == 0 {
			checkTextCells(t, filepath.Join(dir, "d.txt"), m.stdout)
		}
	}
	checkJSONCells(t, filepath.Join(dir, "d.json"))
	if b, err := os.ReadFile(filepath.Join(dir, "d.svg")); err != nil || !strings.HasPrefix(string(b), "<svg") || !strings.HasSuffix(string(b), "</svg>\n") {
		t.Errorf("d.svg: %.100q, %v", b, err)
	}
	for _, tc := range []struct{ stmt, want string }{
		{"len(text(d))", `text(x) would be at least 59.7 MB of text, more than the `},
		{"len(json(d))", `json(x) would be at least `},
	} {
		m := measure(t, dir, budget, as, dp+tc.stmt)
		withinTenth(t, tc.stmt, budget, m)
		if m.code != 1 || !strings.Contains(m.stderr, "memory budget exceeded: "+tc.want) || !strings.Contains(m.stderr, "writes it to a file a chunk at a time") ||
			strings.Count(m.stderr, "\n") != 3 || goWords.MatchString(m.stderr) {
			t.Errorf("%s: exit %d, %q", tc.stmt, m.code, m.stderr)
		}
		if m.took > 20*time.Second {
			t.Errorf("%s: refused after %v", tc.stmt, m.took)
		}
	}
}

// checkTextCells reads d.txt, the whole text of the table, and checks its
// shape and the cells that shown reads with d[i, j] ("[value, margin of
// 1..3000, margin of 1500..2000]").
func checkTextCells(t *testing.T, file, shown string) {
	t.Helper()
	var want []json.Number
	if err := json.Unmarshal([]byte(shown), &want); err != nil {
		t.Fatalf("the cells: %q: %v", shown, err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	rows := map[int][]string{}
	lines := 0
	for sc.Scan() {
		lines++
		fields := strings.Fields(sc.Text())
		if r, err := strconv.Atoi(fields[0]); err == nil && len(fields) > 1 && (r == 1 || r == 1500) {
			rows[r] = fields[1:]
		}
	}
	if lines != 3003 || len(want) != 3 {
		t.Fatalf("d.txt: %d lines (a caption, a header, 3000 rows, a note), cells %q", lines, shown)
	}
	// row 1 has to = 1..3000; row 1500 has to = 1500..3000
	if got := json.Number(strings.Trim(rows[1][2999], "[]")); got != want[1] || got != want[0] {
		t.Errorf("d.txt: cell 1..3000 is %s, d[1, 3000] %s, the value %s", rows[1][2999], want[1], want[0])
	}
	if got := json.Number(strings.Trim(rows[1500][500], "[]")); got != want[2] {
		t.Errorf("d.txt: cell 1500..2000 is %s, d[1500, 2000] %s", rows[1500][500], want[2])
	}
}

// checkJSONCells reads d.json, one object with every cell, as JSON, a cell
// at a time: the test's own memory counts in the peak of the processes it
// starts (they start as its copy), so it never holds the file.
func checkJSONCells(t *testing.T, file string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReader(f))
	var n, cells int
	var first struct {
		From, To int
		Best     []string
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("d.json is not JSON: %v", err)
		}
		if tok == "n" {
			err = dec.Decode(&n)
		}
		if tok == "cells" {
			if _, err := dec.Token(); err != nil { // [
				t.Fatal(err)
			}
			for ; dec.More(); cells++ {
				var cell struct {
					From, To int
					Best     []string
				}
				if err = dec.Decode(&cell); cells == 0 {
					first = cell
				}
				if err != nil {
					break
				}
			}
			break
		}
		if err != nil {
			t.Fatalf("d.json is not JSON: %v", err)
		}
	}
	if n != 3000 || cells != 3000*3001/2 || first.From != 1 || first.To != 1 || len(first.Best) == 0 {
		t.Errorf("d.json: n %d, %d cells, the first %+v", n, cells, first)
	}
}

// The JSON of a polygon's table: a 300-gon's, 17 MB, is made within a
// budget of 64 MB (before: 136 MB at its peak); a 700-gon's, 169 MB, does
// not fit beside its table in 256 MB and is refused with its size (before:
// made at a peak of 871 MB in 58 s).
func TestAPolygonTablesJSONUnderTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 700-gons in the binary")
	}
	dir := t.TempDir()
	m := measure(t, dir, 64<<20, 0, "len(json(dp(randpolygon(300, 1))))")
	withinTenth(t, "the 300-gon's JSON", 64<<20, m)
	if m.code != 0 || m.stdout != "17501342\n" {
		t.Errorf("the 300-gon's JSON: exit %d, %q %.300s", m.code, m.stdout, m.stderr)
	}
	m = measure(t, dir, 256<<20, 0, "len(json(dp(randpolygon(700, 1))))")
	withinTenth(t, "the 700-gon's JSON", 256<<20, m)
	// Its size is counted to the end (168.6 MB) unless counting takes
	// more than a second past the moment it is known not to fit, as on a
	// loaded machine: then what was counted ("at least 152.8 MB").
	if m.code != 1 || !tooLargeJSON.MatchString(m.stderr) ||
		!strings.Contains(m.stderr, `save(x, "x.json") writes it to a file`) {
		t.Errorf("the 700-gon's JSON: exit %d, %.300s", m.code, m.stderr)
	}
}

// tooLargeJSON is the refusal of the 700-gon's JSON.
var tooLargeJSON = regexp.MustCompile(`memory budget exceeded: json\(x\) would be (168\.6 MB|at least [0-9.]+ MB) of text, more than the `)

// A tournament whose rows fill the budget, one that passes it, and a
// 2000-row random board keep the process within the budget and a tenth:
// the runtime's memory limit sat a sixteenth and 32 MB above the budget,
// so the collector let garbage pile up to it (313 MB in a budget of 256 MB,
// 78 MB in one of 64 MB), and randboard solved a whole turn to find the
// groups without a liberty.
func TestGarbageStaysWithinTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("plays tournaments of thousands of games in the binary")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		budget int64
		stmt   string
		code   int
	}{
		{64 << 20, "b = randboard(2000, 1); b.n", 0},
		{64 << 20, "t = tournament(map(1..8000, randcoins(20, #)), {A: greedy, B: optimal}); t.summary.A.mean", 0},
		{256 << 20, "t = tournament(map(1..40000, randcoins(20, #)), {A: greedy, B: optimal}); t.summary.A.mean", 0},
		{256 << 20, "t = tournament(map(1..100000, randcoins(20, #)), {A: greedy, B: optimal}); 1", 1},
	} {
		m := measure(t, dir, tc.budget, 0, tc.stmt)
		withinTenth(t, tc.stmt, tc.budget, m)
		if m.code != tc.code || tc.code == 1 && !strings.Contains(m.stderr, "memory budget exceeded") {
			t.Errorf("%s: exit %d, want %d: %.300s", tc.stmt, m.code, tc.code, m.stderr)
		}
	}
}
