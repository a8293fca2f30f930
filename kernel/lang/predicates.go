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
// a hidden name of its width takes its place, so every other position
// stays the statement's own, and the body is parsed on its own, as the
// predicate of a made-up all(0, {…}) over the same columns. After the
// statement is parsed, the hidden name becomes $predicate(name, k, …): at
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
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"
	"github.com/expr-lang/expr/vm"

	"gamelab/kernel/builtin"
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
	name   string   // the hidden name in its place
	source string   // the {…} as written, for its text
	free   []string // the names it reads that the lets around it give
	// freeAt is where each free name is first written, in the offsets of
	// the text it was cut from (the statement, or the body around it).
	freeAt map[string]int
	// make is the predicate with the values of the free names.
	make func(captured map[string]any) *predicate
}

// body is a predicate's body, parsed: what compiling it takes.
type body struct {
	l     *Language
	code  string         // all(0, {body}) over the body's columns, inner predicates cut
	env   map[string]any // the statement's names (shared: inner predicates' hidden names too)
	inner *cut           // the predicates inside it
	toks  []lexer.Token  // its tokens, in code's offsets, for a syntax error's words
	shift int            // code's offset + shift is the statement's
}

// cutPredicates cuts every {…} at a predicate argument out of code (the
// statement as it will be parsed, its runes [from, to) the expression's),
// writing a hidden name in its place, and parses each body. text is the
// statement as written, toks its tokens; env gets the hidden names.
func (l *Language) cutPredicates(code []rune, text []rune, toks []lexer.Token, from, to int, env map[string]any) *cut {
	c := &cut{}
	var cutAt [][2]int // the tokens of the predicates cut so far
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if inside(cutAt, i) || t.From < from || t.To > to || !t.Is(lexer.Identifier) || i+1 >= len(toks) || !toks[i+1].Is(lexer.Bracket, "(") {
			continue
		}
		args, maps := l.predicateArgs(t.Value)
		if len(args) == 0 && len(maps) == 0 {
			continue
		}
		k := 1
		if i > 0 && toks[i-1].Is(lexer.Operator, "|") {
			k = 2 // x | shrink({…}): the piped value is argument 1
		}
		open := -1  // the { of a predicate argument being read
		at := 1     // the depth of the {…} being read: 1 an argument, 2 a value of a map argument
		inMap := -1 // the } closing a map argument whose values may be predicates
		for j, depth := i+2, 1; j < len(toks) && depth > 0 && toks[j].To <= to; j++ {
			switch tj := toks[j]; {
			case tj.Is(lexer.Bracket, "(", "[", "{"):
				switch {
				case depth == 1 && tj.Value == "{" && (toks[j-1].Is(lexer.Bracket, "(") || toks[j-1].Is(lexer.Operator, ",")) &&
					contains(args, k) && !mapLiteral(toks, j):
					open, at = j, 1
				case depth == 1 && tj.Value == "{" && contains(maps, k) && mapLiteral(toks, j):
					inMap = matching(toks, j)
				case depth == 2 && inMap >= 0 && tj.Value == "{" && toks[j-1].Is(lexer.Operator, ":") && !mapLiteral(toks, j):
					open, at = j, 2 // a part of the map: {moves: {…}}
				}
				depth++
			case tj.Is(lexer.Bracket, ")", "]", "}"):
				depth--
				if j == inMap {
					inMap = -1
				}
				if depth > at || open < 0 {
					continue
				}
				// The {…} must be the whole argument (or the whole value).
				if j+1 < len(toks) && (toks[j+1].Is(lexer.Operator, ",") || toks[j+1].Is(lexer.Bracket, ")") || at == 2 && toks[j+1].Is(lexer.Bracket, "}")) {
					if p := l.cutOne(code, text, toks, open, j, env, c); p != nil {
						c.preds = append(c.preds, p)
						cutAt = append(cutAt, [2]int{open, j}) // its body's predicates are its own
					}
				}
				open = -1
			case depth == 1 && tj.Is(lexer.Operator, ","):
				k++
			}
		}
	}
	return c
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

// matching is the index of the bracket closing toks[open]; -1 for none.
func matching(toks []lexer.Token, open int) int {
	if open < 0 {
		return -1
	}
	depth := 0
	for j := open; j < len(toks); j++ {
		switch {
		case toks[j].Is(lexer.Bracket, "(", "[", "{"):
			depth++
		case toks[j].Is(lexer.Bracket, ")", "]", "}"):
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// inside says token i is in one of the spans of tokens.
func inside(spans [][2]int, i int) bool {
	for _, s := range spans {
		if i >= s[0] && i <= s[1] {
			return true
		}
	}
	return false
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
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
// body; nil (the {…} left as it is, for expr to refuse) when there is no
// room for its hidden name.
func (l *Language) cutOne(code, text []rune, toks []lexer.Token, open, end int, env map[string]any, c *cut) *pending {
	from, to := toks[open].From, toks[end].To
	name := hiddenName(toks, env)
	at := longestRun(code, from, to, len(name))
	if at < 0 {
		return nil
	}
	// The body is parsed as all(0, {…}): that text, the {…} as code has it,
	// shifted so that the prefix fits before it.
	shift := from - len(bodyPrefix)
	bodyText := []rune(bodyPrefix + string(code[from:to]) + ")")
	var inner []lexer.Token
	for _, t := range toks[open : end+1] {
		t.From, t.To = t.From-shift, t.To-shift
		inner = append(inner, t)
	}
	b := &body{l: l, env: env, toks: inner, shift: shift}
	p := &pending{name: name, source: string(text[from:to])}
	p.make = func(captured map[string]any) *predicate { return b.predicate(p.source, captured) }
	env[name] = p // taken before the body's own predicates are named
	b.inner = l.cutPredicates(bodyText, bodyText, inner, len(bodyPrefix)+1, len(bodyText)-2, env)
	if b.inner.err != nil {
		c.err = b.inner.err
		return nil
	}
	b.code = string(bodyText)
	pred, e := b.parse(l.configFor(env))
	if e != nil {
		c.err = e
		return nil
	}
	p.free, p.freeAt = freeNames(pred, env, l.configFor(env), b.inner, shift)
	// The statement sees the hidden name where the {…} was.
	for i := from; i < to; i++ {
		if code[i] != '\n' {
			code[i] = ' '
		}
	}
	copy(code[at:], []rune(name))
	return p
}

// bodyPrefix is what a predicate's body is parsed after.
const bodyPrefix = "all(0,"

// hiddenName is a name for a predicate that neither env nor the
// statement's tokens have: _p0, _p1, …
func hiddenName(toks []lexer.Token, env map[string]any) string {
	written := map[string]bool{}
	for _, t := range toks {
		if t.Is(lexer.Identifier) {
			written[t.Value] = true
		}
	}
	for n := 0; ; n++ {
		name := fmt.Sprintf("_p%d", n)
		if _, taken := env[name]; !taken && !written[name] {
			return name
		}
	}
}

// longestRun is where in code[from:to] the longest stretch without a line
// break starts, if it holds at least n runes; else -1.
func longestRun(code []rune, from, to, n int) int {
	best, bestLen := -1, 0
	for i := from; i < to; {
		j := i
		for j < to && code[j] != '\n' {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j + 1
	}
	if bestLen < n {
		return -1
	}
	return best
}

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
// first written (a node's offset plus shift).
func freeNames(body *ast.PredicateNode, env map[string]any, config *conf.Config, inner *cut, shift int) ([]string, map[string]int) {
	declared := map[string]bool{"$env": true}
	at := map[string]int{}
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
	for _, q := range inner.preds {
		for _, f := range q.free {
			if _, ok := at[f]; !ok {
				ids = append(ids, f)
				at[f] = q.freeAt[f] + shift
			}
		}
	}
	hidden := map[string]bool{}
	for _, q := range inner.preds {
		hidden[q.name] = true
	}
	var free []string
	for _, id := range ids {
		_, isFn := config.Functions[id]
		_, isBuiltin := config.Builtins[id]
		if _, isValue := env[id].(*pending); !declared[id] && !isFn && !isBuiltin && !hidden[id] && !isValue && !strings.HasPrefix(id, "__big") {
			free = append(free, id)
		}
	}
	return free, at
}

// bind puts $predicate(name, free…) where each predicate's hidden name is
// in the parsed tree.
func (c *cut) bind(tree *ast.Node) {
	if c == nil || len(c.preds) == 0 {
		return
	}
	byName := map[string]*pending{}
	for _, p := range c.preds {
		byName[p.name] = p
	}
	ast.Walk(tree, visitFunc(func(n *ast.Node) {
		id, ok := (*n).(*ast.IdentifierNode)
		if !ok || byName[id.Value] == nil {
			return
		}
		p := byName[id.Value]
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
	source string
	call   func(x any) (any, error)
	check  func() error
}

// Check compiles the body without running it (builtin.Checked).
func (q *predicate) Check() error { return q.check() }

func (q *predicate) TypeName() string { return "predicate" }

// Text is the predicate as written: {#.values[1] > 5}.
func (q *predicate) Text() string { return q.source }

// Call runs the body with # bound to x, in the running cell.
func (q *predicate) Call(x any) (any, error) { return q.call(x) }

// predicate is the body as a value, the free names bound to captured: it
// compiles at its first call.
func (b *body) predicate(source string, captured map[string]any) *predicate {
	var prog *vm.Program
	var tree *parser.Tree
	var env map[string]any
	check := func() error {
		if prog == nil {
			var err error
			if prog, tree, env, err = b.compile(captured); err != nil {
				return err
			}
		}
		return nil
	}
	return &predicate{source: source, check: check, call: func(x any) (any, error) {
		if err := check(); err != nil {
			return nil, err
		}
		env["$it"] = x
		machine := vm.VM{MemoryBudget: math.MaxUint}
		v, err := machine.Run(prog, env)
		if err == nil {
			return v, nil
		}
		if stopped(err) { // the cell's interrupt or budget: the caller stops with it
			var be *builtin.Error
			if errors.As(err, &be) {
				return nil, be
			}
			return nil, b.l.cur.env().Ctx.Err()
		}
		e := runError(tree, b.code, err, b.l.PlainWords)
		return nil, &builtin.PredicateError{Msg: e.Msg, Source: source, At: e.At - len(bodyPrefix)}
	}}
}

// compile compiles the body as reduce([$it], {body}, nil), in the names
// of its statement and of the lets it captured.
func (b *body) compile(captured map[string]any) (*vm.Program, *parser.Tree, map[string]any, error) {
	env := make(map[string]any, len(b.env)+len(captured)+1)
	for _, m := range []map[string]any{b.env, captured} {
		for k, v := range m {
			env[k] = v
		}
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
	prog, e := b.l.build(tree, config)
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
