package main

// The engine's faces on the command line: statements piped to gamelab,
// `gamelab -c CODE`, `gamelab run FILE…` and `gamelab test [DIR|FILE…]`,
// which replays scripts (and saved notebooks) against golden transcripts.

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"

	"gamelab/kernel"
	"gamelab/repl"
)

func init() {
	defaultCommand = runDefault
	register(&command{
		name:    "run",
		summary: "run .gl scripts, stopping at the first error",
		usage:   "[--keep-going] FILE…\n\nRuns the scripts in order in one session, printing results to stdout and errors\nto stderr; stops at the first error (exit 1) unless --keep-going.",
		run:     runScripts,
	})
	register(&command{
		name:    "test",
		summary: "replay scripts and notebooks against their golden transcripts",
		usage:   "[--update] [DIR|FILE…]\n\nReplays each .gl script (default: the scripts directory) and compares the\ntranscript with the .golden file beside it, printing a unified diff on any\ndifference; .ipynb notebooks are compared with their saved outputs.\n--update writes the .golden files instead.",
		run:     runTests,
	})
}

// runDefault is plain `gamelab`: the REPL on a terminal, else the piped
// statements; `gamelab -c CODE` runs one cell.
func runDefault(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if len(args) > 0 && args[0] == "-c" {
		if len(args) != 2 {
			fmt.Fprintln(stderr, "usage: gamelab -c 'code'")
			return 2
		}
		failed := kernel.RunStatement(ctx, kernel.NewSession(), "-c", 1, args[1], stdout, stderr)
		return exitStatus(failed)
	}
	if repl.IsTerminal(stdin) && startREPL != nil {
		return startREPL(args, stdin, stdout, stderr)
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "gamelab: unknown flag %q (try 'gamelab help')\n", args[0])
		return 2
	}
	failed, err := kernel.RunScript(ctx, kernel.NewSession(), "stdin", stdin, stdout, stderr, true)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab: %v\n", err)
		return 1
	}
	return exitStatus(failed)
}

func exitStatus(failed bool) int {
	if failed {
		return 1
	}
	return 0
}

// runScripts is `gamelab run [--keep-going] FILE…`.
func runScripts(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	keepGoing := false
	var files []string
	for _, a := range args {
		switch {
		case a == "--keep-going" || a == "-keep-going":
			keepGoing = true
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(stderr, "gamelab run: unknown flag %q\n", a)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "usage: gamelab run [--keep-going] FILE…")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s := kernel.NewSession()
	anyFailed := false
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "gamelab run: %v\n", err)
			return 1
		}
		failed, err := kernel.RunScript(ctx, s, name, f, stdout, stderr, keepGoing)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "gamelab run: %s: %v\n", name, err)
			return 1
		}
		anyFailed = anyFailed || failed
		if failed && !keepGoing || ctx.Err() != nil {
			break
		}
	}
	return exitStatus(anyFailed)
}

// runTests is `gamelab test [--update] [DIR|FILE…]`.
func runTests(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	update := false
	var paths []string
	for _, a := range args {
		switch {
		case a == "--update" || a == "-update":
			update = true
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "gamelab test: unknown flag %q\n", a)
			return 2
		default:
			paths = append(paths, a)
		}
	}
	if len(paths) == 0 {
		paths = []string{"scripts"}
	}
	files, err := testFiles(paths)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab test: %v\n", err)
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "gamelab test: no .gl scripts or .ipynb notebooks in %s\n", strings.Join(paths, " "))
		return 2
	}
	failed := 0
	for _, f := range files {
		if update && filepath.Ext(f) == ".ipynb" {
			fmt.Fprintf(stdout, "kept %s (a notebook's outputs are saved by Jupyter)\n", f)
			continue
		}
		ok, err := testFile(f, update, stdout)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "FAIL %s: %v\n", f, err)
			failed++
		case !ok:
			fmt.Fprintf(stdout, "FAIL %s\n", f)
			failed++
		case update:
			fmt.Fprintf(stdout, "wrote %s\n", goldenPath(f))
		default:
			fmt.Fprintf(stdout, "ok   %s\n", f)
		}
	}
	if failed > 0 {
		fmt.Fprintf(stdout, "%d of %d failed\n", failed, len(files))
		return 1
	}
	return 0
}

// testFiles expands directories into the scripts and notebooks in them.
func testFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			files = append(files, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		var in []string
		for _, e := range entries {
			if ext := filepath.Ext(e.Name()); !e.IsDir() && (ext == ".gl" || ext == ".ipynb") {
				in = append(in, filepath.Join(p, e.Name()))
			}
		}
		sort.Strings(in)
		files = append(files, in...)
	}
	return files, nil
}

func goldenPath(script string) string {
	return strings.TrimSuffix(script, filepath.Ext(script)) + ".golden"
}

// testFile replays one script or notebook and compares (or, with update,
// writes) its transcript; a difference is printed to w as a unified diff.
func testFile(path string, update bool, w io.Writer) (ok bool, err error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	var got, want, wantName string
	if filepath.Ext(path) == ".ipynb" {
		got, want, err = kernel.ReplayNotebook(src)
		if err != nil {
			return false, err
		}
		wantName = path + " (saved outputs)"
	} else {
		got = kernel.Transcript(filepath.Base(path), string(src))
		golden := goldenPath(path)
		if update {
			return true, os.WriteFile(golden, []byte(got), 0o644)
		}
		b, err := os.ReadFile(golden)
		if err != nil {
			return false, fmt.Errorf("%v (write it with 'gamelab test --update %s')", err, path)
		}
		want, wantName = string(b), golden
	}
	if got == want {
		return true, nil
	}
	io.WriteString(w, kernel.UnifiedDiff(wantName, "replay of "+path, want, got))
	return false, nil
}
