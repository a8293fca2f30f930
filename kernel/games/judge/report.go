//go:build !js

package judge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// The report of a failure: the failing instance shrunk while the same
// program still fails the same way (bounded by --shrink-time, its
// progress on the terminal), then the smallest failing input, what was
// expected and what came, why it is wrong, the run's figures, the file it
// is saved in, and the commands that replay and regenerate it.

// report shrinks fail and writes the report: exit status 1, or 130 when
// ctx ended while shrinking (the smallest failing input found so far is
// reported).
func (r *judging) report(ctx context.Context, out io.Writer, fail *trial) int {
	k := fail.failed()
	v := fail.v[k]
	who := ""
	if len(r.progs) > 1 {
		who = shellWords(r.progs[k]) + ": "
	}
	fmt.Fprintf(out, "%s: FAIL on instance %d of %d (seed %d, %s): %s%s\n", r.name, fail.i+1, r.Count, fail.seed, r.j.count(r.j.Size(fail.x)), who, v.kind)
	small, vs, steps, stopped := fail.x, fail.v, 0, ""
	switch {
	case ctx.Err() != nil:
		stopped = "interrupted before shrinking"
	case v.kind != "too slow":
		small, vs, steps, stopped = r.shrink(ctx, fail, k)
	}
	r.status.clear()
	v = vs[k]
	input := r.inputOf(small, fail.seed)
	how := "shrunk in " + kit.Count(steps, "step", "steps")
	switch {
	case v.kind == "too slow":
		how = "not shrunk: each try would take the time limit"
	case stopped == "interrupted before shrinking":
		how = "not shrunk: interrupted"
	case steps == 0 && stopped == "":
		how = "no smaller one fails the same way"
	}
	fmt.Fprintf(out, "smallest failing input (%s, %s):\n%s", r.j.count(r.j.Size(small)), how, lines(input))
	if r.Interactive {
		side := "plays " + v.side
		if len(r.Game.Players) == 1 {
			side = "plays alone"
		}
		fmt.Fprintf(out, "the game (the program %s), to its first losing move:\n%s", side, gameText(v))
	} else {
		fmt.Fprintf(out, "expected:\n%s", r.expected(ctx, input))
		fmt.Fprintf(out, "received:\n%s", lines(head(v.o.Stdout, 30, 2000, v.o.Cut && len(v.o.Stdout) >= maxOutput)))
	}
	if len(v.o.Stderr) > 0 {
		fmt.Fprintf(out, "its standard error:\n%s", lines(head(tail(v.o.Stderr, 20), 20, 2000, false)))
	}
	fmt.Fprintf(out, "%s%s: %s\n", who, v.kind, v.why)
	fmt.Fprintf(out, "the run: %s of CPU time, %s of wall time, %s of peak memory\n", seconds(v.o.CPU), seconds(v.o.Wall), v.o.memoryText())
	for j, o := range vs {
		if j != k && len(r.progs) > 1 {
			fmt.Fprintf(out, "%s on it: %s\n", shellWords(r.progs[j]), verdictWords(o))
		}
	}
	r.replay(out, input, k)
	fmt.Fprintf(out, "regenerate the failing instance (before shrinking): %s\n", r.regenerate(fail))
	switch {
	case strings.HasPrefix(stopped, "interrupted"):
		fmt.Fprintf(out, "%s: %s: the input above is the smallest failing one found so far\n", r.name, stopped)
		return 130
	case stopped != "":
		fmt.Fprintf(out, "%s: %s: the input above is the smallest failing one found by then\n", r.name, stopped)
	}
	return 1
}

// verdictWords says how another program did on the failing input.
func verdictWords(v verdict) string {
	if v.kind == "" {
		return "accepted"
	}
	return v.kind + ": " + v.why
}

// inputOf is what the program reads for x: the format's input, or the
// interactive game's first lines.
func (r *judging) inputOf(x games.Position, seed uint64) []byte {
	if !r.Interactive {
		return r.jf.Input(x)
	}
	_, _, header, err := r.j.Interactive.Start(x, seed)
	if err != nil {
		return []byte(err.Error())
	}
	return header
}

// shrink makes fail's instance smaller while program k still fails the
// same way, within ShrinkTime, showing its progress. It returns the
// smallest failing instance found and its verdicts, the steps kept, and
// why it stopped early ("" it finished).
func (r *judging) shrink(ctx context.Context, fail *trial, k int) (games.Position, []verdict, int, string) {
	sctx, cancel := context.WithTimeout(ctx, r.ShrinkTime)
	defer cancel()
	kind := fail.v[k].kind
	best, bestV := fail.x, fail.v
	start, tries := time.Now(), 0
	r.status.show(true, "shrinking instance %d (%s): %s", fail.i+1, kind, r.j.count(r.j.Size(best)))
	var problem error
	_, steps, err := tools.Shrink(sctx, fail.x, r.shrinkIn, func(c games.Position) (bool, error) {
		tries++
		r.status.show(false, "shrinking instance %d (%s): %s now, %d tried, %s", fail.i+1, kind, r.j.count(r.j.Size(best)), tries, seconds(time.Since(start)))
		if r.j.Size(c) < r.minN || r.j.Valid != nil && r.j.Valid(c, r.spec) != nil {
			return false, nil
		}
		vs, err := r.judgeAll(sctx, c, fail.seed)
		if err != nil {
			if sctx.Err() == nil {
				problem = err
			}
			return false, err
		}
		if vs[k].kind != kind {
			return false, nil
		}
		best, bestV = c, vs
		return true, nil
	})
	switch {
	case err == nil:
		return best, bestV, steps, ""
	case ctx.Err() != nil:
		return best, bestV, steps, "interrupted while shrinking"
	case errors.Is(err, context.DeadlineExceeded) || sctx.Err() != nil:
		return best, bestV, steps, fmt.Sprintf("stopped shrinking after %s (--shrink-time)", seconds(r.ShrinkTime))
	case problem != nil:
		return best, bestV, steps, fmt.Sprintf("stopped shrinking: %v", problem)
	}
	return best, bestV, steps, fmt.Sprintf("stopped shrinking: %v", err)
}

// replay saves input and says how to run program k on it again: from the
// file, and for a short input with printf, each line a quoted argument.
func (r *judging) replay(out io.Writer, input []byte, k int) {
	prog := shellWords(r.progs[k])
	path, err := r.save(input)
	if err != nil {
		fmt.Fprintf(out, "the input could not be saved: %v\n", err)
	} else {
		fmt.Fprintf(out, "saved in %s\n", path)
	}
	if r.Interactive {
		return // the program needs gamelab on the other side: regenerate the game
	}
	if err == nil {
		fmt.Fprintf(out, "re-run: %s < %s\n", prog, ShellQuote(path))
	}
	if len(input) <= 4096 {
		fmt.Fprintf(out, "re-run without the file: %s | %s\n", printfCommand(input), prog)
	}
}

// save writes input to Save, or to a new file in the temporary
// directory, and returns its path.
func (r *judging) save(input []byte) (string, error) {
	if r.Save != "" {
		if err := os.WriteFile(r.Save, input, 0o644); err != nil {
			return "", fmt.Errorf("cannot write %s: %s", r.Save, fileWords(err))
		}
		return r.Save, nil
	}
	f, err := os.CreateTemp("", "gamelab-judge-"+r.Game.Name+"-*.in")
	if err != nil {
		return "", fmt.Errorf("cannot make a file in %s: %s", os.TempDir(), fileWords(err))
	}
	defer f.Close()
	if _, err := f.Write(input); err != nil {
		return "", fmt.Errorf("cannot write %s: %s", f.Name(), fileWords(err))
	}
	return f.Name(), nil
}

// fileWords is why a file could not be written.
func fileWords(err error) string {
	switch {
	case errors.Is(err, os.ErrPermission):
		return "permission denied"
	case errors.Is(err, os.ErrNotExist):
		return "its directory does not exist"
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return "the system refused (" + strings.TrimPrefix(pe.Op, "write ") + ")"
	}
	return "the system refused"
}

// regenerate is the command that makes the failing instance again, before
// shrinking: the same flags, its seed, one instance of its size.
func (r *judging) regenerate(t *trial) string {
	w := []string{"gamelab", "judge", r.Game.Name}
	if r.format != nil && r.Format != "" {
		w = append(w, "--format", r.format.Name)
	}
	if r.Interactive {
		w = append(w, "--interactive")
	}
	if !r.Rules.IsDefault() {
		w = append(w, "--rules", r.Rules.Text())
	}
	if r.Values != nil {
		w = append(w, "--values", r.Values.Lo.String()+".."+r.Values.Hi.String())
	}
	if r.Ops != "" {
		w = append(w, "--ops", r.Ops)
	}
	if r.Gen != nil {
		w = append(w, "--gen", r.GenText)
	}
	if r.Limits.CPU != DefaultCPU {
		w = append(w, "--time", r.Limits.CPU.String())
	}
	if r.Limits.Wall != DefaultWall(r.Limits.CPU) {
		w = append(w, "--wall", r.Limits.Wall.String())
	}
	if r.Limits.Memory > 0 {
		w = append(w, "--memory", fmt.Sprint(r.Limits.Memory))
	}
	if r.Against != nil {
		w = append(w, "--against", strings.Join(r.Against, " "))
	}
	w = append(w, "--seed", fmt.Sprint(t.seed), "--count", "1", "--min-n", fmt.Sprint(t.n), "--max-n", fmt.Sprint(t.n), "--")
	return shellWords(append(w, r.Program...))
}
