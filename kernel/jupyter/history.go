package jupyter

import (
	"regexp"
	"strings"
	"sync"
)

// currentSession is the number history_reply gives this kernel's session.
// History lives in memory, so there is only ever the current session;
// requests for other sessions get an empty list.
const currentSession = 1

// historyEntry is one stored cell: its input and, when it had a value, the
// text/plain of that value.
type historyEntry struct {
	line   int // the cell's execution count
	input  string
	output *string
}

// history is the kernel's record of executed cells (store_history cells only).
type history struct {
	mu      sync.Mutex
	entries []historyEntry
}

func (h *history) add(line int, input string, output *string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.entries = append(h.entries, historyEntry{line, input, output})
}

// historyRequest is the content of a history_request.
type historyRequest struct {
	Output         bool   `json:"output"`
	Raw            bool   `json:"raw"`
	HistAccessType string `json:"hist_access_type"`
	Session        int    `json:"session"`
	Start          int    `json:"start"`
	Stop           *int   `json:"stop"`
	N              *int   `json:"n"`
	Pattern        string `json:"pattern"`
	Unique         bool   `json:"unique"`
}

// query answers a history request: a list of [session, line, input] or,
// with Output, [session, line, [input, output]] (output null when the cell
// had no value), oldest first.
func (h *history) query(r historyRequest) []any {
	h.mu.Lock()
	all := append([]historyEntry(nil), h.entries...)
	h.mu.Unlock()

	var sel []historyEntry
	switch r.HistAccessType {
	case "tail":
		n := 10 // IPython's default
		if r.N != nil {
			n = max(*r.N, 0)
		}
		sel = all[max(len(all)-n, 0):]
	case "range":
		// Session 0 means the current one; a negative number counts back
		// from it, a positive one names a session.
		if r.Session != 0 && r.Session != currentSession {
			break
		}
		for _, e := range all {
			if e.line >= r.Start && (r.Stop == nil || *r.Stop <= 0 || e.line < *r.Stop) {
				sel = append(sel, e)
			}
		}
	case "search":
		re := globRegexp(r.Pattern)
		for _, e := range all {
			if re.MatchString(e.input) {
				sel = append(sel, e)
			}
		}
		if r.Unique {
			sel = lastOfEach(sel)
		}
		if r.N != nil {
			sel = sel[max(len(sel)-max(*r.N, 0), 0):]
		}
	}
	out := make([]any, 0, len(sel))
	for _, e := range sel {
		if r.Output {
			var o any // JSON null when the cell had no value
			if e.output != nil {
				o = *e.output
			}
			out = append(out, []any{currentSession, e.line, []any{e.input, o}})
		} else {
			out = append(out, []any{currentSession, e.line, e.input})
		}
	}
	return out
}

// lastOfEach keeps, for each distinct input, only its latest entry (as
// IPython's unique search does), in order.
func lastOfEach(es []historyEntry) []historyEntry {
	last := map[string]int{}
	for i, e := range es {
		last[e.input] = i
	}
	var out []historyEntry
	for i, e := range es {
		if last[e.input] == i {
			out = append(out, e)
		}
	}
	return out
}

// globRegexp turns a glob pattern (as SQLite's GLOB, which IPython's history
// search uses: * any run, ? one character, [..] a class, case-sensitive,
// whole input) into a regexp.
func globRegexp(pattern string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := i + 1
			if j < len(rs) && rs[j] == '^' {
				j++
			}
			if j < len(rs) && rs[j] == ']' {
				j++ // a leading ] is a literal member
			}
			for j < len(rs) && rs[j] != ']' {
				j++
			}
			if j >= len(rs) { // unclosed: a literal [
				b.WriteString(`\[`)
				continue
			}
			class := string(rs[i+1 : j])
			neg := strings.HasPrefix(class, "^")
			class = strings.TrimPrefix(class, "^")
			class = strings.ReplaceAll(class, `\`, `\\`)
			class = strings.ReplaceAll(class, `[`, `\[`)
			class = strings.ReplaceAll(class, `]`, `\]`)
			if neg {
				b.WriteString("[^" + class + "]")
			} else {
				b.WriteString("[" + class + "]")
			}
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString(`\z`)
	re, err := regexp.Compile(b.String())
	if err != nil { // a class such as [z-a]: match it literally instead
		return regexp.MustCompile(`(?s)\A` + regexp.QuoteMeta(pattern) + `\z`)
	}
	return re
}
