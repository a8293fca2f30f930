package script

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"gamelab/internal/files"
	"gamelab/kernel"
	"gamelab/kernel/builtin"
)

// notebook is the part of a saved Jupyter notebook (nbformat 4) that a
// replay needs.
type notebook struct {
	Cells []struct {
		CellType string          `json:"cell_type"`
		Source   json.RawMessage `json:"source"`
		Outputs  []struct {
			OutputType string                     `json:"output_type"`
			Name       string                     `json:"name"`
			Text       json.RawMessage            `json:"text"`
			Data       map[string]json.RawMessage `json:"data"`
			Ename      string                     `json:"ename"`
			Evalue     string                     `json:"evalue"`
		} `json:"outputs"`
	} `json:"cells"`
}

// readNotebook reads a saved notebook; what keeps it from being one is
// said in the user's words: where its JSON breaks, or which field holds
// what where (never encoding/json's Go types).
func readNotebook(src []byte) (*notebook, error) {
	var nb notebook
	err := json.Unmarshal(src, &nb)
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		line, col := linePosition(src, syntax.Offset)
		return nil, fmt.Errorf("not a notebook: it is not JSON (line %d, column %d: %v)", line, col, syntax)
	case errors.As(err, &typ):
		return nil, fmt.Errorf("not a notebook: its %q is %s where %s belongs", typ.Field, builtin.WithArticle(typ.Value), jsonKind(typ.Type))
	case err != nil:
		return nil, fmt.Errorf("not a notebook: %v", err)
	case nb.Cells == nil:
		return nil, errors.New(`not a notebook: it has no "cells"`)
	}
	for i, c := range nb.Cells {
		var text string
		var parts []string
		if len(c.Source) > 0 && json.Unmarshal(c.Source, &text) != nil && json.Unmarshal(c.Source, &parts) != nil {
			return nil, fmt.Errorf(`not a notebook: the "source" of cell %d is neither a string nor a list of strings`, i+1)
		}
	}
	return &nb, nil
}

// linePosition is the line and column (from 1) of byte offset off in src.
func linePosition(src []byte, off int64) (line, col int) {
	off = min(max(off, 1), int64(len(src)))
	before := src[:off-1]
	line = bytes.Count(before, []byte("\n")) + 1
	return line, len(before) - bytes.LastIndexByte(before, '\n')
}

// jsonKind is the kind of JSON value the Go type t reads.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}

// runNotebook runs the code cells of the notebook file name in order, as
// `gamelab run` runs a script's statements: each cell's output to stdout,
// its error to stderr named by the file and the cell ("demo.ipynb[3]:1:5:
// …"). It reports whether a cell failed; without keepGoing it stops at the
// first failure.
func runNotebook(ctx context.Context, s *kernel.Session, name string, stdout, stderr io.Writer, keepGoing bool) (failed bool, err error) {
	src, err := files.ReadFile(name, MaxFile)
	if err != nil {
		return false, err
	}
	nb, err := readNotebook(src)
	if err != nil {
		return false, err
	}
	k := 0
	for _, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		k++
		if RunStatement(ctx, s, fmt.Sprintf("%s[%d]", name, k), 1, multiline(c.Source), stdout, stderr) {
			failed = true
			if !keepGoing || ctx.Err() != nil {
				break
			}
		}
	}
	return failed, nil
}

// multiline reads nbformat's text fields, a string or a list of strings.
func multiline(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []string
	json.Unmarshal(raw, &parts)
	return strings.Join(parts, "")
}

// ReplayNotebook runs a notebook's code cells in order in a new session and
// renders both the saved outputs (want) and the replayed ones (got) the same
// way: each cell's code, then its printed text, displays, result and error
// ("Kind: message", as the Jupyter kernel reports ename and evalue), each
// output line prefixed like a transcript's, time(x)'s wall time on the
// error stream in its shape on both sides (see shapeLines).
func ReplayNotebook(src []byte) (got, want string, err error) {
	nb, err := readNotebook(src)
	if err != nil {
		return "", "", err
	}
	s := kernel.NewSession()
	var g, w strings.Builder
	n := 0
	for _, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		n++
		code := multiline(c.Source)
		head := fmt.Sprintf("# In [%d]:\n%s\n", n, strings.TrimSuffix(code, "\n"))
		g.WriteString(head)
		w.WriteString(head)

		var saved strings.Builder
		for _, o := range c.Outputs {
			switch o.OutputType {
			case "stream":
				text := multiline(o.Text)
				if o.Name == "stderr" {
					text = shapeLines(text)
				}
				saved.WriteString(text)
			case "display_data", "execute_result":
				saved.WriteString(strings.TrimSuffix(multiline(o.Data["text/plain"]), "\n") + "\n")
			case "error":
				saved.WriteString(o.Ename + ": " + o.Evalue + "\n")
			}
		}
		writeOutputLines(&w, saved.String())

		var replay clearable
		out := s.ExecuteWith(context.Background(), code, kernel.ExecOptions{
			Stdout:  &replay,
			Stderr:  shaped{&replay},
			Display: func(d kernel.Display) { replay.WriteString(d.Text + "\n") },
			Clear:   replay.clear,
		})
		if out.Result != nil {
			replay.WriteString(out.Result.Text + "\n")
		}
		if out.Err != nil {
			replay.WriteString(string(out.Err.Kind) + ": " + out.Err.Msg + "\n")
		}
		writeOutputLines(&g, replay.b.String())
	}
	return g.String(), w.String(), nil
}

// clearable is a cell's replayed output as a notebook keeps it: clear()
// empties it, at once or (wait) when the next output arrives, as Jupyter
// clients handle clear_output.
type clearable struct {
	b       strings.Builder
	pending bool // a clear(true) waits for the next output
}

func (c *clearable) Write(p []byte) (int, error) { return c.WriteString(string(p)) }

func (c *clearable) WriteString(s string) (int, error) {
	if c.pending && s != "" {
		c.b.Reset()
		c.pending = false
	}
	return c.b.WriteString(s)
}

func (c *clearable) clear(wait bool) {
	if wait {
		c.pending = true
		return
	}
	c.b.Reset()
	c.pending = false
}
