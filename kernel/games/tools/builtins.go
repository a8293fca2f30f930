package tools

import (
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// engine is the table of the builtins written once over the games, in the
// order help lists them after the games' own.
var engine []*builtin.Builtin

// register adds an engine builtin; each builtin's file calls it from init.
func register(b *builtin.Builtin) { engine = append(engine, b) }

// Builtins is every game builtin, in the order help lists them: each
// game's constructors and edits, then the engine's. The engine's help and
// completion are completed from the registry here, once every game has
// registered (so call it after init, as the kernel does).
func Builtins() []*builtin.Builtin {
	var out []*builtin.Builtin
	for _, g := range games.All() {
		out = append(out, g.Builtins...)
	}
	for _, b := range engine {
		c := *b
		c.Doc = docFor(b)
		if c.Returns == nil {
			c.Returns = allReturns(b.Name)
		}
		if c.ReturnsFor == nil {
			c.ReturnsFor = returnsFor(b.Name)
		}
		out = append(out, &c)
	}
	return out
}

// docFor is an engine builtin's help: its own paragraph, then what each
// game adds to it.
func docFor(b *builtin.Builtin) string {
	parts := []string{b.Doc}
	for _, g := range games.All() {
		if d := g.Docs[b.Name]; d != "" {
			parts = append(parts, d)
		}
	}
	return strings.Join(parts, " ")
}

// returnsFor narrows an engine builtin's results by the game of its first
// argument, for completion.
func returnsFor(fn string) func(first any) []any {
	return func(first any) []any {
		if sameKind[fn] {
			if _, ok := first.(interface{ Game() *games.Game }); ok {
				return []any{first} // an edit gives a value of the kind it edits
			}
		}
		if r, ok := first.(games.Returner); ok {
			if out := r.Returns(fn); out != nil {
				return out
			}
		}
		if v, ok := first.(interface{ Game() *games.Game }); ok {
			return v.Game().Returns[fn]
		}
		return nil
	}
}

// sameKind are the engine builtins that return a changed copy of the value
// they are given.
var sameKind = map[string]bool{"setv": true, "insert": true, "remove": true, "rotate": true, "reverse": true, "with": true}

// kindsFor lists what fn takes, over every game, for a BadType message:
// "a polygon, coins or board". Only the first kind keeps its article, as
// these messages have always been worded: "a polygon, chain, coins, coins
// position or board".
func kindsFor(fn string, extra ...string) string {
	var kinds []string
	for _, g := range games.All() {
		if k := g.Kinds[fn]; k != "" {
			kinds = append(kinds, strings.Split(k, ", ")...)
		}
	}
	kinds = slices.Concat(kinds, extra)
	if len(kinds) == 0 { // no game registered answers fn
		return "a value " + fn + " takes"
	}
	for i := 1; i < len(kinds); i++ {
		kinds[i] = strings.TrimPrefix(strings.TrimPrefix(kinds[i], "a "), "an ")
	}
	if !strings.HasPrefix(kinds[0], "a ") && !strings.HasPrefix(kinds[0], "an ") {
		kinds[0] = kit.KindPhrase(kinds[0]) // "an array", "coins"
	}
	return kit.OrList(kinds)
}

// dispatch is the body of an engine builtin that one capability answers:
// the first argument, asserted to C, gets the call; anything else is
// refused with the kinds of value fn takes.
func dispatch[C any](fn, sig string, call func(env *builtin.Env, c C, args []any) (any, error)) func(env *builtin.Env, args ...any) (any, error) {
	return func(env *builtin.Env, args ...any) (any, error) {
		x, err := kit.FirstArg(fn, sig, args)
		if err != nil {
			return nil, err
		}
		c, ok := x.(C)
		if !ok {
			return nil, kit.BadType(fn, 1, "x", kindsFor(fn), x)
		}
		return call(env, c, args)
	}
}

func init() {
	register(&builtin.Builtin{
		Name:      "at",
		Signature: `at(x, i) / at(board, r, p)`,
		Doc:       `Reads one number, counting from 1.`,
		Example:   `at(polygon("* -5 + -2 * -8 * -5 + 8"), 2)`,
		Returns:   []any{0},
		Fn:        dispatch("at", "at(x, i) or at(board, r, p)", func(_ *builtin.Env, r games.Reader, args []any) (any, error) { return r.At(args) }),
	})
	register(&builtin.Builtin{
		Name:      "setv",
		Signature: `setv(x, i, v)`,
		Doc:       `Returns a copy of x with value i, from 1, set to the integer v.`,
		Example:   `setv(polygon("* -5 + -2 * -8 * -5 + 8"), 1, 0)`,
		Fn:        dispatch("setv", "setv(x, i, v)", func(_ *builtin.Env, s games.ValueSetter, args []any) (any, error) { return s.SetV(args) }),
	})
	register(&builtin.Builtin{
		Name:      "insert",
		Signature: `insert(p, i, op, v) / insert(c, i, v)`,
		Doc:       `Returns a copy with a new vertex or coin at position i (1..n+1; n+1 appends).`,
		Example:   `insert(polygon("* -5 + -2 * -8 * -5 + 8"), 6, "+", 3)`,
		Fn:        dispatch("insert", "insert(p, i, op, v) or insert(c, i, v)", func(_ *builtin.Env, s games.Inserter, args []any) (any, error) { return s.Insert(args) }),
	})
	register(&builtin.Builtin{
		Name:      "remove",
		Signature: `remove(x, i)`,
		Doc:       `Returns a copy of x without vertex (coin) i.`,
		Example:   `remove(coins([10, 80, 90, 30]), 1)`,
		Fn:        dispatch("remove", "remove(x, i)", func(_ *builtin.Env, s games.Remover, args []any) (any, error) { return s.Remove(args) }),
	})
	register(&builtin.Builtin{
		Name:      "rotate",
		Signature: `rotate(x, k)`,
		Doc:       `Returns x turned by k steps (k may be negative):`,
		Example:   `rotate(polygon("* -5 + -2 * -8 * -5 + 8"), 2)`,
		Fn: dispatch("rotate", "rotate(x, k)", func(_ *builtin.Env, s games.Rotator, args []any) (any, error) {
			var k int
			if err := kit.Unpack("rotate", args, "x", new(any), "k", &k); err != nil {
				return nil, err
			}
			return s.Rotate(k)
		}),
	})
	register(&builtin.Builtin{
		Name:      "reverse",
		Signature: `reverse(x)`,
		Doc:       `Returns x mirrored:`,
		Example:   `reverse(coins([10, 80, 90, 30]))`,
		Fn:        fnReverse,
	})
	register(&builtin.Builtin{
		Name:      "solve",
		Signature: `solve(x) / solve(board, player)`,
		Doc: `Plays x optimally, under its rules (x.rules; with(x, rules) changes them), from where ` +
			`it is: a position from after is solved from that position on, its moves already played ` +
			`kept apart (played). Numbers that do not fit 64 bits come back exact.`,
		Example: `solve(polygon("* -5 + -2 * -8 * -5 + 8")).best`,
		Fn: dispatch("solve", "solve(x) or solve(board, player)", func(env *builtin.Env, s games.Solvable, args []any) (any, error) {
			return s.Solve(env, "solve", args)
		}),
	})
}

func init() {
	register(&builtin.Builtin{
		Name:      "dp",
		Signature: `dp(x) / dp(board, player)`,
		Doc: `The DP table x's solve fills, as a value: shown as a table in the REPL (the cells the ` +
			`optimal plan uses marked) and as a heat map in Jupyter; at(d, i, j) or d[i, j] is one cell (how it was ` +
			`chosen: its splits or moves and what they compare), d.plan the cells the plan uses, ` +
			`position(d, i, j) the cell's own game to solve, play or analyze, trace(d) the table filling.`,
		Example: `dp(polygon("* -5 + -2 * -8 * -5 + 8"))`,
		Fn: dispatch("dp", "dp(x) or dp(board, player)", func(env *builtin.Env, t games.Tabled, args []any) (any, error) {
			return t.DP(env, args)
		}),
	})
	register(&builtin.Builtin{
		Name:      "position",
		Signature: `position(d, i, j)`,
		Doc: `The game of cell i, j of the DP table d (dp(x)): a value that solve, play and analyze take, so a cell can be played. ` +
			`A polygon's whole-ring cell (j = n) is the ring after deleting edge i, a whole chain's cell the chain, both with the ` +
			`edges' original numbers; a shorter sub-chain is a game of its own, its values v(i)..v(i+j-1) with their closing edge 1 ` +
			`deleted first and the others numbered 2..j. A coins cell is the row of coins i..j.`,
		Example: `position(dp(polygon("* -5 + -2 * -8 * -5 + 8")), 2, 3)`,
		Fn: dispatch("position", "position(d, i, j)", func(_ *builtin.Env, p games.Positioner, args []any) (any, error) {
			return p.Position(args)
		}),
	})
}

func fnReverse(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := kit.Unpack("reverse", args, "x", &x); err != nil {
		return nil, err
	}
	if r, ok := x.(games.Reverser); ok {
		return r.Reverse()
	}
	// This builtin takes expr's name, so it keeps expr's meaning for arrays.
	if l, ok := kit.AsList(x); ok {
		l = slices.Clone(l)
		slices.Reverse(l)
		return l, nil
	}
	return nil, kit.BadType("reverse", 1, "x", kindsFor("reverse", "array"), x)
}

// allReturns collects what fn returns over every game, for a builtin's
// static Returns.
func allReturns(fn string) []any {
	var out []any
	for _, g := range games.All() {
		out = append(out, g.Returns[fn]...)
	}
	return out
}
