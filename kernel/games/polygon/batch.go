package polygon

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode"

	"gamelab/gameio"
	"gamelab/kernel/games"
	solver "gamelab/solvers/polygon"
)

// The batch dialects of the polygon game (gamelab polygon): every instance
// is the vertex count n and then the 2n tokens "op1 v1 … opn vn", which
// may span lines.
func init() {
	Game.Batch = games.Batch{
		Summary: "polygon game: the best score and an optimal plan for each ring on standard input",
		Input: "rings until end of input, each the vertex count n and then\n" +
			"\"op1 v1 … opn vn\" (operators +, * and -, or t and x; the 2n tokens may span lines).",
		Unit: "instance",
	}
	Game.Formats = []*games.BatchFormat{
		{Name: "seed", Doc: "the ring drawn in two lines, each first edge's best score, the plan's\nfirst edge and merges, and the best score (default)", Read: reader(writeSeed)},
		{Name: "ioi", Doc: "IOI 1998's POLYGON.OUT: the best score, then every optimal first edge (CRLF)", Read: reader(writeIOI)},
		{Name: "json", Doc: "one {\"n\",\"scores\",\"best\",\"optimal\",\"first\",\"merges\"} object per ring\n(\"rules\" last when they are not the default)", Read: reader(writeJSON)},
	}
}

// writer writes one answer of a dialect.
type writer func(w *bytes.Buffer, p *solver.Polygon, r *solver.Result, rules games.Rules)

// reader is the instances of a dialect: the rings of the input, each
// solved under the batch's rules and answered by write.
func reader(write writer) func(in io.Reader, rules games.Rules) iter.Seq[*gameio.Instance] {
	return func(in io.Reader, rules games.Rules) iter.Seq[*gameio.Instance] {
		return func(yield func(*gameio.Instance) bool) {
			data, err := io.ReadAll(in)
			if err != nil {
				yield(&gameio.Instance{Line: 1, Err: fmt.Errorf("reading input: %v", err), Fatal: true})
				return
			}
			for _, ring := range readRings(string(data)) {
				in := &gameio.Instance{Line: ring.line, Col: ring.col, Err: ring.err}
				if ring.err == nil {
					p := ring.poly
					in.Solve = func(ctx context.Context, progress func(done, total int64)) ([]byte, []string, error) {
						room := min(gameio.Room(ctx), solver.DefaultMaxTableBytes)
						r, err := solver.SolveWith(ctx, p, solver.Options{Progress: progress, Goal: goalOf(rules), MaxTableBytes: room})
						var size *solver.SizeError
						if errors.As(err, &size) && room < solver.DefaultMaxTableBytes {
							err = &gameio.RoomError{What: fmt.Sprintf("a ring of %d vertices", size.N), Need: size.Need, Room: room}
						}
						if err != nil {
							return nil, nil, err
						}
						var b bytes.Buffer
						write(&b, p, r, rules)
						return b.Bytes(), nil, nil
					}
				}
				if !yield(in) {
					return
				}
			}
		}
	}
}

// ring is one instance read from the batch input, or why it could not be
// read.
type ring struct {
	line, col int // of its header, or of the token at fault (col 0: none)
	poly      *solver.Polygon
	err       error
}

// readRings splits the input into instances. An instance starts at a line
// whose first token is the vertex count n; its 2n tokens follow on that line
// and the next ones, and must end at a line end. A token count that overruns
// a line end spoils only that instance: reading goes on at the next line. A
// bad count spoils the lines after it up to the next that starts with a
// number, which are its ring's and would each be reported as a bad count.
func readRings(text string) []ring {
	lines := strings.Split(text, "\n")
	var out []ring
	for l := 0; l < len(lines); {
		fields, cols := fieldsAt(lines[l])
		if len(fields) == 0 {
			l++
			continue
		}
		in := ring{line: l + 1}
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 1 {
			in.col = cols[0]
			in.err = fmt.Errorf("want the number of vertices n ≥ 1, got %q", fields[0])
			if err != nil && isCount(fields[0]) {
				in.err = fmt.Errorf("the number of vertices %s is too large", solver.ShortToken(fields[0]))
			}
			out = append(out, in)
			for l++; l < len(lines) && !startsWithCount(lines[l]); l++ {
			}
			continue
		}
		// Gather the instance's tokens with the line and column each came from.
		var toks []string
		var tokLine, tokCol []int
		rest, restCols := fields[1:], cols[1:]
		last := l
		for {
			for i, f := range rest {
				toks = append(toks, f)
				tokLine = append(tokLine, last+1)
				tokCol = append(tokCol, restCols[i])
			}
			if len(toks) >= 2*n || last+1 >= len(lines) {
				break
			}
			if len(toks)%2 == 0 && startsWithCount(lines[last+1]) {
				break // an operator is due, and the line starts with a count: the next ring's header
			}
			last++
			rest, restCols = fieldsAt(lines[last])
		}
		l = last + 1
		switch {
		case len(toks) < 2*n && l >= len(lines):
			in.err = fmt.Errorf("n = %d wants %d tokens (op v pairs), input ended after %d", n, 2*n, len(toks))
		case len(toks) < 2*n:
			in.err = fmt.Errorf("n = %d wants %d tokens (op v pairs), %s %s only %d before the next ring's count on line %d",
				n, 2*n, lineSpan(in.line, last+1), holdVerb(in.line, last+1), len(toks), l+1)
		case len(toks) > 2*n:
			in.err = fmt.Errorf("n = %d wants %d tokens (op v pairs), lines %d-%d hold %d", n, 2*n, in.line, last+1, len(toks))
		default:
			in.poly, err = solver.Parse(strings.Join(toks, " "))
			if pe, ok := err.(*solver.ParseError); ok && pe.Token > 0 {
				in.line, in.col = tokLine[pe.Token-1], tokCol[pe.Token-1]
			}
			in.err = err
		}
		out = append(out, in)
	}
	return out
}

// lineSpan names lines a..b of the input: "line 3", "lines 3-4".
func lineSpan(a, b int) string {
	if a == b {
		return fmt.Sprintf("line %d", a)
	}
	return fmt.Sprintf("lines %d-%d", a, b)
}

// holdVerb agrees with lineSpan(a, b): "holds", "hold".
func holdVerb(a, b int) string {
	if a == b {
		return "holds"
	}
	return "hold"
}

// fieldsAt is strings.Fields of a line with the column (in bytes, from 1)
// where each field starts.
func fieldsAt(line string) (fields []string, cols []int) {
	start := -1
	for i, r := range line + " " {
		switch {
		case unicode.IsSpace(r) && start >= 0:
			fields, cols = append(fields, line[start:i]), append(cols, start+1)
			start = -1
		case !unicode.IsSpace(r) && start < 0:
			start = i
		}
	}
	return fields, cols
}

// startsWithCount says a line's first token is a whole number: a ring's
// header, where a line of its tokens starts with an operator.
func startsWithCount(line string) bool {
	first := strings.TrimLeftFunc(line, unicode.IsSpace)
	if end := strings.IndexFunc(first, unicode.IsSpace); end >= 0 {
		first = first[:end] // not the whole line's fields: a skipped line may be long
	}
	return isCount(first)
}

// isCount says tok is written as a count: digits, perhaps after a "+".
func isCount(tok string) bool {
	digits := strings.TrimPrefix(tok, "+")
	return digits != "" && strings.Trim(digits, "0123456789") == ""
}

// writeSeed prints exactly what the game's original program prints: the
// ring as two ASCII lines, each first edge's best score, the plan's first
// edge and merges (as its stack pops them), and the best score.
func writeSeed(w *bytes.Buffer, p *solver.Polygon, r *solver.Result, _ games.Rules) {
	top, bottom := p.SeedDiagram()
	fmt.Fprintln(w, top)
	fmt.Fprintln(w, bottom)
	for i, s := range r.Scores {
		fmt.Fprintf(w, "i=%d %s\n", i+1, s)
	}
	fmt.Fprintf(w, "firstDelEdge=%d\n", r.First)
	for _, e := range r.Merges {
		fmt.Fprintf(w, "stack--> %d\n", e)
	}
	fmt.Fprintf(w, "BestScore=%s\n", r.Best)
}

// writeIOI prints POLYGON.OUT: the best score, then every optimal first
// edge, with CRLF line ends.
func writeIOI(w *bytes.Buffer, _ *solver.Polygon, r *solver.Result, _ games.Rules) {
	fmt.Fprintf(w, "%s\r\n", r.Best)
	for i, e := range r.Optimal {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.WriteString(strconv.Itoa(e))
	}
	w.WriteString("\r\n")
}

func writeJSON(w *bytes.Buffer, _ *solver.Polygon, r *solver.Result, rules games.Rules) {
	w.Write(append(appendJSON(nil, r, rules.Changed()), '\n'))
}

// appendJSON appends r as
// {"n":5,"scores":[168,480,488,488,120],"best":488,"optimal":[3,4],"first":3,"merges":[2,1,5,4]},
// rules last as "rules" when there are any: what --format json and
// json(solve(p)) write.
func appendJSON(dst []byte, r *solver.Result, rules map[string]any) []byte {
	dst = strconv.AppendInt(append(dst, `{"n":`...), int64(r.N), 10)
	dst = gameio.AppendBigs(append(dst, `,"scores":`...), r.Scores)
	dst = r.Best.Append(append(dst, `,"best":`...), 10)
	dst = gameio.AppendInts(append(dst, `,"optimal":`...), r.Optimal)
	dst = strconv.AppendInt(append(dst, `,"first":`...), int64(r.First), 10)
	dst = gameio.AppendInts(append(dst, `,"merges":`...), r.Merges)
	return append(gameio.AppendRules(dst, rules), '}')
}
