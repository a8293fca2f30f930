package coins

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"iter"
	"math/big"
	"strconv"
	"strings"

	"gamelab/gameio"
	"gamelab/internal/decimal"
	"gamelab/kernel/games"
	solver "gamelab/solvers/coins"
)

// The batch dialects of coins in a row (gamelab coins).
func init() {
	Game.Batch = games.Batch{
		Summary: "coins in a row: optimal totals and moves for each row on standard input",
		Input:   "rows until end of input.",
		Unit:    "instance",
	}
	Game.Formats = []*games.BatchFormat{
		{Name: "seed", Doc: "one row of integers per line; prints \"score moves\": the first\nplayer's total and both players' moves (L and R; L2, R3 under take) (default)",
			Read: rows(func(w *bytes.Buffer, r *solver.Result, _ games.Rules) { fmt.Fprintf(w, "%s %s\n", r.Best, r.Moves) })},
		{Name: "deque", Doc: "AtCoder DP \"Deque\": N, then N integers; prints X − Y", Read: deque},
		{Name: "json", Doc: "rows as for seed; one {\"n\",\"best\",\"second\",\"diff\",\"moves\"} object per row\n(\"rules\" last when they are not the default)",
			Read: rows(func(w *bytes.Buffer, r *solver.Result, rules games.Rules) {
				w.Write(append(appendJSON(nil, r, rules.Changed()), '\n'))
			})},
	}
}

// appendJSON appends r as {"n":4,"best":110,"second":100,"diff":10,"moves":"RRRL"},
// rules last as "rules" when there are any: what --format json and
// json(solve(c)) write. The moves are as the rules write them ("L2RL3").
func appendJSON(dst []byte, r *solver.Result, rules map[string]any) []byte {
	dst = strconv.AppendInt(append(dst, `{"n":`...), int64(r.N), 10)
	dst = r.Best.Append(append(dst, `,"best":`...), 10)
	dst = r.Second.Append(append(dst, `,"second":`...), 10)
	dst = r.Diff.Append(append(dst, `,"diff":`...), 10)
	// The moves are letters L and R and digits: nothing in them needs escaping.
	dst = append(append(dst, `,"moves":"`...), r.Moves...)
	return append(gameio.AppendRules(append(dst, '"'), rules), '}')
}

// rows is a dialect of one row of integers per line (blank lines skipped,
// as the game's original program does), each solved under the batch's
// rules and answered by write.
func rows(write func(w *bytes.Buffer, r *solver.Result, rules games.Rules)) func(io.Reader, games.Rules) iter.Seq[*gameio.Instance] {
	return func(in io.Reader, rules games.Rules) iter.Seq[*gameio.Instance] {
		return func(yield func(*gameio.Instance) bool) {
			lines := gameio.NewLineReader(in)
			for {
				line, ok, err := lines.Next()
				if err != nil {
					yield(&gameio.Instance{Line: lines.Line() + 1, Err: fmt.Errorf("reading input: %v", err), Fatal: true})
					return
				}
				if !ok {
					return
				}
				if strings.TrimSpace(line) == "" {
					continue
				}
				inst := &gameio.Instance{Line: lines.Line()}
				row, err := solver.ParseRow(line)
				if err != nil {
					inst.Err = err
					if pe, ok := err.(*solver.ParseError); ok {
						inst.Col = pe.Offset + 1
					}
				} else {
					g := solver.Game{Coins: row, Rules: solverRules(rules)}
					inst.Solve = func(ctx context.Context, progress func(done, total int64)) ([]byte, []string, error) {
						if err := gameio.Fits(ctx, g.SolveBytes(), fmt.Sprintf("a row of %d coins", len(g.Coins))); err != nil {
							return nil, nil, err
						}
						r, err := g.Solve(ctx, progress)
						if err != nil {
							return nil, nil, err
						}
						var b bytes.Buffer
						write(&b, r, rules)
						return b.Bytes(), nil, nil
					}
				}
				if !yield(inst) {
					return
				}
			}
		}
	}
}

// deque reads AtCoder's format, N and then N coins, over any line breaks,
// for as many instances as the input holds, and prints X − Y for each. A bad
// coin spoils only its instance (the N tokens are still consumed, so the next
// instance is found); a bad N leaves no way to find the next instance, so the
// rest of the input is skipped.
func deque(in io.Reader, rules games.Rules) iter.Seq[*gameio.Instance] {
	return func(yield func(*gameio.Instance) bool) {
		sc := gameio.NewScanner(in, func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' })
		for sc.Next() {
			nTok, nLine, nCol := string(sc.Tok), sc.TokLine, sc.TokCol
			n, err := strconv.Atoi(nTok)
			if err != nil || n < 1 {
				yield(&gameio.Instance{Line: nLine, Col: nCol, Fatal: true,
					Err: fmt.Errorf("the count N = %q is not a positive integer; the rest of the input is skipped", nTok)})
				return
			}
			inst := &gameio.Instance{Line: nLine}
			row := make([]*big.Int, 0, min(n, 1<<16))
			for len(row) < n {
				if !sc.Next() {
					yield(&gameio.Instance{Line: nLine, Fatal: true, Err: fmt.Errorf("the count N = %d, but the input ends after %d coins", n, len(row))})
					return
				}
				v, ok := decimal.Parse(string(sc.Tok))
				if !ok && inst.Err == nil {
					inst.Line, inst.Col = sc.TokLine, sc.TokCol
					inst.Err = fmt.Errorf("coin %d %q: not an integer", len(row)+1, sc.Tok)
				}
				row = append(row, v)
			}
			if inst.Err == nil {
				g := solver.Game{Coins: row, Rules: solverRules(rules)}
				inst.Solve = func(ctx context.Context, _ func(done, total int64)) ([]byte, []string, error) {
					if err := gameio.Fits(ctx, g.SolveBytes(), fmt.Sprintf("a row of %d coins", len(g.Coins))); err != nil {
						return nil, nil, err
					}
					x, err := g.Value(ctx)
					if err != nil {
						return nil, nil, err
					}
					return []byte(x.String() + "\n"), nil, nil
				}
			}
			if !yield(inst) {
				return
			}
		}
		if sc.Err != nil {
			yield(&gameio.Instance{Line: sc.Line(), Fatal: true, Err: fmt.Errorf("reading input: %v", sc.Err)})
		}
	}
}
