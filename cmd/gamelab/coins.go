package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"gamelab/solvers/coins"
)

var coinsCommand = &command{
	name:    "coins",
	summary: "coins in a row: optimal totals and moves for each row on standard input",
	usage: "[--format seed|deque|json]\n\n" +
		"  seed   one row of integers per line; prints \"score moves\" as seed 003 (default)\n" +
		"  deque  AtCoder DP \"Deque\": N, then N integers; prints X − Y\n" +
		"  json   rows as for seed; one {\"n\",\"best\",\"second\",\"diff\",\"moves\"} object per row\n\n" +
		"Blank lines are skipped. A bad row is reported on standard error with its\n" +
		"line number; the other rows are still answered, and the exit status is 1.",
	run: runCoins,
}

func runCoins(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	format, ok := batchFormat("coins", args, stderr, "seed", "deque", "json")
	if !ok {
		return 2
	}
	out := bufio.NewWriter(stdout)
	b := &coinsBatch{in: bufio.NewReader(stdin), out: out, stderr: stderr}
	switch format {
	case "seed":
		b.rows(b.seedAnswer)
	case "json":
		b.rows(b.jsonAnswer)
	case "deque":
		b.deque()
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "gamelab coins: writing the answers: %v\n", err)
		return 1
	}
	if b.failed {
		return 1
	}
	return 0
}

// coinsBatch reads instances from in and answers them on out, one at a time,
// so a bad instance costs only its own answer.
type coinsBatch struct {
	in     *bufio.Reader
	out    *bufio.Writer
	stderr io.Writer
	line   int // lines read so far
	failed bool
}

func (b *coinsBatch) fail(line int, format string, a ...any) {
	b.failed = true
	fmt.Fprintf(b.stderr, "gamelab coins: line %d: %s\n", line, fmt.Sprintf(format, a...))
}

// readLine returns the next line without its line end; ok is false at the
// end of input. Lines may be of any length (n = 30000 big coins is ~600 kB).
func (b *coinsBatch) readLine() (line string, ok bool, err error) {
	s, err := b.in.ReadString('\n')
	if err != nil && (err != io.EOF || s == "") {
		if err == io.EOF {
			err = nil
		}
		return "", false, err
	}
	b.line++
	return strings.TrimRight(s, "\r\n"), true, nil
}

// rows answers one row per line with answer; lines of only white space are
// skipped, as seed 003's program does.
func (b *coinsBatch) rows(answer func(*coins.Result)) {
	for {
		line, ok, err := b.readLine()
		if err != nil {
			b.fail(b.line+1, "reading input: %v", err)
			return
		}
		if !ok {
			return
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		row, err := coins.ParseRow(line)
		if err != nil {
			b.fail(b.line, "%v", err)
			continue
		}
		r, err := coins.Solve(context.Background(), row)
		if err != nil {
			b.fail(b.line, "%v", err)
			continue
		}
		answer(r)
	}
}

func (b *coinsBatch) seedAnswer(r *coins.Result) {
	fmt.Fprintf(b.out, "%s %s\n", r.Best, r.Moves)
}

// coinsJSON is SPEC §2's object; *big.Int marshals as an exact JSON integer.
type coinsJSON struct {
	N      int      `json:"n"`
	Best   *big.Int `json:"best"`
	Second *big.Int `json:"second"`
	Diff   *big.Int `json:"diff"`
	Moves  string   `json:"moves"`
}

func (b *coinsBatch) jsonAnswer(r *coins.Result) {
	j, err := json.Marshal(coinsJSON{r.N, r.Best, r.Second, r.Diff, r.Moves})
	if err != nil { // cannot happen for these field types; say so rather than panic
		b.fail(b.line, "encoding the answer: %v", err)
		return
	}
	b.out.Write(append(j, '\n'))
}

// deque reads AtCoder's format, N and then N coins, over any line breaks,
// for as many instances as the input holds, and prints X − Y for each. A bad
// coin spoils only its instance (the N tokens are still consumed, so the next
// instance is found); a bad N leaves no way to find the next instance, so the
// rest of the input is skipped.
func (b *coinsBatch) deque() {
	toks := &tokenReader{b: b}
	for inst := 1; ; inst++ {
		tok, ok := toks.next()
		if !ok {
			break
		}
		n, err := strconv.Atoi(tok.text)
		if err != nil || n < 1 {
			b.fail(tok.line, "instance %d: N = %q is not a positive integer; the rest of the input is skipped", inst, tok.text)
			return
		}
		nLine := tok.line
		row := make([]*big.Int, 0, min(n, 1<<16))
		bad := false
		for len(row) < n {
			tok, ok := toks.next()
			if !ok {
				b.fail(toks.b.line, "instance %d (N = %d on line %d): input ends after %d coins", inst, n, nLine, len(row))
				return
			}
			v, ok := new(big.Int).SetString(tok.text, 10)
			if !ok {
				b.fail(tok.line, "instance %d: coin %d %q: not an integer", inst, len(row)+1, tok.text)
				bad = true
			}
			row = append(row, v)
		}
		if bad {
			continue
		}
		x, err := coins.SolveValue(context.Background(), row)
		if err != nil {
			b.fail(nLine, "instance %d: %v", inst, err)
			continue
		}
		fmt.Fprintf(b.out, "%s\n", x)
	}
	if toks.err != nil {
		b.fail(b.line+1, "reading input: %v", toks.err)
	}
}

// tokenReader splits the batch's input into white-space separated tokens
// (the same separators as coins.ParseRow), remembering each one's line.
type tokenReader struct {
	b    *coinsBatch
	rest []string // fields of the current line not yet returned
	err  error
}

type token struct {
	text string
	line int
}

func (t *tokenReader) next() (token, bool) {
	for len(t.rest) == 0 {
		line, ok, err := t.b.readLine()
		if err != nil {
			t.err = err
		}
		if !ok {
			return token{}, false
		}
		t.rest = strings.Fields(line)
	}
	tok := token{t.rest[0], t.b.line}
	t.rest = t.rest[1:]
	return tok, true
}
