package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"gamelab/solvers/polygon"
)

var polygonCommand = &command{
	name:    "polygon",
	summary: "solve polygon-game instances from standard input (SPEC §2)",
	usage: "[--format seed|ioi|json]\n\n" +
		"Input: instances until end of input, each the vertex count n and then\n" +
		"\"op1 v1 … opn vn\" (+ * or IOI t x; the 2n tokens may span lines).\n" +
		"seed: output as seed 000's program; ioi: best score and optimal first\n" +
		"edges (CRLF, as the IOI 1998 files); json: one object per instance.",
	run: runPolygon,
}

// polygonInstance is one instance read from the batch input, or why it could
// not be read.
type polygonInstance struct {
	num  int // 1-based instance number
	line int // line of its header
	poly *polygon.Polygon
	err  error // set when the instance is bad; the message names its line
}

func runPolygon(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	format, ok := batchFormat("polygon", args, stderr, "seed", "ioi", "json")
	if !ok {
		return 2
	}
	write := polygonWriters[format]
	data, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab polygon: reading input: %v\n", err)
		return 1
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	for _, in := range readPolygonInstances(string(data)) {
		if in.err == nil {
			var r *polygon.Result
			if r, in.err = polygon.Solve(context.Background(), in.poly); in.err == nil {
				write(out, in.poly, r)
				continue
			}
			in.err = fmt.Errorf("line %d: %w", in.line, in.err)
		}
		out.Flush() // keep the answers before the error in order on a shared terminal
		fmt.Fprintf(stderr, "gamelab polygon: instance %d, %v\n", in.num, in.err)
		status = 1
	}
	return status
}

// readPolygonInstances splits the input into instances. An instance starts
// at a line whose first token is the vertex count n; its 2n tokens follow on
// that line and the next ones, and must end at a line end. A bad count or a
// token count that overruns a line end spoils only that instance: reading
// goes on at the next line.
func readPolygonInstances(text string) []polygonInstance {
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

var polygonWriters = map[string]func(w *bufio.Writer, p *polygon.Polygon, r *polygon.Result){
	"seed": writePolygonSeed,
	"ioi":  writePolygonIOI,
	"json": writePolygonJSON,
}

// writePolygonSeed prints exactly what seed 000's PloygonAgent prints.
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
	fmt.Fprintf(w, "%s\r\n%s\r\n", r.Best, joinInts(r.Optimal, " "))
}

func writePolygonJSON(w *bufio.Writer, _ *polygon.Polygon, r *polygon.Result) {
	fmt.Fprintf(w, `{"n":%d,"scores":[%s],"best":%s,"optimal":[%s],"first":%d,"merges":[%s]}`+"\n",
		r.N, joinBig(r.Scores), r.Best, joinInts(r.Optimal, ","), r.First, joinInts(r.Merges, ","))
}

func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}

func joinBig(xs []*big.Int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = x.String() // JSON integers: exact, any size
	}
	return strings.Join(s, ",")
}
