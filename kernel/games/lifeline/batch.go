package lifeline

import (
	"context"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"gamelab/gameio"
	"gamelab/kernel/games"
	solver "gamelab/solvers/lifeline"
)

// The batch dialects of Life Line (gamelab lifeline): the judge's
// datasets, "N C" (board size, player) and then the cells row by row, up
// to "0 0" or the end of the input.
func init() {
	Game.Batch = games.Batch{
		Summary: "solve Life Line turns: the judge's datasets (N C, then the board) up to 0 0, one best score per line",
		Input: "datasets until \"0 0\" or end of input, each the board size N and the\n" +
			"player C (1..9), then the board's cells row by row (0 empty, 1..9 a stone):\n" +
			"N(N+1)/2 of them, N² under grid=square.",
		Unit: "dataset",
	}
	Game.Formats = []*games.BatchFormat{
		{Name: "seed", Doc: "the best points of each dataset, one per line (default)", Read: datasets(false)},
		{Name: "json", Doc: "one {\"n\",\"player\",\"best\",\"moves\"} object per dataset, moves being\nevery best vertex as [row, position] (\"rules\" last when they are not the default)", Read: datasets(true)},
	}
}

// appendJSON appends r as {"n":4,"player":4,"best":6,"moves":[[3,2]]}:
// moves lists every best vertex as [row, position], in reading order;
// rules last as "rules" when there are any.
func appendJSON(dst []byte, r *solver.Result, rules map[string]any) []byte {
	dst = strconv.AppendInt(append(dst, `{"n":`...), int64(r.N), 10)
	dst = strconv.AppendInt(append(dst, `,"player":`...), int64(r.Player), 10)
	dst = strconv.AppendInt(append(dst, `,"best":`...), int64(r.Best), 10)
	dst = append(dst, `,"moves":[`...)
	for i, m := range r.Moves {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = gameio.AppendInts(dst, m[:])
	}
	return append(gameio.AppendRules(append(dst, ']'), rules), '}')
}

// datasets reads the judge's datasets and answers each turn under the
// batch's rules: its best points, or (json) its JSON object.
func datasets(json bool) func(io.Reader, games.Rules) iter.Seq[*gameio.Instance] {
	return func(in io.Reader, rules games.Rules) iter.Seq[*gameio.Instance] {
		return func(yield func(*gameio.Instance) bool) {
			sc := gameio.NewScanner(in, solver.IsSpace)
			for {
				inst, b, player := readDataset(sc, gridOf(rules))
				if inst == nil {
					return // "0 0" or the end of the input
				}
				if inst.Err == nil {
					inst.Solve = func(ctx context.Context, _ func(done, total int64)) ([]byte, []string, error) {
						if err := gameio.Fits(ctx, solver.SolveBytes(b.Grid, b.N), fmt.Sprintf("a board of %d vertices", len(b.Cells))); err != nil {
							return nil, nil, err
						}
						res, err := solverRules(rules).Solve(ctx, b, player)
						if err != nil {
							return nil, nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "lifeline: "))
						}
						warns := unreachableWarnings(res.Unreachable)
						if json {
							return append(appendJSON(nil, res, rules.Changed()), '\n'), warns, nil
						}
						return append(strconv.AppendInt(nil, int64(res.Best), 10), '\n'), warns, nil
					}
				}
				if !yield(inst) {
					return
				}
			}
		}
	}
}

// unreachableWarnings say which groups had no empty neighbour before the
// move: the board cannot arise in play, and (as the judge does) they count
// for no move. A large board may have thousands, so only the first few are
// named.
func unreachableWarnings(groups []solver.Group) []string {
	const show = 3
	var out []string
	for i, g := range groups {
		if i == show {
			return append(out, fmt.Sprintf("and %d more such groups", len(groups)-show))
		}
		out = append(out, fmt.Sprintf("unreachable board: the group of %s touches no empty vertex; it counts for no move", g))
	}
	return out
}

// readDataset reads one dataset: nil at "0 0" or the end of the input, else
// the instance (its Err set when the dataset is bad) with its board and
// player.
func readDataset(sc *gameio.Scanner, grid solver.Grid) (inst *gameio.Instance, b *solver.Board, player int) {
	fatal := func(line, col int, format string, a ...any) (*gameio.Instance, *solver.Board, int) {
		return &gameio.Instance{Line: line, Col: col, Err: fmt.Errorf(format, a...), Fatal: true}, nil, 0
	}
	if !sc.Next() {
		if sc.Err != nil {
			return fatal(sc.Line(), 0, "reading the input: %v", sc.Err)
		}
		return nil, nil, 0 // the end, without "0 0": accepted
	}
	header := sc.TokLine
	nLine, nCol, nTok := sc.TokLine, sc.TokCol, string(sc.Tok)
	n, nErr := strconv.Atoi(nTok)
	if !sc.Next() {
		return fatal(nLine, 0, "the input ends after the board size %q; want N C, then the board", nTok)
	}
	cLine, cCol, cTok := sc.TokLine, sc.TokCol, string(sc.Tok)
	player, cErr := strconv.Atoi(cTok)
	if nErr == nil && cErr == nil && n == 0 && player == 0 {
		return nil, nil, 0 // the judge's end marker
	}
	if nErr != nil || n < 1 || n > grid.MaxN() {
		return fatal(nLine, nCol, "board size %q is not a number 1..%d; the rest of the input is not read", nTok, grid.MaxN())
	}
	inst = &gameio.Instance{Line: header}
	if cErr != nil || player < 1 || player > 9 {
		inst.Line, inst.Col, inst.Err = cLine, cCol, fmt.Errorf("player %q is not a number 1..9", cTok)
	}
	want := grid.CellCount(n)
	// Grow the board as cells arrive: a huge N on a short input must not
	// allocate all its cells up front.
	b = &solver.Board{N: n, Grid: grid, Cells: make([]uint8, 0, min(want, 1<<20))}
	for k := range want {
		if !sc.Next() {
			if sc.Err != nil {
				return fatal(sc.Line(), 0, "reading the input: %v", sc.Err)
			}
			return fatal(header, 0, "the input ends after %d of the board's %d cells", k, want)
		}
		c, err := solver.ParseCell(string(sc.Tok))
		if err != nil && inst.Err == nil {
			r, p := b.Coord(k)
			inst.Line, inst.Col, inst.Err = sc.TokLine, sc.TokCol, fmt.Errorf("%v (row %d, position %d)", err, r, p)
		}
		b.Cells = append(b.Cells, c)
	}
	return inst, b, player
}
