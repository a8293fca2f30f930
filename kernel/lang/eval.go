package lang

// Compiling and running one expr expression of a statement.

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"
	"github.com/expr-lang/expr/vm"

	"gamelab/internal/decimal"
	"gamelab/internal/detach"
	"gamelab/kernel/builtin"
)

// Source is one expression of a statement to compile and run: the runes
// [From, To) of the statement's text. Everything outside the range is
// blanked to spaces, so that expr's positions, and an Error's At, are the
// statement's own.
type Source struct {
	Text     string        // the statement
	Tokens   []lexer.Token // its tokens; nil when it does not lex
	From, To int
}

// Names looks up a name of the session: a variable, _ or _N.
type Names func(name string) (any, bool)

// compiled is one expression of a statement, parsed once: the tree serves
// compiling, running and pointing errors at arguments.
type compiled struct {
	code string         // the expression as parsed: its own runes, big literals and predicates cut out
	tree *parser.Tree   // parsed, patched and checked
	env  map[string]any // the names the expression uses, and their values
	prog *vm.Program
}

// Eval compiles and runs src as one expr expression in the running cell.
//
// Compiling a large expression runs on a goroutine of its own
// (detach.Run): expr's parser, checker and compiler poll nothing, and a
// statement of megabytes keeps them busy for seconds, so Ctrl-C stops the
// wait at once and the session goes on. One past expr's limit is compiled
// in parts (divide.go). Everything the compiling reads of the session (its
// names' values) is gathered here first, and what it tells the session
// (a map literal's columns) is told here after, so that a compile left
// behind touches nothing the session uses.
func (l *Language) Eval(src Source, names Names) (any, *Error) {
	if v, e, divided := l.evalDivided(src, names); divided { // divide.go
		if e == nil && nestedTooDeep(v) {
			return nil, &Error{Kind: builtin.RuntimeError, Msg: errTooDeep.Msg, At: src.From}
		}
		return v, e
	}
	u := l.unit(src)
	env := envFor(u, l.withValues(names))
	var c *compiled
	var e *Error
	var notes [][]string
	poll := l.cur.meter.Check // the cell's, read here: a compile left behind must not read l.cur
	run := detach.Run
	if len(u.Tokens) < detachAbove && len(u.Text) < detachAbove*16 {
		run = detach.Call // a millisecond at most: not worth a goroutine's wake-up
	}
	if err := run(l.cur.env().Ctx, func() { c, e = l.compile(u, env, poll, &notes) }); err != nil {
		return nil, &Error{Kind: builtin.Interrupted, Msg: "interrupted", At: src.From}
	}
	if l.cfg.NoteColumns != nil {
		for _, keys := range notes {
			l.cfg.NoteColumns(keys)
		}
	}
	if e != nil {
		return nil, e.from(src.From)
	}
	// expr's own budget counts items, cumulatively, garbage included; the
	// cell's meter (package budget) measures the heap instead, so expr's is
	// turned off rather than left to refuse work that fits.
	machine := vm.VM{MemoryBudget: math.MaxUint}
	l.cur.kept = l.cur.kept[:0] // a filter that failed left its count
	l.cur.vm = &machine
	defer func() { l.cur.vm = nil }()
	v, err := machine.Run(c.prog, c.env)
	if err != nil {
		return nil, runError(c.tree, c.code, err, l.PlainWords).from(src.From)
	}
	if nestedTooDeep(v) { // see depth.go: nothing may keep or show it
		return nil, &Error{Kind: builtin.RuntimeError, Msg: errTooDeep.Msg, At: src.From}
	}
	return v, nil
}

// detachAbove is how many tokens (or sixteen times as many bytes) an
// expression must hold for its compiling to run detached: less compiles
// in well under a millisecond, and a part of a divided statement of 20,000
// would wait for 20,000 goroutines' wake-ups.
const detachAbove = 1024

// from is e at offset at of the statement, e.At counting from there.
func (e *Error) from(at int) *Error {
	e.At += at
	return e
}

// unit is the expression of src alone: its runes and its tokens, every
// offset counted from src.From. Compiling it then costs the expression's
// size, not its statement's: a statement of many expressions (x[1][2]…
// = v) would otherwise make each of them as long as all of them. The
// runes of the statement are made once for all its expressions, and not
// at all for an expression that is its whole statement.
func (l *Language) unit(src Source) Source {
	var u Source
	from, to := max(src.From, 0), src.To
	// Whole when it starts at 0 and ends at the end (counted only then: a
	// count for each of 20,000 parts would be quadratic).
	if from == 0 && (to >= len(src.Text) || to >= utf8.RuneCountInString(src.Text)) {
		n := utf8.RuneCountInString(src.Text)
		u, to = Source{Text: src.Text, To: n}, n
	} else {
		if l.runesOf.text != src.Text || l.runesOf.runes == nil {
			l.runesOf.text, l.runesOf.runes = src.Text, []rune(src.Text)
		}
		rs := l.runesOf.runes
		to = min(max(to, 0), len(rs))
		from = min(from, to)
		u = Source{Text: string(rs[from:to]), To: to - from}
	}
	if src.Tokens == nil {
		return u // it does not lex: expr's parser says why
	}
	first := sort.Search(len(src.Tokens), func(i int) bool { return src.Tokens[i].From >= from })
	for _, t := range src.Tokens[first:] {
		if t.To > to || t.Is(lexer.EOF) {
			break
		}
		t.From, t.To = t.From-from, t.To-from
		u.Tokens = append(u.Tokens, t)
	}
	eof := lexer.Token{Kind: lexer.EOF}
	eof.From, eof.To = max(u.To-1, 0), u.To // where expr's parser places the end
	u.Tokens = append(u.Tokens, eof)
	return u
}

// compile parses the expression once, then checks, optimises and compiles
// that tree, as expr.Compile would after parsing it itself. Each phase's
// failure is its own kind of error: the parser's a SyntaxError, a name the
// session does not know a NameError, the checker's a TypeError. env is the
// session's names the expression uses (envFor); poll is the cell's, called
// every so often in the language's own passes (in proportion to their
// work, so that a small statement polls never) to stop the compiling by a
// panic when the cell has stopped; the keys of the expression's map
// literals are appended to notes.
func (l *Language) compile(src Source, env map[string]any, poll func(), notes *[][]string) (*compiled, *Error) {
	text := []rune(src.Text)
	code := slices.Clone(text)
	c := &compiled{env: env}
	bigLiterals(code, src.Tokens, src.From, src.To, c.env)
	preds := l.cutPredicates(code, text, src.Tokens, c.env, poll) // predicates.go
	if preds.err != nil {
		return nil, preds.err
	}
	indices := twoIndices(code, src.Tokens, src.From, src.To) // multiindex.go
	if e := indices.err(); e != nil {
		return nil, e
	}
	c.code = string(code)

	config := l.configFor(c.env)
	tree, err := parser.ParseWithConfig(c.code, config)
	if err != nil {
		if id, ok := unknownCallee(src, config, errorOffset(err)); ok {
			// filtr(xs, {# > 1}): the misspelt name, not the braces that
			// only a known function reads as a predicate.
			return nil, &Error{Kind: builtin.NameError, Msg: "unknown name " + id.Value, At: id.From, Unknown: id.Value}
		}
		return nil, syntaxError(src, err)
	}
	c.tree = tree
	preds.bind(&tree.Node)
	indices.bind(&tree.Node)
	shadowLets(&tree.Node, c.env)
	callValues(&tree.Node, c.env)
	inTree := namesOf(tree) // one walk for the three checks below
	if id := unknownIdentifier(inTree, config); id != nil {
		if id.Value == "help" {
			// help(1), help(x + 1): help is a statement about one name.
			return nil, &Error{Kind: builtin.SyntaxError, Msg: `help takes one name, as in help(solve), help("rules") or help alone for the list`, At: id.Location().From}
		}
		return nil, &Error{Kind: builtin.NameError, Msg: "unknown name " + id.Value, At: id.Location().From, Unknown: id.Value}
	}
	if p := inTree.pointer; p != nil {
		return nil, &Error{Kind: builtin.NameError, At: p.Location().From,
			Msg: "unknown name #" + p.Name + ": in a predicate, # is the item, #index its index and #acc the value so far (in reduce)"}
	}
	if e := methodCall(c.tree, c.env); e != nil {
		return nil, e
	}
	if id := functionValue(inTree, config); id != nil {
		return nil, &Error{Kind: builtin.TypeError, At: id.Location().From,
			Msg: fmt.Sprintf("%s is a function, not a value: call it, as in %s(…) (help(%s) shows how)", id.Value, id.Value, id.Value)}
	}
	note := func(keys []string) { *notes = append(*notes, keys) }
	var e *Error
	if c.prog, e = l.build(tree, config, note); e != nil {
		return nil, e
	}
	return c, nil
}

// configFor is expr's configuration of an expression over the names env:
// the language's functions, made once (base), and env. Only the names
// change from one expression to the next, and expr reads the tables of
// functions and builtins without writing them, so they are shared;
// applying the options anew made a cell's configuration cost about 40% of
// a trivial cell (a few hundred map insertions). Its cost is env's size,
// so env holds only the names the expression uses.
func (l *Language) configFor(env map[string]any) *conf.Config {
	b := l.base
	config := &conf.Config{
		Optimize: b.Optimize, ShortCircuit: b.ShortCircuit, MaxNodes: b.MaxNodes,
		ConstFns: b.ConstFns, Functions: b.Functions, Builtins: b.Builtins, Disabled: b.Disabled,
	}
	expr.Env(env)(config)
	config.Check()
	return config
}

// build patches, checks, optimises and compiles a parsed tree, as
// expr.Compile would, note told the keys of its map literals. The patches
// are this compile's own (its note, not the session's: see Eval); expr
// checks the tree before each of them, and after, more than once: a call
// whose type a check has set is not looked into again, and the language
// relies on that (filter(xs, #index > 1), which exactPatch wraps, checks
// only so).
func (l *Language) build(tree *parser.Tree, config *conf.Config, note func(keys []string)) (*vm.Program, *Error) {
	config.Visitors = []ast.Visitor{extensionPatch{note}, exactPatch{}}
	if _, err := new(checker.Checker).PatchAndCheck(tree, config); err != nil {
		return nil, exprError(builtin.TypeError, err, l.PlainWords)
	}
	if config.Optimize {
		if err := optimizer.Optimize(&tree.Node, config); err != nil {
			return nil, exprError(builtin.TypeError, err, l.PlainWords)
		}
	}
	prog, err := compiler.Compile(tree, config)
	if err != nil {
		// The compiler fails only by a panic it recovers, with its Go stack
		// after the first line: a case the checks above missed, a bug.
		first, _, _ := strings.Cut(err.Error(), "\n")
		return nil, &Error{Kind: builtin.InternalError, Msg: "internal error compiling the statement: " + first}
	}
	return prog, nil
}

// envFor is the environment of the expression: only the names its tokens
// use, and _. Building it costs the expression's size, not the session's:
// nothing is copied per statement that the statement does not use.
func envFor(src Source, names Names) map[string]any {
	env := map[string]any{}
	env["_"], _ = names("_")
	for _, t := range src.Tokens {
		if t.From < src.From || t.To > src.To || !t.Is(lexer.Identifier) {
			continue
		}
		if v, ok := names(t.Value); ok {
			env[t.Value] = v
		}
	}
	return env
}

// unknownIdentifier is the first name in tree that is neither in the
// environment, nor a function, nor declared by a let: what expr's checker
// would report as "unknown name", found here so that it is a NameError by
// construction rather than by the checker's message.
func unknownIdentifier(names treeNames, config *conf.Config) *ast.IdentifierNode {
	return names.first(func(id *ast.IdentifierNode) bool {
		return !names.declared[id.Value] && !isVariable(config, id.Value) && !isFunction(config, id.Value)
	})
}

// functionValue is the first name in tree that names a function but is
// not called: `x = solve` or len(solve). expr would make it nil (x became
// nil in silence) or a Go function whose type its messages spell out.
func functionValue(names treeNames, config *conf.Config) *ast.IdentifierNode {
	return names.first(func(id *ast.IdentifierNode) bool {
		return !names.called[id] && !names.declared[id.Value] && !isVariable(config, id.Value) && isFunction(config, id.Value)
	})
}

// isFunction says name is one of the language's functions.
func isFunction(config *conf.Config, name string) bool {
	_, isFunc := config.Functions[name]
	_, isBuiltin := config.Builtins[name]
	return isFunc || isBuiltin
}

// isVariable says name is in the expression's environment.
func isVariable(config *conf.Config, name string) bool {
	_, ok := config.Env.Get(&config.NtCache, name)
	return ok
}

// treeNames are the names of a tree: its identifiers, the names its lets
// declare ($env too), the nodes it calls, and its first #name that is not
// #, #index or #acc (expr's checker reports most of those, but not one
// under an operator the language patches, 1 > #0, and then its compiler
// panics and says so with a Go stack).
type treeNames struct {
	ids      []*ast.IdentifierNode
	declared map[string]bool
	called   map[ast.Node]bool
	pointer  *ast.PointerNode
}

func namesOf(tree *parser.Tree) treeNames {
	t := treeNames{declared: map[string]bool{"$env": true}, called: map[ast.Node]bool{}}
	ast.Walk(&tree.Node, visitFunc(func(n *ast.Node) {
		switch x := (*n).(type) {
		case *ast.CallNode:
			t.called[x.Callee] = true
		case *ast.VariableDeclaratorNode:
			t.declared[x.Name] = true
		case *ast.IdentifierNode:
			t.ids = append(t.ids, x)
		case *ast.PointerNode:
			if x.Name != "" && x.Name != "index" && x.Name != "acc" && (t.pointer == nil || x.Location().From < t.pointer.Location().From) {
				t.pointer = x
			}
		}
	}))
	return t
}

// first is the identifier that comes first in the statement of those pick
// takes, nil when it takes none.
func (t treeNames) first(pick func(id *ast.IdentifierNode) bool) *ast.IdentifierNode {
	var first *ast.IdentifierNode
	for _, id := range t.ids {
		if pick(id) && (first == nil || id.Location().From < first.Location().From) {
			first = id
		}
	}
	return first
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
		b, ok := decimal.Parse(digits)
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

// Magics are IPython's % commands a user may type, and what does their
// work here.
var Magics = map[string]string{
	"save": `save_session("file.gl")`, "who": "vars", "whos": "vars", "time": "time(x)", "timeit": "time(x)",
}

// magicHint is what an error at the "%" of t says when it starts an
// IPython magic (%save study.gl): what to write instead.
func magicHint(toks []lexer.Token, t lexer.Token) string {
	for i, tok := range toks[:len(toks)-1] {
		if tok == t && toks[i+1].Is(lexer.Identifier) {
			if instead, ok := Magics[toks[i+1].Value]; ok {
				return fmt.Sprintf(" (IPython's %%%s is %s here)", toks[i+1].Value, instead)
			}
			return " (gamelab has no % commands: help lists what it has)"
		}
	}
	return ""
}

// assignsField says toks end in a field, perhaps indexed: p.values,
// p.values[1], the target of an = that cannot assign.
func assignsField(toks []lexer.Token) bool {
	k := len(toks) - 1
	for k >= 0 && toks[k].Is(lexer.Bracket, "]") { // skip [...] groups
		depth := 0
		for ; k >= 0; k-- {
			if toks[k].Is(lexer.Bracket, "]") {
				depth++
			} else if toks[k].Is(lexer.Bracket, "[") {
				if depth--; depth == 0 {
					k--
					break
				}
			}
		}
	}
	return k >= 1 && toks[k].Is(lexer.Identifier) && toks[k-1].Is(lexer.Operator, ".")
}

// syntaxError is the SyntaxError for expr's parser error err: the token it
// trips on in the user's words (expr writes it as Go, Operator("=")),
// with a hint where a user's intent is plain: a map written as a
// predicate's body, map(xs, {v: #}), which expr reads as the predicate
// {…} and then trips on the ":" (it means ({v: #})), or an = inside an
// expression, where == compares.
func syntaxError(src Source, err error) *Error {
	toks := src.Tokens
	at, msg := errorOffset(err), errorMessage(err)
	if msg == exprTooLarge {
		msg = tooLargeMessage // divide.go
	}
	for k, t := range toks {
		if t.From == at && strings.Contains(msg, t.String()) {
			msg = strings.Replace(msg, "token "+t.String(), tokenWords(t), 1)
			msg = strings.Replace(msg, t.String(), tokenWords(t), 1)
			switch {
			case t.Is(lexer.Operator, "=") && assignsField(toks[:k]):
				// p.values = [1]: values are changed through their items
				msg += " (a field cannot be assigned: x[i] = v changes item i, with(x, {…}) the rules)"
			case t.Is(lexer.Operator, "="):
				msg += " (== compares; name = value, a statement of its own, assigns)"
			case t.Is(lexer.EOF) && len(toks) > 0 && toks[0].Value == "let":
				msg += " (a let names a value for the expression after its ;, as in let x = 6; x * 7)"
			case t.Is(lexer.Operator, "%"):
				msg += magicHint(toks, t)
			}
			break
		}
	}
	for i := 2; i < len(toks); i++ {
		if toks[i].From == at && toks[i].Is(lexer.Operator, ":") && toks[i-2].Is(lexer.Bracket, "{") &&
			(toks[i-1].Is(lexer.Identifier) || toks[i-1].Is(lexer.String)) && predicateBrace(toks, i-2) {
			msg = "a map as a predicate's value needs brackets: write ({" + toks[i-1].Value + ": …}); {…} alone is the predicate's body"
		}
	}
	return &Error{Kind: builtin.SyntaxError, Msg: msg, At: at}
}
