package defined

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/printer"
	"gamelab/kernel/word"
)

// Position is a position of a game defined in the language: an instance
// (nim([3, 4, 5])) or the position after some moves. The exported fields
// are what expr reads: p.state, p.mover, p.moves (made), p.legal (to
// make), p.turn, p.rules, p.start. What its parts say of it (its legal moves, its key, its value
// once over) is asked when it is made, so a mistake in them is reported
// where the position is made; a part that fails later (earn, when a tool
// scores a move) stops the statement with its error.
type Position struct {
	Name    string         `expr:"game"`  // the game's name
	State   any            `expr:"state"` // the state
	ToMove  any            `expr:"mover"` // the player to move; nil when the game is over
	Turn    int            `expr:"turn"`  // moves made
	Played  []any          `expr:"moves"` // the moves made
	CanMake []any          `expr:"legal"` // the moves that may be made now, in the moves part's order
	RuleMap map[string]any `expr:"rules"`
	Start   *Position      `expr:"start"` // the instance, before any move

	x     *run
	n     node
	h     *games.History
	arg   any // the instance's argument (start's #), for its text and shrink
	legal []games.Move
	line  *[]any // Played's backing array, shared along a line of play
	// keys are the keys of the line's positions, in a game that can
	// repeat; again is the turn (from 1) after which the position came
	// before, when it repeats one (it is then over: a draw).
	keys  *lineKeys
	again int
	key   string
	end   *big.Int // the value once over
	min   bool
	kids  map[string]kid // what each move played so far leads to
}

// kid is what a move leads to: where the game stands then (its key), what
// the move earned, and the position itself once it is played.
type kid struct {
	n    node
	key  string
	step games.Step
	next *Position
}

// move is a move of a defined game: any value, named by its literal; w
// is the value as the search has it.
type move struct {
	v any
	w word.Word
	s string
}

func (m move) String() string { return m.s }
func (m move) Value() any     { return m.v }

// anyList is v, a list of another type ([]string: split's) as the
// language's own lists are: the fast path reads such a list's items
// itself, where a typed slice would be converted at each index.
func anyList(v any) any {
	switch v.(type) {
	case []any, []int:
		return v
	}
	if l, ok := kit.AsList(v); ok {
		return l
	}
	return v
}

// instance is the game's instance of argument arg under rules r.
func (d *def) instance(arg any, r games.Rules) (*Position, error) {
	x := newRun(d, r)
	state := anyList(arg)
	if d.start != nil {
		// start sees the argument as the state, and the rules, as every part does.
		v, err := x.call("start", d.start, &node{state: word.Of(state)}, none)
		if err != nil {
			return nil, err
		}
		state = v.Value()
	}
	n := node{state: word.Of(anyList(state))}
	var err error
	if n.mover, err = x.moverAt(&n); err != nil {
		return nil, err
	}
	p, err := x.position(n, nil, nil, nil)
	if err != nil {
		return nil, err
	}
	p.arg, p.Start = arg, p
	return p, nil
}

// position is the position at n, after history h (nil: the instance),
// its parts asked; parent is the position h's last move was made from.
func (x *run) position(n node, h *games.History, start, parent *Position) (*Position, error) {
	p := &Position{Name: x.d.name, State: n.state.Value(), ToMove: x.playerValue(n.mover), Turn: n.turn, Played: []any{}, CanMake: []any{},
		RuleMap: x.rmap, Start: start, x: x, n: n, h: h}
	if parent != nil {
		p.line, p.Played = extend(parent, h.Moves[h.Len()-1].Value())
	}
	moves, err := x.legal(&n)
	if err != nil {
		return nil, err
	}
	// A position holds its moves (a range of millions is one word until
	// here): the budget is asked first, as the search asks for its table.
	x.d.reserveItems(moveCount(moves), legalMoveBytes)
	if moves.K != word.Range {
		x.d.reserveItems(moveCount(moves), distinctBytes)
	}
	for i := range moveCount(moves) {
		m := moves.At(i)
		v := m.Value()
		p.legal = append(p.legal, move{v, m, text(v)})
		p.CanMake = append(p.CanMake, v)
	}
	if moves.K != word.Range { // a range's moves differ
		if err := x.d.distinct(&n, p.legal); err != nil {
			return nil, err
		}
	}
	if p.key, err = x.keyOf(&n); err != nil {
		return nil, err
	}
	if x.d.repeat && !x.d.mustEnd { // a puzzle's line goes on where it repeats
		if p.keys, p.again = along(parent, p.key); p.again > 0 {
			p.legal, p.CanMake, p.ToMove, p.end = nil, []any{}, nil, new(big.Int)
			return p, nil
		}
	}
	if len(p.legal) == 0 {
		p.ToMove = nil
		end, err := x.terminal(&n)
		if err != nil {
			return nil, err
		}
		p.end = end.Big()
	} else if p.min, err = x.minimizes(&n); err != nil {
		return nil, err
	}
	return p, nil
}

// TypeName is the game's name, a position part-way "nim position".
func (p *Position) TypeName() string {
	if p.h.Len() > 0 {
		return p.Name + " position"
	}
	if p.Name == "" {
		return "defined game's position"
	}
	return p.Name
}

// Game is the game's contract.
func (p *Position) Game() *games.Game { return p.x.d.game }

// Text is the state (in the game's words, where its text part gives them)
// and whose move it is.
func (p *Position) Text() string {
	s := p.stateText()
	status := fmt.Sprintf("%s to move", p.n.mover)
	switch {
	case p.again > 0:
		// First, so that a line's end (trace's "then:") says why it ended.
		again := "the position it started from"
		if p.again > 1 {
			again = fmt.Sprintf("the position after move %d", p.again-1)
		}
		s = "drawn: " + again + " again\n" + s
		status = "the game is over: a draw by repetition"
	case len(p.legal) == 0:
		status = fmt.Sprintf("the game is over: value %s for %s", p.end, p.n.mover)
	}
	if p.h.Len() > 0 {
		status += " after " + games.LineText(p.x.d.game, p.h.Moves)
	}
	return strings.TrimRight(s, "\n") + "\n" + p.Name + ": " + status + "\n"
}

// stateText is the text part's text of the state, or the state's
// literal: with a word on what went wrong when the text part failed or
// gave no string (a text has no error to return), and its start when it
// is longer than a result shows.
func (p *Position) stateText() string {
	if p.x.d.text == nil {
		return text(p.State)
	}
	v, err := p.x.call("text", p.x.d.text, &p.n, none)
	if err != nil {
		first, _, _ := strings.Cut(err.Error(), "\n")
		return text(p.State) + "\n(" + first + ")"
	}
	t, ok := v.Str()
	if !ok {
		return text(p.State) + "\n(" + p.x.d.badResult("text", &p.n, none, v, "a string").Error() + ")"
	}
	if len(t) > printer.MaxShownBytes {
		cut := strings.ToValidUTF8(t[:4096], "")
		if i := strings.LastIndexByte(cut, '\n'); i > 0 {
			cut = cut[:i]
		}
		t = fmt.Sprintf("%s\n… (%s's text is %d characters: its start)", cut, p.x.d.name, utf8.RuneCountInString(t))
	}
	return t
}

// Inline is the position in a list or a table's cell: nim([3, 4, 5]) for
// an instance, else its state and who moves: [1, 4, 5], B to move. An
// ended state says whose value it has (0, over (value for B)): of two
// players, the same state is two positions, with values of their own.
func (p *Position) Inline() string {
	if p.h.Len() == 0 && p.arg != nil {
		return p.Name + "(" + short(p.arg) + ")"
	}
	if p.again > 0 {
		return short(p.State) + ", " + p.n.mover + " to move, over (repeats)"
	}
	if len(p.legal) == 0 {
		if len(p.x.d.players) > 1 {
			return short(p.State) + ", over (value for " + p.n.mover + ")"
		}
		return short(p.State) + ", over"
	}
	return short(p.State) + ", " + p.n.mover + " to move"
}

// SVG is the picture part's drawing: an SVG string, or the picture of the
// value it gives; "" without one (a notebook then shows the text alone).
func (p *Position) SVG() string {
	svg, _ := p.picture()
	return svg
}

// WriteSVG writes the picture (svg(x), save(x, "x.svg")), or says why
// there is none: no picture part, or the part failed or gave no picture.
func (p *Position) WriteSVG(w io.Writer, _ bool) error {
	svg, err := p.picture()
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, svg)
	return err
}

// picture is the picture part's drawing, or the error of a game without
// one or a part that gave none.
func (p *Position) picture() (string, error) {
	d := p.x.d
	if d.picture == nil {
		return "", builtin.Errorf(builtin.GameError, "%s has no picture: its definition gives no picture part ({…} that gives an SVG string, or a value with a picture, of #.state)", d.name)
	}
	v, err := p.x.call("picture", d.picture, &p.n, none)
	if err != nil {
		return "", err
	}
	switch pic := v.Value().(type) {
	case string:
		if strings.HasPrefix(strings.TrimSpace(pic), "<svg") {
			return pic, nil
		}
	case builtin.Pictured:
		if svg := pic.SVG(); svg != "" {
			return svg, nil
		}
	}
	return "", d.badResult("picture", &p.n, none, v, "an SVG string (<svg …>…</svg>) or a value with a picture")
}

// JSONValue is the game, the state, who moves, the moves made and the
// rules that differ from the defaults.
func (p *Position) JSONValue() any {
	return struct {
		Game  string         `json:"game"`
		State any            `json:"state"`
		Mover any            `json:"mover"`
		Moves []any          `json:"moves"`
		Rules map[string]any `json:"rules,omitempty"`
	}{p.Name, kit.JSONValue(p.State), p.ToMove, kit.JSONValue(p.Played).([]any), p.x.rules.Changed()}
}

// The games.Position methods.

func (p *Position) Rules() games.Rules                  { return p.x.rules }
func (p *Position) Legal() []games.Move                 { return p.legal }
func (p *Position) Terminal() *big.Int                  { return p.terminalValue() }
func (p *Position) Minimizes() bool                     { return p.min }
func (p *Position) History() *games.History             { return p.h }
func (p *Position) Key() string                         { return p.key }
func (p *Position) ParseMove(x any) (games.Move, error) { return move{x, word.Of(x), text(x)}, nil }

func (p *Position) terminalValue() *big.Int {
	if p.end == nil {
		return new(big.Int)
	}
	return p.end
}

// Bytes is about what a position of a line holds (games.Sized), measured
// along matches: the position with its moves and what they lead to, its
// history's step, and a list state's items anew.
func (p *Position) Bytes() int64 {
	n, ok := p.n.state.Len()
	if !ok { // a list as the language has it (an instance's argument)
		l, _ := kit.AsList(p.n.state.Value())
		n = len(l)
	}
	return positionBytes + 32*int64(n)
}

// positionBytes is what a position of a line holds past its state's items.
const positionBytes = 640

// Mover is the player to move, "" once the game is over.
func (p *Position) Mover() string {
	if len(p.legal) == 0 {
		return ""
	}
	return p.n.mover
}

// WithRules is the position under rules r: the instance's state under
// them, its moves played again.
func (p *Position) WithRules(r games.Rules) (games.Position, error) {
	start := p.Start
	if start == nil {
		start = p
	}
	q, err := start.x.d.instance(start.arg, r)
	if err != nil {
		return nil, err
	}
	var at games.Position = q
	if p.h != nil {
		for t, m := range p.h.Moves {
			if at, err = at.Play(m); err != nil {
				return nil, fmt.Errorf("with: move %d (%s) of the position is illegal under the new rules: %w", t+1, m, err)
			}
		}
	}
	return at, nil
}

// Play makes m, which must be one of the legal moves.
func (p *Position) Play(gm games.Move) (games.Position, error) {
	k, err := p.child(gm)
	if err != nil {
		return nil, err
	}
	if k.next == nil {
		start := p.Start
		if start == nil {
			start = p
		}
		m := p.legal[slices.IndexFunc(p.legal, func(m games.Move) bool { return m.String() == gm.String() })]
		if k.next, err = p.x.position(k.n, p.h.Extend(start, p.n.mover, m, k.step.Reward), start, p); err != nil {
			return nil, err
		}
		p.kids[m.String()] = k
	}
	return k.next, nil
}

// Step is what m earns its mover and how the next position's value counts:
// the same player moving on adds it, the other subtracts it.
func (p *Position) Step(gm games.Move) games.Step {
	k, err := p.child(gm)
	if err != nil {
		panic(err) // a part that failed: the statement stops with its error (the engine recovers it)
	}
	return k.step
}

// child is what move gm leads to, asked of the parts once.
func (p *Position) child(gm games.Move) (kid, error) {
	i := slices.IndexFunc(p.legal, func(m games.Move) bool { return m.String() == gm.String() })
	if i < 0 {
		return kid{}, p.illegal(gm)
	}
	m := p.legal[i].(move)
	if k, ok := p.kids[m.s]; ok {
		return k, nil
	}
	var next node
	if err := p.x.next(&p.n, m.w, &next); err != nil {
		return kid{}, err
	}
	reward, err := p.x.reward(&p.n, m.w)
	if err != nil {
		return kid{}, err
	}
	key, err := p.x.keyOf(&next)
	if err != nil {
		return kid{}, err
	}
	carry := games.CarryNegated
	if next.mover == p.n.mover {
		carry = games.CarrySame
	}
	k := kid{n: next, key: key, step: games.Step{Carry: carry}}
	if p.x.d.earn != nil { // a game without earn scores no move: no totals, no "(0)" after a move
		k.step.Reward = reward.Big()
	}
	if p.kids == nil {
		p.kids = map[string]kid{}
	}
	p.kids[m.s] = k
	return k, nil
}

// legalMoveBytes is what a position keeps of a move (its value, its
// word, its text, its place in legal), and distinctBytes what distinct's
// check of it takes while it runs.
const legalMoveBytes, distinctBytes = 112, 64

// reserveItems reserves n items of size bytes in the account of the cell
// that runs the game's parts: it panics with the cell's MemoryError, which
// the builtin that made the position reports, when they do not fit.
func (d *def) reserveItems(n int, size int64) {
	if n < 64 || d.account == nil {
		return
	}
	if m := d.account.Meter(); m != nil {
		m.ReserveItems(int64(n), size)
	}
}

// distinct is the error of moves (at n) that give one move twice: a
// tool names a move by its text (after, play, analyze), so the second
// could never be made.
func (d *def) distinct(n *node, moves []games.Move) error {
	if len(moves) < 2 {
		return nil
	}
	seen := make(map[string]bool, len(moves))
	for _, m := range moves {
		t := m.(move).s
		if seen[t] {
			return builtin.Errorf(builtin.GameError, "%s's moves gave the move %s twice at state %s: each move must differ from the others, as the tools tell moves apart by their text",
				d.name, short(m.Value()), short(n.state.Value()))
		}
		seen[t] = true
	}
	return nil
}

// illegal says why gm is no move here.
func (p *Position) illegal(gm games.Move) error {
	switch {
	case p.again > 0:
		return fmt.Errorf("the game is over: a draw by repetition")
	case len(p.legal) == 0:
		return fmt.Errorf("the game is over")
	}
	names := make([]string, 0, min(len(p.legal), 10))
	for _, m := range p.legal[:min(len(p.legal), 10)] {
		names = append(names, m.String())
	}
	more := ""
	if len(p.legal) > 10 {
		more = fmt.Sprintf(", … (%d in all)", len(p.legal))
	}
	return fmt.Errorf("%s is not among the legal moves here: %s%s", gm, strings.Join(names, ", "), more)
}

// extend is the moves after parent's and v: parent's backing array grown
// in place when parent ends its line (a line of n moves costs n, not n²),
// else a copy. Played is cut to its length, so no append to it writes
// into the shared array.
func extend(parent *Position, v any) (*[]any, []any) {
	k := len(parent.Played)
	line := parent.line
	if line == nil || len(*line) != k {
		buf := make([]any, k, 2*k+4)
		copy(buf, parent.Played)
		line = &buf
	}
	*line = append(*line, v)
	return line, (*line)[: k+1 : k+1]
}

// lineKeys are the keys of a line's positions in order, shared along the
// line as its moves are (see extend), and the turn each first came at.
type lineKeys struct {
	order []string
	first map[string]int
}

// along is the keys of parent's line and key (parent nil: the instance's
// alone), parent's grown in place when parent ends its line, else a copy;
// again is 1 + the turn key came at before, 0 when it is new.
func along(parent *Position, key string) (keys *lineKeys, again int) {
	if parent == nil {
		return &lineKeys{order: []string{key}, first: map[string]int{key: 0}}, 0
	}
	k := len(parent.Played) + 1 // the line's positions up to parent
	keys = parent.keys
	if len(keys.order) != k {
		keys = &lineKeys{order: slices.Clone(keys.order[:k]), first: make(map[string]int, k)}
		for t, key := range keys.order {
			keys.first[key] = t
		}
	}
	t, seen := keys.first[key]
	keys.order = append(keys.order, key)
	if seen {
		return keys, t + 1
	}
	keys.first[key] = k
	return keys, 0
}
