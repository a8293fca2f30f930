package engine

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"gamelab/kernel"
	"gamelab/kernel/script"
)

// CellMarker is the line that starts a cell in a script the page saves
// (jupytext's "percent" format). It is a comment, so `gamelab run` and
// `gamelab test` read the script as any other.
const CellMarker = "# %%"

// Cells splits a file the page opens into the code of its cells:
//   - a notebook (.ipynb): its code cells, each markdown cell becoming
//     comment lines at the head of the code cell after it;
//   - a script with CellMarker lines (as the page saves one): the text after
//     each marker is a cell;
//   - any other script: one cell per statement, as `gamelab run` runs them
//     (so _N means the same), each with the comment lines before it.
func Cells(name string, src []byte) ([]string, error) {
	if strings.EqualFold(path.Ext(name), ".ipynb") {
		return notebookCells(src)
	}
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	if hasMarker(text) {
		return markedCells(text), nil
	}
	return statementCells(text), nil
}

// isMarker says whether line starts a cell: the marker, alone or followed
// by a title ("# %% the polygon game").
func isMarker(line string) bool {
	line = strings.TrimRight(line, " \t")
	return line == CellMarker || strings.HasPrefix(line, CellMarker+" ")
}

func hasMarker(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if isMarker(line) {
			return true
		}
	}
	return false
}

// markedCells is the text after each marker line, a marker's title ("# %%
// the polygon game") its first line as a comment; what comes before the
// first marker (the saved script's header comment) is a cell only when it
// holds a statement.
func markedCells(text string) []string {
	var cells []string
	var cur []string
	first := true
	end := func() {
		code := trimBlankLines(strings.Join(cur, "\n"))
		if code != "" && (!first || !kernel.Blank(code)) {
			cells = append(cells, code)
		}
		cur, first = nil, false
	}
	for _, line := range strings.Split(text, "\n") {
		if isMarker(line) {
			end()
			if title := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), CellMarker)); title != "" {
				cur = append(cur, "# "+title)
			}
			continue
		}
		cur = append(cur, line)
	}
	end()
	return cells
}

// statementCells is one cell per statement, with the comments before it;
// comments after the last statement join it.
func statementCells(text string) []string {
	var cells []string
	var notes []string
	script.EachStatement(strings.NewReader(text), func(_ int, code string) bool {
		if kernel.Blank(code) {
			notes = append(notes, code)
			return true
		}
		cells = append(cells, trimBlankLines(strings.Join(append(notes, code), "\n")))
		notes = nil
		return true
	})
	if rest := trimBlankLines(strings.Join(notes, "\n")); rest != "" {
		if len(cells) == 0 {
			return []string{rest}
		}
		cells[len(cells)-1] += "\n" + rest
	}
	return cells
}

// notebookCells reads a Jupyter notebook (nbformat 4).
func notebookCells(src []byte) ([]string, error) {
	var nb struct {
		Cells []struct {
			CellType string    `json:"cell_type"`
			Source   multiline `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(src, &nb); err != nil || nb.Cells == nil {
		return nil, fmt.Errorf("not a Jupyter notebook: it has no list of cells")
	}
	var cells, notes []string
	for _, c := range nb.Cells {
		text := trimBlankLines(string(c.Source))
		switch c.CellType {
		case "code":
			cells = append(cells, trimBlankLines(strings.Join(append(notes, text), "\n")))
			notes = nil
		case "markdown", "raw":
			for _, line := range strings.Split(text, "\n") {
				notes = append(notes, strings.TrimRight("# "+line, " "))
			}
		}
	}
	if len(notes) > 0 {
		cells = append(cells, strings.Join(notes, "\n"))
	}
	return cells, nil
}

// multiline is nbformat's multi-line text, written as one string or as a
// list of strings (its lines) to join.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var lines []string
	if err := json.Unmarshal(b, &lines); err == nil {
		*m = multiline(strings.Join(lines, ""))
		return nil
	}
	return json.Unmarshal(b, (*string)(m))
}

// trimBlankLines drops the blank lines at either end of code.
func trimBlankLines(code string) string {
	lines := strings.Split(code, "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}
