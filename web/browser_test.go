package web_test

// The page in a real browser: headless Chromium, driven over the DevTools
// protocol by chromedp, loads the built site from a local server.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gamelab/web"
)

// browserPath is headless Chromium's binary, or "" when none is installed.
func browserPath() string {
	if p := os.Getenv("GAMELAB_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needBrowser is Chromium's path; without one the test skips, saying what to
// install, or fails where GAMELAB_REQUIRE_BROWSER=1 (CI, which installs it).
func needBrowser(tb testing.TB) string {
	tb.Helper()
	p := browserPath()
	if p == "" {
		msg := "headless Chromium is not installed: apt-get install chromium chromium-driver (or set GAMELAB_CHROMIUM to a Chrome binary)"
		if os.Getenv("GAMELAB_REQUIRE_BROWSER") == "1" {
			tb.Fatal(msg + "; GAMELAB_REQUIRE_BROWSER=1 requires it")
		}
		tb.Skip(msg)
	}
	return p
}

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// builtSite is a site built once for the whole test binary.
func builtSite(tb testing.TB) string {
	tb.Helper()
	siteOnce.Do(func() {
		siteDir, siteErr = os.MkdirTemp("", "gamelab-site-")
		if siteErr == nil {
			siteErr = web.Build(context.Background(), siteDir, web.BuildOptions{})
		}
	})
	if siteErr != nil {
		tb.Fatalf("gamelab web build: %v", siteErr)
	}
	return siteDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

// page is one browser tab on the site.
type page struct {
	tb  testing.TB
	ctx context.Context
	url string
	srv *httptest.Server // the site's server, which openPage's caller may close

	mu      sync.Mutex
	console []string // what the page wrote to its console, for failures
}

// openPage starts Chromium (a fresh profile, no network beyond the local
// server) on the site served with or without cross-origin isolation.
func openPage(tb testing.TB, isolate bool) *page {
	tb.Helper()
	chromium := needBrowser(tb)
	srv := httptest.NewServer(web.Handler(builtSite(tb), isolate))
	tb.Cleanup(srv.Close)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(tb.TempDir()),
	)
	ctx, cancel := chromedp.NewContext(actx)
	tb.Cleanup(func() { cancel(); cancelAlloc() })
	p := &page{tb: tb, ctx: ctx, url: srv.URL + "/", srv: srv}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m.String())
			p.mu.Unlock()
		}
	}()
	tb.Cleanup(func() {
		if tb.Failed() {
			p.mu.Lock()
			tb.Logf("the page's console:\n%s", strings.Join(p.console, "\n"))
			p.mu.Unlock()
		}
	})
	return p
}

// with is the page as subtest tb sees it: failures are tb's.
func (p *page) with(tb testing.TB) *page {
	return &page{tb: tb, ctx: p.ctx, url: p.url, srv: p.srv}
}

// fresh is a new tab on the same site in a browser context of its own: no
// storage, no cache, as on a first visit. Closing it is the caller's.
func (p *page) fresh() (*page, context.CancelFunc) {
	ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithNewBrowserContext())
	return &page{tb: p.tb, ctx: ctx, url: p.url, srv: p.srv}, cancel
}

// do runs actions, failing the test on an error.
func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.tb.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.tb.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) into out.
func (p *page) eval(expr string, out any) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Minute) // a deadline, not a timing
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.tb.Fatalf("evaluating %s: %v", expr, err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			p.tb.Fatalf("evaluating %s: %s: %v", expr, raw, err)
		}
	}
}

// wait polls a JavaScript condition until it holds (a deadline, not a
// timing: a slow machine only waits longer).
func (p *page) wait(what, cond string) {
	p.tb.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](cond,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		p.tb.Fatalf("waiting for %s (%s): %v", what, cond, err)
	}
}

// load opens the page and waits for the engine.
func (p *page) load() {
	p.tb.Helper()
	p.do("opening the page", chromedp.Navigate(p.url))
	p.wait("the engine", `document.body.hasAttribute("data-gl-ready")`)
}

// cellResult is what the page shows for one cell.
type cellResult struct {
	Count   any      `json:"count"`
	Text    string   `json:"text"`  // the output's text/plain, as the REPL prints it
	Kinds   []string `json:"kinds"` // the output items' kinds
	Error   string   `json:"error"` // the error's text, "" without one
	Ename   string   `json:"ename"`
	Notes   []string `json:"notes"`
	Stopped bool     `json:"stopped"` // the worker was restarted
}

// jsCellResult reads a cell's output (cell is a JavaScript expression for
// the Cell) and, for run, the result of Notebook.run (r).
const jsCellResult = `((cell, r) => {
  const items = cell.out.items;
  const err = items.find((i) => i.kind === "error");
  return {
    count: cell.count, text: cell.out.text(), kinds: items.map((i) => i.kind),
    error: err ? err.error.text : "", ename: err ? err.error.kind : "",
    notes: items.filter((i) => i.kind === "note").map((i) => i.text),
    stopped: !!(r && r.stopped),
  };
})`

// run adds a cell with code at the end and runs it to its end.
func (p *page) run(code string) cellResult {
	p.tb.Helper()
	var r cellResult
	p.eval(fmt.Sprintf(`(async () => {
	  const nb = gamelab.notebook;
	  const cell = nb.add(%q);
	  const r = await nb.run(cell, false);
	  return %s(cell, r);
	})()`, code, jsCellResult), &r)
	return r
}

// cell is what cell i (from 0) shows now.
func (p *page) cell(i int) cellResult {
	p.tb.Helper()
	var r cellResult
	p.eval(fmt.Sprintf(`%s(gamelab.notebook.cells[%d])`, jsCellResult, i), &r)
	return r
}

// cellsCode is the code of every cell.
func (p *page) cellsCode() []string {
	p.tb.Helper()
	var codes []string
	p.eval(`gamelab.notebook.cells.map((c) => c.code)`, &codes)
	return codes
}

// sel is the CSS selector of cell i's part (an attribute selector such as
// [data-gl=output]).
func sel(i int, part string) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf("#notebook > section.cell:nth-of-type(%d) %s", i+1, part))
}

// press presses a key as a keyboard does when the page handles its
// keydown: a keydown and a keyup, no char event. (chromedp's KeyEvent sends
// the char event of Enter apart, where the keydown's preventDefault, which
// cancels it in a real browser, cannot reach.)
func press(key string, keyCode int64, mods ...chromedp.Modifier) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		k := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: key, Code: key,
			WindowsVirtualKeyCode: keyCode, NativeVirtualKeyCode: keyCode}
		for _, m := range mods {
			k.Modifiers |= int64(m)
		}
		if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, k); err != nil {
			return err
		}
		k.Type = input.DispatchKeyEventTypeKeyUp
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, k)
		return err
	})
}

// answer types text into the input box of cell i and presses Enter.
func (p *page) answer(i int, text string) {
	p.tb.Helper()
	input := sel(i, "[data-gl=input]")
	p.do("answering "+text, chromedp.WaitVisible(input), chromedp.SendKeys(input, text+"\r"))
}

// tourCells is how many cells the tour has; its last plays.
func (p *page) tourCells() int {
	p.tb.Helper()
	var n int
	p.eval(`fetch("notebooks.json").then((r) => r.json()).then((b) => b.tour.length)`, &n)
	return n
}

// waitTour waits until the tour has run: every cell answered, the last one
// (play) asking for a move.
func (p *page) waitTour() int {
	p.tb.Helper()
	n := p.tourCells()
	p.wait("the tour", fmt.Sprintf(`gamelab.notebook.cells.length === %d &&
	  gamelab.notebook.cells.slice(0, -1).every((c) => typeof c.count === "number") &&
	  document.querySelector("[data-gl=input]") !== null`, n))
	return n
}

// readyPage is a page on the site that has run its tour, play quit, so the
// next cell runs at once; n is the number of cells.
func readyPage(tb testing.TB, isolate bool) (p *page, n int) {
	tb.Helper()
	p = openPage(tb, isolate)
	p.load()
	n = p.waitTour()
	p.do("quitting the tour's play", chromedp.Click(sel(n-1, ".input-row button[title='answers q']")))
	p.wait("play's end", fmt.Sprintf(`typeof gamelab.notebook.cells[%d].count === "number"`, n-1))
	return p, n
}

// stopped is how Stop ended a solve.
type stopped struct {
	Ms       float64 // from the click on Stop to the cell's end
	Restart  bool    // the engine was restarted (else the cell stopped in place)
	Progress string  // the progress line when Stop was clicked
}

// stopCell runs code, clicks Stop once the cell shows its progress (or,
// with progress false, once it has run a moment), and waits for the cell
// to end and, after a restart, for the session to be restored.
func (p *page) stopCell(code string, progress bool) stopped {
	p.tb.Helper()
	var s stopped
	p.eval(fmt.Sprintf(`(async (code, progress) => {
	  const nb = gamelab.notebook, cell = nb.add(code);
	  const done = nb.run(cell, false);
	  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
	  let line = null;
	  if (progress) {
	    while (!(line = cell.el.querySelector("[data-gl=progress]"))) await pause(20);
	  } else {
	    while (!gamelab.engine.current) await pause(20);
	    await pause(300);
	  }
	  const t0 = performance.now();
	  document.querySelector("[data-gl=stop]").click();
	  const r = await done;
	  const ms = performance.now() - t0;
	  if (r.restored) await r.restored;
	  return {ms, restart: !!r.stopped, progress: line ? line.textContent : ""};
	})(%q, %v)`, code, progress), &s)
	return s
}

// stopSolve stops solve(randpolygon(1500, 1)) once it shows its progress.
func (p *page) stopSolve() stopped {
	p.tb.Helper()
	return p.stopCell("solve(randpolygon(1500, 1))", true)
}

// siteFiles lists the built site.
func siteFiles(t *testing.T) []string {
	entries, err := os.ReadDir(builtSite(t))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestSiteFiles(t *testing.T) {
	names := strings.Join(siteFiles(t), " ")
	for _, want := range []string{"index.html", "app.js", "worker.js", "wasm_exec.js", web.WasmFile, "notebooks.json", "style.css"} {
		if !strings.Contains(" "+names+" ", " "+want+" ") {
			t.Errorf("the site lacks %s: %s", want, names)
		}
	}
	b, err := os.ReadFile(filepath.Join(builtSite(t), "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "%BUILD%") || strings.Contains(string(b), "http") {
		t.Errorf("index.html keeps its placeholder or fetches from elsewhere:\n%s", b)
	}
}
