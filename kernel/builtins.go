package kernel

// The kernel's own builtins and the one place help, completion and inspect
// read documentation from: kernelBuiltins here and games.Builtins.

import (
	"errors"
	"fmt"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"

	"gamelab/kernel/games"
)

// kernelBuiltin is a builtin of the session itself. Its documentation has the
// same shape as a game builtin's; call is nil for the statement forms (help,
// vars, del) and the history names, which only have documentation.
type kernelBuiltin struct {
	doc  builtin.Builtin
	call func(s *Session, args ...any) (any, error)
}

// kernelBuiltins is the kernel's table, in the order help lists it.
var kernelBuiltins = []*kernelBuiltin{
	{doc: builtin.Builtin{
		Name:      "print",
		Signature: "print(x, …)",
		Doc:       "Writes its arguments to the output, separated by spaces and followed by a newline: strings as they are, everything else as a result is shown.",
		Example:   `print("best:", 488)`,
	}, call: func(s *Session, args ...any) (any, error) { s.cell.print(printLine(args)); return nil, nil }},
	{doc: builtin.Builtin{
		Name:      "eprint",
		Signature: "eprint(x, …)",
		Doc: "Writes its arguments as print does, but to the error stream: Jupyter shows it apart as stderr, " +
			"the REPL in its error colour, piped gamelab on stderr. For warnings and progress notes that are not results.",
		Example: `eprint("note: this board is large")`,
	}, call: func(s *Session, args ...any) (any, error) { s.cell.eprint(printLine(args)); return nil, nil }},
	{doc: builtin.Builtin{
		Name:      "clear",
		Signature: "clear() / clear(wait)",
		Doc: "Clears the cell's output so far: Jupyter empties the cell's output area, the REPL the screen; " +
			"scripts and piped input go on as if it were not there. With wait true the output goes only when " +
			"the next output arrives, so a loop that clears and shows plays as an animation without flicker.",
		Example: `map(0..4, {clear(true); show(rotate(polygon("* -5 + -2 * -8 * -5 + 8"), #))}) | len()`,
	}, call: func(s *Session, args ...any) (any, error) {
		wait := false
		if len(args) > 1 {
			return nil, fmt.Errorf("clear: takes 0 or 1 arguments (wait), got %d", len(args))
		}
		if len(args) == 1 {
			w, ok := args[0].(bool)
			if !ok {
				return nil, builtin.ArgError("clear", 1, "wait", "must be true or false, got %s", errorValue(args[0]))
			}
			wait = w
		}
		s.cell.clear(wait)
		return nil, nil
	}},
	{doc: builtin.Builtin{
		Name:      "type",
		Signature: "type(x)",
		Doc:       "The name of x's type: int (of any size), float, string, bool, array, map, nil, or the game value's kind.",
		Example:   `type(2 ** 100)`,
		Returns:   []any{""},
	}, call: func(_ *Session, args ...any) (any, error) {
		if len(args) != 1 {
			return nil, fmt.Errorf("type: takes 1 argument (x), got %d", len(args))
		}
		return builtin.TypeName(args[0]), nil
	}},
	{doc: builtin.Builtin{
		Name:      "assert",
		Signature: "assert(condition) / assert(condition, message)",
		Doc:       "Fails the statement unless condition is true: a script's way to check an answer (with message saying what was expected).",
		Example:   `assert(2 ** 10 == 1024, "a kilo")`,
	}, call: func(_ *Session, args ...any) (any, error) {
		if len(args) < 1 || len(args) > 2 {
			return nil, fmt.Errorf("assert: takes 1 or 2 arguments (condition, message), got %d", len(args))
		}
		if ok, isBool := args[0].(bool); !isBool {
			return nil, builtin.ArgError("assert", 1, "condition", "must be true or false, got %s", errorValue(args[0]))
		} else if ok {
			return nil, nil
		}
		if len(args) == 2 {
			return nil, fmt.Errorf("assertion failed: %s", printText(args[1]))
		}
		return nil, errors.New("assertion failed")
	}},
	{doc: builtin.Builtin{
		Name:      "table",
		Signature: "table(x)",
		Doc: "A table of a list of maps (a column per key) or of a list of lists (columns numbered from 1): aligned " +
			"columns in a terminal, an HTML table in Jupyter. A list of maps with the same keys, what a sweep " +
			"returns, shows as one by itself; t.columns and t.rows hold its parts.",
		Example: `table([[1, "one"], [2, "two"]])`,
		Returns: []any{&printer.Table{}},
	}, call: callTable},
	{doc: builtin.Builtin{
		Name:      "time",
		Signature: "time(x)",
		Doc: "Returns x and writes how long working it out took (wall time) to the error stream, as IPython's %time does. " +
			"x is worked out inside time, so time(solve(p)).best times the solve.",
		Example: `time(solve(randcoins(1000, 1))).best`,
	}, call: func(_ *Session, args ...any) (any, error) {
		// Only reached when time(x) was not rewritten (timing.go): x is
		// its value all the same.
		if len(args) != 1 {
			return nil, fmt.Errorf("time: takes 1 argument (x), got %d", len(args))
		}
		return args[0], nil
	}},
	{doc: builtin.Builtin{
		Name:      "sum",
		Signature: "sum(array) / sum(array, predicate)",
		Doc:       "Adds up the numbers of an array (or the predicate's value for each item) exactly, integers of any size included.",
		Example:   `sum(1..100)`,
	}},
	{doc: builtin.Builtin{
		Name:      "max",
		Signature: "max(a, b, …) / max(array)",
		Doc:       "The largest of its arguments or of the items of one array, compared exactly.",
		Example:   `max([3, 2 ** 70, -1])`,
	}, call: extremum("max", 1)},
	{doc: builtin.Builtin{
		Name:      "min",
		Signature: "min(a, b, …) / min(array)",
		Doc:       "The smallest of its arguments or of the items of one array, compared exactly.",
		Example:   `min(3, -2 ** 70)`,
	}, call: extremum("min", -1)},
	{doc: builtin.Builtin{
		Name:      "abs",
		Signature: "abs(x)",
		Doc:       "The absolute value of x, exact for integers of any size.",
		Example:   `abs(-2 ** 64)`,
	}, call: callPlain(numAbs)},
	{doc: builtin.Builtin{
		Name:      "help",
		Signature: "help / help(name) / name?",
		Doc: "Without a name, lists every builtin and statement. With one, shows that builtin's signature, what it does and an example " +
			"(a statement; `help name` works too). `name?` or `?name` asks the same, as in IPython: Jupyter opens it in its pager, a terminal prints it.",
		Example: `help(solve)`,
	}},
	{doc: builtin.Builtin{
		Name:      "vars",
		Signature: "vars",
		Doc:       "Lists the session's variables with their types and values (a statement).",
		Example:   `vars`,
	}},
	{doc: builtin.Builtin{
		Name:      "del",
		Signature: "del name, …",
		Doc:       "Removes variables from the session (a statement).",
		Example:   `del p`,
	}},
	{doc: builtin.Builtin{
		Name:      "_",
		Signature: "_",
		Doc:       "The value of the last expression shown.",
		Example:   `_ * 2`,
	}},
	{doc: builtin.Builtin{
		Name:      "_N",
		Signature: "_N",
		Doc:       "The result of cell N (its last bare expression), nil when that cell showed nothing: _3 is cell 3's.",
		Example:   `_1`,
	}},
}

// numberingHelp opens help: the one numbering (index.go), said once.
const numberingHelp = `Indices count from 1, on game values and every list alike: p[2] is vertex 2, as is
p.values[2]; [10, 20, 30][1] is 10, -1 the last; xs[2:4] is items 2 to 4 (both included).
"hello"[1] is "h"; indexOf, findIndex and #index give positions from 1 too.`

// statementsHelp documents the statement forms that are not names.
var statementsHelp = []struct{ form, text string }{
	{"name = expr", "binds a variable"},
	{"x[i] = v", "changes item i of a list or game value in place, b[r, p] = v a board cell"},
	{"expr", "shows its value; a list or map of more than 1000 numbers and strings in all shows only the " +
		"first and last 3 items of each part longer than 10 (as numpy does) and says how many it showed: " +
		"print(x), text(x), json(x), save(x, \"x.txt\") give all; a list of maps with the same keys shows as a table"},
	{"a; b", "two statements on one line"},
	{"# comment", "to the end of the line (inside brackets # is expr's predicate element; use //)"},
}

// exprBuiltinNames are expr's own functions, for completion and spelling
// suggestions: the ones helptopics.go documents.
var exprBuiltinNames = func() []string {
	var names []string
	for _, g := range exprFunctionDocs {
		for _, d := range g.docs {
			names = append(names, d.Name)
		}
	}
	return names
}()

// exprKeywords are words of expr's syntax.
var exprKeywords = []string{
	"true", "false", "nil", "let", "if", "else", "in", "not", "and", "or",
	"matches", "contains", "startsWith", "endsWith",
}

func callPlain(fn func(args ...any) (any, error)) func(*Session, ...any) (any, error) {
	return func(_ *Session, args ...any) (any, error) { return fn(args...) }
}

// printLine is what print and eprint write: the arguments separated by
// spaces, strings as they are, and a newline.
func printLine(args []any) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = printText(a)
	}
	return strings.Join(parts, " ") + "\n"
}

// gameBuiltins is games.Builtins and the session's extra builtins.
func (s *Session) gameBuiltins() []*builtin.Builtin {
	if len(s.extra) == 0 {
		return games.Builtins
	}
	return append(append([]*builtin.Builtin(nil), games.Builtins...), s.extra...)
}

// lookupDoc finds the documentation of a builtin, the game builtins first.
func (s *Session) lookupDoc(name string) (*builtin.Builtin, bool) {
	for _, b := range s.gameBuiltins() {
		if b.Name == name {
			return b, true
		}
	}
	for _, k := range kernelBuiltins {
		if k.doc.Name == name {
			return &k.doc, true
		}
	}
	return nil, false
}

// builtinNames lists every name the session defines itself, for completion
// and suggestions.
func (s *Session) builtinNames() []string {
	var names []string
	for _, b := range s.gameBuiltins() {
		names = append(names, b.Name)
	}
	for _, k := range kernelBuiltins {
		if k.doc.Name != "_N" {
			names = append(names, k.doc.Name)
		}
	}
	return names
}

// defaultWidth is the width help wraps to when the front end does not say
// (not a terminal, Jupyter's pager).
const defaultWidth = 80

// helpWidth is the cell's width for help (ExecOptions.Width), else
// defaultWidth; never so narrow that the text cannot wrap.
func (s *Session) helpWidth() int {
	if s.cell == nil || s.cell.opts.Width <= 0 {
		return defaultWidth
	}
	return max(s.cell.opts.Width, 40)
}

// helpText is help(name)'s text, also what Inspect returns: the signature,
// the doc paragraph wrapped to width, an example.
func helpText(b *builtin.Builtin, width int) string {
	var w strings.Builder
	w.WriteString(b.Signature)
	w.WriteString("\n" + indented(b.Doc, width, "    "))
	if b.Example != "" {
		fmt.Fprintf(&w, "\nexample: %s", b.Example)
	}
	return w.String()
}

// helpAll is bare help's text, wrapped to width: how indices count, every
// builtin with the first sentence of its doc, the statements, expr's own
// functions by group and the topics.
func (s *Session) helpAll(width int) string {
	var w strings.Builder
	w.WriteString(wrap(numberingHelp, width, "") + "\n\n")
	section := func(title string, docs []*builtin.Builtin) {
		if len(docs) == 0 {
			return
		}
		fmt.Fprintf(&w, "%s:\n", title)
		col := 0
		for _, d := range docs {
			col = max(col, len([]rune(d.Signature)))
		}
		col = min(col, 34)
		for _, d := range docs {
			w.WriteString(listEntry(d.Signature, firstSentence(d.Doc), col, width) + "\n")
		}
		w.WriteString("\n")
	}
	section("games", s.gameBuiltins())
	kdocs := make([]*builtin.Builtin, len(kernelBuiltins))
	for i, k := range kernelBuiltins {
		kdocs[i] = &k.doc
	}
	section("session", kdocs)
	w.WriteString(wrap("statements (one per line, or separated by ;; an open bracket or raw string continues one):", width, "  ") + "\n")
	for _, st := range statementsHelp {
		w.WriteString(listEntry(st.form, st.text, 17, width) + "\n")
	}
	w.WriteString("\n" + wrap("expr's own functions (help(name) shows one, with an example):", width, "  ") + "\n")
	for _, g := range exprFunctionDocs {
		names := make([]string, len(g.docs))
		for i, d := range g.docs {
			names[i] = d.Name
		}
		w.WriteString(listEntry(g.group+":", strings.Join(names, " "), 21, width) + "\n")
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

func firstSentence(doc string) string {
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
