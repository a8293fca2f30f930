// Package docs writes gamelab's help: one builtin's text (help(name),
// Jupyter's inspect), bare help's list of everything, and the topics that
// are no builtin (help(rules): the games' rules; help(syntax): the
// language's), all wrapped to the width of the front end. The builtins'
// own documentation is beside their code, in their libraries' tables.
package docs

import (
	"fmt"
	"strings"

	"gamelab/kernel/builtin"
)

// DefaultWidth is the width help wraps to when the front end does not say
// (not a terminal, Jupyter's pager).
const DefaultWidth = 80

// numberingHelp opens help: the one numbering (index.go), said once.
const numberingHelp = `Indices count from 1, on game values and every list alike: p[2] is vertex 2, as is
p.values[2]; [10, 20, 30][1] is 10, -1 the last; xs[2:4] is items 2 to 4 (both included).
"hello"[1] is "h"; indexOf, findIndex and #index give positions from 1 too. b[r, p] is a
board's stone and d[i, j] a DP table's cell, as at(b, r, p) and at(d, i, j) read them.`

// statementsHelp documents the statement forms that are not names.
var statementsHelp = []struct{ form, text string }{
	{"name = expr", "binds a variable"},
	{"x[i] = v", "changes item i of a list or game value in place, b[r, p] = v a board cell"},
	{"expr", "shows its value; a list or map of more than 1000 numbers and strings in all shows only the " +
		"first and last 3 items of each part longer than 10 (as numpy does) and says how many it showed: " +
		"print(x), text(x), json(x), save(x, \"x.txt\") give all (a string of more than a megabyte shows its start " +
		"and length); a sweep's list of maps (one map literal made them) shows as a table"},
	{"a; b", "two statements on one line"},
	{"# comment", "to the end of the line (inside brackets # is expr's predicate element; use //, so 7 // 2 is 7: div(7, 2) is the integer quotient)"},
}

// Text is help(name)'s text, also what Inspect returns: the signature,
// the doc paragraph wrapped to width, an example.
func Text(b *builtin.Builtin, width int) string {
	var w strings.Builder
	w.WriteString(wrapSignature(b.Signature, width))
	w.WriteString("\n" + indented(b.Doc, width, "    "))
	if b.Example != "" {
		fmt.Fprintf(&w, "\nexample: %s", b.Example)
	}
	return w.String()
}

// Section is one part of bare help's list: a title and its builtins.
type Section struct {
	Title    string
	Builtins []*builtin.Builtin
}

// Group is a group of expr's own functions, listed by name.
type Group struct {
	Title string
	Names []string
}

// All is bare help's text, wrapped to width: how indices count, every
// builtin of each section with the first sentence of its doc, the
// statements, expr's own functions by group and the topics.
func All(sections []Section, groups []Group, width int) string {
	var w strings.Builder
	w.WriteString(wrap(numberingHelp, width, "") + "\n\n")
	for _, s := range sections {
		if len(s.Builtins) == 0 {
			continue
		}
		fmt.Fprintf(&w, "%s:\n", s.Title)
		col := 0
		for _, d := range s.Builtins {
			col = max(col, len([]rune(d.Signature)))
		}
		col = min(col, 34)
		for _, d := range s.Builtins {
			w.WriteString(listEntry(d.Signature, FirstSentence(d.Doc), col, width) + "\n")
		}
		w.WriteString("\n")
	}
	w.WriteString(wrap("statements (one per line, or separated by ;; an open bracket or raw string continues one):", width, "  ") + "\n")
	for _, st := range statementsHelp {
		w.WriteString(listEntry(st.form, st.text, 17, width) + "\n")
	}
	w.WriteString("\n" + wrap("expr's own functions (help(name) shows one, with an example):", width, "  ") + "\n")
	for _, g := range groups {
		w.WriteString(listEntry(g.Title+":", strings.Join(g.Names, " "), 21, width) + "\n")
	}
	w.WriteString("\n" + wrap("help(rules) states the three games' rules; help(syntax) explains #, a..b, let, "+
		"predicates {…} and the rest of the language; help(name) shows one builtin in detail.", width, ""))
	return w.String()
}

// listEntry is one entry of a list in help: "  name  text", the text
// wrapped to width in a column at col+4 when that leaves it room, else
// under the name, indented.
func listEntry(name, text string, col, width int) string {
	n := len([]rune(name))
	if width-(col+4) >= 50 && n <= col {
		return "  " + name + strings.Repeat(" ", col-n+2) + wrapFrom(text, width, col+4, strings.Repeat(" ", col+4))
	}
	if 2+n+2+len([]rune(firstWord(text))) <= width {
		return "  " + name + "  " + wrapFrom(text, width, 2+n+2, "      ")
	}
	return "  " + wrapSignature(name, width) + "\n" + indented(text, width, "      ")
}

// wrapSignature breaks a signature too long for width after its " / "
// between forms (play(x) / play(coins, "A" | "B" | "both") / …), each later
// line indented under the first.
func wrapSignature(sig string, width int) string {
	if 2+len([]rune(sig)) <= width {
		return sig
	}
	forms := strings.Split(sig, " / ")
	var b strings.Builder
	col := 2
	for i, f := range forms {
		n := len([]rune(f))
		if i < len(forms)-1 {
			n += 2 // the " /" that follows it
		}
		if i > 0 {
			if col+3+n > width {
				b.WriteString(" /\n    ")
				col = 4
			} else {
				b.WriteString(" / ")
				col += 3
			}
		}
		b.WriteString(f)
		col += len([]rune(f))
	}
	return b.String()
}

func firstWord(text string) string {
	f := strings.Fields(text)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// FirstSentence is the first sentence of doc, what bare help lists.
func FirstSentence(doc string) string {
	if i := strings.Index(doc, ". "); i >= 0 {
		return doc[:i+1]
	}
	return doc
}

// indented is text filled to width columns, every line indented.
func indented(text string, width int, indent string) string {
	return indent + wrapFrom(text, width, len(indent), indent)
}

// wrap fills text to width columns, each line after the first indented;
// the first starts at the left margin.
// Wrap is text wrapped to width, its lines after the first indented by
// indent: a paragraph of help that is no builtin's (a game of the
// session's).
func Wrap(text string, width int, indent string) string { return wrap(text, width, indent) }

func wrap(text string, width int, indent string) string {
	return wrapFrom(text, width, 0, indent)
}

// wrapFrom fills text to width columns, the first line starting at column
// start (the caller has written what comes before it), each line after it
// indented. A word longer than a line has one to itself.
func wrapFrom(text string, width, start int, indent string) string {
	var w strings.Builder
	col := start
	for i, word := range strings.Fields(text) {
		n := len([]rune(word))
		if i > 0 {
			if col+1+n > width {
				w.WriteString("\n")
				w.WriteString(indent)
				col = len(indent)
			} else {
				w.WriteString(" ")
				col++
			}
		}
		w.WriteString(word)
		col += n
	}
	return w.String()
}
