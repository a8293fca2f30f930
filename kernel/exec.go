package kernel

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"
	"github.com/expr-lang/expr/vm"

	"gamelab/kernel/games"
)

// cellRun is the state of the cell being executed: where its output goes and
// the Env its builtins see.
type cellRun struct {
	ctx    context.Context
	out    *Output
	opts   ExecOptions
	env    *games.Env
	stdout strings.Builder
	stderr strings.Builder
	page   strings.Builder
	ticks  int
	warned map[string]bool // the warnings given so far
}

func (c *cellRun) print(text string) {
	c.stdout.WriteString(text)
	if c.opts.Stdout != nil {
		io.WriteString(c.opts.Stdout, text)
	}
}

// eprint writes to the cell's error stream (eprint, warnings).
func (c *cellRun) eprint(text string) {
	c.stderr.WriteString(text)
	if c.opts.Stderr != nil {
		io.WriteString(c.opts.Stderr, text)
	}
}

// warn reports a warning on the error stream, once per cell: a sweep such
// as map(1..9, solve(b, #).best) warns about its board once, not nine times.
func (c *cellRun) warn(msg string) {
	if c.warned[msg] {
		return
	}
	if c.warned == nil {
		c.warned = map[string]bool{}
	}
	c.warned[msg] = true
	c.eprint("warning: " + msg + "\n")
}

// showHelp is help text the user asked for: in the pager when the front
// end has one and the user asked with `name?`, else printed.
func (c *cellRun) showHelp(text string, page bool) {
	if !page || !c.opts.Pager {
		c.print(text + "\n")
		return
	}
	if c.page.Len() > 0 {
		c.page.WriteString("\n")
	}
	c.page.WriteString(text + "\n")
}

// clear asks the front end to clear the cell's output (see ExecOptions.Clear).
func (c *cellRun) clear(wait bool) {
	if c.opts.Clear != nil {
		c.opts.Clear(wait)
	}
}

func (c *cellRun) show(d Display) {
	c.out.Displays = append(c.out.Displays, d)
	if c.opts.Display != nil {
		c.opts.Display(d)
	}
}

// interrupted panics with the context's error every so often, so that a long
// loop of pure expr (which never calls a builtin) can still be interrupted:
// expr's VM takes no context. The kernel's operator functions and every loop
// body ($tick, see exactPatch) call it; a check costs an increment, and a
// context look-up once in 1024 calls.
func (c *cellRun) interrupted() {
	c.ticks++
	if c.ticks&1023 == 0 {
		if err := c.ctx.Err(); err != nil {
			panic(err)
		}
	}
}

// Execute runs one cell with pictures (ExecOptions.SVG) and otherwise the
// default options. It never panics; all failures come back in Output.Err.
func (s *Session) Execute(ctx context.Context, code string) *Output {
	return s.ExecuteWith(ctx, code, ExecOptions{SVG: true})
}

// ExecuteWith is Execute with per-cell options. The cell's statements run in
// order; the first that fails stops the cell, and the ones before it keep
// their effect.
func (s *Session) ExecuteWith(ctx context.Context, code string, o ExecOptions) *Output {
	if ctx == nil {
		ctx = context.Background()
	}
	out := &Output{}
	record := !o.Silent && !o.NoHistory
	if record {
		s.count++
		s.inputs[s.count] = code
	}
	out.Count = s.count
	c := &cellRun{ctx: ctx, out: out, opts: o}
	c.env = &games.Env{
		Ctx: ctx,
		Show: func(text, svg string) {
			if !o.SVG {
				svg = "" // a builtin that drew anyway (Env.Pictures is false)
			}
			c.show(Display{Text: text, SVG: svg})
		},
		Print:    c.print,
		Warn:     c.warn,
		Pictures: o.SVG,
	}
	s.cell = c
	defer func() { s.cell = nil }()

	code = strings.ReplaceAll(code, "\r\n", "\n")
	lines := strings.Split(code, "\n")
	stmts := splitStatements(code)
	var result any
	for i, st := range stmts {
		if err := ctx.Err(); err != nil {
			out.Err = &Error{Kind: "Interrupted", Msg: "interrupted", Line: st.line, Column: 1, Source: lines[st.line-1]}
			break
		}
		v, shown, err := s.runStatement(st, lines)
		if err != nil {
			out.Err = err
			break
		}
		if !shown || o.Silent {
			continue
		}
		if v != nil {
			s.last = v // as in Python, nil (print's, assert's) is not a result
		}
		if i == len(stmts)-1 {
			result = v
			if v != nil {
				d := display(v, o.SVG)
				out.Result = &d
			}
		} else if v != nil {
			c.show(display(v, o.SVG))
		}
	}
	if record {
		s.history[s.count] = result
	}
	out.Stdout = c.stdout.String()
	out.Stderr = c.stderr.String()
	out.Page = c.page.String()
	return out
}

// display renders a result for the front ends: its text and, when the
// front end shows pictures and the value has one, its SVG.
func display(v any, pictures bool) Display {
	d := Display{Text: formatValue(v)}
	if p, ok := v.(games.Pictured); ok && pictures {
		d.SVG = p.SVG()
	}
	return d
}

// Input returns the code of cell n, as it was executed.
func (s *Session) Input(n int) (code string, ok bool) {
	code, ok = s.inputs[n]
	return code, ok
}

// Vars returns the names of the session's variables, sorted.
func (s *Session) Vars() []string {
	names := make([]string, 0, len(s.vars))
	for n := range s.vars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// runStatement runs one statement. shown reports a bare expression, whose
// value v the cell shows. A statement that fails changes no variable.
func (s *Session) runStatement(st statement, lines []string) (v any, shown bool, e *Error) {
	defer func() {
		if r := recover(); r != nil {
			e = &Error{Kind: "InternalError", Line: st.line, Column: 1, Source: lines[st.line-1],
				Msg: fmt.Sprintf("internal error in %q: %v", strings.TrimSpace(st.text), r)}
			if debugPanics {
				e.Msg += "\n" + string(debug.Stack())
			}
		}
	}()
	toks, lexErr := lexer.Lex(file.NewSource(st.text))
	if lexErr != nil {
		toks = nil // expr reports the problem when the statement is compiled
	}
	if at := tooDeep(toks); at >= 0 {
		return nil, false, s.errorAt(st, lines, toks[at].From, "SyntaxError",
			fmt.Sprintf("brackets and signs nested more than %d deep", maxNesting))
	}
	if at, ok := helpQuery(toks); ok {
		return nil, false, s.help(st, lines, toks, at, true)
	}
	if len(toks) > 0 && toks[0].Is(lexer.Identifier) {
		switch toks[0].Value {
		case "del":
			if names, ok := delNames(toks); ok {
				return nil, false, s.del(st, lines, toks, names)
			}
		case "help":
			if at, ok := helpName(toks); ok {
				return nil, false, s.help(st, lines, toks, at, false)
			}
		case "vars":
			if len(toks) == 2 || len(toks) == 4 && toks[1].Is(lexer.Bracket, "(") && toks[2].Is(lexer.Bracket, ")") {
				s.cell.print(s.varsText())
				return nil, false, nil
			}
		}
		if eq, groups, ok := assignment(toks); ok {
			return nil, false, s.assign(st, lines, toks, eq, groups)
		}
	}
	v, err := s.eval(st, lines, toks, 0, len([]rune(st.text)))
	return v, true, err
}

// debugPanics adds the stack to internal errors (tests flip it on).
var debugPanics = false

// delNames recognises `del a, b`.
func delNames(toks []lexer.Token) ([]string, bool) {
	var names []string
	for i := 1; i < len(toks)-1; i++ {
		if i%2 == 1 {
			if !toks[i].Is(lexer.Identifier) {
				return nil, false
			}
			names = append(names, toks[i].Value)
		} else if !toks[i].Is(lexer.Operator, ",") {
			return nil, false
		}
	}
	return names, len(names) > 0 && len(toks)%2 == 1
}

// helpName recognises `help`, `help name`, `help(name)` and `help("name")`;
// at is the index of the name's token, -1 for bare help.
func helpName(toks []lexer.Token) (at int, ok bool) {
	switch {
	case len(toks) == 2:
		return -1, true
	case len(toks) == 3 && helpWord(toks[1]):
		return 1, true
	case len(toks) == 5 && toks[1].Is(lexer.Bracket, "(") && helpWord(toks[2]) && toks[3].Is(lexer.Bracket, ")"):
		return 2, true
	}
	return 0, false
}

// helpQuery recognises IPython's help syntax: `name?` and `?name` (or with
// ??), and a lone `?` for the list; at is as helpName's.
func helpQuery(toks []lexer.Token) (at int, ok bool) {
	query := func(t lexer.Token) bool { return t.Is(lexer.Operator, "?", "??") }
	switch {
	case len(toks) == 2 && query(toks[0]):
		return -1, true
	case len(toks) == 3 && query(toks[0]) && helpWord(toks[1]):
		return 1, true
	case len(toks) == 3 && helpWord(toks[0]) && query(toks[1]):
		return 0, true
	}
	return 0, false
}

// helpWord is a token that can name what help describes: a name, a quoted
// name, or a word expr lexes as an operator (not, in, …).
func helpWord(t lexer.Token) bool {
	return t.Is(lexer.Identifier) || t.Is(lexer.String) || t.Is(lexer.Operator) && isIdent(t.Value)
}

// assignment recognises `name = …` and `name[…]…[…] = …`: eq is the index
// of the `=` token, groups the [from, to) token ranges inside each bracket.
func assignment(toks []lexer.Token) (eq int, groups [][2]int, ok bool) {
	i := 1
	for i < len(toks) && toks[i].Is(lexer.Bracket, "[") {
		depth, j := 0, i
		for ; j < len(toks); j++ {
			switch {
			case toks[j].Is(lexer.Bracket, "(", "[", "{"):
				depth++
			case toks[j].Is(lexer.Bracket, ")", "]", "}"):
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j == len(toks) {
			return 0, nil, false
		}
		groups = append(groups, [2]int{i + 1, j})
		i = j + 1
	}
	if i < len(toks) && toks[i].Is(lexer.Operator, "=") {
		return i, groups, true
	}
	return 0, nil, false
}

var historyName = regexp.MustCompile(`^_[0-9]+$`)

// reserved says why name cannot be assigned or deleted, or "".
func (s *Session) reserved(name string) string {
	switch {
	case name == "_" || historyName.MatchString(name):
		return "it is the session's history"
	case strings.HasPrefix(name, "$") || strings.HasPrefix(name, "__"):
		return "names starting with $ or __ are the kernel's"
	}
	if _, ok := s.lookupDoc(name); ok {
		return "it is a builtin"
	}
	for _, n := range exprBuiltinNames {
		if n == name {
			return "it is one of expr's functions"
		}
	}
	for _, n := range exprKeywords {
		if n == name {
			return "it is a keyword"
		}
	}
	return ""
}

// assign runs `name = v` or an indexed assignment.
func (s *Session) assign(st statement, lines []string, toks []lexer.Token, eq int, groups [][2]int) *Error {
	name := toks[0].Value
	if why := s.reserved(name); why != "" {
		return s.errorAt(st, lines, toks[0].From, "NameError", fmt.Sprintf("cannot assign to %s: %s", name, why))
	}
	end := len([]rune(st.text))
	if eq+1 >= len(toks) || toks[eq+1].Is(lexer.EOF) {
		return s.errorAt(st, lines, toks[eq].From, "SyntaxError", "nothing to assign after =")
	}
	if len(groups) == 0 {
		v, err := s.eval(st, lines, toks, toks[eq].To, end)
		if err != nil {
			return err
		}
		s.vars[name] = v
		return nil
	}
	old, ok := s.vars[name]
	if !ok {
		return s.unknownName(st, lines, toks[0].From, name)
	}
	var index []any
	for _, g := range groups {
		from := g[0]
		for k := g[0]; k <= g[1]; k++ {
			if k < g[1] && !(toks[k].Is(lexer.Operator, ",") && depthAt(toks, g[0], k) == 0) {
				continue
			}
			if k == from {
				return s.errorAt(st, lines, toks[k].From, "SyntaxError", "missing index")
			}
			v, err := s.eval(st, lines, toks, toks[from].From, toks[k-1].To)
			if err != nil {
				return err
			}
			index = append(index, v)
			from = k + 1
		}
	}
	v, err := s.eval(st, lines, toks, toks[eq].To, end)
	if err != nil {
		return err
	}
	changed, ierr := setIndex(old, index, v)
	if ierr != nil {
		kind := "TypeError"
		if _, ok := old.(games.Indexable); ok {
			kind = "GameError"
		}
		return s.errorAt(st, lines, toks[1].From, kind, ierr.Error())
	}
	s.vars[name] = changed
	return nil
}

// depthAt is the bracket depth at token k, counting from token from.
func depthAt(toks []lexer.Token, from, k int) int {
	depth := 0
	for _, t := range toks[from:k] {
		switch {
		case t.Is(lexer.Bracket, "(", "[", "{"):
			depth++
		case t.Is(lexer.Bracket, ")", "]", "}"):
			depth--
		}
	}
	return depth
}

// setIndex returns a copy of old with the item at index set to v: a game
// value through its SetIndex (all indices at once, from 1), an array (from 0,
// negative from the end, as expr reads it) or a map by key.
func setIndex(old any, index []any, v any) (any, error) {
	if ix, ok := old.(games.Indexable); ok {
		return ix.SetIndex(index, v)
	}
	if len(index) == 0 {
		return v, nil
	}
	switch x := old.(type) {
	case map[string]any:
		key, ok := index[0].(string)
		if !ok {
			return nil, fmt.Errorf("a map key must be a string, got %s", typeName(index[0]))
		}
		inner, err := setIndex(x[key], index[1:], v)
		if err != nil {
			return nil, err
		}
		m := make(map[string]any, len(x)+1)
		for k, e := range x {
			m[k] = e
		}
		m[key] = inner
		return m, nil
	}
	items, ok := elements(old)
	if !ok {
		return nil, fmt.Errorf("cannot assign to an item of a %s", typeName(old))
	}
	n := asNumber(index[0])
	if n.kind != intNum {
		return nil, fmt.Errorf("an array index must be an integer, got %s", formatValue(index[0]))
	}
	i := int(n.i)
	if i < 0 {
		i += len(items)
	}
	if i < 0 || i >= len(items) {
		return nil, fmt.Errorf("index %d out of range (the array has %d items, from 0)", n.i, len(items))
	}
	inner, err := setIndex(items[i], index[1:], v)
	if err != nil {
		return nil, err
	}
	cp := append([]any(nil), items...)
	cp[i] = inner
	return cp, nil
}

// del runs `del a, b`: all names must exist, or nothing is deleted.
func (s *Session) del(st statement, lines []string, toks []lexer.Token, names []string) *Error {
	for i, n := range names {
		if _, ok := s.vars[n]; ok {
			continue
		}
		if why := s.reserved(n); why != "" {
			return s.errorAt(st, lines, toks[1+2*i].From, "NameError", fmt.Sprintf("cannot delete %s: %s, not a variable", n, why))
		}
		return s.unknownName(st, lines, toks[1+2*i].From, n)
	}
	for _, n := range names {
		delete(s.vars, n)
	}
	return nil
}

// help runs `help`, `help name` and `name?` (query: to the pager, if any),
// where toks[at] names what to describe (at < 0: everything).
func (s *Session) help(st statement, lines []string, toks []lexer.Token, at int, query bool) *Error {
	if at < 0 {
		s.cell.showHelp(s.helpAll(), query)
		return nil
	}
	name := toks[at].Value
	if text, ok := s.describe(name); ok {
		s.cell.showHelp(text, query)
		return nil
	}
	e := s.unknownName(st, lines, toks[at].From, name)
	e.Msg = "no help for " + strings.TrimPrefix(e.Msg, "unknown name ")
	return e
}

// describe is the help text for a builtin, or a variable's type and value.
func (s *Session) describe(name string) (string, bool) {
	if b, ok := s.lookupDoc(name); ok {
		return helpText(b), true
	}
	if historyName.MatchString(name) {
		b, _ := s.lookupDoc("_N")
		return helpText(b), true
	}
	if v, ok := s.vars[name]; ok {
		text := fmt.Sprintf("%s: %s", name, typeName(v))
		if fs := fieldNames(v); len(fs) > 0 {
			text += " (fields " + strings.Join(fs, ", ") + ")"
		}
		return text + "\n" + formatValue(v), true
	}
	for _, n := range exprBuiltinNames {
		if n == name {
			return name + ": one of expr's functions; see expr's language definition (https://expr-lang.org/docs/language-definition)", true
		}
	}
	return "", false
}

// varsText lists the variables with their types and the first line of their
// values.
func (s *Session) varsText() string {
	if len(s.vars) == 0 {
		return "no variables\n"
	}
	var b strings.Builder
	for _, n := range s.Vars() {
		v := s.vars[n]
		text, _, _ := strings.Cut(formatValue(v), "\n")
		if r := []rune(text); len(r) > 60 {
			text = string(r[:59]) + "…"
		}
		fmt.Fprintf(&b, "%s: %s = %s\n", n, typeName(v), text)
	}
	return b.String()
}

// eval compiles and runs the runes [from, to) of the statement as one expr
// expression. Everything outside the range is blanked to spaces, so that
// expr's positions are the statement's own.
func (s *Session) eval(st statement, lines []string, toks []lexer.Token, from, to int) (any, *Error) {
	rs := []rune(st.text)
	src := make([]rune, len(rs))
	for i, r := range rs {
		if (i < from || i >= to) && r != '\n' {
			r = ' '
		}
		src[i] = r
	}
	env := make(map[string]any, len(s.vars)+4)
	for k, v := range s.vars {
		env[k] = v
	}
	env["_"] = s.last
	for _, t := range toks {
		if t.From >= from && t.To <= to && t.Is(lexer.Identifier) && historyName.MatchString(t.Value) {
			n, _ := strconv.Atoi(t.Value[1:])
			if v, ok := s.history[n]; ok {
				env[t.Value] = v
			}
		}
	}
	bigLiterals(src, toks, from, to, env)
	code := string(src)
	opts := append([]expr.Option{expr.Env(env)}, s.funcs...)
	prog, err := expr.Compile(code, opts...)
	if err != nil {
		return nil, s.exprError(st, lines, code, err, true)
	}
	machine := vm.VM{MemoryBudget: s.budget}
	v, err := machine.Run(prog, env)
	if err != nil {
		return nil, s.exprError(st, lines, code, err, false)
	}
	return v, nil
}

// bigLiterals lets an integer literal of any size through expr, whose parser
// takes int64 only: each too-large literal is replaced by a hidden variable
// name of the same length (so columns stay), bound to its *big.Int.
func bigLiterals(src []rune, toks []lexer.Token, from, to int, env map[string]any) {
	n := 0
	for _, t := range toks {
		if !t.Is(lexer.Number) || t.From < from || t.To > to {
			continue
		}
		digits := strings.ReplaceAll(t.Value, "_", "")
		if strings.Trim(digits, "0123456789") != "" {
			continue
		}
		if _, err := strconv.ParseInt(digits, 10, 64); err == nil {
			continue
		}
		b, ok := parseBig(digits)
		if !ok {
			continue
		}
		name := fmt.Sprintf("__big%d", n)
		n++
		if len(name) > t.To-t.From {
			continue
		}
		name += strings.Repeat("_", t.To-t.From-len(name))
		copy(src[t.From:t.To], []rune(name))
		env[name] = b
	}
}

// exprError turns an error of expr into the cell's Error: its kind, a
// message, and the position in the cell.
func (s *Session) exprError(st statement, lines []string, code string, err error, compiling bool) *Error {
	var fe *file.Error
	from := 0
	msg := err.Error()
	if errors.As(err, &fe) {
		from = fe.From
		msg = fe.Message
	}
	var ie *games.InputError
	var be *builtinError
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return s.errorAt(st, lines, from, "Interrupted", "interrupted")
	case errors.As(err, &ie):
		if at, ok := argumentError(code, from, ie); ok {
			from = at
		}
		return s.errorAt(st, lines, from, "GameError", ie.Error())
	case errors.As(err, &be):
		if at, ok := argumentError(code, from, be); ok {
			from = at
		}
		return s.errorAt(st, lines, from, be.kind, be.Error())
	case strings.HasPrefix(msg, "unknown name "):
		return s.unknownName(st, lines, from, strings.TrimPrefix(msg, "unknown name "))
	case strings.Contains(msg, "memory budget exceeded"):
		return s.errorAt(st, lines, from, "MemoryError",
			fmt.Sprintf("memory budget exceeded: more than %d items in ranges and collections (a range like 1..2000000000 is too large)", s.budget))
	}
	kind := "RuntimeError"
	if compiling {
		kind = "TypeError"
		if _, perr := parser.Parse(code); perr != nil {
			kind = "SyntaxError"
		}
	} else if strings.HasPrefix(msg, "invalid operation") || strings.HasPrefix(msg, "cannot ") {
		kind = "TypeError"
	}
	if at, ok := argumentError(code, from, errors.New(msg)); ok && !compiling {
		from = at // an argument error of expr's functions that the kernel defines ($sum)
	}
	return s.errorAt(st, lines, from, kind, msg)
}

// errorAt makes an Error at rune offset at of the statement.
func (s *Session) errorAt(st statement, lines []string, at int, kind, msg string) *Error {
	line, col := st.line, 1
	for _, r := range []rune(st.text)[:min(max(at, 0), len([]rune(st.text)))] {
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	src := ""
	if line-1 < len(lines) {
		src = lines[line-1]
	}
	return &Error{Kind: kind, Msg: msg, Line: line, Column: col, Source: src}
}

// unknownName is the NameError for name, with the nearest known name; for
// _N, which cell there is not.
func (s *Session) unknownName(st statement, lines []string, at int, name string) *Error {
	msg := "unknown name " + name
	if historyName.MatchString(name) {
		n, err := strconv.Atoi(name[1:])
		switch {
		case err != nil || n > s.count:
			msg += fmt.Sprintf(": _N is the result of cell N, and the session is at cell %d", s.count)
		case n == 0:
			msg += ": cells count from 1"
		default:
			msg += fmt.Sprintf(": cell %d kept no result (it ran silently)", n)
		}
		return s.errorAt(st, lines, at, "NameError", msg)
	}
	if near := nearest(name, s.knownNames()); near != "" {
		msg += " (did you mean " + near + "?)"
	}
	return s.errorAt(st, lines, at, "NameError", msg)
}

// knownNames is every name a statement may use: variables, builtins, expr's
// functions and keywords.
func (s *Session) knownNames() []string {
	names := append(s.Vars(), s.builtinNames()...)
	names = append(names, exprBuiltinNames...)
	return append(names, exprKeywords...)
}

// argRef reads the builtin and the argument number out of an argument
// error: "solve: argument 2 (player) must be 1..9, got 12" (games' unpack and
// the kernel's own builtins share that shape).
var argRef = regexp.MustCompile(`^([\pL_$][\pL\pN_$]*): argument ([0-9]+)\b`)

// argumentError points an error that names an argument of a builtin at that
// argument in code, whose call of the builtin is at rune offset at: the
// argument's start, or for a game input error inside a string literal the
// offending token in it. ok is false when code has no such argument.
func argumentError(code string, at int, err error) (pos int, ok bool) {
	fn, k := "", 0
	var ie *games.InputError
	if errors.As(err, &ie) {
		fn, k = ie.Fn, ie.Arg
	} else if m := argRef.FindStringSubmatch(err.Error()); m != nil {
		fn = m[1]
		k, _ = strconv.Atoi(m[2])
	} else {
		return 0, false
	}
	arg, ok := callArgument(code, at, fn, k)
	if !ok {
		return 0, false
	}
	pos = subtreeStart(arg)
	if str, isString := arg.(*ast.StringNode); isString && ie != nil {
		loc := str.Location()
		pos = loc.From + literalRunes([]rune(code)[loc.From:loc.To], ie.Offset)
	}
	return pos, true
}

// callArgument returns argument k (from 1) of the call of fn in code whose
// name is at rune offset at, else of the first call of fn. A piped value
// (`b | solve(4)`) is argument 1, as expr passes it.
func callArgument(code string, at int, fn string, k int) (ast.Node, bool) {
	tree, err := parser.Parse(code)
	if err != nil {
		return nil, false
	}
	var best, arg ast.Node
	ast.Walk(&tree.Node, visitFunc(func(n *ast.Node) {
		var args []ast.Node
		switch c := (*n).(type) {
		case *ast.CallNode:
			if id, ok := c.Callee.(*ast.IdentifierNode); ok && id.Value == fn {
				args = c.Arguments
			}
		case *ast.BuiltinNode: // expr's own names (max, abs, …) parse as builtins
			if c.Name == fn {
				args = c.Arguments
			}
		}
		if k < 1 || k > len(args) {
			return
		}
		from := (*n).Location().From
		if best == nil || best.Location().From != at && (from == at || from < best.Location().From) {
			best, arg = *n, args[k-1]
		}
	}))
	return arg, arg != nil
}

// subtreeStart is the rune offset where the source of node begins: the
// smallest position in its subtree (a binary node's own position is its
// operator's).
func subtreeStart(node ast.Node) int {
	start := node.Location().From
	ast.Walk(&node, visitFunc(func(n *ast.Node) { start = min(start, (*n).Location().From) }))
	return start
}

// visitFunc makes a function an ast.Visitor.
type visitFunc func(n *ast.Node)

func (f visitFunc) Visit(n *ast.Node) { f(n) }

// literalRunes maps a byte offset in a string's value to the rune offset in
// its literal (quote included), decoding escapes as expr does.
func literalRunes(lit []rune, offset int) int {
	if len(lit) < 2 {
		return 0
	}
	raw := lit[0] == '`'
	bytes := 0
	i := 1
	for i < len(lit)-1 && bytes < offset {
		r := lit[i]
		if raw || r != '\\' || i+1 >= len(lit)-1 {
			bytes += len(string(r))
			i++
			continue
		}
		switch lit[i+1] {
		case 'x':
			bytes++
			i += 4
		case 'u':
			v, _ := strconv.ParseUint(string(lit[i+2:min(i+6, len(lit))]), 16, 32)
			bytes += len(string(rune(v)))
			i += 6
		case 'U':
			v, _ := strconv.ParseUint(string(lit[i+2:min(i+10, len(lit))]), 16, 32)
			bytes += len(string(rune(v)))
			i += 10
		case '0', '1', '2', '3', '4', '5', '6', '7':
			bytes++
			i += 4
		default:
			bytes++
			i += 2
		}
	}
	return i
}
