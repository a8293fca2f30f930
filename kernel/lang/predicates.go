package lang

// What gamelab's own builtins take besides plain values: a {…} predicate
// (strategy's rule, shrink's property), a named value (the strategies
// optimal and greedy), and a range too long to list (randcoins' values:
// -10**30..10**30).
//
// expr reads {…} as a predicate's body only inside its own builtins (map,
// filter, …); anywhere else it is a map literal, so strategy({"L"}) does
// not even parse. Before the statement is parsed, each {…} at an argument
// a builtin declares a predicate (builtin.Builtin.Predicates) is cut out:
// blanks and a one-rune placeholder take its place, so every other
// position stays the statement's own, and the body is parsed on its own,
// as the predicate of a made-up all(0, {…}) over the same columns. After
// the statement is parsed, the placeholder becomes $predicate(name, k, …): at
// run time it makes a builtin.Predicate that holds the body, the session's
// values it reads, and the values of the lets around it that it uses (k),
// as a closure captures them. Its body is compiled once, when it is first
// called, as reduce([$it], {body}, nil): a one-item loop of expr's that
// binds # to the argument.

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"
	"github.com/expr-lang/expr/vm"

	"gamelab/kernel/builtin"
	"gamelab/kernel/word"
)

func init() {
	hidden["$predicate"] = bindPredicate
	hidden["$span"] = spanOf
}

// cut is the {…} predicates cut out of one statement (or out of the body
// of another predicate) before it is parsed.
type cut struct {
	preds []*pending
	err   *Error // a body that does not parse: the statement's SyntaxError
}

// pending is one {…} predicate of a statement, parsed: what $predicate
// needs to make it a value at run time. It and predicate sit in the
// expression's names, where expr looks at them through reflection, so they
// hold only plain fields and functions: the body and the language stay
// behind make's closure (body), out of reflection's reach, and so out of
// the WebAssembly engine's size.
type pending struct {
	name   string   // its name in the expression's names, "$p 0", "$p 1", …: no name a statement can write
	at     int      // where placeholder stands in for it in the text it was cut from
	source string   // the {…} as written, for its text
	free   []string // the names it reads that the lets around it give
	// freeAt is where each free name is first written, in the offsets of
	// the text it was cut from (the statement, or the body around it).
	freeAt map[string]int
	// make is the predicate with the values of the free names.
	make func(captured map[string]any) *predicate
}

// placeholder is the name that stands in for a {…} cut out, at its first
// rune, until the tree it is parsed into has its $predicate call there
// instead: one rune, so it fits any predicate ({1}, or a brace alone on
// its line), and the place, not the name, says which predicate it is.
const placeholder = "ᐅ"

// body is a predicate's body, parsed: what compiling it takes.
type body struct {
	l     *Language
	code  string         // all(0, {body}) over the body's columns, inner predicates cut
	env   map[string]any // the statement's names (shared: inner predicates' names too)
	names []string       // those of env that the body reads
	inner *cut           // the predicates inside it
	toks  []lexer.Token  // its tokens, in code's offsets, for a syntax error's words
	shift int            // code's offset + shift is the statement's
}

// cutter cuts the predicates out of one expression and out of their
// bodies, in one pass over each: a statement of 10,000 predicates is cut
// in time linear in its length.
type cutter struct {
	l    *Language
	env  map[string]any // the expression's names: each predicate's is added
	poll func()         // the cell's poll (see compile)
	n    int            // the predicates cut so far
	work int            // the tokens read so far, at every depth of predicates
}

// cutPredicates cuts every {…} at a predicate argument out of code (the
// expression as it will be parsed; text as written, toks its tokens),
// writing placeholder in its place, and parses each body; env gets their
// names.
func (l *Language) cutPredicates(code, text []rune, toks []lexer.Token, env map[string]any, poll func()) *cut {
	k := &cutter{l: l, env: env, poll: poll}
	return k.cut(code, text, toks, 0, len(code))
}

// cut cuts the predicates whose tokens lie in the runes [from, to) of
// code; text is code as written (before big literals were renamed), for
// each predicate's source.
func (k *cutter) cut(code, text []rune, toks []lexer.Token, from, to int) *cut {
	c := &cut{}
	closing := matchingBrackets(toks)
	// calls are the open brackets, innermost last: for the ( of a call of
	// a builtin that takes predicates, or the { of a map of them at its
	// argument, what it takes; nil for any other bracket.
	var calls []*predicateCall
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.From < from || t.To > to {
			continue
		}
		if k.work++; k.work%1024 == 0 {
			k.poll()
		}
		var call *predicateCall
		if n := len(calls); n > 0 {
			call = calls[n-1]
		}
		switch {
		case t.Is(lexer.Bracket, "("):
			var opens *predicateCall
			if i > 0 && toks[i-1].Is(lexer.Identifier) {
				if args, maps := k.l.predicateArgs(toks[i-1].Value); len(args) > 0 || len(maps) > 0 {
					opens = &predicateCall{args: args, maps: maps, arg: 1}
					if i > 1 && toks[i-2].Is(lexer.Operator, "|") {
						opens.arg = 2 // x | shrink({…}): the piped value is argument 1
					}
				}
			}
			calls = append(calls, opens)
		case t.Is(lexer.Bracket, "{") && call != nil:
			end := closing[i]
			var whole bool // the {…} is the whole argument, or the whole value of the map
			switch {
			case !call.inMap && (toks[i-1].Is(lexer.Bracket, "(") || toks[i-1].Is(lexer.Operator, ",")) && slices.Contains(call.args, call.arg) && !mapLiteral(toks, i):
				whole = end+1 < len(toks) && (toks[end+1].Is(lexer.Operator, ",") || toks[end+1].Is(lexer.Bracket, ")"))
			case !call.inMap && slices.Contains(call.maps, call.arg) && mapLiteral(toks, i):
				calls = append(calls, &predicateCall{inMap: true}) // its values may be predicates: {moves: {…}}
				continue
			case call.inMap && toks[i-1].Is(lexer.Operator, ":") && !mapLiteral(toks, i):
				whole = end+1 < len(toks) && (toks[end+1].Is(lexer.Operator, ",") || toks[end+1].Is(lexer.Bracket, ")", "}"))
			}
			if whole && toks[end].To <= to {
				if p := k.cutOne(code, text, toks, i, end, c); p != nil {
					c.preds = append(c.preds, p)
				}
				if c.err != nil {
					return c
				}
				i = end // its body's predicates are its own
				continue
			}
			calls = append(calls, nil)
		case t.Is(lexer.Bracket, "[", "{"):
			calls = append(calls, nil)
		case t.Is(lexer.Bracket, ")", "]", "}"):
			if len(calls) > 0 {
				calls = calls[:len(calls)-1]
			}
		case call != nil && t.Is(lexer.Operator, ","):
			call.arg++
		}
	}
	return c
}

// predicateCall is the ( of a call of a builtin that takes predicates:
// the arguments that are one and those that are maps of them, and the one
// being read; or (inMap) the { of such a map.
type predicateCall struct {
	args, maps []int
	arg        int
	inMap      bool
}

// matchingBrackets is, for the index of each opening bracket of toks, the
// index of the one that closes it (len(toks) for none), in one pass.
func matchingBrackets(toks []lexer.Token) []int {
	closing := make([]int, len(toks))
	var open []int
	for i, t := range toks {
		closing[i] = len(toks)
		switch {
		case t.Is(lexer.Bracket, "(", "[", "{"):
			open = append(open, i)
		case t.Is(lexer.Bracket, ")", "]", "}") && len(open) > 0:
			closing[open[len(open)-1]] = i
			open = open[:len(open)-1]
		}
	}
	return closing
}

// predicateArgs are the arguments of the builtin called name that take a
// {…} predicate, and those that take a map of them.
func (l *Language) predicateArgs(name string) (args, maps []int) {
	for _, lib := range l.cfg.Libraries {
		if b := lib.Lookup(name); b != nil {
			return b.Predicates, b.PredicateMaps
		}
	}
	return nil, nil
}

// mapLiteral says the {…} at toks[open] is a map: {} or {key: …}.
func mapLiteral(toks []lexer.Token, open int) bool {
	if open+2 >= len(toks) || toks[open+1].Is(lexer.Bracket, "}") {
		return true
	}
	key := toks[open+1]
	return (key.Is(lexer.Identifier) || key.Is(lexer.String) || key.Is(lexer.Number)) && toks[open+2].Is(lexer.Operator, ":")
}

// cutOne cuts the predicate toks[open..end] out of code and parses its
// body (and cuts the predicates in it, first); nil when the body is
// wrong, with c.err saying why.
func (k *cutter) cutOne(code, text []rune, toks []lexer.Token, open, end int, c *cut) *pending {
	from, to := toks[open].From, toks[end].To
	// The body is parsed as all(0, {…}): that text, the {…} as code has it,
	// shifted so that the prefix fits before it.
	shift := from - len(bodyPrefix)
	bodyCode := []rune(bodyPrefix + string(code[from:to]) + ")")
	bodyText := []rune(bodyPrefix + string(text[from:to]) + ")")
	var inner []lexer.Token
	for _, t := range toks[open : end+1] {
		t.From, t.To = t.From-shift, t.To-shift
		inner = append(inner, t)
	}
	b := &body{l: k.l, env: k.env, toks: inner, shift: shift}
	p := &pending{name: fmt.Sprintf("$p %d", k.n), at: from, source: string(text[from:to])}
	k.n++
	p.make = func(captured map[string]any) *predicate { return b.predicate(p.source, captured) }
	k.env[p.name] = p
	b.inner = k.cut(bodyCode, bodyText, inner, len(bodyPrefix)+1, len(bodyCode)-2)
	if b.inner.err != nil {
		c.err = b.inner.err
		return nil
	}
	b.code = string(bodyCode)
	pred, e := b.parse(k.l.parsing)
	if e != nil {
		c.err = e
		return nil
	}
	var node ast.Node = pred
	b.inner.bind(&node) // the names the inner predicates read are the body's too
	p.free, p.freeAt, b.names = freeNames(pred, k.env, k.l.base, shift)
	// The statement sees the placeholder where the {…} was.
	for i := from; i < to; i++ {
		if code[i] != '\n' {
			code[i] = ' '
		}
	}
	copy(code[from:], []rune(placeholder))
	return p
}

// bodyPrefix is what a predicate's body is parsed after.
const bodyPrefix = "all(0,"

// parse parses the body and returns it as the predicate of the made-up
// all(0, {…}) it is written in.
func (b *body) parse(config *conf.Config) (*ast.PredicateNode, *Error) {
	tree, err := parser.ParseWithConfig(b.code, config)
	if err != nil {
		e := syntaxError(Source{Text: b.code, Tokens: b.toks}, err)
		e.At += b.shift
		return nil, e
	}
	call, ok := tree.Node.(*ast.BuiltinNode)
	pred, isPred := (*ast.PredicateNode)(nil), false
	if ok && len(call.Arguments) == 2 {
		pred, isPred = call.Arguments[1].(*ast.PredicateNode)
	}
	if !isPred {
		return nil, &Error{Kind: builtin.SyntaxError, Msg: "a predicate {…} must be one expression", At: len(bodyPrefix) + b.shift}
	}
	return pred, nil
}

// freeNames are the names the body reads that neither a builtin nor a let
// inside the body gives: the session's names and the lets around the
// predicate, which it captures (a let around it shadows a session name of
// the same name: the statement's tree renames it there, see shadowLets),
// or names nobody gives, which the statement's check then reports where
// they are written; each with the offset in the statement where it is
// first written (a node's offset plus shift). The body's inner predicates
// are bound in it already (cut.bind), so their names are among its own.
// inEnv are the names it reads that env has: what compiling it takes.
func freeNames(body *ast.PredicateNode, env map[string]any, config *conf.Config, shift int) (free []string, at map[string]int, inEnv []string) {
	declared := map[string]bool{"$env": true}
	at = map[string]int{}
	var ids []string
	var node ast.Node = body
	ast.Walk(&node, visitFunc(func(n *ast.Node) {
		switch x := (*n).(type) {
		case *ast.VariableDeclaratorNode:
			declared[x.Name] = true
		case *ast.IdentifierNode:
			if _, ok := at[x.Value]; !ok {
				ids = append(ids, x.Value)
				at[x.Value] = x.Location().From + shift
			}
		}
	}))
	for _, id := range ids {
		v, ok := env[id]
		if ok {
			inEnv = append(inEnv, id)
		}
		_, isFn := config.Functions[id]
		_, isBuiltin := config.Builtins[id]
		if _, isValue := v.(*pending); !declared[id] && !isFn && !isBuiltin && !isValue && !strings.HasPrefix(id, "__big") {
			free = append(free, id)
		}
	}
	return free, at, inEnv
}

// bind puts $predicate(name, free…) where each predicate's placeholder is
// in the parsed tree.
func (c *cut) bind(tree *ast.Node) {
	if c == nil || len(c.preds) == 0 {
		return
	}
	byAt := map[int]*pending{}
	for _, p := range c.preds {
		byAt[p.at] = p
	}
	ast.Walk(tree, visitFunc(func(n *ast.Node) {
		id, ok := (*n).(*ast.IdentifierNode)
		if !ok || id.Value != placeholder || byAt[id.Location().From] == nil {
			return
		}
		p := byAt[id.Location().From]
		loc := id.Location()
		self := &ast.IdentifierNode{Value: p.name}
		self.SetLocation(loc)
		args := []ast.Node{self}
		for _, f := range p.free {
			// Where the body writes it, so that an unknown name is
			// reported there.
			arg := &ast.IdentifierNode{Value: f}
			arg.SetLocation(file.Location{From: p.freeAt[f], To: p.freeAt[f] + len([]rune(f))})
			args = append(args, arg)
		}
		callee := &ast.IdentifierNode{Value: "$predicate"}
		callee.SetLocation(loc)
		ast.Patch(n, &ast.CallNode{Callee: callee, Arguments: args})
	}))
}

// bindPredicate is $predicate(p, free…): the predicate as a value, with
// the values of the lets it reads.
func bindPredicate(_ *builtin.Env, args ...any) (any, error) {
	p := args[0].(*pending)
	captured := map[string]any{}
	for i, name := range p.free {
		captured[name] = args[i+1]
	}
	return p.make(captured), nil
}

// predicate is a {…} as a value: builtin.Predicate.
type predicate struct {
	source  string
	call    func(x any) (any, error)
	check   func() error
	borrows func() bool
	reads   func(field string) bool
	meter   func() builtin.Meter
	// callWord is the fast path's answer (builtin.WordCaller).
	callWord func(x word.Word) (word.Word, bool)
}

// Check compiles the body without running it (builtin.Checked).
func (q *predicate) Check() error { return q.check() }

// Borrows says the body only reads fields of # (builtin.Borrowing).
func (q *predicate) Borrows() bool { return q.borrows() }

// Meter is the running cell's account (builtin.Metered), nil between
// cells: what a caller without an Env reserves its own work in.
func (q *predicate) Meter() builtin.Meter { return q.meter() }

// ReadsField says the body may read the field of # (builtin.FieldReader):
// it reads #.field, or uses # otherwise than to read its fields.
func (q *predicate) ReadsField(field string) bool { return q.reads(field) }

func (q *predicate) TypeName() string { return "predicate" }

// Text is the predicate as written: {#.values[1] > 5}.
func (q *predicate) Text() string { return q.source }

// CallWord is the body's value at # = x from the fast path, false when it
// gives up (builtin.WordCaller): Call then says what the machine makes.
func (q *predicate) CallWord(x word.Word) (word.Word, bool) { return q.callWord(x) }

// Call runs the body with # bound to x, in the running cell.
func (q *predicate) Call(x any) (any, error) { return q.call(x) }

// predicate is the body as a value, the free names bound to captured: it
// compiles at its first call.
func (b *body) predicate(source string, captured map[string]any) *predicate {
	var prog *vm.Program
	var tree *parser.Tree
	var env map[string]any
	var fast *fastBody // fastpath.go
	var borrows bool   // borrow.go
	var reads map[string]bool
	check := func() error {
		if prog == nil {
			var err error
			if prog, tree, env, err = b.compile(captured); err != nil {
				return err
			}
			fast = b.l.fastPredicate(tree.Node, env)
			reads, borrows = fieldsRead(tree.Node)
		}
		return nil
	}
	callWord := func(x word.Word) (word.Word, bool) {
		if prog == nil && check() != nil {
			return word.Word{}, false
		}
		if fast == nil {
			return word.Word{}, false
		}
		return fast.run(x)
	}
	readsField := func(field string) bool { return check() != nil || !borrows || reads[field] }
	return &predicate{source: source, check: check, borrows: func() bool { return check() == nil && borrows }, reads: readsField, meter: func() builtin.Meter { return b.l.cur.meter }, callWord: callWord, call: func(x any) (any, error) {
		if prog == nil {
			_ = check() // compiled at the first call; an error is reported below
		}
		if fast != nil { // it calls no predicate: no deeper
			if v, ok := fast.call(x); ok {
				return v, nil
			}
		}
		defer b.l.cur.deeper()()
		if err := check(); err != nil {
			return nil, err
		}
		env["$it"] = x
		machine := vm.VM{MemoryBudget: math.MaxUint}
		v, err := machine.Run(prog, env)
		if err == nil {
			return v, nil
		}
		if errors.Is(err, errCallsTooDeep) {
			panic(errCallsTooDeep) // to the statement, past every caller's words (see deeper)
		}
		if stopped(err) { // the cell's interrupt or budget: the caller stops with it
			var be *builtin.Error
			if errors.As(err, &be) {
				return nil, be
			}
			return nil, b.l.cur.env().Ctx.Err()
		}
		e := runError(tree, b.code, err, b.l.PlainWords)
		return nil, &builtin.PredicateError{Msg: shortened(e.Msg), Source: source, At: e.At - len(bodyPrefix)}
	}}
}

// compile compiles the body as reduce([$it], {body}, nil), in the names
// of its statement it reads and of the lets it captured: only those, so
// that each of a statement's 10,000 predicates costs its own size.
func (b *body) compile(captured map[string]any) (*vm.Program, *parser.Tree, map[string]any, error) {
	env := make(map[string]any, len(b.names)+len(captured)+1)
	for _, name := range b.names {
		env[name] = b.env[name]
	}
	for name, v := range captured {
		env[name] = v
	}
	env["$it"] = nil
	config := b.l.configFor(env)
	pred, e := b.parse(config)
	if e != nil {
		return nil, nil, nil, errors.New(e.Msg)
	}
	loc := pred.Location()
	it := &ast.IdentifierNode{Value: "$it"}
	items := &ast.ArrayNode{Nodes: []ast.Node{it}}
	none := &ast.NilNode{}
	call := &ast.BuiltinNode{Name: "reduce", Arguments: []ast.Node{items, pred, none}}
	for _, n := range []ast.Node{it, items, none, call} {
		n.SetLocation(loc)
	}
	tree := &parser.Tree{Node: call}
	b.inner.bind(&tree.Node)
	shadowLets(&tree.Node, env)
	callValues(&tree.Node, env)
	prog, e := b.l.build(tree, config, b.l.cfg.NoteColumns)
	if e != nil {
		return nil, nil, nil, errors.New(e.Msg)
	}
	return prog, tree, env, nil
}

// withValues is names, and after them the named values of the libraries
// (builtin.Builtin.Value: optimal, greedy).
func (l *Language) withValues(names Names) Names {
	return func(name string) (any, bool) {
		if v, ok := names(name); ok {
			return v, true
		}
		for _, lib := range l.cfg.Libraries {
			if b := lib.Lookup(name); b != nil && b.Value != nil {
				return b.Value, true
			}
		}
		return nil, false
	}
}

// Ranges given as options ({values: -10**30..10**30}): a range in a map
// literal whose ends pass 64 bits, or that holds more than maxListed
// items, is a builtin.Range (its ends) rather than the list, which no
// memory could hold; a shorter one is the list, as anywhere else.

// maxListed is the longest range a map literal lists.
const maxListed = 1 << 20

// rangePatch rewrites a..b as a map literal's value into $span(a, b).
type rangePatch struct{}

func (rangePatch) Visit(node *ast.Node) {
	m, ok := (*node).(*ast.MapNode)
	if !ok {
		return
	}
	for _, p := range m.Pairs {
		pair, ok := p.(*ast.PairNode)
		if !ok {
			continue
		}
		r, ok := pair.Value.(*ast.BinaryNode)
		if !ok || r.Operator != ".." {
			continue
		}
		callee := &ast.IdentifierNode{Value: "$span"}
		callee.SetLocation(r.Location())
		call := &ast.CallNode{Callee: callee, Arguments: []ast.Node{r.Left, r.Right}}
		ast.Patch(&pair.Value, call)
	}
}

// spanOf is $span(a, b): a..b as a list while it is short, else its ends.
func spanOf(env *builtin.Env, args ...any) (any, error) {
	lo, err1 := builtin.AsBig(args[0])
	hi, err2 := builtin.AsBig(args[1])
	if _, isFloat := args[0].(float64); isFloat || err1 != nil || err2 != nil {
		return rangeOf(env, args...) // its own error for what a range takes
	}
	if _, isFloat := args[1].(float64); isFloat {
		return rangeOf(env, args...)
	}
	n := new(big.Int).Sub(hi, lo)
	if lo.IsInt64() && hi.IsInt64() && n.Cmp(big.NewInt(maxListed)) < 0 {
		return rangeOf(env, args...)
	}
	return builtin.Range{Lo: lo, Hi: hi}, nil
}
