package tools

import (
	"encoding/json"
	"fmt"
	"html"
	"math/big"
	"strconv"
	"strings"
	"sync"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
)

// The explorer in the web page: its HTML (the position's picture, a button
// per legal move coloured by its loss, the chart of the line, Undo and
// Reset), and the page's way back to it: the start of each recent explorer
// kept under a number the HTML carries, so a click can play the next move
// without a cell (ExploreAgain).

// explorers are the starts of the most recent explorers, by number.
var explorers struct {
	sync.Mutex
	last  int
	start map[int]games.Position
}

// keptExplorers is how many explorers a click can still reach: the
// oldest's start is let go past it (its page says to run its cell again).
const keptExplorers = 64

// keepExplorer keeps start and gives the number the page reaches it by.
func keepExplorer(start games.Position) int {
	explorers.Lock()
	defer explorers.Unlock()
	if explorers.start == nil {
		explorers.start = map[int]games.Position{}
	}
	explorers.last++
	explorers.start[explorers.last] = start
	delete(explorers.start, explorers.last-keptExplorers)
	return explorers.last
}

// ExploreAgain is explorer id after the moves of line, a JSON list of
// each move's place among the legal moves of its position (from 0, as the
// page's buttons carry them): what the page shows when a move is clicked,
// undone or reset. Places, not the moves' own values, make it one code
// for every game.
func ExploreAgain(env *builtin.Env, id string, line string) (*Explorer, error) {
	n, _ := strconv.Atoi(id)
	explorers.Lock()
	start := explorers.start[n]
	explorers.Unlock()
	if start == nil {
		return nil, fmt.Errorf("explore: this explorer is gone (the engine restarted, or %d newer ones were made): run its cell again", keptExplorers)
	}
	var places []int
	if err := json.Unmarshal([]byte(line), &places); err != nil {
		return nil, fmt.Errorf("explore: the page sent a line that is not a list of moves: %v", err)
	}
	p, moves := start, []games.Move{}
	for t, i := range places {
		legal := p.Legal()
		if i < 0 || i >= len(legal) {
			return nil, fmt.Errorf("explore: move %d of the page's line is not one of the %d legal moves", t+1, len(legal))
		}
		next, err := p.Play(legal[i])
		if err != nil {
			return nil, err
		}
		p, moves = next, append(moves, legal[i])
	}
	e, err := Explore(env, start, moves)
	if err != nil {
		return nil, err
	}
	e.id, e.places = n, places
	return e, nil
}

// HTML is the explorer as the page shows it (and Jupyter, whose buttons do
// nothing: the note under it says so). Every text is escaped.
func (e *Explorer) HTML() string {
	var b strings.Builder
	line, _ := json.Marshal(append([]int{}, e.places...)) // [] for none, not null
	fmt.Fprintf(&b, `<div class="explore" data-gl="explore" data-explorer="%d" data-line="%s">`, e.id, html.EscapeString(string(line)))
	b.WriteString(`<div class="explore-position">` + picture(e.pos) + `</div>`)
	fmt.Fprintf(&b, `<div class="explore-moves"><span class="explore-status">%s</span>`, html.EscapeString(e.status()))
	worst := new(big.Int)
	for _, m := range e.moves {
		if m.loss.Cmp(worst) > 0 {
			worst = m.loss
		}
	}
	for i, m := range e.moves {
		title := games.Describe(m.move) + " loses " + m.loss.String()
		if m.loss.Sign() == 0 {
			title += " (optimal)"
		}
		fmt.Fprintf(&b, `<button type="button" data-move="%d" data-loss="%s" style="background:%s" title="%s">%s<small>%s</small></button>`,
			i, m.loss, lossColour(m.loss, worst), html.EscapeString(title),
			html.EscapeString(m.move.String()), short(m.loss.String()))
	}
	b.WriteString(`</div><div class="explore-chart">`)
	if len(e.Analysis.turns) > 0 {
		b.WriteString(e.Analysis.plot().SVG())
	} else {
		b.WriteString(`<p>The value along the line shows here once a move is played.</p>`)
	}
	undo := ""
	if len(e.Line) == 0 {
		undo = " disabled"
	}
	fmt.Fprintf(&b, `</div><div class="explore-controls"><button type="button" data-act="undo"%s>Undo</button><button type="button" data-act="reset"%s>Reset</button> <span class="explore-line">%s</span></div>`,
		undo, undo, html.EscapeString(e.lineText()))
	b.WriteString(`<p class="explore-note">A click on a move plays it in the web page; elsewhere explore(x, moves) plays a line.</p></div>`)
	return b.String()
}

// picture is p's SVG, else its text.
func picture(p games.Position) string {
	if pic, ok := p.(builtin.Pictured); ok {
		if svg := pic.SVG(); svg != "" {
			return svg
		}
	}
	return "<pre>" + html.EscapeString(p.Text()) + "</pre>"
}

// lossColour is a move's colour: green for no loss to red for the worst
// loss of the position. Only the colour is approximate; the number is
// exact beside it.
func lossColour(loss, worst *big.Int) string {
	t := 0.0
	if worst.Sign() > 0 {
		t, _ = new(big.Float).Quo(new(big.Float).SetInt(loss), new(big.Float).SetInt(worst)).Float64()
	}
	return fmt.Sprintf("hsl(%d,65%%,%d%%)", int(120*(1-t)), 78-int(18*t))
}

// short is a long number cut for a button (its title has it whole).
func short(s string) string {
	if len(s) <= 12 {
		return s
	}
	return s[:11] + "…"
}
