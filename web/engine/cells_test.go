package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/script"
)

// TestStatementCells: a script without markers opens as one cell per
// statement, so running the cells one by one prints what `gamelab run`
// prints for the file, and _N means the same.
func TestStatementCells(t *testing.T) {
	for _, name := range []string{"tour.gl", "numbering.gl", "coins_sample.gl"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "..", "scripts", name))
			if err != nil {
				t.Fatal(err)
			}
			cells, err := Cells(name, src)
			if err != nil {
				t.Fatal(err)
			}
			var whole, errs strings.Builder
			script.RunScript(context.Background(), kernel.NewSession(), name, strings.NewReader(string(src)), &whole, &errs, true)
			var byCell strings.Builder
			s := kernel.NewSession()
			for i, code := range cells {
				if kernel.Blank(code) {
					t.Errorf("cell %d holds no statement: %q", i+1, code)
				}
				script.RunStatement(context.Background(), s, name, 1, code, &byCell, &errs)
			}
			if byCell.String() != whole.String() {
				t.Errorf("the cells print\n%s\ngamelab run prints\n%s", byCell.String(), whole.String())
			}
		})
	}
}

func TestCells(t *testing.T) {
	for _, c := range []struct {
		name, file, src string
		want            []string
	}{
		{"statements with their comments", "a.gl", "# one\nx = 1\n\n# two\n# lines\ny = [1,\n  2]\n# trailing\n",
			[]string{"# one\nx = 1", "# two\n# lines\ny = [1,\n  2]\n# trailing"}},
		{"comments only", "a.gl", "# nothing to run\n", []string{"# nothing to run"}},
		{"empty", "a.gl", "", nil},
		{"CRLF", "a.gl", "x = 1\r\ny = 2\r\n", []string{"x = 1", "y = 2"}},
		{"a saved notebook", "n.gl", "# header\n# more\n\n# %%\np = 1\nq = 2\n\n# %%\n# note\np + q\n",
			[]string{"p = 1\nq = 2", "# note\np + q"}},
		{"titles, empty cells, code before the first marker", "n.gl", "x = 1\n# %% The title\ny = 2\n# %%\n\n# %%   \nz = 3",
			[]string{"x = 1", "# The title\ny = 2", "z = 3"}},
		{"a notebook", "n.ipynb", `{"cells": [
			{"cell_type": "markdown", "source": ["# Title\n", "\n", "Some text"]},
			{"cell_type": "code", "source": "x = 1\n"},
			{"cell_type": "code", "source": ["y = 2\n", "x + y"]},
			{"cell_type": "markdown", "source": "the end"}]}`,
			[]string{"# # Title\n#\n# Some text\nx = 1", "y = 2\nx + y", "# the end"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Cells(c.file, []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") || len(got) != len(c.want) {
				t.Errorf("cells %q\nwant  %q", got, c.want)
			}
		})
	}
}

func TestCellsNotNotebook(t *testing.T) {
	for _, src := range []string{"x = 1", `{"nbformat": 4}`, `[1, 2]`} {
		if cells, err := Cells("x.ipynb", []byte(src)); err == nil || !strings.Contains(err.Error(), "not a Jupyter notebook") {
			t.Errorf("%s: cells %q, error %v", src, cells, err)
		}
	}
}

// TestNotebookCells: every code cell of the repository's notebooks opens,
// in order, with its markdown before it as comments.
func TestNotebookCells(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "scripts", "demo.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	cells, err := Cells("demo.ipynb", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) == 0 || !strings.HasPrefix(cells[0], "# # gamelab in Jupyter\n") ||
		!strings.HasSuffix(cells[0], "p = polygon(\"* -5 + -2 * -8 * -5 + 8\")\nshow(p)") {
		t.Errorf("demo.ipynb's first cell: %q", cells)
	}
	if last := cells[len(cells)-1]; last != "at(d, 3, 5)" {
		t.Errorf("demo.ipynb's last cell: %q", last)
	}
}
