package tools

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Positions is dp(x) of a game without a table of its own (one that is
// not games.Tabled): every position the exhaustive search solves from x,
// in the order it solved them (the ends first, x last), each with its
// mover, its value and every optimal move: the search's memo as a table,
// the DP view of any game. Only positions that name themselves (Keyed) are
// remembered, so a game without keys has x alone.
type Positions struct {
	N     int              `expr:"n"`     // positions solved
	Rows  []map[string]any `expr:"rows"`  // per position: position (its text), key, mover, value, best
	Start any              `expr:"start"` // x

	game      *games.Game
	positions []games.Position
}

func (d *Positions) TypeName() string { return "positions" }

// moverValue is a row's mover: the player, nil once the game is over (as
// a position's mover is).
func moverValue(p string) any {
	if p == "" {
		return nil
	}
	return playerValue(p)
}

// TableRows is the rows for table(d), the position first.
func (d *Positions) TableRows() (columns []string, rows []any) {
	rows = make([]any, len(d.Rows))
	for i, r := range d.Rows {
		rows[i] = r
	}
	return []string{"position", "mover", "value", "best", "key"}, rows
}

// maxTableRows bounds the table of a search: a table is for reading, and
// the search itself answers larger games.
const maxTableRows = 200000

// positionTable searches x and tabulates what it solved.
func positionTable(env *builtin.Env, x games.Position) (*Positions, error) {
	d := &Positions{Start: x, game: x.Game(), Rows: []map[string]any{}}
	if _, keyed := x.(games.Keyed); keyed && d.game.Repeats {
		return d, d.reached(env, x)
	}
	s := games.NewSearch(env.Ctx)
	var err error
	s.Solved = func(key string, p games.Position, ev *games.Eval) {
		if err == nil {
			err = d.add(env, key, p, ev)
		}
	}
	if _, serr := s.Solve(x); serr != nil {
		return nil, kit.SolverError("dp", serr)
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}

// reached tabulates a game that can return to a position, which the
// exhaustive search would go round: the positions play reaches from x,
// each once (by key) where it is first reached, the farthest first and x
// last, solved by the game's solver.
func (d *Positions) reached(env *builtin.Env, x games.Position) error {
	seen := map[string]bool{x.(games.Keyed).Key(): true}
	queue := []games.Position{x}
	for i := 0; i < len(queue); i++ {
		if len(queue) > maxTableRows {
			return fmt.Errorf("dp: more than %d positions; solve(x) answers without the table", maxTableRows)
		}
		if err := env.Ctx.Err(); err != nil {
			return err
		}
		for _, m := range queue[i].Legal() {
			next, err := queue[i].Play(m)
			if err != nil {
				return err
			}
			if k := next.(games.Keyed).Key(); !seen[k] {
				seen[k] = true
				queue = append(queue, next)
			}
		}
	}
	solved := games.NewEvaluator(env)
	for i := len(queue) - 1; i >= 0; i-- {
		p := queue[i]
		ev := &games.Eval{Value: p.Terminal()}
		if !games.Over(p) {
			var err error
			switch ev, err = solved.Eval(p); {
			case errors.Is(err, games.ErrNoEnd):
				ev = nil // a row without a value
			case err != nil:
				return kit.SolverError("dp", err)
			}
		}
		if err := d.add(env, p.(games.Keyed).Key(), p, ev); err != nil {
			return err
		}
	}
	return nil
}

// add is a row of the table: p, named key, solved (ev nil: p has no
// value, since no line of play ends from it).
func (d *Positions) add(env *builtin.Env, key string, p games.Position, ev *games.Eval) error {
	if len(d.Rows) == maxTableRows {
		return fmt.Errorf("dp: more than %d positions; solve(x) answers without the table", maxTableRows)
	}
	// The row, and the position it keeps (position(d, i)) with the line
	// that reached it: a line a move deep is as long as the game, and a
	// table of a long game's positions holds their lines (a pile of
	// 20,000 counters, gigabytes). Small reservations add up in the
	// meter, which asks the budget at each quantum (Reserve's Fits would
	// wave each through).
	need := int64(256+2*len(key)) + historyBytes*int64(p.History().Len())
	if env.Meter != nil {
		env.Meter.Reserve(need)
	} else if err := env.Reserve(need); err != nil {
		return err
	}
	best := []any{}
	var value any // nil: none
	if ev != nil {
		for _, m := range ev.Best {
			best = append(best, m.Value())
		}
		value = kit.Number(ev.Value)
	}
	d.Rows = append(d.Rows, map[string]any{"position": inline(p), "key": key, "mover": moverValue(p.Mover()),
		"value": value, "best": best})
	d.positions = append(d.positions, p)
	d.N = len(d.Rows)
	return nil
}

// historyBytes is what a kept position's line holds a move: the move, its
// player and its text, in a copy of its own once the search has gone on
// from the position's parent along another move.
const historyBytes = 48

// inline is a position in one line: its Inline, else its text's first
// line.
func inline(p games.Position) string {
	if in, ok := p.(interface{ Inline() string }); ok {
		return in.Inline()
	}
	return firstLine(p.Text())
}

// At is at(d, i): row i (from 1).
func (d *Positions) At(args []any) (any, error) {
	var i int
	if err := kit.Unpack("at", args, "d", new(any), "i", &i); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("at", 2, "i", i, 1, d.N); err != nil {
		return nil, err
	}
	return d.Rows[i-1], nil
}

// GetIndex is d[i]: row i.
func (d *Positions) GetIndex(index []any) (any, error) {
	rows := make([]any, len(d.Rows))
	for i, r := range d.Rows {
		rows[i] = r
	}
	return kit.IndexedValue("d[i]", index, rows)
}

// Position is position(d, i): the position of row i, to solve, play or
// analyze.
func (d *Positions) Position(args []any) (any, error) {
	var i int
	if err := kit.Unpack("position", args, "d", new(any), "i", &i); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("position", 2, "i", i, 1, d.N); err != nil {
		return nil, err
	}
	return d.positions[i-1], nil
}

// Results are what position gives for a row, for completion.
func (d *Positions) Results() games.Results { return games.Results{Position: d.Start} }

func (d *Positions) Text() string { return kit.TextOf(d, false) }

// WriteText is the table, its middle left out when long (see TraceRows).
func (d *Positions) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	how := "solved by exhaustive search"
	if d.game.Repeats {
		how = fmt.Sprintf("that play reaches, solved as a whole (%s)", d.game.Words.Endless)
	}
	fmt.Fprintf(&b, "%s %s:\n", kit.Count(d.N, "position", "positions"), how)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "#\tposition\tmover\t%s\tbest moves\n", d.game.Words.Value)
	kit.TraceRows(d.N, full, func(i int) {
		r := d.Rows[i]
		mover := "-" // the game is over
		if r["mover"] != nil {
			mover = fmt.Sprint(r["mover"])
		}
		best := kit.ListCut(len(r["best"].([]any)), full, " ", func(k int) string { return kit.FormatValue(r["best"].([]any)[k]) }, fmt.Sprintf("d.rows[%d].best", i+1))
		value := "none" // no line of play ends from it
		if r["value"] != nil {
			value = kit.FormatValue(r["value"])
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", i+1, r["position"], mover, value, best)
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t\t") })
	tw.Flush()
	return kit.WriteString(w, kit.TrimLines(b.String()))
}

// JSONValue is the rows, numbers exact.
func (d *Positions) JSONValue() any {
	type row struct {
		Position string `json:"position"`
		Mover    any    `json:"mover"`
		Value    any    `json:"value"`
		Best     []any  `json:"best"`
	}
	rows := make([]row, len(d.Rows))
	for i, r := range d.Rows {
		rows[i] = row{r["position"].(string), r["mover"], r["value"], r["best"].([]any)}
	}
	return struct {
		Game string `json:"game"`
		Rows []row  `json:"rows"`
	}{d.game.Name, rows}
}

var (
	_ games.Reader     = (*Positions)(nil)
	_ games.Positioner = (*Positions)(nil)
	_ games.Resulter   = (*Positions)(nil)
)
