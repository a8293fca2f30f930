package tools

import (
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// tool is a builtin written once over the games, with what each game adds
// to it: a sentence of help, and what it gives for the game's values (for
// Tab completion).
type tool struct {
	*builtin.Builtin
	// help picks what a game's Help adds to the builtin's doc; nil: nothing.
	help func(h *games.Help) string
	// result picks what the builtin gives for a value whose Results are r;
	// nil: its own Returns.
	result func(r games.Results) any
	// same says it gives a changed copy of the value it is given (an edit,
	// with, after), a value of the same kind.
	same bool
	// generic is what it gives for a position whose Results say nothing
	// of it (a game without a result of its own: a Solution, a Trace).
	generic any
}

// engine is the table of the builtins written once over the games, in the
// order help lists them after the games' own.
var engine []*tool

// register adds an engine builtin; each builtin's file calls it from init.
func register(b *builtin.Builtin) { engine = append(engine, &tool{Builtin: b}) }

// registerTool adds an engine builtin that each game adds to.
func registerTool(t *tool) { engine = append(engine, t) }

// Builtins is every game builtin, in the order help lists them: each
// game's constructors and edits, then the engine's. The engine's help and
// completion are completed from the registry here, once every game has
// registered (so call it after init, as the kernel does).
func Builtins() []*builtin.Builtin {
	var out []*builtin.Builtin
	for _, g := range games.All() {
		out = append(out, g.Builtins...)
	}
	for _, t := range engine {
		c := *t.Builtin
		c.Doc = t.doc()
		if c.Returns == nil || t.result != nil {
			c.Returns = append(slices.Clone(c.Returns), t.allReturns()...)
		}
		if t.generic != nil {
			c.Returns = append(c.Returns, t.generic)
		}
		if c.ReturnsFor == nil && (t.same || t.result != nil) {
			c.ReturnsFor = t.returnsFor
		}
		out = append(out, &c)
	}
	return out
}

// doc is the builtin's help: its own paragraph, then what each game adds
// to it.
func (t *tool) doc() string {
	parts := []string{t.Doc}
	for _, g := range games.All() {
		if t.help == nil {
			break
		}
		if d := t.help(&g.Help); d != "" {
			parts = append(parts, d)
		}
	}
	return strings.Join(parts, " ")
}

// returnsFor narrows the builtin's results by its first argument, for
// completion.
func (t *tool) returnsFor(first any) []any {
	if r, ok := first.(games.Resulter); ok && t.result != nil {
		if out := t.result(r.Results()); out != nil {
			return []any{out}
		}
	}
	if _, ok := first.(games.Position); ok && t.same {
		return []any{first} // an edit gives a value of the kind it edits
	}
	if _, ok := first.(games.Position); ok && t.generic != nil {
		return []any{t.generic}
	}
	return nil
}

// allReturns collects what the builtin gives over every game's values,
// for its static Returns.
func (t *tool) allReturns() []any {
	var out []any
	for _, g := range games.All() {
		for _, v := range g.Values {
			if _, ok := v.(games.Position); ok && t.same {
				out = append(out, v)
			} else if r, ok := v.(games.Resulter); ok && t.result != nil {
				if x := t.result(r.Results()); x != nil && !slices.Contains(out, x) {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

// kindsOf lists the kinds of value of every game that takes says builtin
// fn takes, for a BadType message: "a polygon, coins or board". Only the
// first kind keeps its article, as these messages have always been
// worded; extra kinds (of values no game makes) come last.
func kindsOf(fn string, takes func(x any) bool, extra ...string) string {
	var kinds []string
	for _, g := range games.All() {
		for _, v := range g.Values {
			if k := v.TypeName(); takes(v) && !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	kinds = slices.Concat(kinds, extra)
	if len(kinds) == 0 { // no game registered answers it
		return "a value " + fn + " takes"
	}
	kinds[0] = kit.KindPhrase(kinds[0]) // "a polygon", "coins"
	return kit.OrList(kinds)
}

// is says x implements C, for kindsOf.
func is[C any](x any) bool { _, ok := x.(C); return ok }

// dispatch is the body of an engine builtin that one capability answers:
// the first argument, asserted to C, gets the call; anything else is
// refused with the kinds of value that implement C.
func dispatch[C any](fn, sig string, call func(env *builtin.Env, c C, args []any) (any, error)) func(env *builtin.Env, args ...any) (any, error) {
	return func(env *builtin.Env, args ...any) (any, error) {
		x, err := kit.FirstArg(fn, sig, args)
		if err != nil {
			return nil, err
		}
		c, ok := x.(C)
		if !ok {
			return nil, kit.BadType(fn, 1, "x", kindsOf(fn, is[C]), x)
		}
		return call(env, c, args)
	}
}

func init() {
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "at",
		Signature: `at(x, i) / at(board, r, p)`,
		Doc:       `Reads one number, counting from 1.`,
		Example:   `at(polygon("* -5 + -2 * -8 * -5 + 8"), 2)`,
		Returns:   []any{0},
		Fn:        dispatch("at", "at(x, i) or at(board, r, p)", func(_ *builtin.Env, r games.Reader, args []any) (any, error) { return r.At(args) }),
	}, help: func(h *games.Help) string { return h.At }})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "setv",
		Signature: `setv(x, i, v)`,
		Doc:       `Returns a copy of x with value i, from 1, set to the integer v.`,
		Example:   `setv(polygon("* -5 + -2 * -8 * -5 + 8"), 1, 0)`,
		Fn:        dispatch("setv", "setv(x, i, v)", func(_ *builtin.Env, e games.Editor, args []any) (any, error) { return e.SetV(args) }),
	}, help: func(h *games.Help) string { return h.SetV }, same: true})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "insert",
		Signature: `insert(p, i, op, v) / insert(c, i, v)`,
		Doc:       `Returns a copy with a new vertex or coin at position i (1..n+1; n+1 appends).`,
		Example:   `insert(polygon("* -5 + -2 * -8 * -5 + 8"), 6, "+", 3)`,
		Fn:        dispatch("insert", "insert(p, i, op, v) or insert(c, i, v)", func(_ *builtin.Env, r games.Resizer, args []any) (any, error) { return r.Insert(args) }),
	}, help: func(h *games.Help) string { return h.Insert }, same: true})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "remove",
		Signature: `remove(x, i)`,
		Doc:       `Returns a copy of x without vertex (coin) i.`,
		Example:   `remove(coins([10, 80, 90, 30]), 1)`,
		Fn:        dispatch("remove", "remove(x, i)", func(_ *builtin.Env, r games.Resizer, args []any) (any, error) { return r.Remove(args) }),
	}, help: func(h *games.Help) string { return h.Remove }, same: true})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "rotate",
		Signature: `rotate(x, k)`,
		Doc:       `Returns x turned by k steps (k may be negative):`,
		Example:   `rotate(polygon("* -5 + -2 * -8 * -5 + 8"), 2)`,
		Fn: dispatch("rotate", "rotate(x, k)", func(_ *builtin.Env, e games.Editor, args []any) (any, error) {
			var k int
			if err := kit.Unpack("rotate", args, "x", new(any), "k", &k); err != nil {
				return nil, err
			}
			return e.Rotate(k)
		}),
	}, help: func(h *games.Help) string { return h.Rotate }, same: true})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "reverse",
		Signature: `reverse(x)`,
		Doc:       `Returns x mirrored:`,
		Example:   `reverse(coins([10, 80, 90, 30]))`,
		Fn:        fnReverse,
	}, help: func(h *games.Help) string { return h.Reverse }, same: true})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "solve",
		Signature: `solve(x) / solve(board, player)`,
		Doc: `Plays x optimally, under its rules (x.rules; with(x, rules) changes them), from where ` +
			`it is: a position from after is solved from that position on, its moves already played ` +
			`kept apart (played). Numbers that do not fit 64 bits come back exact.`,
		Example: `solve(polygon("* -5 + -2 * -8 * -5 + 8")).best`,
		Fn: func(env *builtin.Env, args ...any) (any, error) {
			x, err := kit.FirstArg("solve", "solve(x) or solve(board, player)", args)
			if err != nil {
				return nil, err
			}
			if s, ok := x.(games.Solvable); ok {
				return s.Solve(env, "solve", args)
			}
			p, ok := x.(games.Position)
			if !ok {
				return nil, kit.BadType("solve", 1, "x", kindsOf("solve", is[games.Position]), x)
			}
			if err := kit.Unpack("solve", args, "x", new(any)); err != nil {
				return nil, err
			}
			return solution(env, "solve", p)
		},
	}, help: func(h *games.Help) string { return h.Solve }, result: func(r games.Results) any { return r.Solve }, generic: &Solution{}})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "dp",
		Signature: `dp(x) / dp(board, player)`,
		Doc: `The DP table x's solve fills, as a value: shown as a table in the REPL (the cells the ` +
			`optimal plan uses marked) and as a heat map in Jupyter; at(d, i, j) or d[i, j] is one cell (how it was ` +
			`chosen: its splits or moves and what they compare), d.plan the cells the plan uses, ` +
			`position(d, i, j) the cell's own game to solve, play or analyze, trace(d) the table filling.`,
		Example: `dp(polygon("* -5 + -2 * -8 * -5 + 8"))`,
		Fn: func(env *builtin.Env, args ...any) (any, error) {
			x, err := kit.FirstArg("dp", "dp(x) or dp(board, player)", args)
			if err != nil {
				return nil, err
			}
			if t, ok := x.(games.Tabled); ok {
				return t.DP(env, args)
			}
			p, ok := x.(games.Position)
			if !ok {
				return nil, kit.BadType("dp", 1, "x", kindsOf("dp", is[games.Position]), x)
			}
			if err := kit.Unpack("dp", args, "x", new(any)); err != nil {
				return nil, err
			}
			return positionTable(env, p)
		},
	}, help: func(h *games.Help) string { return h.DP }, result: func(r games.Results) any { return r.DP }, generic: &Positions{}})
	registerTool(&tool{Builtin: &builtin.Builtin{
		Name:      "position",
		Signature: `position(d, i, j)`,
		Doc: `The game of cell i, j of the DP table d (dp(x)): a value that solve, play and analyze take, so a cell can be played. ` +
			`A polygon cell's edges keep their original numbers, as every position's do: a whole-ring cell (j = n) is the ring ` +
			`after deleting edge i, a whole chain's cell the chain; a shorter sub-chain, v(i)..v(i+j-1) (which no line of play ` +
			`leaves), is a game of its own: its moves are the merges made from it, and x.polygon is the ring it is a part of. ` +
			`A coins cell is the row of coins i..j.`,
		Example: `position(dp(polygon("* -5 + -2 * -8 * -5 + 8")), 2, 3)`,
		Fn: dispatch("position", "position(d, i, j)", func(_ *builtin.Env, p games.Positioner, args []any) (any, error) {
			return p.Position(args)
		}),
	}, result: func(r games.Results) any { return r.Position }})
}

func fnReverse(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := kit.Unpack("reverse", args, "x", &x); err != nil {
		return nil, err
	}
	if e, ok := x.(games.Editor); ok {
		return e.Reverse()
	}
	// This builtin takes expr's name, so it keeps expr's meaning for arrays.
	if l, ok := kit.AsList(x); ok {
		l = slices.Clone(l)
		slices.Reverse(l)
		return l, nil
	}
	return nil, kit.BadType("reverse", 1, "x", kindsOf("reverse", is[games.Editor], "array"), x)
}
