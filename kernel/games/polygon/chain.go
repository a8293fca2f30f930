package polygon

import (
	"fmt"
	"strings"

	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// A chain: the polygon game after its first move. Its values left, left
// to right, are drawn, written and edited as the ring's are, its moves
// kept.

// movesText lists a chain's moves, cut when long.
func movesText(moves []int) string {
	return kit.ListCut(len(moves), false, ", ", func(i int) string { return fmt.Sprint(moves[i]) }, "x.moves")
}

func (p *Polygon) chainPicture(optimal []int) display.Chain {
	return display.Chain{
		Values: kit.BigStrings(p.st.vals), Ops: p.st.ops(), Edges: p.st.edges, New: p.st.made, Optimal: optimal,
		Caption: fmt.Sprintf("%s: %s left%s", p.whence(), kit.Count(p.N, "value", "values"), p.rulesNote()),
	}
}

// whence says how the chain came to be: "after moves 3, 2"; a DP cell's
// part "v2..v4 of the ring", "v2..v4 of the ring after merges 3".
func (p *Polygon) whence() string {
	pt := p.st.part
	switch {
	case pt == nil:
		return "after moves " + movesText(p.Moves)
	case len(p.Moves) == 0:
		return pt.name()
	}
	return pt.name() + " after merges " + movesText(p.Moves)
}

func (p *Polygon) chainCard(why string) display.Card {
	head := fmt.Sprintf("polygon chain of %s after %s", kit.Count(p.N, "value", "values"), kit.Count(len(p.Moves), "move", "moves"))
	if p.st.part != nil {
		head = fmt.Sprintf("polygon chain of %s, %s", kit.Count(p.N, "value", "values"), p.whence())
	}
	return kit.MakeCard(head,
		[]string{kit.Peek(p.N, func(i int) string { return p.st.vals[i].String() })}, why,
		`c.values[i] reads a value; text(c) or save(c, "c.txt") or save(c, "c.svg") draws it all`)
}

// chainString is the chain in the polygon's text style: "-8 * -5 + 8".
func (p *Polygon) chainString() string {
	var b strings.Builder
	ops := p.st.ops()
	for k, v := range p.st.vals {
		if k > 0 {
			fmt.Fprintf(&b, " %c ", ops[k-1])
		}
		b.WriteString(v.String())
	}
	return b.String()
}

// chainJSON is the chain and the moves record, with the rules when they
// are not the default.
func (p *Polygon) chainJSON() any {
	type chain struct {
		N      int    `json:"n"`
		Values []any  `json:"values"`
		Edges  []int  `json:"edges"`
		Ops    string `json:"ops"`
		Moves  []int  `json:"moves"`
	}
	ch := chain{p.N, p.Values, kit.NonNil(p.Edges), p.Ops, p.Moves}
	if p.rules.IsDefault() {
		return ch
	}
	return struct {
		chain
		Rules map[string]any `json:"rules"`
	}{ch, p.rules.Changed()}
}

// PlayersFor: in the polygon game the person makes every move.
func (p *Polygon) PlayersFor(who any) (games.Position, []string, error) {
	if who != nil {
		return nil, nil, fmt.Errorf("play: takes 1 argument for a polygon (you make every move), got 2")
	}
	return p, []string{"1"}, nil
}

const playKeys = "? hint, u undo, q quit"

func (p *Polygon) Prompt(string) string {
	if p.isChain() {
		return fmt.Sprintf("edge to merge (%s): ", playKeys)
	}
	return fmt.Sprintf("edge to delete first, 1..%d (%s): ", p.N, playKeys)
}

// ParseTyped reads the edge number the person typed.
func (p *Polygon) ParseTyped(line, _ string) (games.Move, error) {
	fields := kit.Fields(line)
	if len(fields) != 1 {
		return nil, fmt.Errorf("a move is one edge number")
	}
	m, err := parseMove(kit.Atoi(fields[0]))
	if err != nil {
		return nil, fmt.Errorf("%q is not an edge number", fields[0])
	}
	return m, nil
}
