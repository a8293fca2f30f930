package tools

import (
	"encoding/json"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
)

// The explorer in the web page: its HTML (the position's picture with
// each legal move marked on it where its game draws one, a button per
// legal move, both coloured by the move's loss, the chart of the line, Undo and
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
		// Numbered from the clock's microseconds, so that an output kept
		// from an earlier session (a reload, a restarted engine) names no
		// explorer of this one: its click says it is gone.
		explorers.start = map[int]games.Position{}
		explorers.last = int(time.Now().UnixMicro())
	}
	explorers.last++
	explorers.start[explorers.last] = start
	delete(explorers.start, explorers.last-keptExplorers)
	return explorers.last
}

// ExploreAgain is explorer id after the moves of line, each move's place
// among the legal moves of its position (from 0, as the page's buttons
// carry them): what the page shows when a move is clicked,
// undone or reset. Places, not the moves' own values, make it one code
// for every game.
func ExploreAgain(env *builtin.Env, id string, places []int) (*Explorer, error) {
	n, _ := strconv.Atoi(id)
	explorers.Lock()
	start := explorers.start[n]
	explorers.Unlock()
	if start == nil {
		return nil, errors.New("explore: this explorer is gone (its session ended, or " + strconv.Itoa(keptExplorers) + " newer ones were made): run its cell again")
	}
	p, moves := start, []games.Move{}
	for _, i := range places {
		legal := p.Legal()
		if i < 0 || i >= len(legal) {
			return nil, errors.New("explore: the page's line has a move that is not one of the " + strconv.Itoa(len(legal)) + " legal moves")
		}
		next, err := p.Play(legal[i])
		if err != nil {
			return nil, err
		}
		p, moves = next, append(moves, legal[i])
	}
	e, err := Explore(env, start, moves)
	if err == nil {
		e.id, e.places = n, places
	}
	return e, err
}

// HTML is the explorer as the page shows it (and Jupyter, whose buttons do
// nothing: the note under it says so). Every text is escaped.
func (e *Explorer) HTML() string {
	line, _ := json.Marshal(append([]int{}, e.places...)) // [] for none, not null
	worst := new(big.Int)
	for _, m := range e.moves {
		if m.loss != nil && m.loss.Cmp(worst) > 0 {
			worst = m.loss
		}
	}
	// One buffer: a button per move, hundreds on a large ring.
	var out strings.Builder
	out.WriteString(`<div class="explore" data-gl="explore" data-explorer="` + strconv.Itoa(e.id) + `" data-line="` + display.Escape(string(line)) +
		`"><div class="explore-position">` + e.picture(worst) + `</div><div class="explore-moves"><span class="explore-status">` +
		display.Escape(e.status()) + `</span>`)
	// The buttons stay beside a marked picture: they are the way to the
	// moves from the keyboard, and the list of moves that share a coin.
	for i, m := range e.moves {
		loss := m.lossText()
		if len(loss) > 12 { // a long number cut on the button; its title has it whole
			loss = loss[:11] + "…"
		}
		out.WriteString(`<button type="button" data-move="` + strconv.Itoa(i) + `" style="background:` + lossColour(m.loss, worst) + `" title="` +
			display.Escape(m.title()) + `">` + display.Escape(m.move.String()) + `<small>` + loss + `</small></button>`)
	}
	chart := `<p>The value along the line shows here once a move is played.</p>`
	undo := " disabled"
	if len(e.Analysis.turns) > 0 {
		chart, undo = e.Analysis.plot().SVG(), ""
	}
	return out.String() + `</div><div class="explore-chart">` + chart + `</div><div class="explore-controls"><button type="button" data-act="undo"` + undo +
		`>Undo</button><button type="button" data-act="reset"` + undo + `>Reset</button> <span class="explore-line">` + display.Escape(e.lineText()) +
		`</span></div><p class="explore-note">A click on a move plays it in the web page; elsewhere explore(x, moves) plays a line.</p></div>`
}

// title is what a move's button and its mark on the picture say: the
// move and its exact loss.
func (m moveLoss) title() string {
	if m.loss == nil {
		return games.Describe(m.move) + " leads where no line of play ends"
	}
	title := games.Describe(m.move) + " loses " + m.loss.String()
	if m.loss.Sign() == 0 {
		title += " (optimal)"
	}
	return title
}

// lossText is the move's loss, or "no end" for a move after which no line
// of play ends (a puzzle's dead end), worse than any loss.
func (m moveLoss) lossText() string {
	if m.loss == nil {
		return "no end"
	}
	return m.loss.String()
}

// picture is the position's SVG with each move marked on it (its coin,
// edge or vertex coloured as its button, its title, a click plays it),
// where its game draws one (games.MarkedPicturer); else its plain SVG,
// else its text.
func (e *Explorer) picture(worst *big.Int) string {
	if mp, ok := e.pos.(games.MarkedPicturer); ok && len(e.moves) > 0 {
		marks := make(map[string]display.Mark, len(e.moves))
		for i, m := range e.moves {
			marks[m.move.String()] = display.Mark{Fill: lossColour(m.loss, worst), Title: m.title(), Place: i}
		}
		if svg := mp.MarkedSVG(marks); svg != "" {
			return svg
		}
	}
	p := e.pos
	if pic, ok := p.(builtin.Pictured); ok {
		if svg := pic.SVG(); svg != "" {
			return svg
		}
	}
	return "<pre>" + display.Escape(p.Text()) + "</pre>"
}

// lossColour is a move's colour: green for no loss to red for the worst
// loss of the position. Only the colour is approximate; the number is
// exact beside it.
func lossColour(loss, worst *big.Int) string {
	t := 1.0 // no end (loss nil): the worst
	switch {
	case loss != nil && worst.Sign() > 0:
		l, _ := new(big.Float).SetInt(loss).Float64()
		w, _ := new(big.Float).SetInt(worst).Float64()
		t = l / w
	case loss != nil:
		t = 0
	}
	return "hsl(" + strconv.Itoa(int(120*(1-t))) + ",65%," + strconv.Itoa(78-int(18*t)) + "%)"
}
