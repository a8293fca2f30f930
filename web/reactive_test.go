package web_test

// Reactive cells, sliders, Run all, stale marks, share links and the
// offline page, in a real browser.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gamelab/kernel"
	"gamelab/kernel/script"
)

// sliderBook is a slider on a 200-coin row and the cells that read it.
var sliderBook = []string{
	"k = slider(1..100, 50)",
	"c = setv(randcoins(200, 1), 1, k)",
	"solve(c).diff",
	"show(c)",
	"other = 7",
}

// loadCells replaces the notebook with cells of code.
func (p *page) loadCells(cells []string) {
	p.tb.Helper()
	b, _ := json.Marshal(cells)
	p.eval(fmt.Sprintf(`gamelab.notebook.load(%s)`, b), nil)
}

// runAll runs every cell (Run all) and waits for all of it.
func (p *page) runAll(keepGoing bool) {
	p.tb.Helper()
	p.eval(fmt.Sprintf(`gamelab.notebook.runAll({keepGoing: %v}).then(() => gamelab.notebook.quiet())`, keepGoing), nil)
}

// cells is what every cell shows now.
func (p *page) cells() []cellResult {
	p.tb.Helper()
	var rs []cellResult
	p.eval(fmt.Sprintf(`gamelab.notebook.cells.map((c) => %s(c))`, jsCellResult), &rs)
	return rs
}

// stale is each cell's stale mark, "" for none.
func (p *page) stale() []string {
	p.tb.Helper()
	var marks []string
	p.eval(`gamelab.notebook.cells.map((c) => c.stale || "")`, &marks)
	return marks
}

// slide moves the slider of cell i to value as a person does (an input
// event on the range), and returns the milliseconds until the cells it
// re-runs are drawn (their outputs in the page and a frame after).
func (p *page) slide(i int, value string) float64 {
	p.tb.Helper()
	var ms float64
	p.eval(fmt.Sprintf(`(async (i, value) => {
	  const nb = gamelab.notebook;
	  const el = nb.cells[i].el.querySelector("[data-gl=slider]");
	  const input = el.querySelector("input");
	  const t0 = performance.now();
	  input.value = el.values.indexOf(value);
	  input.dispatchEvent(new Event("input", {bubbles: true}));
	  await nb.quiet();
	  await new Promise((r) => requestAnimationFrame(() => r()));
	  return performance.now() - t0;
	})(%d, %q)`, i, value), &ms)
	return ms
}

// natively is what cells print when gamelab run runs them, cell by cell.
func natively(cells []string) []string {
	s := kernel.NewSession()
	var out []string
	for _, code := range cells {
		var b strings.Builder
		script.RunStatement(context.Background(), s, "cell", 1, code, &b, &b)
		out = append(out, strings.Replace(b.String(), "cell:", "", 1))
	}
	return out
}

// TestPageReactive: a slider re-runs the cells that read its name, and
// only those, with the text the REPL prints; a solve seen before is marked
// cached; with Re-run off the dependants are marked stale instead; Run all
// stops at an error.
func TestPageReactive(t *testing.T) {
	p, _ := readyPage(t, true)
	p.loadCells(sliderBook)
	p.runAll(false)
	before := p.cells()
	if before[0].Kinds[0] != "display" || !strings.HasPrefix(before[0].Text, "k = 50 (a slider over 1..100") {
		t.Fatalf("the slider cell: %+v", before[0])
	}
	var ms []float64
	for _, v := range []string{"51", "52", "60"} {
		ms = append(ms, p.slide(0, v))
	}
	t.Logf("slider steps on a 200-coin row, to the dependants drawn: %.0f ms", ms)
	moved := append([]string{"k = slider(1..100, 60)"}, sliderBook[1:]...)
	if got := p.cellsCode(); strings.Join(got, "\n") != strings.Join(moved, "\n") {
		t.Errorf("after the slider moved to 60 the cells are %q", got)
	}
	after := p.cells()
	want := natively(moved)
	for i, c := range after[:4] {
		if c.Text != want[i] {
			t.Errorf("cell %d after the slide shows %q, the REPL %q", i, c.Text, want[i])
		}
		if c.Count == before[i].Count {
			t.Errorf("cell %d was not re-run (count %v)", i, c.Count)
		}
	}
	if after[4].Count != before[4].Count {
		t.Errorf("the cell that reads no k was re-run: count %v, was %v", after[4].Count, before[4].Count)
	}
	// Back to 52: the same row as before, its solve from the cache.
	p.slide(0, "52")
	if c := p.cell(2); strings.Join(c.Kinds, " ") != "result cached" || c.Text != natively([]string{"k = 52", sliderBook[1], sliderBook[2]})[2] {
		t.Errorf("the solve of a row solved before: %+v", c)
	}

	t.Run("re-run off", func(t *testing.T) {
		p := p.with(t)
		p.do("turning Re-run off", chromedp.Click(chromedp.ID("reactive")))
		p.eval(`gamelab.notebook.run(gamelab.notebook.cells[1], false).then(() => gamelab.notebook.quiet())`, nil)
		marks := p.stale()
		var count int
		p.eval(`gamelab.notebook.cells[1].count`, &count)
		wantMark := fmt.Sprintf("Stale: it reads c, which [%d] changed. Run it to update it (or turn on Re-run).", count)
		if marks[0] != "" || marks[1] != "" || marks[2] != wantMark || marks[3] != wantMark || marks[4] != "" {
			t.Errorf("with Re-run off, the stale marks: %q", marks)
		}
		var shown int
		p.eval(`document.querySelectorAll("[data-gl=stale]:not([hidden])").length`, &shown)
		if shown != 2 {
			t.Errorf("%d stale marks shown, want 2", shown)
		}
		p.do("turning Re-run on", chromedp.Click(chromedp.ID("reactive")))
		p.run("1") // a cell that writes nothing re-runs nothing
		if marks := p.stale(); marks[2] != wantMark {
			t.Errorf("a cell that writes nothing took the stale marks away: %q", marks)
		}
	})

	t.Run("run all stops at an error", func(t *testing.T) {
		p := p.with(t)
		p.loadCells([]string{"a = 1", "solv(a)", "bb = 2", "a + bb"})
		p.runAll(false)
		cs := p.cells()
		if cs[1].Ename != "NameError" || cs[2].Count != nil || cs[3].Count != nil || len(cs[2].Kinds)+len(cs[3].Kinds) != 0 {
			t.Errorf("Run all past an error: %+v", cs)
		}
		var count int
		p.eval(`gamelab.notebook.cells[1].count`, &count)
		wantMark := fmt.Sprintf("Not run: [%d] above stopped with an error. Run it once that is fixed.", count)
		if marks := p.stale(); marks[2] != wantMark || marks[3] != wantMark {
			t.Errorf("the cells Run all did not run: %q", marks)
		}
		if c := p.run("bb"); !strings.Contains(c.Error, "unknown name bb") {
			t.Errorf("a cell after the error ran: bb is %q", c.Text)
		}

		// Stop in the middle of Run all: the cells after the stopped one
		// are not run either, and say why.
		p.loadCells([]string{"a = 1", "reduce(1..100000000, #acc + # % 7, 0)", "a + 1"})
		p.eval(`(async () => {
		  const nb = gamelab.notebook, all = nb.runAll();
		  while (!(gamelab.engine.current && gamelab.engine.current.code.startsWith("reduce"))) await new Promise((r) => setTimeout(r, 20));
		  document.querySelector("[data-gl=stop]").click();
		  await all;
		  await nb.quiet();
		})()`, nil)
		if marks := p.stale(); !strings.HasPrefix(marks[2], "Not run: ") || !strings.Contains(marks[2], "above was stopped.") {
			t.Errorf("the cell after a stopped one: %q", marks)
		}
	})
}

// shareLink clicks Share and reads the link it offers.
func (p *page) shareLink() string {
	p.tb.Helper()
	p.do("clicking Share", chromedp.Click(chromedp.ID("share")))
	p.wait("the link", `document.querySelector("[data-gl=share-link]") !== null`)
	var url string
	p.eval(`document.querySelector("[data-gl=share-link]").value`, &url)
	return url
}

// TestPageShare: a link made by Share opens in a fresh browser (no
// storage, no cache) with the same cells, replays them to the same
// outputs, and leaves the address; 8 KB of script fit. Opened where a
// notebook of one's own is kept, it sets that aside and brings it back.
func TestPageShare(t *testing.T) {
	p, _ := readyPage(t, true)
	book := []string{
		"# a shared notebook",
		`p = polygon("* -5 + -2 * -8 * -5 + 8")` + "\nshow(p)",
		"r = solve(p)\nr.best",
		"k = slider(1..9, 3)",
		"solve(randcoins(k, 2))",
		"map(1..3, ({k: #, best: solve(setv(p, 1, #)).best}))",
		`"ünïcode ✓"`,
	}
	p.loadCells(book)
	p.runAll(true)
	mine := p.cells()
	link := p.shareLink()
	if !strings.HasPrefix(link, p.url+"#gl=") {
		t.Fatalf("the link: %s", link)
	}
	t.Logf("a link to %d cells: %d characters", len(book), len(link))

	q, closeTab := p.fresh()
	defer closeTab()
	q.do("opening the link", chromedp.Navigate(link))
	q.wait("the replay", fmt.Sprintf(`document.body.hasAttribute("data-gl-ready") &&
	  gamelab.notebook.cells.length === %d && gamelab.notebook.cells.every((c) => typeof c.count === "number" || c.code.startsWith("#"))`, len(book)))
	q.eval(`gamelab.notebook.quiet()`, nil)
	if got := q.cellsCode(); strings.Join(got, "\x00") != strings.Join(book, "\x00") {
		t.Errorf("the link opened the cells %q", got)
	}
	theirs := q.cells()
	// The same outputs; the author's session had solved some before (the
	// tour), so its page marks them cached.
	kinds := func(c cellResult) string { return strings.TrimSuffix(strings.Join(c.Kinds, " "), " cached") }
	for i := range book {
		if theirs[i].Text != mine[i].Text || kinds(theirs[i]) != kinds(mine[i]) {
			t.Errorf("cell %d: the link's replay shows %q (%v), the author's page %q (%v)", i, theirs[i].Text, theirs[i].Kinds, mine[i].Text, mine[i].Kinds)
		}
	}
	var hash string
	q.eval(`location.hash`, &hash)
	if hash != "" {
		t.Errorf("the address keeps the notebook after it opened: %q", hash)
	}

	t.Run("8 KB of script", func(t *testing.T) {
		q := q.with(t)
		rng := rand.New(rand.NewPCG(1, 2))
		var big []string
		size := 0
		for i := 0; size < 8<<10; i++ {
			code := fmt.Sprintf("v%d = %d * %d + %d # a note, %x", i, rng.IntN(1e6), rng.IntN(1e6), rng.IntN(1e6), rng.Uint64())
			big = append(big, code)
			size += len(code) + 1
		}
		big = append(big, fmt.Sprintf("v%d", len(big)-1))
		q.loadCells(big)
		link := q.shareLink()
		t.Logf("%d bytes of script in %d cells: a link of %d characters", size, len(big), len(link))
		r, closeTab := q.fresh()
		defer closeTab()
		r.do("opening the link", chromedp.Navigate(link))
		r.wait("the replay", fmt.Sprintf(`document.body.hasAttribute("data-gl-ready") && gamelab.notebook.cells.length === %d &&
		  typeof gamelab.notebook.cells.at(-1).count === "number"`, len(big)))
		if got := r.cellsCode(); strings.Join(got, "\n") != strings.Join(big, "\n") {
			t.Errorf("the 8 KB notebook came back as %d cells, not the same", len(got))
		}
		if got, want := r.cell(len(big)-1).Text, natively(big)[len(big)-1]; got != want {
			t.Errorf("its last cell shows %q, want %q", got, want)
		}
	})

	t.Run("own notebook set aside", func(t *testing.T) {
		p := p.with(t)
		own := []string{"mine = 1", "mine + 1"}
		p.loadCells(own)
		p.eval(`gamelab.notebook.save()`, nil)
		// A page opened on the link, as from another app: its notebook
		// is not loaded yet when the link is read.
		p.do("leaving the page", chromedp.Navigate("about:blank"))
		p.do("opening the link", chromedp.Navigate(link))
		p.wait("the shared notebook", `document.body.hasAttribute("data-gl-ready") && document.querySelector("[data-gl=bring-back]") !== null`)
		if got := p.cellsCode(); strings.Join(got, "\x00") != strings.Join(book, "\x00") {
			t.Errorf("the link opened %q", got)
		}
		p.eval(`gamelab.notebook.quiet()`, nil)
		p.do("bringing mine back", chromedp.Click(chromedp.CSS("[data-gl=bring-back]")))
		if got := p.cellsCode(); strings.Join(got, "\x00") != strings.Join(own, "\x00") {
			t.Errorf("brought back %q, want %q", got, own)
		}
		// A link pasted into the open page's address: the same.
		p.do("opening the link in place", chromedp.Navigate(link))
		p.wait("the shared notebook", `gamelab.notebook.cells.length === `+itoa(len(book))+` && document.querySelector("[data-gl=bring-back]") !== null`)
		p.eval(`gamelab.notebook.quiet()`, nil)
		p.do("bringing mine back", chromedp.Click(chromedp.CSS("[data-gl=bring-back]")))
		if got := p.cellsCode(); strings.Join(got, "\x00") != strings.Join(own, "\x00") {
			t.Errorf("brought back %q, want %q", got, own)
		}
	})

	t.Run("a damaged link", func(t *testing.T) {
		p := p.with(t)
		// The link differs from the open page's address in its fragment
		// alone, so the page stays and reads the link when the fragment
		// changes, after the navigation returns: wait for its word, not
		// only for the page (ready already, with the last notice showing).
		p.do("opening a cut link", chromedp.Navigate(link[:len(link)/2]))
		p.wait("the page", `document.body.hasAttribute("data-gl-ready")`)
		p.wait("the page's word on the cut link", `/Could not open the shared notebook: the link is damaged or was cut short|cells of your last visit/`+
			`.test(document.getElementById("notice").textContent + document.getElementById("status").textContent)`)
		if got := p.cellsCode(); len(got) == 0 {
			t.Errorf("a cut link left no cells")
		}
	})
}

// TestPageOffline: the server sends the engine gzipped; once the page has
// loaded, its service worker keeps the site, and the page reloads and
// runs cells with the server gone.
func TestPageOffline(t *testing.T) {
	p := openPage(t, true)
	p.load()
	var sizes struct{ Encoded, Decoded float64 }
	p.eval(`(() => {
	  const e = performance.getEntriesByType("resource").find((e) => e.name.includes("gamelab.wasm"));
	  return {encoded: e.encodedBodySize, decoded: e.decodedBodySize};
	})()`, &sizes)
	t.Logf("gamelab.wasm: %.2f MiB sent for %.2f MiB", sizes.Encoded/(1<<20), sizes.Decoded/(1<<20))
	if sizes.Decoded == 0 || sizes.Encoded*3 > sizes.Decoded {
		t.Errorf("the engine was not sent compressed: %.0f bytes for %.0f", sizes.Encoded, sizes.Decoded)
	}
	p.wait("the service worker", `navigator.serviceWorker.controller !== null`)
	p.eval(`(async () => {
	  const build = document.querySelector('meta[name="gamelab-build"]').content;
	  const c = await caches.open("gamelab-" + build);
	  while ((await c.keys()).length < 13) await new Promise((r) => setTimeout(r, 50));
	})()`, nil)
	p.srv.CloseClientConnections()
	p.srv.Close()
	p.load()
	if c := p.run("solve(coins([10, 80, 90, 30])).diff"); c.Text != "10\n" {
		t.Errorf("offline, a cell shows %q", c.Text)
	}
	var marks []string
	p.eval(`gamelab.notebook.cells.filter((c) => c.stale).map((c) => c.stale)`, &marks)
	if len(marks) == 0 {
		t.Errorf("after the reload no cell of the tour is marked stale")
	}
	for _, m := range marks {
		if !strings.HasPrefix(m, "From your last visit: this session is new") {
			t.Errorf("a restored cell's mark: %q", m)
		}
	}
}
