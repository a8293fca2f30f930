package script

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"gamelab/kernel"
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
// output line prefixed like a transcript's.
func ReplayNotebook(src []byte) (got, want string, err error) {
	var nb notebook
	if err := json.Unmarshal(src, &nb); err != nil {
		return "", "", fmt.Errorf("not a notebook: %v", err)
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
				saved.WriteString(multiline(o.Text))
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
			Stderr:  &replay,
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
