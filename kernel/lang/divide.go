package lang

// A statement too large for one of expr's programs, compiled in parts.
//
// expr's parser refuses a tree of more than 10,000 nodes (conf.MaxNodes),
// and rightly: its parser, checker and compiler recurse once per level of
// the tree, and some of their work is quadratic in a chain of lets or of
// one operator (the checker looks a let's name up among all the lets
// around it). A statement of 20,000 lets, a list of 10,000 strategies or
// of 100,000 numbers pasted in is legitimate all the same. So an
// expression of more than divideAbove tokens whose form allows it is
// compiled and run in parts, each part its own expression of the
// statement (its offsets, its errors' places), in the order expr would
// evaluate them:
//
//   - let a = x; let b = y; … body: each value, then the body, with the
//     names the lets before gave (a let shadows a session variable, as a
//     let does);
//   - [x, y, …]: each item, a literal (a number, a string, true, false,
//     nil, a list of literals) taken as it is, without compiling;
//   - f(x, y, …) of a function: each large argument (not a predicate's),
//     then the call, the values standing in for the arguments;
//   - a long list or call followed by more (coins([…]).values, […][3],
//     f(…) + 1): the list or call, which comes first whatever follows,
//     then the rest, its value standing in for it.
//
// A part that fails stops the statement there, after the parts before it
// ran, as a cell's statement stops the cell; any other expression is
// compiled whole, and one past expr's limit is an error that says so.

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	exprbuiltin "github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/internal/decimal"
	"gamelab/kernel/builtin"
)

// divideAbove is how many tokens an expression may hold before Eval
// compiles it in parts, when its form allows. expr's limit is 10,000
// nodes, about as many tokens; below this, one program always serves.
const divideAbove = 4096

// part is one piece of a divided expression: the runes [from, to) of the
// statement.
type part struct{ from, to int }

// evalDivided evaluates src in parts when it holds more than divideAbove
// tokens and its form allows (see above); ok is false when it does not,
// and Eval compiles it whole.
func (l *Language) evalDivided(src Source, names Names) (v any, e *Error, ok bool) {
	toks := tokensIn(src)
	if len(toks) <= divideAbove {
		return nil, nil, false
	}
	closing := matchingBrackets(toks)
	if toks[0].Is(lexer.Operator, "let") {
		return l.evalLets(src, toks, closing, names)
	}
	list := toks[0].Is(lexer.Bracket, "[")
	call := len(toks) > 2 && toks[0].Is(lexer.Identifier) && toks[1].Is(lexer.Bracket, "(") && isFunction(l.base, toks[0].Value)
	end := -1 // the last token of a leading list or call
	switch {
	case list:
		end = closing[0]
	case call:
		end = closing[1]
	}
	switch {
	case end < 0 || end >= len(toks):
		return nil, nil, false
	case end == len(toks)-1 && list:
		return l.evalList(src, toks, closing, names)
	case end == len(toks)-1:
		return l.evalCall(src, toks, closing, names)
	case end > divideAbove/2:
		// coins([…]).values, [...][3], f(…) + 1: the list or call comes
		// first whatever follows it, so it is a part of its own.
		return l.evalStandingIn(src, toks, []part{{toks[0].From, toks[end].To}}, names)
	}
	return nil, nil, false
}

// tokensIn are the tokens of src's expression, without the end's: a
// slice of the statement's, found by their offsets (a part of a part of a
// statement costs its own size).
func tokensIn(src Source) []lexer.Token {
	toks := src.Tokens
	first := sort.Search(len(toks), func(i int) bool { return toks[i].From >= src.From })
	end := first + sort.Search(len(toks)-first, func(i int) bool { return toks[first+i].To > src.To || toks[first+i].Is(lexer.EOF) })
	return toks[first:end]
}

// evalLets is let a = x; let b = y; … body, each value and the body a part.
func (l *Language) evalLets(src Source, toks []lexer.Token, closing []int, names Names) (any, *Error, bool) {
	type let struct {
		name  string
		value part
	}
	var lets []let
	declared := map[string]bool{}
	i := 0
	for i < len(toks) && toks[i].Is(lexer.Operator, "let") {
		if i+3 >= len(toks) || !toks[i+1].Is(lexer.Identifier) || !toks[i+2].Is(lexer.Operator, "=") {
			return nil, nil, false // expr says what is wrong
		}
		end := i + 3
		for end < len(toks) && !toks[end].Is(lexer.Operator, ";") {
			if toks[end].Is(lexer.Operator, "let") {
				return nil, nil, false
			}
			if toks[end].Is(lexer.Bracket, "(", "[", "{") {
				end = closing[end]
			}
			end++
		}
		name := toks[i+1].Value
		if end >= len(toks) || end == i+3 || isFunction(l.base, name) || name == "$env" {
			return nil, nil, false
		}
		if declared[name] {
			return nil, nil, false // expr's "cannot redeclare"
		}
		declared[name] = true
		lets = append(lets, let{name, part{toks[i+3].From, toks[end].From}})
		i = end + 1
	}
	if i >= len(toks) {
		return nil, nil, false
	}
	bound := map[string]any{}
	within := func(name string) (any, bool) {
		if v, ok := bound[name]; ok {
			return v, true
		}
		return names(name)
	}
	for _, let := range lets {
		v, e := l.evalPart(src, let.value, within)
		if e != nil {
			return nil, e, true
		}
		bound[let.name] = v
	}
	v, e := l.evalPart(src, part{toks[i].From, src.To}, within)
	return v, e, true
}

// evalList is [x, y, …], each item a part or a literal.
func (l *Language) evalList(src Source, toks []lexer.Token, closing []int, names Names) (any, *Error, bool) {
	items := arguments(toks, closing, 0)
	if items == nil {
		return nil, nil, false
	}
	env := l.cur.env()
	if !env.Meter.Fits(int64(len(items)) * 16) {
		return nil, &Error{Kind: builtin.MemoryError, Msg: env.Budget(int64(len(items)) * 16).Error(), At: src.From}, true
	}
	list := make([]any, 0, len(items))
	for k, item := range items {
		if k%1024 == 1023 {
			if e := l.poll(toks[item[0]].From); e != nil {
				return nil, e, true
			}
		}
		if v, ok := literal(toks[item[0]:item[1]]); ok {
			list = append(list, v)
			continue
		}
		v, e := l.evalPart(src, part{toks[item[0]].From, toks[item[1]-1].To}, names)
		if e != nil {
			return nil, e, true
		}
		list = append(list, v)
	}
	return list, nil, true
}

// evalCall is f(x, y, …): its large arguments that are no predicates
// each a part, then the call.
func (l *Language) evalCall(src Source, toks []lexer.Token, closing []int, names Names) (any, *Error, bool) {
	fn := toks[0].Value
	args := arguments(toks, closing, 1)
	if args == nil {
		return nil, nil, false
	}
	_, isExprBuiltin := exprbuiltin.Index[fn]
	predicates, _ := l.predicateArgs(fn) // a map of predicates is a {…}, left whole below
	var parts []part
	for k, arg := range args {
		if arg[1]-arg[0] <= divideAbove/8 || k > 0 && isExprBuiltin || slices.Contains(predicates, k+1) || toks[arg[0]].Is(lexer.Bracket, "{") {
			continue // small, or a predicate (expr's builtins take theirs after the list)
		}
		parts = append(parts, part{toks[arg[0]].From, toks[arg[1]-1].To})
	}
	if len(parts) == 0 {
		return nil, nil, false
	}
	return l.evalStandingIn(src, toks, parts, names)
}

// evalStandingIn evaluates each of the parts of src, in order (each comes
// first in src's evaluation, before what follows it), then src with a
// hidden name standing in for each: its width, its value.
func (l *Language) evalStandingIn(src Source, toks []lexer.Token, parts []part, names Names) (any, *Error, bool) {
	text := []rune(src.Text) // the statement, its parts standing in
	standIns := make([]lexer.Token, len(parts))
	values := map[string]any{}
	for k, p := range parts {
		name := fmt.Sprintf("__part%d", k)
		if p.to-p.from < len(name) || written(toks, name) {
			return nil, nil, false
		}
		v, e := l.evalPart(src, p, names)
		if e != nil {
			return nil, e, true
		}
		values[name] = v
		for i := p.from; i < p.to; i++ {
			if text[i] != '\n' {
				text[i] = ' '
			}
		}
		copy(text[p.from:], []rune(name))
		standIns[k] = lexer.Token{Kind: lexer.Identifier, Value: name}
		standIns[k].From, standIns[k].To = p.from, p.from+len(name)
	}
	var stood []lexer.Token // the statement's tokens, each part one name
	k := 0
	for _, t := range src.Tokens {
		for k < len(parts) && t.From >= parts[k].to {
			k++
		}
		if k < len(parts) && t.From >= parts[k].from {
			if t.From == parts[k].from {
				stood = append(stood, standIns[k])
			}
			continue
		}
		stood = append(stood, t)
	}
	v, e := l.Eval(Source{Text: string(text), Tokens: stood, From: src.From, To: src.To}, func(name string) (any, bool) {
		if v, ok := values[name]; ok {
			return v, true
		}
		return names(name)
	})
	return v, e, true
}

// evalPart evaluates the part p of src's statement, unless the cell has
// stopped.
func (l *Language) evalPart(src Source, p part, names Names) (any, *Error) {
	if e := l.poll(p.from); e != nil {
		return nil, e
	}
	v, e := l.Eval(Source{Text: src.Text, Tokens: src.Tokens, From: p.from, To: p.to}, names)
	const atEnd = "unexpected end of the statement"
	if e != nil && e.Kind == builtin.SyntaxError && strings.HasPrefix(e.Msg, atEnd) {
		// [1 +, 2]: the part ends where the statement does not; expr, which
		// read the statement whole, would name the comma.
		after := src.Tokens[sort.Search(len(src.Tokens), func(i int) bool { return src.Tokens[i].From >= p.to })]
		e.Msg, e.At = "unexpected "+tokenWords(after)+e.Msg[len(atEnd):], after.From
	}
	return v, e
}

// poll is the cell's poll (the Meter's Check, which the web page's stop
// flag needs) between two parts: the error the cell stops with, at offset
// at, or nil.
func (l *Language) poll(at int) (e *Error) {
	defer func() {
		if p := recover(); p != nil {
			e = &Error{Kind: builtin.Interrupted, Msg: "interrupted", At: at}
			if be, ok := p.(*builtin.Error); ok {
				e.Kind, e.Msg = be.Kind, be.Msg
			}
		}
	}()
	l.cur.meter.Check()
	return nil
}

// arguments are the items of the bracket that opens at toks[open], the
// token ranges [from, to) between its commas (a comma after the last is
// allowed); nil when it is empty or an item is.
func arguments(toks []lexer.Token, closing []int, open int) [][2]int {
	var items [][2]int
	start, end := open+1, closing[open]
	for j := start; j <= end; j++ {
		if j < end && toks[j].Is(lexer.Bracket, "(", "[", "{") {
			j = closing[j]
			continue
		}
		if j < end && !toks[j].Is(lexer.Operator, ",") {
			continue
		}
		if j == start {
			if j == end && len(items) > 0 {
				break // [a, b,]
			}
			return nil
		}
		items = append(items, [2]int{start, j})
		start = j + 1
	}
	return items
}

// written says the tokens name name.
func written(toks []lexer.Token, name string) bool {
	for _, t := range toks {
		if t.Is(lexer.Identifier, name) {
			return true
		}
	}
	return false
}

// literal is the value of an item that is one literal, as expr's parser
// and the language make it: a decimal integer (an int, a *big.Int past 64
// bits), a decimal float, either with a minus, a string, true, false or
// nil, or a list of literals ([[1, 2], [3, 4], …] pasted in). ok is false
// for anything else, compiled as any expression is.
func literal(ts []lexer.Token) (v any, ok bool) {
	if len(ts) > 2 && ts[0].Is(lexer.Bracket, "[") && ts[len(ts)-1].Is(lexer.Bracket, "]") {
		closing := matchingBrackets(ts)
		if closing[0] != len(ts)-1 {
			return nil, false
		}
		items := arguments(ts, closing, 0)
		if items == nil {
			return nil, false
		}
		list := make([]any, len(items))
		for k, item := range items {
			if list[k], ok = literal(ts[item[0]:item[1]]); !ok {
				return nil, false
			}
		}
		return list, true
	}
	neg := len(ts) == 2 && ts[0].Is(lexer.Operator, "-") && ts[1].Is(lexer.Number)
	if neg {
		ts = ts[1:]
	}
	if len(ts) != 1 {
		return nil, false
	}
	t := ts[0]
	switch {
	case t.Is(lexer.String):
		return t.Value, !neg
	case t.Is(lexer.Identifier, "true"), t.Is(lexer.Identifier, "false"):
		return t.Value == "true", !neg
	case t.Is(lexer.Identifier, "nil"):
		return nil, !neg
	case !t.Is(lexer.Number):
		return nil, false
	}
	digits := strings.ReplaceAll(t.Value, "_", "")
	lower := strings.ToLower(digits)
	switch {
	case strings.HasPrefix(lower, "0x") || strings.HasPrefix(lower, "0b") || strings.HasPrefix(lower, "0o"):
		return nil, false
	case strings.ContainsAny(lower, ".e"):
		f, err := strconv.ParseFloat(digits, 64)
		if err != nil {
			return nil, false
		}
		v = f
	default:
		if n, err := strconv.ParseInt(digits, 10, 64); err == nil {
			v = int(n)
		} else if b, ok := decimal.Parse(digits); ok {
			v = b
		} else {
			return nil, false
		}
	}
	if neg {
		v = numNeg(v)
	}
	return v, true
}

// exprTooLarge is expr's parser's refusal of a tree past its MaxNodes;
// tooLargeMessage says it in the user's words.
const exprTooLarge = "compilation failed: expression exceeds maximum allowed nodes"

var tooLargeMessage = fmt.Sprintf("the expression is too large to compile: more than %d names, numbers and operators "+
	"(a long list, a call's long arguments and a chain of lets are taken in parts; split anything else into statements, "+
	"naming the parts with =)", conf.DefaultMaxNodes)
