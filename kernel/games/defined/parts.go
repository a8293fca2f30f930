package defined

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/printer"
	"gamelab/kernel/word"
)

// View is # in a game's parts: the position a part is asked about.
type View struct {
	State any            `expr:"state"` // the game's state
	Move  any            `expr:"move"`  // the move (play, earn); nil elsewhere
	Mover any            `expr:"mover"` // the player to move
	Turn  int            `expr:"turn"`  // how many moves were made before
	Rules map[string]any `expr:"rules"` // the instance's rules
}

func (v *View) TypeName() string { return "position view" }

// Field is v's field name, as its expr tag names it (builtin.Fields): how
// the language's fast path reads #.state.
func (v *View) Field(name string) (any, bool) {
	i := viewField(name)
	if i < 0 {
		return nil, false
	}
	return [...]any{v.State, v.Move, v.Mover, v.Turn, v.Rules}[i], true
}

// viewField is the place of a View's field name (its expr tag), in the
// order View and wordView have them; -1 for no field.
func viewField(name string) int {
	switch name {
	case "state":
		return 0
	case "move":
		return 1
	case "mover":
		return 2
	case "turn":
		return 3
	case "rules":
		return 4
	}
	return -1
}

// Text is the view as a map would show.
func (v *View) Text() string {
	return kit.FormatValue(map[string]any{"state": v.State, "move": v.Move, "mover": v.Mover, "turn": v.Turn, "rules": v.Rules})
}

// node is where a game stands: the state (a Word: kernel/word) and who
// is to move there, and how many moves were made; the rules are the
// instance's.
type node struct {
	state word.Word
	mover string
	turn  int
}

// run is a game under one instance's rules: what its parts are asked in,
// and the positions its search has solved (shared by every position of
// the instance, so a line or a tree solves each position once).
type run struct {
	d     *def
	rules games.Rules
	rmap  map[string]any // the rules as # sees them, made once
	rword word.Word      // rmap as a Word
	memo  *table
	// ranks are, in a game that can repeat, the moves within which the
	// player who forces a position's value gets there (retro.go).
	ranks map[tkey]int32
	// keyBuf is where keys are written (keyText).
	keyBuf []byte
	// words and view are # of the parts that only read its fields
	// (borrowed), as Words for the fast path and as values for the
	// machine, while viewBusy says one runs.
	words    wordView
	view     View
	viewBusy bool
}

// borrowed is a part whose {…} only reads fields of # (builtin.Borrowing):
// call hands it the run's one view rather than a new one a call; words is
// the part as the fast path compiled it (nil for none), asked once.
type borrowed struct {
	builtin.Predicate
	words builtin.WordCaller
}

// borrow is p as a borrowed part.
func borrow(p builtin.Predicate) borrowed {
	w, _ := p.(builtin.WordCaller)
	return borrowed{p, w}
}

// wordView is # of a part the language's fast path runs
// (builtin.WordCaller): the View's fields as Words, in its order.
type wordView [5]word.Word

// FieldWord is v's field name (word.Fields).
func (v *wordView) FieldWord(name string) (word.Word, bool) {
	if i := viewField(name); i >= 0 {
		return v[i], true
	}
	return word.Word{}, false
}

func newRun(d *def, r games.Rules) *run {
	m := r.Map()
	return &run{d: d, rules: r, rmap: m, rword: word.Of(m)}
}

// none is the move of a part asked of a state alone.
var none = word.Word{}

// call runs part name at n (with move m, none for none) and returns its
// value, or the error of the user's definition: the part, the state, the
// move and, under them, the part's text with a caret at the fault. A part
// that only reads fields of # and that the fast path compiled runs on the
// Words themselves; any other, or one the fast path gives up on, on the
// values the language has.
func (x *run) call(name string, p builtin.Predicate, n *node, m word.Word) (word.Word, error) {
	var v any
	var err error
	if b, ok := p.(borrowed); ok && !x.viewBusy {
		x.viewBusy = true
		if b.words != nil {
			w := &x.words
			// field by field: a view written whole is copied with the
			// collector's barrier on each of its words
			w[0], w[1], w[2], w[3], w[4] = n.state, m, word.Of(x.playerValue(n.mover)), word.IntOf(n.turn), x.rword
			out, ok := b.words.CallWord(word.Word{K: word.Any, P: w})
			if ok {
				x.viewBusy = false
				return out, nil
			}
		}
		// The machine's: the run's own View.
		w := &x.view
		w.State, w.Move, w.Mover, w.Turn, w.Rules = n.state.Value(), m.Value(), x.playerValue(n.mover), n.turn, x.rmap
		v, err = p.Call(w)
		x.viewBusy = false
	} else {
		v, err = p.Call(&View{State: n.state.Value(), Move: m.Value(), Mover: x.playerValue(n.mover), Turn: n.turn, Rules: x.rmap})
	}
	if err != nil {
		return word.Word{}, x.d.partError(name, n, m, err)
	}
	return word.Of(v), nil
}

// playerValue is playerValue(p) for one of the game's players, made once.
func (x *run) playerValue(p string) any {
	for i, q := range x.d.players {
		if q == p {
			return x.d.playerValues[i]
		}
	}
	return playerValue(p)
}

// partError is err of part name at n and move m, in the user's words.
func (d *def) partError(name string, n *node, m word.Word, err error) error {
	var be *builtin.Error
	if errors.As(err, &be) && (be.Kind == builtin.MemoryError || be.Kind == builtin.Interrupted) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		// the cell's own stop (its budget, an interrupt, which a part on
		// the machine meets as its context's end): the statement ends
		// with it, and the search says how far it came
		return err
	}
	where := fmt.Sprintf("at state %s", short(n.state.Value()))
	if m.K != word.Nil {
		where += fmt.Sprintf(" with move %s", short(m.Value()))
	}
	msg := fmt.Sprintf("%s's %s failed %s: %v", d.name, name, where, err)
	var pe *builtin.PredicateError
	if errors.As(err, &pe) {
		msg = fmt.Sprintf("%s's %s failed %s: %s%s", d.name, name, where, pe.Msg, caret(name, pe))
	}
	return &builtin.Error{Kind: builtin.GameError, Offset: -1, Msg: msg, Err: err}
}

// caret is the part as written, under the message, with a caret where it
// failed; of a part of several lines, the line that failed, numbered.
func caret(name string, pe *builtin.PredicateError) string {
	src := []rune(pe.Source)
	if pe.At < 0 || pe.At >= len(src) {
		return ""
	}
	line, col, n := src, pe.At, 1
	if strings.ContainsRune(pe.Source, '\n') {
		start := strings.LastIndex(string(src[:pe.At]), "\n") + 1 // bytes: make it runes
		start = len([]rune(string(src[:pe.At])[:start]))
		end := start
		for end < len(src) && src[end] != '\n' {
			end++
		}
		n = strings.Count(string(src[:start]), "\n") + 1
		for start < pe.At && (src[start] == ' ' || src[start] == '\t') {
			start++ // the line's indentation is not shown
		}
		line, col = src[start:end], pe.At-start
	}
	lead := "  " + name + ": "
	if n > 1 || strings.ContainsRune(pe.Source, '\n') {
		lead = fmt.Sprintf("  %s, line %d: ", name, n)
	}
	return "\n" + lead + string(line) + "\n" + strings.Repeat(" ", len([]rune(lead))+col) + "^"
}

// badResult is the error of part name giving v, which is not what it
// must give.
func (d *def) badResult(name string, n *node, m word.Word, w word.Word, want string) error {
	v := w.Value()
	where := fmt.Sprintf("at state %s", short(n.state.Value()))
	if m.K != word.Nil {
		where += fmt.Sprintf(" with move %s", short(m.Value()))
	}
	return builtin.Errorf(builtin.GameError, "%s's %s gave %s (%s) %s, which is not %s", d.name, name, short(v), kit.KindPhrase(kit.TypeName(v)), where, want)
}

// short is a value as messages show it: its literal, cut past 80 runes.
func short(v any) string {
	s := printer.Literal(v)
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "…"
	}
	return s
}

// text is a move's or a state's text: its literal, which compares them.
func text(v any) string { return printer.Literal(v) }

// playerValue is a player as # and json see it: a number for a player named
// by one, else the name.
func playerValue(p string) any {
	if p == "" {
		return nil
	}
	if n, err := strconv.Atoi(p); err == nil {
		return n
	}
	return p
}

// integer is v as an exact integer, or false: small while it fits in
// int64.
func integer(w word.Word) (val, bool) {
	if w.K == word.Int {
		return val{small: w.N}, true
	}
	switch i := w.P.(type) {
	case int64:
		return val{small: i}, true
	case *big.Int:
		if i != nil {
			return bigVal(i), true
		}
	}
	return val{}, false
}

// The parts, asked of a node. Each either gives what the part must give
// or an error in the user's words.

// legal is the moves at n, a list (Len, At): none when over says so or
// moves gives [].
func (x *run) legal(n *node) (word.Word, error) {
	if x.d.over != nil {
		v, err := x.call("over", x.d.over, n, none)
		if err != nil {
			return none, err
		}
		if v.K != word.Bool {
			return none, x.d.badResult("over", n, none, v, "true or false")
		}
		if v.N != 0 {
			return noMoves, nil
		}
	}
	v, err := x.call("moves", x.d.moves, n, none)
	if err != nil {
		return none, err
	}
	if _, ok := v.Len(); ok {
		return v, nil
	}
	list, ok := kit.AsList(v.Value())
	if !ok {
		return none, x.d.badResult("moves", n, none, v, "a list of moves")
	}
	return word.Of(list), nil
}

// noMoves is the moves of an ended state.
var noMoves = word.ListOf(nil)

// moveCount is how many moves l holds.
func moveCount(l word.Word) int {
	n, _ := l.Len()
	return n
}

// next is the node after move m at n, written to out (a node is not
// small: the search, which asks it of every move, keeps it in place).
func (x *run) next(n *node, m word.Word, out *node) error {
	state, err := x.call("play", x.d.play, n, m)
	if err != nil {
		return err
	}
	out.state, out.turn = state, n.turn+1
	out.mover, err = x.moverAt(out)
	return err
}

// moverAt is who moves at n: the mover part's answer, or the players in
// turn.
func (x *run) moverAt(n *node) (string, error) {
	if x.d.mover == nil {
		return x.d.players[n.turn%len(x.d.players)], nil
	}
	v, err := x.call("mover", x.d.mover, n, none)
	if err != nil {
		return "", err
	}
	name := kit.Format(v.Value())
	for _, p := range x.d.players {
		if p == name {
			return p, nil
		}
	}
	return "", x.d.badResult("mover", n, none, v, "one of the players "+strings.Join(x.d.players, ", "))
}

// reward is what move m at n earns its mover: earn's answer, or 0.
func (x *run) reward(n *node, m word.Word) (val, error) {
	if x.d.earn == nil {
		return val{}, nil
	}
	v, err := x.call("earn", x.d.earn, n, m)
	if err != nil {
		return val{}, err
	}
	b, ok := integer(v)
	if !ok {
		return val{}, x.d.badResult("earn", n, m, v, "an integer")
	}
	return b, nil
}

// terminal is what the ended state n is worth to its mover: value's
// answer, or 0.
func (x *run) terminal(n *node) (val, error) {
	if x.d.value == nil {
		return val{}, nil
	}
	v, err := x.call("value", x.d.value, n, none)
	if err != nil {
		return val{}, err
	}
	b, ok := integer(v)
	if !ok {
		return val{}, x.d.badResult("value", n, none, v, "an integer")
	}
	return b, nil
}

// minimizes says the mover at n wants the smallest value.
func (x *run) minimizes(n *node) (bool, error) {
	if x.d.goalOf == nil {
		return x.d.goal == "min", nil
	}
	v, err := x.call("goal", x.d.goalOf, n, none)
	if err != nil {
		return false, err
	}
	switch goal, _ := v.Str(); goal {
	case "max":
		return false, nil
	case "min":
		return true, nil
	}
	return false, x.d.badResult("goal", n, none, v, `"max" or "min"`)
}

// keyOf names n for the search: the key part's text (or the state's) and
// the mover, who is part of a position.
func (x *run) keyOf(n *node) (string, error) {
	k, err := x.keyValue(n)
	if err != nil {
		return "", err
	}
	return string(x.keyText(n, k)), nil
}

// keyValue is what names n: the key part's answer, or the state.
func (x *run) keyValue(n *node) (word.Word, error) {
	if x.d.key == nil {
		return n.state, nil
	}
	k, err := x.call("key", x.d.key, n, none)
	if err == nil && k.K == word.Any {
		switch k.P.(type) {
		case *View, *wordView, builtin.Predicate:
			// its text is the same at every position: all would be one
			return none, x.d.badResult("key", n, none, k, "what tells positions apart, such as #.state or sort(#.state)")
		}
	}
	return k, err
}

// keyText is keyOf's text of n, whose key is k, in x's buffer, which the
// next call writes over: what a lookup of the table reads without making
// a string.
func (x *run) keyText(n *node, k word.Word) []byte {
	b := x.keyBuf[:0]
	if !x.d.moverFree {
		b = append(append(b, n.mover...), '|')
	}
	b = appendLiteral(b, k)
	x.keyBuf = b
	return b
}
