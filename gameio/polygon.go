package gameio

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gamelab/solvers/polygon"
)

// SolvePolygons answers every polygon-game instance on in, in the given
// format, on out. Each instance is the vertex count n and then the 2n tokens
// "op1 v1 … opn vn" (+ and *, or IOI's t and x), which may span lines. A bad
// instance is reported on errw as "gamelab polygon: instance K, line L: …"
// and the others are still answered. The result is the exit status: 0 when
// every instance was answered, 1 otherwise, 2 for an unknown format.
func SolvePolygons(format Format, in io.Reader, out, errw io.Writer) int {
	return Batch{Format: format}.Polygons(in, out, errw)
}

// Polygons is SolvePolygons with b's settings.
func (b Batch) Polygons(in io.Reader, out, errw io.Writer) int {
	write, ok := polygonWriters[b.Format]
	if !ok {
		return unknownFormat(errw, "polygon", b.Format)
	}
	data, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintf(errw, "gamelab polygon: reading input: %v\n", err)
		return 1
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	status := 0
	for _, in := range readPolygons(string(data)) {
		if in.err == nil {
			var r *polygon.Result
			m := b.meter(in.num)
			r, in.err = polygon.SolveWith(context.Background(), in.poly, polygon.Options{Progress: m.Update})
			m.End()
			if in.err == nil {
				write(w, in.poly, r)
				continue
			}
			in.err = fmt.Errorf("line %d: %w", in.line, in.err)
		}
		w.Flush() // keep the answers before the error in order on a shared terminal
		fmt.Fprintf(errw, "gamelab polygon: instance %d, %v\n", in.num, in.err)
		status = 1
	}
	return status
}

// unknownFormat reports a format the game has no dialect for; the command
// line checks the flag first, so only a caller's mistake gets here.
func unknownFormat(errw io.Writer, game string, f Format) int {
	fmt.Fprintf(errw, "gamelab %s: no %q format\n", game, f)
	return 2
}

// polygonInstance is one instance read from the batch input, or why it could
// not be read.
type polygonInstance struct {
	num  int // 1-based instance number
	line int // line of its header
	poly *polygon.Polygon
	err  error // set when the instance is bad; the message names its line
}

// readPolygons splits the input into instances. An instance starts at a line
// whose first token is the vertex count n; its 2n tokens follow on that line
// and the next ones, and must end at a line end. A bad count or a token count
// that overruns a line end spoils only that instance: reading goes on at the
// next line.
func readPolygons(text string) []polygonInstance {
	lines := strings.Split(text, "\n")
	var ins []polygonInstance
	for l := 0; l < len(lines); {
		fields := strings.Fields(lines[l])
		if len(fields) == 0 {
			l++
			continue
		}
		in := polygonInstance{num: len(ins) + 1, line: l + 1}
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 1 {
			in.err = fmt.Errorf("line %d: want the number of vertices n ≥ 1, got %q", l+1, fields[0])
			ins = append(ins, in)
			l++
			continue
		}
		// Gather the instance's tokens with the line each came from.
		var toks []string
		var tokLine []int
		rest := fields[1:]
		last := l
		for {
			for _, f := range rest {
				toks = append(toks, f)
				tokLine = append(tokLine, last+1)
			}
			if len(toks) >= 2*n || last+1 >= len(lines) {
				break
			}
			last++
			rest = strings.Fields(lines[last])
		}
		l = last + 1
		switch {
		case len(toks) < 2*n:
			in.err = fmt.Errorf("line %d: n = %d wants %d tokens (op v pairs), input ended after %d", in.line, n, 2*n, len(toks))
		case len(toks) > 2*n:
			in.err = fmt.Errorf("line %d: n = %d wants %d tokens (op v pairs), lines %d-%d hold %d", in.line, n, 2*n, in.line, last+1, len(toks))
		default:
			in.poly, err = polygon.Parse(strings.Join(toks, " "))
			if pe, ok := err.(*polygon.ParseError); ok && pe.Token > 0 {
				err = fmt.Errorf("line %d: %w", tokLine[pe.Token-1], err)
			}
			in.err = err
		}
		ins = append(ins, in)
	}
	return ins
}

var polygonWriters = map[Format]func(w *bufio.Writer, p *polygon.Polygon, r *polygon.Result){
	Seed: writePolygonSeed,
	IOI:  writePolygonIOI,
	JSON: func(w *bufio.Writer, _ *polygon.Polygon, r *polygon.Result) {
		w.Write(append(AppendPolygonJSON(w.AvailableBuffer(), r, nil), '\n'))
	},
}

// writePolygonSeed prints exactly what the game's original program prints:
// the ring as two ASCII lines, each first edge's best score, the plan's first
// edge and merges (as its stack pops them), and the best score.
func writePolygonSeed(w *bufio.Writer, p *polygon.Polygon, r *polygon.Result) {
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

// writePolygonIOI prints POLYGON.OUT: the best score, then every optimal
// first edge; with CRLF line ends like the IOI 1998 files.
func writePolygonIOI(w *bufio.Writer, _ *polygon.Polygon, r *polygon.Result) {
	w.WriteString(r.Best.String() + "\r\n")
	for i, e := range r.Optimal {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.WriteString(strconv.Itoa(e))
	}
	w.WriteString("\r\n")
}
