package kernel

// The attacks of issue 13: what the language must refuse (methods of Go
// values), what the memory budget must stop, and what an interrupt must
// stop, each through Session.Execute.

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
)

// execAll runs cells in order, failing the test on any error but the last's.
func execAll(t *testing.T, s *Session, cells ...string) *Output {
	t.Helper()
	var out *Output
	for i, c := range cells {
		out = s.Execute(context.Background(), c)
		if out.Err != nil && i < len(cells)-1 {
			t.Fatalf("%q: %v", c, out.Err)
		}
	}
	return out
}

// goTypeNames are what an error in the user's words never says.
var goTypeNames = []string{"*big.", "big.Int", "games.", "func(", "reflect", "interface {", "struct {", "goroutine"}

func checkUserWords(t *testing.T, code, msg string) {
	t.Helper()
	for _, w := range goTypeNames {
		if strings.Contains(msg, w) {
			t.Errorf("%q: the error names Go's %q: %s", code, w, msg)
		}
	}
}

// Today x.SetInt64(5) changed y too, r.best.Neg(r.best) rewrote a result,
// x.Lsh(x, 40000000000) ended the process and x.Exp(x, 2**64, nil) ran
// past Ctrl-C: no method of a value can be called or read.
func TestNoMethods(t *testing.T) {
	for _, tc := range []struct {
		setup []string
		code  string
		kind  builtin.Kind
		want  string // in the message
		check string // a statement whose result must then be checkWant
		then  string
	}{
		{[]string{"x = 2**70", "y = x"}, "x.SetInt64(5)", builtin.TypeError, "cannot call SetInt64: values have no methods, and an int has no fields", "y", "1180591620717411303424"},
		{[]string{"r = solve(coins([1, 2, 3]))"}, "r.best.Neg(r.best)", builtin.TypeError, "cannot call Neg", "r.best", "4"},
		{[]string{"r = solve(polygon(\"* -5 + -2 * -8 * -5 + 8\"))", "z = r.scores[1]"}, "z.SetInt64(7)", builtin.TypeError, "cannot call SetInt64", "r.scores", "[168, 480, 488, 488, 120]"},
		{[]string{"x = 2**70"}, "x.Lsh(x, 40000000000)", builtin.TypeError, "cannot call Lsh", "x", "1180591620717411303424"},
		{[]string{"x = 3**100000"}, "x.Exp(x, 2**64, nil)", builtin.TypeError, "cannot call Exp", "x == 3**100000", "true"},
		{[]string{"r = solve(coins([1, 2, 3]))"}, "r.Foo(1)", builtin.TypeError, "a coins result has the fields n, best, second, diff, moves, optimal, played, rules, coins", "", ""},
		{nil, "now().Year()", builtin.TypeError, "values have no methods", "", ""},
		{[]string{"x = 2**70"}, "[x] | map(#.Neg(#))", builtin.TypeError, "cannot call Neg", "", ""},
		{[]string{"x = 2**70"}, "x | .Add(x)", builtin.SyntaxError, "", "", ""},
		{[]string{"x = 2**70"}, "$env.x.Neg(x)", builtin.TypeError, "cannot call Neg", "", ""},
		// Reading a method as a value, by name or computed.
		{[]string{"x = 2**70"}, "x.Neg", builtin.NameError, "an int has no field Neg (it has no fields)", "", ""},
		{[]string{"x = 2**70"}, `x["Set" + "Int64"]`, builtin.NameError, "an int has no field SetInt64", "", ""},
		{[]string{"x = 2**70"}, "x?.Neg", builtin.NameError, "an int has no field Neg", "", ""},
		{[]string{"x = 2**70"}, "let f = x.Neg; 1", builtin.NameError, "an int has no field Neg", "", ""},
		{[]string{"x = 2**70"}, "map([x], #.Neg)", builtin.NameError, "an int has no field Neg", "", ""},
		{[]string{"r = solve(coins([1, 2, 3]))"}, "r.bst", builtin.NameError, "a coins result has no field bst (did you mean best?)", "", ""},
		{[]string{"r = solve(coins([1, 2, 3]))"}, "r.coins.Text", builtin.NameError, "has no field Text (its fields: a, b, coins, m, moves, n, rules, turn, values)", "", ""},
		{[]string{"x = 2**70"}, `get(x, "Neg") == nil`, "", "", "", ""},
	} {
		s := newTestSession()
		execAll(t, s, tc.setup...)
		out := s.Execute(context.Background(), tc.code)
		if tc.kind == "" {
			if out.Err != nil || resultText(out) != "true" {
				t.Errorf("%q: want true, got %s %v", tc.code, resultText(out), out.Err)
			}
			continue
		}
		if out.Err == nil {
			t.Errorf("%q: no error, result %s", tc.code, resultText(out))
			continue
		}
		if out.Err.Kind != tc.kind || !strings.Contains(out.Err.Msg, tc.want) {
			t.Errorf("%q: want %s containing %q, got %s: %s", tc.code, tc.kind, tc.want, out.Err.Kind, out.Err.Msg)
		}
		checkUserWords(t, tc.code, out.Err.Msg)
		if tc.check != "" {
			if got := resultText(execAll(t, s, tc.check)); got != tc.then {
				t.Errorf("after %q: %s = %s, want %s", tc.code, tc.check, got, tc.then)
			}
		}
	}
}

// Fields are still read, maps by key, and optional chaining still works.
func TestFieldsStillRead(t *testing.T) {
	s := newTestSession()
	out := execAll(t, s, "r = solve(coins([1, 2, 3]))", "m = {a: 1}", "z = nil",
		`[r.best, r?.n, r["second"], get(r, "diff"), m.a, m?.b, z?.a, r.coins.n, sortBy([r, r], .best) | len(), $env.r.n]`)
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	if got, want := resultText(out), "[4, 3, 2, 2, 1, nil, nil, 3, 2, 3]"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// A value nested a million deep (today: Go's fatal "stack overflow" when
// it was flattened, shown or compared) is refused; one within the limit is
// written, compared and flattened.
func TestDeepValues(t *testing.T) {
	s := newTestSession()
	for _, code := range []string{
		"x = reduce(1..1000000, [#acc], [])",
		"flatten(reduce(1..30000, [#acc], []))",
		"string(reduce(1..30000, [#acc], []))",
		"reduce(1..30000, [#acc], []) == reduce(1..30000, [#acc], [])",
		"print(reduce(1..30000, [#acc], []))",
	} {
		out := s.Execute(context.Background(), code)
		if out.Err == nil || !strings.Contains(out.Err.Msg, "more than 10000 deep") {
			t.Errorf("%s: want a refusal, got %v", code, out.Err)
		}
	}
	out := execAll(t, s, "y = reduce(1..9000, [#acc], [2**70])", "[len(flatten([y, 1])), [y] == [y], len(string(y)), [1, [2.0]] == [1.0, [2]]]")
	if got := resultText(out); got != "[2, true, 18024, true]" {
		t.Errorf("got %s", got)
	}
}

// budgetSession is a session whose budget is small enough for the tests to
// pass it quickly.
func budgetSession(t *testing.T) *Session {
	t.Cleanup(func() { debug.SetMemoryLimit(-1); debug.FreeOSMemory() })
	return newTestSession(WithMemoryBudget(64 << 20))
}

// Each statement that would pass the budget fails with a MemoryError before
// allocating, the session keeps its variables, and the heap goes back under
// the budget. Today: repeat reached 9.8 GB, s = s + s twelve times was
// Go's fatal "out of memory".
func TestBudget(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup []string
		code  string
	}{
		{"nested repeat", nil, `len(repeat(repeat("x", 100000), 100000))`},
		{"repeat of a large count", nil, `repeat("ab", 2**62)`},
		{"string + string", []string{`s = repeat("x", 25000000)`}, "t = s + s + s"},
		{"join", nil, `len(join(map(1..7500, repeat("ab", 10000))))`},
		{"replace", nil, `len(replace(repeat("x", 1000000), "x", repeat("y", 1000)))`},
		{"split", []string{`s = repeat("x", 25000000)`}, `len(split(s, ""))`},
		{"upper", []string{`s = repeat("x", 25000000)`}, `len(upper(s + ""))`},
		{"concat", []string{"xs = 1..500000"}, "len(concat(xs, xs, xs, xs, xs, xs, xs, xs, xs, xs))"},
		{"range", nil, "len(1..2000000000)"},
		{"range with a big bound", nil, "len(1..2**70)"},
		{"map results", []string{`x = 2**1048000`}, "len(map(1..750, x + #))"},
		{"big products", []string{`x = 2**1000000`}, "len(map(1..750, x * #))"},
		{"shifts", nil, "len(map(1..1000, bitshl(1, 2**20 - #)))"},
		{"sort", []string{"xs = 1..750000"}, "len(sort(concat(xs, xs, xs)))"},
		{"flatten", []string{"xs = 1..250000"}, "len(flatten([xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs, xs]))"},
		{"toBase64", []string{`s = repeat("x", 37500000)`}, "len(toBase64(s))"},
		{"string of a list", []string{"xs = 1..4000000"}, "len(string(xs))"},
		{"print of a list, kept whole by the cell", []string{"xs = 1..4000000"}, "print(xs)"},
		{"game text", []string{`t = repeat("+ 1 ", 2000000)`}, "polygon(t)"},
		{"solver table", nil, "solve(randcoins(100000, 1))"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := budgetSession(t)
			execAll(t, s, append(tc.setup, "kept = 42")...)
			out := s.Execute(context.Background(), tc.code)
			if out.Err == nil || out.Err.Kind != builtin.MemoryError {
				t.Fatalf("%q: want a MemoryError, got %v (%s)", tc.code, out.Err, resultText(out))
			}
			if strings.Contains(out.Err.Msg, "\n") || !strings.Contains(out.Err.Msg, "memory budget exceeded") {
				t.Errorf("%q: want one line saying the budget, got %q", tc.code, out.Err.Msg)
			}
			if got := resultText(execAll(t, s, "kept")); got != "42" {
				t.Errorf("after %q: kept = %s", tc.code, got)
			}
			if strings.Contains(out.Stderr, "move table") {
				t.Errorf("%q: the solve started, then stopped: %s", tc.code, out.Stderr)
			}
			if s.cell != nil {
				t.Error("the cell is still running")
			}
		})
	}
}

// Strings grow across statements only as far as the budget: today the
// twelfth s = s + s ended the process.
func TestBudgetAcrossStatements(t *testing.T) {
	s := budgetSession(t)
	execAll(t, s, `s = repeat("x", 500000)`)
	var last *Output
	for i := range 12 {
		last = s.Execute(context.Background(), "s = s + s")
		if last.Err != nil {
			if last.Err.Kind != builtin.MemoryError {
				t.Fatalf("step %d: %v", i, last.Err)
			}
			break
		}
	}
	if last.Err == nil {
		t.Fatal("2 GB of string in a 64 MB budget")
	}
	n := resultText(execAll(t, s, "len(s)"))
	if n != "16000000" && n != "32000000" {
		t.Errorf("len(s) = %s after the failed doubling", n)
	}
	runtime.GC()
	if h := budget.HeapBytes(); h > s.budget.Limit() {
		t.Errorf("the heap holds %s after the error, over the budget of %s", builtin.ByteSize(h), builtin.ByteSize(s.budget.Limit()))
	}
}

// budget() reads the budget and budget(bytes) sets it; bad values are
// argument errors.
func TestBudgetBuiltin(t *testing.T) {
	s := budgetSession(t)
	if got := resultText(execAll(t, s, "budget()")); got != "67108864" {
		t.Errorf("budget() = %s", got)
	}
	if got := resultText(execAll(t, s, `budget("512MB")`, "budget()")); got != "536870912" {
		t.Errorf("after budget(\"512MB\"): %s", got)
	}
	for _, code := range []string{"budget(1000)", `budget("lots")`, "budget(2**70)", "budget(1, 2)"} {
		if out := s.Execute(context.Background(), code); out.Err == nil {
			t.Errorf("%s: no error", code)
		}
	}
	if DefaultMemoryBudget() < budget.Min {
		t.Errorf("default budget %d", DefaultMemoryBudget())
	}
	// help says what the default is on this machine.
	out := execAll(t, s, "help budget")
	if text := strings.Join(strings.Fields(out.Stdout), " "); !strings.Contains(text, builtin.ByteSize(max(budget.MachineMemory()/4, budget.Min))+" here") {
		t.Errorf("help budget does not say the default:\n%s", out.Stdout)
	}
	if n, err := budget.ParseBytes("2GB"); err != nil || n != 2<<30 {
		t.Errorf("parseBytes(2GB) = %d, %v", n, err)
	}
}

// Products and remainders too large to finish within an interrupt's wait
// are refused; sums of big numbers are not, and division is exact.
func TestBigArithmetic(t *testing.T) {
	s := newTestSession()
	for _, tc := range []struct{ code, want string }{
		{"x = 3**700000\nx * x", "RuntimeError"},
		{"x = 3**700000\nx % (x - 2**70)", "RuntimeError"},
		{"x = 3**600000\n(x + x) / x", "2"},
		{"x = 3**600000\n(x * 7) % x", "0"},
		{"(2**200 + 1) / 2**199", "2"},
		{"-(2**70) / 3", "-3.935305402391371e+20"},
	} {
		out := s.Execute(context.Background(), tc.code)
		got := resultText(out)
		if out.Err != nil {
			got = string(out.Err.Kind)
		}
		if got != tc.want {
			t.Errorf("%s = %.80s, want %s", tc.code, got, tc.want)
		}
	}
}

// interruptAt runs code with a hook that cancels the cell at its first poll,
// which only an operation that has started makes, and returns its output.
func interruptAt(t testing.TB, s *Session, code string) (*Output, time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	s.budget.OnCheck = func() {
		if cancelled.IsZero() {
			cancelled = time.Now()
			cancel()
		}
	}
	defer func() { s.budget.OnCheck = nil }()
	done := make(chan *Output, 1)
	go func() { done <- s.Execute(ctx, code) }()
	select {
	case out := <-done:
		if cancelled.IsZero() {
			return out, 0
		}
		return out, time.Since(cancelled)
	case <-time.After(time.Minute): // only so that a regression cannot hang the tests
		t.Fatalf("%q: not interrupted", code)
	}
	return nil, 0
}

// interruptible are operations that run long on large values: each polls the
// cell while it works. Today each was one Go call that nothing stopped.
var interruptible = []struct{ name, setup, code string }{
	{"repeat", "", `repeat("ab", 20000000)`},
	{"string +", `s = repeat("x", 8000000)`, "s + s"},
	{"join", `xs = map(1..10000, repeat("x", 1000))`, "join(xs, \",\")"},
	{"replace", `s = repeat("ab", 4000000)`, `replace(s, "a", "xyz")`},
	{"split", `s = repeat("a,", 4000000)`, `split(s, ",")`},
	{"upper", `s = repeat("ab", 4000000)`, `upper(s)`},
	{"concat", "xs = 1..2000000", "concat(xs, xs)"},
	{"sort", "xs = map(1..300000, -#)", "sort(xs)"},
	{"sort a range", "xs = 1..3000000", `sort(xs, "desc")`},
	{"sortBy", "xs = 1..300000", "sortBy(xs, -#)"},
	{"range", "", "1..20000000"},
	{"sum", "xs = 1..3000000", "sum(xs)"},
	{"max", "xs = 1..3000000", "max(xs)"},
	{"in", "xs = 1..3000000", "-1 in xs"},
	{"flatten", "xs = 1..3000000", "flatten([xs, xs])"},
	{"map", "xs = 1..3000000", "map(xs, # + 1)"},
	{"median", "xs = map(1..300000, -#)", "median(xs)"},
	{"mean", "xs = 1..3000000", "mean(xs)"},
	{"uniq", "xs = 1..3000000", "uniq(xs)"},
	{"matches", `s = repeat("a", 5000000)`, `s matches "(a|aa)*b"`},
	// Compiling polls too: the lexing of a statement (every 1024 tokens)
	// and the cutting of its predicates. Each statement ends in an unknown
	// name, so that without those polls it fails before it runs, uninterrupted.
	{"lexing", "", "len([" + strings.Repeat("1, ", 3000) + "1]) + nope"},
	{"compiling", "", "[" + strings.Repeat(`strategy({#.values[1] > 5 ? "L" : "R"}), `, 500) + "1] + nope"},
}

// Every long operation stops at an interrupt that comes after it started.
func TestInterruptEveryOperation(t *testing.T) {
	for _, tc := range interruptible {
		s := newTestSession()
		if tc.setup != "" {
			execAll(t, s, tc.setup)
		}
		out, _ := interruptAt(t, s, "kept = 1\n"+tc.code)
		if out.Err == nil || out.Err.Kind != builtin.Interrupted {
			t.Errorf("%s: want Interrupted, got %v", tc.name, out.Err)
		}
		if got := resultText(execAll(t, s, "kept")); got != "1" {
			t.Errorf("%s: kept = %s", tc.name, got)
		}
	}
}

// BenchmarkInterrupt measures, for each operation, the time from the
// interrupt to the end of the cell (the issue asks for 100 ms at most).
func BenchmarkInterrupt(b *testing.B) {
	for _, tc := range interruptible {
		b.Run(tc.name, func(b *testing.B) {
			s := newTestSession()
			if tc.setup != "" {
				s.Execute(context.Background(), tc.setup)
			}
			var worst time.Duration
			for b.Loop() {
				_, d := interruptAt(b, s, tc.code)
				worst = max(worst, d)
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}

// A cell of 40 MB gives its memory back when it ends: today such a cell
// left the process 430 MB larger (a 40 MB list literal: 1.8 GB).
func TestBigCellGivesMemoryBack(t *testing.T) {
	if runtime.GOOS != "linux" || raceDetector {
		t.Skip("reads /proc/self/statm; the race detector's memory would count")
	}
	s := newTestSession()
	debug.FreeOSMemory()
	before := residentBytes(t)
	out := s.Execute(context.Background(), "len(\""+strings.Repeat("x", 40<<20)+"\")")
	if out.Err != nil || resultText(out) != "41943040" {
		t.Fatal(out.Err, resultText(out))
	}
	s.budget.MemoryReturned()
	// The cell's code stays (In[N]), 40 MB of the 100.
	if grew := residentBytes(t) - before; grew > 100<<20 {
		t.Errorf("the process grew by %s after a 40 MB cell", builtin.ByteSize(grew))
	}
}

// residentBytes is the process's resident set size.
func residentBytes(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip(err)
	}
	f := strings.Fields(string(b))
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * int64(os.Getpagesize())
}
