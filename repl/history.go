package repl

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"gamelab/internal/files"
)

// History file format: one entry per line, oldest first, appended as each
// entry is entered (one write, so nothing typed is lost if the terminal dies
// and concurrent sessions do not interleave inside an entry). A multi-line
// entry is stored on one line with each line break written as newlineMark;
// Up recalls it as one line showing the marks, and running it (edited or not)
// turns the marks back into line breaks. readline itself keeps no file: the
// REPL owns the file and refills readline's in-memory list after each entry.
const newlineMark = "⏎" // U+23CE RETURN SYMBOL: one column wide, like the '\n' it stands for

// historyLimit is how many entries Up can reach; the file is cut back to the
// newest historyLimit entries when it has grown to twice that.
const historyLimit = 1000

func encodeEntry(code string) string { return strings.ReplaceAll(code, "\n", newlineMark) }
func decodeEntry(line string) string { return strings.ReplaceAll(line, newlineMark, "\n") }

// maxHistoryFile is the largest history file read: a thousand entries of
// a few kilobytes each, with room to spare.
const maxHistoryFile = 64 << 20

// history is the list of entries and the file they persist in.
type history struct {
	path    string
	entries []string // encoded, oldest first
	f       *os.File // opened for appending; nil: memory only
}

// openHistory loads the history file at path ("" for memory only). The
// returned error is a warning: the history still works, in memory.
func openHistory(path string) (*history, error) {
	h := &history{path: path}
	if path == "" {
		return h, nil
	}
	// A regular file only: a FIFO (or a device) named by GAMELAB_HISTORY
	// would block the REPL before its banner, or never end.
	data, err := files.ReadFile(path, maxHistoryFile)
	if err != nil && !os.IsNotExist(err) {
		return h, fmt.Errorf("reading %s: %w", path, err)
	}
	lines := 0
	for line := range strings.Lines(string(data)) {
		lines++
		line = strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(line) != "" {
			h.entries = append(h.entries, line)
		}
	}
	if len(h.entries) > historyLimit {
		h.entries = h.entries[len(h.entries)-historyLimit:]
	}
	if lines >= 2*historyLimit {
		if err := h.rewrite(); err != nil {
			return h, err
		}
	}
	h.f, err = files.Append(path, 0o600)
	if err != nil {
		return h, fmt.Errorf("opening %s: %w", path, err)
	}
	return h, nil
}

// rewrite replaces the file by the entries kept, through a temporary file
// and a rename so that a crash leaves the old or the new file, never half.
func (h *history) rewrite() error {
	var b bytes.Buffer
	for _, e := range h.entries {
		b.WriteString(e + "\n")
	}
	tmp := h.path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o600); err != nil {
		return fmt.Errorf("rewriting %s: %w", h.path, err)
	}
	if err := os.Rename(tmp, h.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("rewriting %s: %w", h.path, err)
	}
	return nil
}

// add appends one entry (the code as run, possibly several lines), unless it
// repeats the previous entry.
func (h *history) add(code string) error {
	e := encodeEntry(strings.TrimRight(code, " \t\n"))
	if strings.TrimSpace(e) == "" || (len(h.entries) > 0 && h.entries[len(h.entries)-1] == e) {
		return nil
	}
	h.entries = append(h.entries, e)
	if len(h.entries) > historyLimit {
		h.entries = h.entries[1:]
	}
	if h.f == nil {
		return nil
	}
	if _, err := h.f.WriteString(e + "\n"); err != nil { // one write(2) per entry

		h.f.Close()
		h.f = nil
		return fmt.Errorf("writing %s: %w", h.path, err)
	}
	return nil
}

func (h *history) close() {
	if h.f != nil {
		h.f.Close()
	}
}

// syncHistory refills readline's in-memory history from r.hist. readline is
// told nothing of entries while they are typed (DisableAutoSaveHistory), so
// a continuation line or an edited recall may leave its cursor or scratch
// copies anywhere in the list; refilling puts Up back at the newest entry.
// Between two Readline calls readline's key loop is idle, so this is safe.
func (r *REPL) syncHistory() {
	r.rl.ResetHistory()
	for _, e := range r.hist.entries {
		r.rl.SaveHistory(e) // no file behind readline: the error is always nil
	}
}
