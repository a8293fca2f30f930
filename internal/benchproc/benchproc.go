// Package benchproc builds the programs that gamelab's whole-process
// benchmarks compare (gamelab itself and the baselines in the shared folder
// beside the repository, see internal/baseline) and runs them, measuring
// wall time and peak resident memory. A program whose source or build tool
// is missing skips the test that asks for it (baseline.Missing decides).
// Each bench package's TestMain calls Main so the built programs are
// removed afterwards.
package benchproc

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

	"gamelab/internal/baseline"
)

// SharedBench is the folder of baseline programs beside the repository
// (shared/bench); it may be missing.
var SharedBench = baseline.Join("bench")

var dir struct {
	once sync.Once
	path string
	err  error
}

// workDir is a temporary directory for built programs, made on first use.
func workDir() (string, error) {
	dir.once.Do(func() { dir.path, dir.err = os.MkdirTemp("", "gamelab-bench") })
	return dir.path, dir.err
}

// Main runs the tests of a bench package and removes the programs built for
// them; call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if dir.path != "" {
		os.RemoveAll(dir.path)
	}
	os.Exit(code)
}

// Program is a program built once per test process on first use. A missing
// tool or source skips the benchmark or test that asks for it.
type Program struct {
	name string
	tool string
	src  string // the source file, checked before building; "" if none
	// args returns the build command's arguments for an output file out.
	args func(out string) ([]string, error)
	// argv is how to run the built program (default: the output file itself).
	argv func(out string) []string

	once sync.Once
	run  []string
	skip string
	err  error
}

// NewProgram describes a program built by running tool with args(out).
func NewProgram(name, tool string, args func(out string) ([]string, error)) *Program {
	return &Program{name: name, tool: tool, args: args}
}

// C is a C or C++ program compiled from src with compiler (gcc, g++) and flags.
func C(name, compiler, src string, flags ...string) *Program {
	p := NewProgram(name, compiler, func(out string) ([]string, error) {
		return append(append([]string{}, flags...), "-o", out, src), nil
	})
	p.src = src
	return p
}

// Java is a single-file Java program compiled with javac and run with java.
func Java(src, class string) *Program {
	p := NewProgram(class, "javac", func(out string) ([]string, error) {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, err
		}
		return []string{"-d", out, src}, nil
	})
	p.argv = func(out string) []string { return []string{"java", "-cp", out, class} }
	p.src = src
	return p
}

// Gamelab is the gamelab binary built from this working tree; GAMELAB_BIN
// names a prebuilt binary to measure instead.
var Gamelab = NewProgram("gamelab", "go", func(out string) ([]string, error) {
	return []string{"build", "-o", out, "gamelab/cmd/gamelab"}, nil
})

// Name is the program's short name.
func (p *Program) Name() string { return p.name }

// Argv builds the program if need be and returns the command that runs it;
// a missing tool or source skips tb (see baseline.Missing), a failed build
// fails it.
func (p *Program) Argv(tb testing.TB) []string {
	tb.Helper()
	argv, err := p.Build()
	if p.skip != "" {
		baseline.Missing(tb, p.skip)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return argv
}

// Build builds the program once and returns the command that runs it, or why
// it cannot be had (a missing tool or a failed build).
func (p *Program) Build() ([]string, error) {
	p.once.Do(func() {
		if p == Gamelab {
			if bin := os.Getenv("GAMELAB_BIN"); bin != "" {
				p.run = []string{bin}
				return
			}
		}
		if p.src != "" {
			if _, err := os.Stat(p.src); err != nil {
				p.skip = "the source of " + p.name + ": " + err.Error()
				return
			}
		}
		if _, err := exec.LookPath(p.tool); err != nil {
			p.skip = "the " + p.tool + " tool to build " + p.name + ": " + err.Error()
			return
		}
		wd, err := workDir()
		if err != nil {
			p.err = err
			return
		}
		out := filepath.Join(wd, p.name)
		args, err := p.args(out)
		if err != nil {
			p.err = err
			return
		}
		if msg, err := exec.Command(p.tool, args...).CombinedOutput(); err != nil {
			p.err = fmt.Errorf("%s %s: %v\n%s", p.tool, strings.Join(args, " "), err, msg)
			return
		}
		p.run = []string{out}
		if p.argv != nil {
			p.run = p.argv(out)
		}
	})
	if p.skip != "" {
		return nil, fmt.Errorf("missing %s", p.skip)
	}
	return p.run, p.err
}

// Result is one whole-process run.
type Result struct {
	Out  []byte        // standard output
	Wall time.Duration // wall-clock time from start to exit
	Peak int64         // peak resident set size in bytes
}

// Run runs argv (plus args) on input and fails tb if it exits non-zero.
func Run(tb testing.TB, input []byte, argv []string, args ...string) Result {
	tb.Helper()
	argv = append(append([]string{}, argv...), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		tb.Fatalf("%s: %v\n%.2000s", strings.Join(argv, " "), err, errb.String())
	}
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024 // Linux reports KiB
	return Result{Out: out.Bytes(), Wall: wall, Peak: peak}
}
