package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"gamelab/internal/suggest"
	"gamelab/kernel"
	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games/judge"
	"gamelab/repl"
)

// judgeCommand is gamelab judge; kernel/games/judge does the judging, this
// file reads its flags.
var judgeCommand = &command{
	name:    "judge",
	summary: "stress-test a program of yours against gamelab on random instances; the smallest failing one",
	usage:   judge.Usage(),
	run:     runJudge,
}

func runJudge(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "gamelab judge: "+format+"\n(gamelab help judge shows how to run it)\n", a...)
		return 2
	}
	name := ""
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	g, _, err := judge.Find(name)
	if err != nil {
		return usage("%v", err)
	}
	flagArgs, prog := args, []string(nil)
	for i, a := range args {
		if a == "--" {
			flagArgs, prog = args[:i], args[i+1:]
			break
		}
	}
	c := &judge.Config{Game: g, Program: prog}
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // its errors are said in one line below
	fs.StringVar(&c.Format, "format", "", "")
	rules, values, mem, against := fs.String("rules", "", ""), fs.String("values", "", ""), fs.String("memory", "", ""), fs.String("against", "", "")
	fs.IntVar(&c.Count, "count", 100, "")
	fs.Uint64Var(&c.Seed, "seed", 1, "")
	fs.IntVar(&c.MinN, "min-n", 0, "")
	fs.IntVar(&c.MaxN, "max-n", 0, "")
	fs.StringVar(&c.Ops, "ops", "", "")
	fs.StringVar(&c.GenText, "gen", "", "")
	fs.DurationVar(&c.Limits.CPU, "time", judge.DefaultCPU, "")
	fs.DurationVar(&c.Limits.Wall, "wall", 0, "")
	fs.IntVar(&c.Jobs, "jobs", 0, "")
	fs.BoolVar(&c.Interactive, "interactive", false, "")
	fs.StringVar(&c.Save, "save", "", "")
	fs.DurationVar(&c.ShrinkTime, "shrink-time", time.Minute, "")
	fs.BoolVar(&c.Verbose, "verbose", false, "")
	if err := fs.Parse(flagArgs); err != nil {
		return usage("%s", flagWords(fs, err))
	}
	if c.Rules, err = g.Default().ParseText(*rules); err != nil {
		return usage("--rules %v", err)
	}
	if *values != "" {
		b, err := judge.ParseValues(*values)
		if err != nil {
			return usage("%v", err)
		}
		c.Values = &b
	}
	if *mem != "" {
		if c.Limits.Memory, err = budget.ParseBytes(*mem); err != nil {
			return usage("--memory %q is not a size: write it like 256MB or 1GB", *mem)
		}
	}
	if f := strings.Fields(*against); len(f) > 0 {
		c.Against = f
	}
	if c.GenText != "" {
		if err := judge.CheckGen(c.GenText); err != nil {
			return usage("%v", err)
		}
		c.Gen = generator(c.GenText)
	}
	switch {
	case len(prog) == 0:
		return usage("give the program after --: gamelab judge %s -- ./prog", g.Name)
	case fs.NArg() > 0:
		return usage("unexpected argument %q before -- (the program comes after --)", fs.Arg(0))
	case c.Limits.CPU <= 0:
		return usage("--time must be positive, got %s", c.Limits.CPU)
	}
	if c.Budget, err = budget.FromEnv(); err != nil {
		return usage("%v", err)
	}
	if err := c.Check(); err != nil {
		return usage("%v", err)
	}
	for _, p := range [][]string{c.Program, c.Against} {
		if len(p) > 0 {
			if err := judge.CheckProgram(p); err != nil {
				return usage("%v", err)
			}
		}
	}
	if repl.IsTerminal(stderr) {
		c.Progress = stderr
	}
	ctx, stop, status := judge.Signals()
	defer stop()
	return status(c.Judge(ctx, stdout, stderr))
}

// generator is --gen's expression as a generator: run in a session of its
// own, one instance at a time, its value taken by a builtin of the
// session's.
func generator(text string) judge.Generator {
	var mu sync.Mutex
	var got any
	take := &builtin.Builtin{Name: "judged", Fn: func(_ *builtin.Env, args ...any) (any, error) { got = args[0]; return nil, nil }}
	s := kernel.NewSession(kernel.WithBuiltins(take))
	return func(ctx context.Context, n int, seed uint64) (any, error) {
		mu.Lock()
		defer mu.Unlock()
		got = nil
		if o := s.ExecuteWith(ctx, "judged("+judge.Expression(text, n, seed)+")", kernel.ExecOptions{Silent: true}); o.Err != nil {
			return nil, fmt.Errorf("%q: %s", text, o.Err.Msg)
		}
		return got, nil
	}
}

// flagWords is a flag package error in the judge's words: --name, not
// Go's "-name", what the value should be, the flag probably meant.
func flagWords(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "--" + name + " needs a value"
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		name = strings.TrimLeft(name, "-")
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if near := suggest.Nearest(name, names); near != "" {
			return fmt.Sprintf("no flag --%s (did you mean --%s?)", name, near)
		}
		return "no flag --" + name
	}
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok { // invalid value "abc" for flag -time: parse error
		value, name, _ := strings.Cut(rest, " for flag -")
		name, _, _ = strings.Cut(name, ":")
		kind := "number"
		if strings.Contains("time wall shrink-time", name) {
			kind = "duration (like 2s or 500ms)"
		}
		return fmt.Sprintf("--%s %s is not a valid %s", name, value, kind)
	}
	return msg
}
