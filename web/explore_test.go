package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// exploreBook has an explorer of each kind of game: coins, the polygon,
// Life Line (with its order of play) and a game defined in the language.
var exploreBook = []string{
	`explore(coins([10, 80, 90, 30]))`,
	`explore(polygon("* -5 + -2 * -8 * -5 + 8"))`,
	`explore(board(4, "2  2 3  1 0 4  1 1 4 0"), [], [4, 2])`,
	`sub = game({name: "sub", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}})` + "\nexplore(sub(7))",
}

// explorerState is what an explorer's output shows now.
type explorerState struct {
	Line     string   `json:"line"`     // the line it carries (moves' places)
	Position string   `json:"position"` // the position's picture
	Chart    string   `json:"chart"`    // the chart of the line
	Moves    []string `json:"moves"`    // each move button's title: the move and its exact loss
	Marks    []string `json:"marks"`    // the tooltip of each move marked on the picture, by the move's place
	Colours  []string `json:"colours"`  // each move button's colour
	Text     string   `json:"text"`     // the cell's output as text
	Items    []string `json:"items"`    // the output's items' kinds
	Count    any      `json:"count"`
}

const jsExplorer = `((i) => {
  const cell = gamelab.notebook.cells[i], ex = cell.el.querySelector("[data-gl=explore]");
  return {
    line: ex.dataset.line, position: ex.querySelector(".explore-position").innerHTML,
    chart: ex.querySelector(".explore-chart").innerHTML,
    moves: [...ex.querySelectorAll(".explore-moves [data-move]")].map((b) => b.title),
    colours: [...ex.querySelectorAll(".explore-moves [data-move]")].map((b) => getComputedStyle(b).backgroundColor),
    marks: [...ex.querySelectorAll(".explore-position [data-move]")].sort((a, b) => a.dataset.move - b.dataset.move)
      .map((m) => m.querySelector("title").textContent),
    text: cell.out.text(), items: cell.out.items.map((it) => it.kind), count: cell.count,
  };
})`

func (p *page) explorer(i int) explorerState {
	p.tb.Helper()
	var s explorerState
	p.eval(fmt.Sprintf("%s(%d)", jsExplorer, i), &s)
	return s
}

// click clicks button (a selector inside cell i's explorer) as a person
// does and waits until the explorer carries line; it returns the time
// from the click to the new explorer drawn.
func (p *page) click(i int, button, line string) time.Duration {
	p.tb.Helper()
	// In the middle of the window, as a person sees it: not under the
	// page's sticky header, where a click at the button's place would land.
	p.eval(fmt.Sprintf(`gamelab.notebook.cells[%d].el.querySelector("[data-gl=explore] %s").scrollIntoView({block: "center"})`, i, button), nil)
	t0 := time.Now()
	p.do("clicking "+button, chromedp.Click(sel(i, "[data-gl=explore] "+button), chromedp.NodeVisible))
	p.wait("the explorer after "+button, fmt.Sprintf(`(() => {
	  const ex = gamelab.notebook.cells[%d].el.querySelector("[data-gl=explore]");
	  return ex && (ex.dataset.line === %q || ex.querySelector("[data-gl=explore-error]")) && !("busy" in ex.dataset);
	})()`, i, line))
	took := time.Since(t0)
	var why string
	p.eval(fmt.Sprintf(`(gamelab.notebook.cells[%d].el.querySelector("[data-gl=explore-error]") || {}).textContent || ""`, i), &why)
	if why != "" {
		p.tb.Fatalf("clicking %s: the explorer says %s", button, why)
	}
	return took
}

// button is the selector of move i's button in an explorer.
func button(i int) string { return fmt.Sprintf(".explore-moves [data-move='%d']", i) }

// onPicture is the selector of what a person clicks of move i's mark on
// the picture: its coin's disc, its edge's operator, its vertex.
func onPicture(i int) string {
	return fmt.Sprintf(".explore-position [data-move='%d'] :is(rect, circle)", i)
}

// TestPageExplore: in each game a click on a move plays it in the same
// output (the picture, the moves' losses and the chart change; the cell
// keeps its code and count, the session adds no cell), Undo takes it back
// and Reset goes back to the start. In the games that draw their moves
// (coins, the polygon, Life Line) each move is marked on the picture too,
// its tooltip its button's, and the first click is on the picture: on
// the coin, the edge, the vertex.
func TestPageExplore(t *testing.T) {
	p, _ := readyPage(t, true)
	p.loadCells(exploreBook)
	p.runAll(false)
	var history int
	p.eval(`gamelab.engine.history.length`, &history)
	var clicks []time.Duration
	for i, code := range exploreBook {
		t.Run(strings.Fields(code)[0], func(t *testing.T) {
			p := p.with(t)
			start := p.explorer(i)
			if start.Line != "[]" || len(start.Moves) == 0 || strings.Contains(start.Chart, "<svg") || start.Items[0] != "result" {
				t.Fatalf("the explorer as it starts: %+v", start)
			}
			for _, m := range start.Moves {
				if !strings.Contains(m, " loses ") {
					t.Errorf("a move's title has no loss: %q", m)
				}
			}
			if i == 0 && (start.Moves[0] != `"L" loses 20` || start.Moves[1] != `"R" loses 0 (optimal)` || start.Colours[0] == start.Colours[1]) {
				t.Errorf("the coins' moves are not marked by their losses: %q in %q", start.Moves, start.Colours)
			}
			first := button(1)
			if i < 3 {
				if len(start.Marks) != len(start.Moves) {
					t.Fatalf("%d moves marked on the picture of %d: %q", len(start.Marks), len(start.Moves), start.Marks)
				}
				for j, m := range start.Marks {
					if !strings.HasSuffix(m, "\n"+start.Moves[j]) {
						t.Errorf("move %d's mark on the picture says %q, its button %q", j, m, start.Moves[j])
					}
				}
				first = onPicture(1)
			} else if len(start.Marks) > 0 {
				t.Errorf("a game defined in the language has marks on its picture: %q", start.Marks)
			}
			clicks = append(clicks, p.click(i, first, "[1]"))
			one := p.explorer(i)
			if one.Position == start.Position || !strings.Contains(one.Chart, "<svg") || !strings.Contains(one.Text, "line: ") ||
				strings.Contains(one.Text, "line: no moves yet") {
				t.Errorf("after a click the picture or the chart did not change: %+v", one)
			}
			if strings.Join(one.Items, " ") != strings.Join(start.Items, " ") || one.Count != start.Count {
				t.Errorf("the click did not change the output in place: %+v, was %+v", one, start)
			}
			if len(one.Moves) > 0 {
				if i < 3 && len(one.Marks) != len(one.Moves) {
					t.Errorf("after a click on the picture %d moves are marked of %d: %q", len(one.Marks), len(one.Moves), one.Marks)
				}
				clicks = append(clicks, p.click(i, button(0), "[1,0]"))
				if two := p.explorer(i); two.Chart == one.Chart || two.Position == one.Position {
					t.Errorf("the second move did not redraw: %+v", two)
				}
				p.click(i, "[data-act=undo]", "[1]")
				if back := p.explorer(i); back.Text != one.Text || back.Chart != one.Chart {
					t.Errorf("Undo did not go back a move:\n%s\nwant\n%s", back.Text, one.Text)
				}
			}
			p.click(i, "[data-act=reset]", "[]")
			if reset := p.explorer(i); reset.Text != start.Text || reset.Position != start.Position || reset.Count != start.Count {
				t.Errorf("Reset did not go back to the start:\n%s\nwant\n%s", reset.Text, start.Text)
			}
		})
	}
	var after int
	p.eval(`gamelab.engine.history.length`, &after)
	if after != history {
		t.Errorf("the clicks added to the session's history: %d cells, was %d", after, history)
	}
	if codes := p.cellsCode(); strings.Join(codes, "\n") != strings.Join(exploreBook, "\n") {
		t.Errorf("the clicks changed the cells: %q", codes)
	}
	t.Logf("click to the explorer drawn: %v", clicks)

	// After a reload the outputs are kept but the session is new: a click
	// on an old explorer says so, and running its cell makes it play again.
	t.Run("reload", func(t *testing.T) {
		p := p.with(t)
		p.load()
		p.wait("the restored explorers", `document.querySelectorAll("[data-gl=explore]").length === 4`)
		// New explorers in the new session, which must not answer for the old one.
		p.eval(`(async () => { for (const i of [3, 2, 1]) await gamelab.notebook.runOne(gamelab.notebook.cells[i]); })()`, nil)
		p.eval(`gamelab.notebook.cells[0].el.querySelector("[data-gl=explore] `+button(1)+`").click()`, nil)
		p.wait("the old explorer's answer", `!!gamelab.notebook.cells[0].el.querySelector("[data-gl=explore-error]")`)
		var why string
		p.eval(`gamelab.notebook.cells[0].el.querySelector("[data-gl=explore-error]").textContent`, &why)
		if !strings.Contains(why, "run its cell again") {
			t.Errorf("a click on an explorer of the old session says %q", why)
		}
		p.eval(`gamelab.notebook.run(gamelab.notebook.cells[0], false)`, nil)
		p.click(0, onPicture(1), "[1]")
	})
}
