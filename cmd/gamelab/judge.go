package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"os"
	"os/exec"
	"os/signal"
	"sort"
	"strings"
	"time"

	"gamelab/kernel/games"
	gamejudge "gamelab/kernel/games/judge"
	"gamelab/kernel/games/kit"
)

// judgeCommand is gamelab judge: a program checked against gamelab on
// random instances (kernel/games' JudgeRun does the judging; this file
// parses the flags and runs the program).
var judgeCommand = &command{
	name:    "judge",
	summary: "check a program of yours against gamelab on random instances; the smallest failing one",
	usage:   judgeUsage(),
	run:     runJudge,
}

func judgeUsage() string {
	var b strings.Builder
	b.WriteString("polygon|coins|lifeline [--format F] [--rules name=value,…] [--count N] [--seed S]\n" +
		"       [--min-n N] [--max-n N] [--values A..B] [--timeout D] -- PROGRAM [ARGUMENTS…]\n\n" +
		"Runs PROGRAM on --count random instances of growing size (from --min-n to --max-n\n" +
		"vertices, coins or rows; values in --values), each on its own, as its standard input in\n" +
		"the batch format F (gamelab help GAME), within --timeout, and judges its standard output\n" +
		"against gamelab's answer. On the first wrong answer, crash or timeout it shrinks the\n" +
		"input while the program still fails the same way and prints the smallest failing\n" +
		"input, the expected and the received answer, and a command that runs it again; the\n" +
		"exit status is 1. Otherwise it prints how many instances passed and the largest size;\n" +
		"the exit status is 0. Instance i is made from seed S+i, so a run is repeatable.\n\nJudging rules:\n")
	for _, g := range games.All() {
		j := gamejudge.For(g)
		if j == nil {
			continue
		}
		var names []string
		for name := range j.Formats {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			fmt.Fprintf(&b, "  %s --format %s: %s\n", g.Name, name, j.Formats[name].Rule)
		}
	}
	b.WriteString("\nExample: gamelab judge polygon --format ioi --values -100000..100000 -- ./polygon")
	return b.String()
}

// runJudge parses gamelab judge's flags and judges the program.
func runJudge(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "gamelab judge: "+format+"\n(gamelab help judge shows how to run it)\n", a...)
		return 2
	}
	if len(args) == 0 || games.Lookup(args[0]) == nil || gamejudge.For(games.Lookup(args[0])) == nil {
		return usage("name the game first: gamelab judge %s [flags] -- PROGRAM", strings.Join(games.NameList(), "|"))
	}
	g := games.Lookup(args[0])
	flagArgs, prog := args[1:], []string(nil)
	for i, a := range flagArgs {
		if a == "--" {
			flagArgs, prog = flagArgs[:i], flagArgs[i+1:]
			break
		}
	}
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // its errors are said in one line below, not with flag's usage
	format := fs.String("format", "", "the batch format the program reads and writes (default: the game's first)")
	rulesText := fs.String("rules", "", "rule variants, name=value,…")
	count := fs.Int("count", 100, "how many instances to try")
	seed := fs.Int64("seed", 1, "instance i is made from seed+i")
	minN := fs.Int("min-n", 1, "the smallest size tried")
	maxN := fs.Int("max-n", 0, "the largest size tried (default: the game's)")
	valuesText := fs.String("values", "", "the values of the instances, A..B (default: the random constructor's)")
	timeout := fs.Duration("timeout", 2*time.Second, "each run's time limit")
	if err := fs.Parse(flagArgs); err != nil {
		return usage("%s", flagWords(err))
	}
	switch {
	case len(prog) == 0:
		return usage("give the program after --: gamelab judge %s -- ./prog", g.Name)
	case fs.NArg() > 0:
		return usage("unexpected argument %q before -- (the program comes after --)", fs.Arg(0))
	case *count < 1:
		return usage("--count must be at least 1, got %d", *count)
	case *minN < 1 || *maxN != 0 && *maxN < *minN:
		return usage("--min-n must be at least 1 and --max-n at least --min-n")
	case *timeout <= 0:
		return usage("--timeout must be positive, got %s", *timeout)
	case *seed < 0:
		return usage("--seed must be 0 or more, got %d", *seed)
	}

	if _, err := g.Format(*format); err != nil {
		return usage("%v", err)
	}
	rules, err := g.Default().ParseText(*rulesText)
	if err != nil {
		return usage("--rules %v", err)
	}
	jr := &gamejudge.JudgeRun{Game: g, Format: *format, Rules: rules, Count: *count, Seed: uint64(*seed),
		MinN: *minN, MaxN: *maxN, Timeout: *timeout, Run: runProgram(prog), Command: shellCommand(prog)}
	if *valuesText != "" {
		b, err := parseValues(*valuesText)
		if err != nil {
			return usage("--values %v", err)
		}
		jr.Values = &b
	}
	if _, err := exec.LookPath(prog[0]); err != nil {
		return usage("cannot run %s: %s", prog[0], lookWords(err))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return jr.Judge(ctx, stdout)
}

// parseValues reads A..B.
func parseValues(text string) (kit.Bounds, error) {
	a, b, ok := strings.Cut(text, "..")
	lo, okA := new(big.Int).SetString(strings.TrimSpace(a), 10)
	hi, okB := new(big.Int).SetString(strings.TrimSpace(b), 10)
	if !ok || !okA || !okB {
		return kit.Bounds{}, fmt.Errorf("must be a range of integers A..B, like -1000..1000, got %q", text)
	}
	if lo.Cmp(hi) > 0 {
		return kit.Bounds{}, fmt.Errorf("is empty: %s > %s", lo, hi)
	}
	return kit.Bounds{Lo: lo, Hi: hi}, nil
}

// runProgram runs prog once per input, killed when its context ends.
func runProgram(prog []string) func(ctx context.Context, input []byte) ([]byte, []byte, error) {
	return func(ctx context.Context, input []byte) ([]byte, []byte, error) {
		cmd := exec.CommandContext(ctx, prog[0], prog[1:]...)
		cmd.Stdin = bytes.NewReader(input)
		out, errb := &capped{max: maxAnswerBytes}, &capped{max: maxAnswerBytes}
		cmd.Stdout, cmd.Stderr = out, errb
		cmd.WaitDelay = 100 * time.Millisecond // a child it left behind does not hold the judge
		ownGroup(cmd)
		err := cmd.Run()
		killGroup(cmd)
		if out.cut {
			return out.b.Bytes(), errb.b.Bytes(), fmt.Errorf("the program wrote more than %d MB", maxAnswerBytes>>20)
		}
		if ctx.Err() != nil {
			return out.b.Bytes(), errb.b.Bytes(), ctx.Err()
		}
		if err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				err = fmt.Errorf("the program died (%v)", ee)
				if ee.Exited() {
					err = fmt.Errorf("the program exited with status %d", ee.ExitCode())
				}
			} else {
				err = fmt.Errorf("cannot run the program: %v", err)
			}
		}
		return out.b.Bytes(), errb.b.Bytes(), err
	}
}

// maxAnswerBytes is the most of a program's output the judge keeps: an
// answer is a few lines, and a program that writes gigabytes is wrong.
const maxAnswerBytes = 1 << 20

// capped keeps the first max bytes written to it, and whether there were
// more.
type capped struct {
	b   bytes.Buffer
	max int
	cut bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.b.Len(); room < len(p) {
		c.b.Write(p[:max(room, 0)])
		c.cut = true
		return len(p), nil
	}
	return c.b.Write(p)
}

// shellCommand writes prog as a shell runs it, each word quoted when it
// needs to be.
func shellCommand(prog []string) string {
	words := make([]string, len(prog))
	for i, w := range prog {
		words[i] = w
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`*?[]{}()<>|&;#~") {
			words[i] = gamejudge.ShellQuote(w)
		}
	}
	return strings.Join(words, " ")
}

// flagWords is a flag package error in the judge's words: --name, not
// Go's "-name", and what the value should be.
func flagWords(err error) string {
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "flag needs an argument: -"):
		return "--" + strings.TrimPrefix(msg, "flag needs an argument: -") + " needs a value"
	case strings.HasPrefix(msg, "flag provided but not defined: -"):
		return "no flag --" + strings.TrimLeft(strings.TrimPrefix(msg, "flag provided but not defined: -"), "-")
	case strings.HasPrefix(msg, "invalid value "):
		// invalid value "abc" for flag -timeout: parse error
		rest := strings.TrimPrefix(msg, "invalid value ")
		value, name, _ := strings.Cut(rest, " for flag -")
		name, _, _ = strings.Cut(name, ":")
		return fmt.Sprintf("--%s %s is not a valid %s", name, value, map[string]string{"timeout": "duration (like 2s or 500ms)"}[name]+map[bool]string{true: "number"}[name != "timeout"])
	}
	return msg
}

// lookWords is why a program cannot be run, without Go's "exec:".
func lookWords(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, exec.ErrNotFound):
		return "no such program"
	case errors.Is(err, fs.ErrPermission):
		return "it is not executable"
	}
	return err.Error()
}
