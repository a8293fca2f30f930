package web_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gamelab/kernel"
	"gamelab/kernel/script"
	"gamelab/web/engine"
)

// TestPage drives the page as a person would, on a server that sends the
// cross-origin isolation headers (as gamelab web serve does): the tour,
// its picture, table, error and play, the REPL's text, completion, help,
// Stop in place, the memory budget, a reload, saving and opening files.
func TestPage(t *testing.T) {
	p := openPage(t, true)
	p.load()
	n := p.waitTour()
	var timing struct{ First, Ready float64 }
	p.eval(`({first: gamelab.timings.firstAnswer})`, &timing)
	t.Logf("page load to the tour's first answer: %.0f ms", timing.First)

	t.Run("picture", func(t *testing.T) {
		p := p.with(t)
		// The ring of the first cell: one <title> per vertex, with its value.
		var titles []string
		p.eval(`[...document.querySelectorAll("#notebook > section:first-of-type [data-gl=output] svg title")].map((e) => e.textContent)`, &titles)
		var vertices []string
		for _, s := range titles {
			if regexp.MustCompile(`^v\d+ = `).MatchString(s) {
				vertices = append(vertices, s)
			}
		}
		if got := strings.Join(vertices, ", "); got != "v1 = -5, v2 = -2, v3 = -8, v4 = -5, v5 = 8" {
			t.Errorf("the ring's vertices in its <svg>: %q (all titles %q)", got, titles)
		}
	})
	t.Run("table", func(t *testing.T) {
		p := p.with(t)
		var rows int
		p.eval(`document.querySelector("[data-gl=output] table").querySelectorAll("tr").length`, &rows) // the first table: v1's sweep
		if rows != 8 {                                                                                  // the header and v1 = -3..3
			t.Errorf("the sweep's table has %d rows, want 8", rows)
		}
	})
	t.Run("error", func(t *testing.T) {
		p := p.with(t)
		c := p.cell(n - 2)
		want := "2:1: unknown name solv (did you mean solve?)\nsolv(p)\n^" // under a comment line
		if c.Error != want || c.Ename != "NameError" {
			t.Errorf("the tour's error: %s %q, want NameError %q", c.Ename, c.Error, want)
		}
		var shown string
		p.eval(`document.querySelector("[data-gl=error]").textContent`, &shown)
		if !strings.Contains(shown, "solv(p)\n^") {
			t.Errorf("the error shown has no caret under its source: %q", shown)
		}
	})
	t.Run("play", func(t *testing.T) {
		p := p.with(t)
		last := n - 1
		p.answer(last, "?")
		p.wait("the hint", `gamelab.notebook.cells[`+itoa(last)+`].out.text().includes("optimal: R")`)
		p.answer(last, "L")
		p.wait("the move's verdict", `gamelab.notebook.cells[`+itoa(last)+`].out.text().includes("L: loses 20; optimal: R")`)
		p.answer(last, "u")
		p.wait("undo's feedback", `gamelab.notebook.cells[`+itoa(last)+`].out.text().includes("took back L (yours) and R (the optimum's)")`)
		p.answer(last, "R")
		p.wait("the next prompt", `gamelab.notebook.cells[`+itoa(last)+`].out.text().split("A to move").length === 6`)
		p.do("quitting", chromedp.Click(sel(last, ".input-row button[title='answers q']")))
		p.wait("play's end", `typeof gamelab.notebook.cells[`+itoa(last)+`].count === "number"`)
		// The position is one picture, redrawn in place after each move.
		if kinds := strings.Join(p.cell(last).Kinds, " "); strings.Count(kinds, "display") != 1 {
			t.Errorf("play's output: %s, want one display", kinds)
		}
		// Played: L (undone), then R; the optimum answered R.
		if c := p.run("[len(line.moves), line.loss]"); c.Text != "[2, {\"A\": 0, \"B\": 0}]\n" {
			t.Errorf("play's record: %q", c.Text)
		}
	})
	t.Run("same text as the REPL", func(t *testing.T) {
		p := p.with(t)
		// The tour's state, rebuilt natively: the page's cells but the last.
		s := kernel.NewSession()
		for _, code := range p.cellsCode()[:n-1] {
			s.Execute(context.Background(), code)
		}
		for _, code := range []string{
			`p`, `r.best`, `json(r)`, `trace(c)`, `b`, `help(solve)`, `solve(board(2, "1 1 1"), 1)`,
			`print("out"); eprint("err"); 1 + 1`, `map(-3..3, ({v1: #, best: solve(setv(p, 1, #)).best}))`,
			`[10, 20, 30][0]`, `show(c)`, `heat(b, 4)`, `solve(randboard(4, 1), 12)`, `1..1500`,
		} {
			var want strings.Builder
			script.RunStatement(context.Background(), s, "cell", 1, code, &want, &want)
			// The REPL prints an error as the engine writes it; the runner
			// of piped input names the input ("cell:") before it.
			w := strings.Replace(want.String(), "cell:", "", 1)
			if got := p.run(code).Text; got != w {
				t.Errorf("%s: the page shows\n%s\nthe REPL\n%s", code, got, w)
			}
		}
	})
	t.Run("completion", func(t *testing.T) {
		p := p.with(t)
		p.do("adding a cell", chromedp.Click(chromedp.ID("add-cell")))
		cells := len(p.cellsCode())
		ed := sel(cells-1, "textarea[data-gl=cell]")
		p.do("typing r.be and Tab", chromedp.SendKeys(ed, "r.be"), chromedp.KeyEvent("\t"))
		p.wait("the completion", `gamelab.notebook.cells.at(-1).code === "r.best"`)
		// Shift-Enter runs it.
		p.do("Shift-Enter", chromedp.Focus(ed), press("Enter", 13, chromedp.ModifierShift))
		p.wait("the cell's result", `gamelab.notebook.cells[`+itoa(cells-1)+`].out.text() === "488\n"`)
		// Several matches: a list to choose from.
		ed = sel(cells, "textarea[data-gl=cell]")
		p.do("typing set and Tab", chromedp.SendKeys(ed, "set"), chromedp.KeyEvent("\t"))
		p.wait("the list of completions", `[...document.querySelectorAll("[data-gl=completions]:not([hidden]) div")].map((e) => e.textContent).join() === "setcell,setop,setv"`)
		p.do("choosing one", press("ArrowDown", 40), press("Enter", 13))
		var code string
		p.eval(`gamelab.notebook.cells.at(-1).code`, &code)
		if code != "setop" {
			t.Errorf("set, Tab, ↓, Enter: %q, want setop", code)
		}
	})
	t.Run("help", func(t *testing.T) {
		p := p.with(t)
		if c := p.run("help(solve)"); !strings.Contains(c.Text, "Plays x optimally, under its rules") {
			t.Errorf("help(solve): %q", c.Text)
		}
		if c := p.run("help"); !strings.Contains(c.Text, "randpolygon(n, seed)") {
			t.Errorf("help: %q", c.Text)
		}
		if c := p.run("solve?"); !strings.Contains(strings.Join(c.Kinds, " "), "page") {
			t.Errorf("solve? opens no help: %v", c.Kinds)
		}
	})
	t.Run("a game of one's own, loaded from the examples", func(t *testing.T) {
		p := p.with(t)
		if c := p.run(`load("games/nim.gl")`); c.Error != "" {
			t.Fatalf("load: %s", c.Error)
		}
		if c := p.run("solve(nim([1, 2, 3])).value"); c.Text != "-1\n" {
			t.Errorf("a loaded game: %q %s", c.Text, c.Error)
		}
		// A game that can return to a position, solved whole in the page's
		// engine: LeetCode 913's first graph is a draw, its optimal line
		// ending at the first position it repeats.
		if c := p.run(`load("games/catmouse.gl")`); c.Error != "" {
			t.Fatalf("load: %s", c.Error)
		}
		if c := p.run("[solve(p).line, solve(cm([[1, 3], [0], [3], [0, 2]])).value]"); c.Text != "[[3, 5, 4, 2, 3], 1]\n" {
			t.Errorf("cat and mouse: %q %s", c.Text, c.Error)
		}
		if c := p.run(`load("games/none.gl")`); !strings.Contains(c.Error, "no such file") {
			t.Errorf("a missing file: %q", c.Error)
		}
	})
	t.Run("stop in place", func(t *testing.T) {
		p := p.with(t)
		p.run("x = 41")
		// A solve reads the stop flag at each line of progress; where a
		// level of its table takes longer than Stop's grace (a slow
		// machine), the engine restarts instead. Either way the cell ends
		// and the session is as it was.
		stop := p.stopSolve()
		how := map[bool]string{false: "in place", true: "by a restart"}[stop.Restart]
		t.Logf("Stop ended solve(randpolygon(1500, 1)) in %.0f ms, %s", stop.Ms, how)
		if !regexp.MustCompile(`^(working|\d+% done, about \d+ (s|min|h) left( \(a rough guess\))?); Stop ends it$`).MatchString(stop.Progress) {
			t.Errorf("the progress line: %q", stop.Progress)
		}
		if c := p.run("x + 1"); c.Text != "42\n" {
			t.Errorf("after Stop, x + 1 is %q", c.Text)
		}
		// expr's own loops read it at the kernel's polls, microseconds
		// apart: they stop in place, the session untouched.
		stop = p.stopCell("reduce(1..1000000, #acc + # % 7, 0)", false)
		t.Logf("Stop ended a reduce in %.0f ms", stop.Ms)
		if c := p.cell(len(p.cellsCode()) - 1); stop.Restart || c.Ename != "Interrupted" {
			t.Errorf("a loop stopped with the stop flag: restarted %v, error %s %q", stop.Restart, c.Ename, c.Error)
		}
		if c := p.run("x + 1"); c.Text != "42\n" {
			t.Errorf("after Stop, x + 1 is %q", c.Text)
		}
	})
	t.Run("memory budget", func(t *testing.T) {
		p := p.with(t)
		for _, code := range []string{`x = repeat("ab", 10**9)`, `solve(randpolygon(9000, 1))`, `l = 1..200000000`} {
			if c := p.run(code); c.Ename != "MemoryError" && !strings.Contains(c.Error, "memory budget") {
				t.Errorf("%s: %s %q, want a MemoryError", code, c.Ename, c.Error)
			}
		}
		if c := p.run("x + 1"); c.Text != "42\n" {
			t.Errorf("after the memory errors, x + 1 is %q", c.Text)
		}
	})
	t.Run("reload", func(t *testing.T) {
		p := p.with(t)
		before := p.cellsCode()
		p.load()
		if after := p.cellsCode(); strings.Join(after, "\x00") != strings.Join(before, "\x00") {
			t.Errorf("after a reload the cells are\n%q\nwant\n%q", after, before)
		}
		var svgs int
		p.eval(`document.querySelectorAll("[data-gl=output] svg").length`, &svgs)
		if svgs == 0 {
			t.Errorf("after a reload the outputs have no pictures")
		}
	})
	t.Run("download", func(t *testing.T) {
		p := p.with(t)
		p.eval(`gamelab.notebook.load(["p = polygon(\"* -5 + -2 * -8 * -5 + 8\")", "# the best score\nsolve(p).best", "q = setv(p, 1, 3)\nsolve(q).best"])`, nil)
		var gl string
		p.eval(`gamelab.notebook.script()`, &gl)
		cells, err := engine.Cells("notebook.gl", []byte(gl))
		if err != nil || strings.Join(cells, "\x00") != strings.Join(p.cellsCode(), "\x00") {
			t.Errorf("the saved script reads back as %q (%v), want %q", cells, err, p.cellsCode())
		}
		var out, errs strings.Builder
		failed, err := script.RunScript(context.Background(), kernel.NewSession(), "notebook.gl", strings.NewReader(gl), &out, &errs, false)
		if failed || err != nil || out.String() != "488\n880\n" {
			t.Errorf("gamelab run of the saved script: failed %v, %v, output %q, errors %q\n%s", failed, err, out.String(), errs.String(), gl)
		}
	})
	t.Run("open", func(t *testing.T) {
		p := p.with(t)
		nb := filepath.Join("..", "scripts", "demo.ipynb")
		src, err := os.ReadFile(nb)
		if err != nil {
			t.Fatal(err)
		}
		want, err := engine.Cells("demo.ipynb", src)
		if err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs(nb)
		p.do("opening demo.ipynb", chromedp.SetUploadFiles(chromedp.ID("open-file"), []string{abs}))
		p.wait("the notebook's cells", `gamelab.notebook.cells.length === `+itoa(len(want)))
		if got := p.cellsCode(); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("demo.ipynb opened as\n%q\nwant\n%q", got, want)
		}
		p.eval(`(() => {
		  const s = document.getElementById("examples");
		  s.value = "tour.gl";
		  s.dispatchEvent(new Event("change"));
		})()`, nil)
		p.wait("tour.gl's cells", `gamelab.notebook.cells[0].code.startsWith("# A tour of gamelab's command language")`)
	})
}

// TestPageStaticHost: on a host that sends no isolation headers there is no
// stop flag; Stop restarts the engine and replays the session, and says so.
func TestPageStaticHost(t *testing.T) {
	p, n := readyPage(t, false)
	p.run("x = 41")
	p.run("z = 5\nsolv(z)\nz = 6") // replayed up to its error: z is 5
	stop := p.stopCell("solve(randpolygon(1500, 1))", false)
	t.Logf("Stop ended solve(randpolygon(1500, 1)) in %.0f ms (restart)", stop.Ms)
	c := p.cell(n + 2)
	if !stop.Restart || !strings.Contains(strings.Join(c.Notes, " "), "the session is as it was before this cell (") {
		t.Errorf("the stopped cell (restarted %v) says %q", stop.Restart, c.Notes)
	}
	if c := p.run("[x + 1, z]"); c.Text != "[42, 5]\n" {
		t.Errorf("after Stop and the restart, [x + 1, z] is %q", c.Text)
	}
	if c := p.run("[p.n, line.moves]"); c.Error != "" {
		t.Errorf("the tour's variables after the restart: %s", c.Error)
	}
	// A worker that dies by itself (out of memory) is restarted the same way.
	p.eval(`(async () => {
	  const e = gamelab.engine;
	  e.died(e.worker, "a test ended it");
	  while (!e.alive) await new Promise((r) => setTimeout(r, 20));
	})()`, nil)
	if c := p.run("x + 1"); c.Text != "42\n" {
		t.Errorf("after the engine died and restarted, x + 1 is %q", c.Text)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
