// gamelab judge runs programs, which a web page cannot: the judge is not
// part of the WebAssembly engine.

//go:build !js

// Package judge is gamelab judge: a program of the user's checked against
// gamelab on random instances of a game's batch format, and the smallest
// input it gets wrong. Each game's package says how its formats are judged
// (Set); JudgeRun does the judging.
package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"time"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// Judging a program (gamelab judge GAME): random instances of growing size
// in one of the game's batch formats, each run on its own with a time
// limit, the answer compared with gamelab's under the format's judging
// rule; on the first failure, the input shrunk while the program still
// fails the same way, and the smallest failing input reported with what
// was expected, what came, and a command to run it again. The command
// line (cmd/gamelab) runs the program; everything else is here.

// Judge is what gamelab judge needs of a game: random instances and, per
// batch format it judges, how an instance is written and an answer judged.
type Judge struct {
	// Random is a random instance of size n (vertices, coins, rows) from
	// seed, its values in values, under rules.
	Random func(env *builtin.Env, n int, seed uint64, values kit.Bounds, rules games.Rules) (games.Position, error)
	// Values is the range of values when none is given (the random
	// constructor's default).
	Values kit.Bounds
	// Size is an instance's size as Random counts it.
	Size func(x games.Position) int
	// Unit names the size, one and many: "vertex", "vertices".
	Unit [2]string
	// MaxN is the largest size tried when none is given.
	MaxN int
	// Formats are the formats judged, by name: each batch format of the
	// game.
	Formats map[string]*JudgeFormat
}

// JudgeFormat is one batch format as a judge uses it.
type JudgeFormat struct {
	// Input is x in the format, what the program reads.
	Input func(x games.Position) []byte
	// Check judges out, the program's answer for x, against expected,
	// gamelab's own answer in the format: nil when the format's judging
	// rule accepts it, else what is wrong, in a sentence.
	Check func(env *builtin.Env, x games.Position, expected, out []byte) error
	// Rule says how answers are judged, for gamelab help judge.
	Rule string
}

// count writes a size: "1 vertex", "4 vertices".
func (j *Judge) count(n int) string { return kit.Count(n, j.Unit[0], j.Unit[1]) }

// judges holds each game's Judge.
var judges = map[*games.Game]*Judge{}

// Set makes j the judge of g (each game's package, at init).
func Set(g *games.Game, j *Judge) { judges[g] = j }

// For is g's judge, nil when it has none.
func For(g *games.Game) *Judge { return judges[g] }

// JudgeRun is one gamelab judge: what to judge and how.
type JudgeRun struct {
	Game   *games.Game
	Format string // a batch format's name; "" the default
	Rules  games.Rules
	Count  int    // instances to try
	Seed   uint64 // instance i is made from Seed + i
	MinN   int    // the sizes go from MinN to MaxN (0: 1 and the judge's MaxN)
	MaxN   int
	Values *kit.Bounds // nil: the judge's
	// Timeout is each run's time limit.
	Timeout time.Duration
	// Run runs the program once on input (as its standard input): its
	// standard output and error; err is a failure to run or an exit
	// status other than 0, ctx's error when it ran out of time.
	Run func(ctx context.Context, input []byte) (stdout, stderr []byte, err error)
	// Command is the program as a shell would run it, for the re-run line.
	Command string
}

// verdict is how one run went.
type verdict struct {
	kind     string // "" accepted, else "wrong answer", "crash", "timeout"
	why      string
	received []byte
	stderr   []byte
}

// Judge judges the program and writes the report to out: how many
// instances passed and the largest size, or the first failure shrunk. It
// returns the exit status: 0 all passed, 1 a failure, 2 a problem of the
// judge's own (an instance it could not make).
func (jr *JudgeRun) Judge(ctx context.Context, out io.Writer) int {
	g, j := jr.Game, For(jr.Game)
	format, err := g.Format(jr.Format)
	if err != nil {
		fmt.Fprintf(out, "gamelab judge %s: %v\n", g.Name, err)
		return 2
	}
	jf := j.Formats[format.Name]
	values := j.Values
	if jr.Values != nil {
		values = *jr.Values
	}
	minN, maxN := max(jr.MinN, 1), jr.MaxN
	if maxN == 0 {
		maxN = max(j.MaxN, minN)
	}
	env := &builtin.Env{Ctx: ctx}
	name := fmt.Sprintf("gamelab judge %s --format %s", g.Name, format.Name)
	largest := 0
	for i := range jr.Count {
		n := minN + i*(maxN-minN+1)/jr.Count
		x, err := j.Random(env, n, jr.Seed+uint64(i), values, jr.Rules)
		if err != nil {
			fmt.Fprintf(out, "%s: instance %d: %v\n", name, i+1, err)
			return 2
		}
		v, err := jr.try(ctx, env, format, jf, x)
		if err != nil && ctx.Err() != nil {
			// Ctrl-C: what was judged so far, and the shell's status for it.
			fmt.Fprintf(out, "%s: interrupted at instance %d of %d (%d passed)\n", name, i+1, jr.Count, i)
			return 130
		}
		if err != nil {
			fmt.Fprintf(out, "%s: instance %d: %v\n", name, i+1, err)
			return 2
		}
		if v.kind == "" {
			largest = max(largest, n)
			continue
		}
		fmt.Fprintf(out, "%s: FAIL on instance %d of %d (seed %d, %s): %s\n", name, i+1, jr.Count, jr.Seed+uint64(i), j.count(n), v.kind)
		jr.report(ctx, env, out, format, jf, x, v, values, minN)
		return 1
	}
	fmt.Fprintf(out, "%s: %d of %d instances passed, sizes %d to %d %s\n", name, jr.Count, jr.Count, minN, largest, j.Unit[1])
	return 0
}

// try runs the program on x and judges what it says.
func (jr *JudgeRun) try(ctx context.Context, env *builtin.Env, format *games.BatchFormat, jf *JudgeFormat, x games.Position) (verdict, error) {
	input := jf.Input(x)
	expected, err := expectedAnswer(ctx, format, input, jr.Rules)
	if err != nil {
		return verdict{}, err
	}
	run, cancel := context.WithTimeout(ctx, jr.Timeout)
	defer cancel()
	stdout, stderr, err := jr.Run(run, input)
	switch {
	case ctx.Err() != nil:
		return verdict{}, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded) || run.Err() != nil:
		return verdict{kind: "timeout", why: fmt.Sprintf("no answer within %s", jr.Timeout), received: stdout, stderr: stderr}, nil
	case err != nil:
		return verdict{kind: "crash", why: err.Error(), received: stdout, stderr: stderr}, nil
	}
	if err := jf.Check(env, x, expected, stdout); err != nil {
		return verdict{kind: "wrong answer", why: err.Error(), received: stdout, stderr: stderr}, nil
	}
	return verdict{}, nil
}

// expectedAnswer is gamelab's answer to input in the format: the batch
// command's own.
func expectedAnswer(ctx context.Context, format *games.BatchFormat, input []byte, rules games.Rules) ([]byte, error) {
	for inst := range format.Read(bytes.NewReader(input), rules) {
		if inst.Err != nil {
			return nil, inst.Err
		}
		out, _, err := inst.Solve(ctx, nil)
		return out, err
	}
	return nil, errors.New("the input holds no instance")
}

// report shrinks the failing x while the program fails the same way, and
// writes the smallest failing input, the expected and the received
// answer, why it is wrong, and a command to run it again.
func (jr *JudgeRun) report(ctx context.Context, env *builtin.Env, out io.Writer, format *games.BatchFormat, jf *JudgeFormat, x games.Position, v verdict, values kit.Bounds, minN int) {
	j := For(jr.Game)
	last := v
	small, steps, err := tools.Shrink(ctx, x, values, func(c games.Position) (bool, error) {
		if j.Size(c) < minN {
			return false, nil
		}
		cv, err := jr.try(ctx, env, format, jf, c)
		if err != nil || cv.kind != v.kind {
			return false, err
		}
		last = cv
		return true, nil
	})
	if err != nil { // interrupted: the failure as found
		small, last, steps = x, v, 0
	}
	input := jf.Input(small)
	expected, _ := expectedAnswer(ctx, format, input, jr.Rules)
	fmt.Fprintf(out, "smallest failing input (%s, shrunk in %s):\n%s", j.count(j.Size(small)), kit.Count(steps, "step", "steps"), ensureNewline(input))
	fmt.Fprintf(out, "expected:\n%s", ensureNewline(expected))
	fmt.Fprintf(out, "received:\n%s", ensureNewline(head(last.received, 20, 2000)))
	if len(last.stderr) > 0 {
		fmt.Fprintf(out, "its standard error:\n%s", ensureNewline(tail(last.stderr, 20)))
	}
	fmt.Fprintf(out, "%s: %s\n", last.kind, last.why)
	fmt.Fprintf(out, "re-run: printf %s | %s\n", ShellQuote(printfEscape(string(input))), jr.Command)
}

// ensureNewline is b as lines: a final newline added, "(nothing)" for
// none.
func ensureNewline(b []byte) string {
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	if s == "" {
		return "(nothing)\n"
	}
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// head is the first n lines of b and at most max bytes of them, with a
// line that says how much was left out.
func head(b []byte, n, max int) []byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	kept := b
	if len(lines) > n {
		kept = bytes.Join(lines[:n], nil)
	}
	if len(kept) > max {
		kept = kept[:max]
	}
	if len(kept) == len(b) {
		return b
	}
	return fmt.Appendf(bytes.Clone(kept), "\n… (%d bytes in all)\n", len(b))
}

// tail is the last n lines of b.
func tail(b []byte, n int) []byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return bytes.Join(lines, nil)
}

// printfEscape writes s as printf's format prints it, on one line.
func printfEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", "%%", "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s)
}

// ShellQuote quotes s for a POSIX shell: in single quotes, each ' written
// as '\”.
func ShellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// The checks the formats share.

// CheckNumber says got, a number the program wrote, is want: what is
// named the answer's what.
func CheckNumber(what, got string, want *big.Int) error {
	g, ok := new(big.Int).SetString(strings.TrimSpace(got), 10)
	if !ok {
		return fmt.Errorf("%s should be %s, got %s", what, want, startOf([]byte(got)))
	}
	if g.Cmp(want) != 0 {
		return fmt.Errorf("%s is %s, want %s", what, g, want)
	}
	return nil
}

// CheckLine replays line, the program's plan or moves, from x and says
// whether it is optimal: every move legal and of loss 0.
func CheckLine(env *builtin.Env, x games.Position, what string, line any) error {
	moves, err := tools.ParseLine(x, "judge", 1, line)
	if err != nil {
		return fmt.Errorf("%s %v", what, trimArg(err))
	}
	a, err := tools.Analyze(env, "judge", x, moves)
	if err != nil {
		return fmt.Errorf("%s %v", what, trimArg(err))
	}
	if turn, move, loss, best, ok := a.FirstLoss(); ok {
		return fmt.Errorf("in %s, move %d (%s) is not optimal: it loses %s; optimal there: %s", what, turn, move, loss, strings.Join(best, " "))
	}
	if end := a.End.(games.Position); !games.Over(end) {
		return fmt.Errorf("%s stops after %s, before the game is over", what, kit.Count(len(moves), "move", "moves"))
	}
	return nil
}

// trimArg is an argument error without the builtin's name and argument:
// "has an illegal move 2 (edge 3): …".
func trimArg(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, ") "); strings.HasPrefix(msg, "judge: argument") && i >= 0 {
		return msg[i+2:]
	}
	return msg
}

// AnswerLines are the non-blank lines of a program's answer, each split
// into its fields (any white space, CRLF line ends).
func AnswerLines(out []byte) [][]string {
	var lines [][]string
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines = append(lines, f)
		}
	}
	return lines
}

// AnswerJSON reads a program's answer as one JSON object, its numbers
// exact (json.Number): nothing but white space may follow it.
func AnswerJSON(out []byte) (map[string]any, error) {
	trimmed := bytes.TrimSpace(out)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, fmt.Errorf("the answer is not one JSON object: it starts with %s", startOf(trimmed))
	}
	d := json.NewDecoder(bytes.NewReader(trimmed))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, fmt.Errorf("the answer is not valid JSON at byte %d", syn.Offset)
		}
		return nil, fmt.Errorf("the answer is not one complete JSON object")
	}
	if rest := trimmed[d.InputOffset():]; len(bytes.TrimSpace(rest)) > 0 {
		return nil, fmt.Errorf("the answer goes on after its JSON object: %s", startOf(bytes.TrimSpace(rest)))
	}
	return m, nil
}

// startOf is the first few characters of b, quoted, or "nothing".
func startOf(b []byte) string {
	if len(b) == 0 {
		return "nothing"
	}
	if len(b) > 20 {
		return strconv.Quote(string(b[:20])) + "…"
	}
	return strconv.Quote(string(b))
}

// JSONNumber is the answer's field name, which must be a JSON number (an
// integer in quotes is not one).
func JSONNumber(m map[string]any, name string) (string, error) {
	v, ok := m[name]
	if !ok {
		return "", fmt.Errorf("the answer has no %q", name)
	}
	n, ok := v.(json.Number)
	if !ok {
		return "", fmt.Errorf("%q should be a JSON number, got %s", name, JSONWords(v))
	}
	return n.String(), nil
}

// JSONWords names a decoded JSON value's kind, with the value when short.
func JSONWords(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return "the string " + startOf([]byte(v))
	case bool:
		return strconv.FormatBool(v)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprint(v)
}

// Want is a number an answer must hold under a name.
type Want struct {
	Name  string
	Value *big.Int
}

// CheckJSON reads a program's answer as one JSON object and checks its
// number fields against want, in order; it returns the object, for the
// fields a format checks otherwise.
func CheckJSON(out []byte, want ...Want) (map[string]any, error) {
	m, err := AnswerJSON(out)
	if err != nil {
		return nil, err
	}
	for _, w := range want {
		got, err := JSONNumber(m, w.Name)
		if err != nil {
			return nil, err
		}
		if err := CheckNumber(w.Name, got, w.Value); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// JSONField is the answer's field name as text (a json.Number, a string
// or a list as JSON), or says it is missing.
func JSONField(m map[string]any, name string) (string, error) {
	v, ok := m[name]
	if !ok {
		return "", fmt.Errorf("the answer has no %q", name)
	}
	if s, ok := v.(json.Number); ok {
		return s.String(), nil
	}
	if s, ok := v.(string); ok {
		return s, nil
	}
	b, _ := json.Marshal(v)
	return string(b), nil
}

// CheckInts says got, the integers a program wrote (fields or a JSON
// list), are want, in that order.
func CheckInts(what string, got any, want []int) error {
	var items []string
	switch g := got.(type) {
	case []string:
		items = g
	case []any:
		for _, x := range g {
			items = append(items, fmt.Sprint(x))
		}
	default:
		return fmt.Errorf("%s should be a list like %v, got %v", what, want, got)
	}
	w := make([]string, len(want))
	for i, x := range want {
		w[i] = fmt.Sprint(x)
	}
	if strings.Join(items, " ") != strings.Join(w, " ") {
		return fmt.Errorf("%s are %s, want %s", what, strings.Join(items, " "), strings.Join(w, " "))
	}
	return nil
}
