package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"gamelab/kernel"
	"gamelab/kernel/games/judge"
	"gamelab/repl"
)

// judgeCommand is gamelab judge; kernel/games/judge does the judging, this
// file reads its flags.
var judgeCommand = &command{
	Name:    "judge",
	Summary: "stress-test a program of yours against gamelab on random instances; the smallest failing one",
	Usage:   judge.Usage(),
	Run:     runJudge,
}

func runJudge(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	usage := func(err any) int {
		fmt.Fprintf(stderr, "gamelab judge: %v\n(gamelab help judge shows how to run it)\n", err)
		return 2
	}
	name := ""
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	g, _, err := judge.Find(name)
	if err != nil {
		return usage(err)
	}
	c := &judge.Config{Game: g, Rules: g.Default()}
	for i, a := range args {
		if a == "--" {
			args, c.Program = args[:i], args[i+1:]
			break
		}
	}
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // its errors are said in one line below
	fs.StringVar(&c.Format, "format", "", "")
	fs.Func("rules", "", func(s string) (err error) { c.Rules, err = g.Default().ParseText(s); return err })
	fs.IntVar(&c.Count, "count", 100, "")
	fs.Uint64Var(&c.Seed, "seed", 1, "")
	fs.IntVar(&c.MinN, "min-n", 0, "")
	fs.IntVar(&c.MaxN, "max-n", 0, "")
	fs.Func("values", "", func(s string) error { b, err := judge.ParseValues(s); c.Values = &b; return err })
	fs.StringVar(&c.Ops, "ops", "", "")
	fs.Func("gen", "", func(s string) error { c.GenText, c.Gen = s, generator(s); return judge.CheckGen(s) })
	fs.DurationVar(&c.Limits.CPU, "time", judge.DefaultCPU, "")
	fs.DurationVar(&c.Limits.Wall, "wall", 0, "")
	fs.Func("memory", "", func(s string) (err error) { c.Limits.Memory, err = judge.ParseSize(s); return err })
	fs.Func("against", "", func(s string) error { c.Against = strings.Fields(s); return nil })
	fs.IntVar(&c.Jobs, "jobs", 0, "")
	fs.BoolVar(&c.Interactive, "interactive", false, "")
	fs.StringVar(&c.Save, "save", "", "")
	fs.DurationVar(&c.ShrinkTime, "shrink-time", time.Minute, "")
	fs.BoolVar(&c.Verbose, "verbose", false, "")
	if err := fs.Parse(args); err != nil {
		return usage(judge.FlagError(fs, err))
	}
	if fs.NArg() > 0 {
		return usage(fmt.Sprintf("unexpected argument %q before -- (the program comes after --)", fs.Arg(0)))
	}
	if err := c.Check(); err != nil {
		return usage(err)
	}
	if repl.IsTerminal(stderr) {
		c.Progress = stderr
	}
	ctx, stop, status := judge.Signals()
	defer stop()
	return status(c.Judge(ctx, stdout, stderr))
}

// generator is --gen's expression as a generator: each instance the value
// of the expression in a session of its own, one at a time.
func generator(text string) judge.Generator {
	var mu sync.Mutex
	s := kernel.NewSession()
	return func(ctx context.Context, n int, seed uint64) (any, error) {
		mu.Lock()
		defer mu.Unlock()
		v, err := s.Value(ctx, judge.Expression(text, n, seed))
		if err != nil {
			return nil, fmt.Errorf("%q: %s", text, err.Msg)
		}
		return v, nil
	}
}
