// The notebook: cells of gamelab statements, each an editor and an output.
// Shift-Enter runs a cell and moves on, Ctrl-Enter runs it in place, Tab
// completes from the engine's Complete (indents at the start of a line),
// Shift-Tab shows the engine's help for the name at the cursor. The cells
// and their outputs are kept in localStorage, so a reload restores them
// (marked stale: the session is new). A cell that runs again re-runs the
// cells after it that read what it wrote (reactive.js), or, with Re-run
// off, marks them stale; a slider's move runs its cell and so its
// dependants.

import { Cell } from "./cell.js";
import * as reactive from "./reactive.js";

export const STORAGE_KEY = "gamelab-notebook-v1";
// Outputs past this many characters are not kept across a reload (the
// browser's storage holds about five million); the code always is.
const MAX_SAVED = 2_000_000;
const REACTIVE_KEY = "gamelab-reactive";

// A script the page saves: each cell after a marker line, which gamelab
// run and test read as a comment (web/engine reads it back: CellMarker).
const HEADER =
  "# A gamelab notebook, saved from the web page: each \"# %%\" line starts a cell.\n" +
  "# gamelab run FILE replays it; gamelab test --update FILE writes its golden, gamelab test FILE checks it.\n";

export class Notebook {
  constructor(el, engine, events) {
    this.el = el;
    this.engine = engine;
    this.events = events; // ran(cell, result): after each cell
    this.cells = [];
    this.saveTimer = 0;
    this.reactive = localStorage.getItem(REACTIVE_KEY) !== "off";
    // Runs under way that a person started (a cell, Run all, a slider)
    // with the cells they re-run: quiet() waits for them all.
    this.working = 0;
    this.waiters = [];
  }

  // setReactive turns re-running dependants on or off (kept in storage).
  setReactive(on) {
    this.reactive = on;
    try {
      localStorage.setItem(REACTIVE_KEY, on ? "on" : "off");
    } catch (e) {
      // storage refused: the choice holds for this visit
    }
  }

  // track counts p as work under way until it settles.
  track(p) {
    this.working++;
    const done = () => {
      if (--this.working === 0) for (const w of this.waiters.splice(0)) w();
    };
    p.then(done, done);
    return p;
  }

  // quiet resolves once no run, re-run or slide is under way.
  quiet() {
    return this.working === 0 ? Promise.resolve() : new Promise((r) => this.waiters.push(r));
  }

  add(code, index = this.cells.length) {
    const cell = new Cell(this, code);
    this.el.insertBefore(cell.el, this.cells[index] ? this.cells[index].el : null);
    this.cells.splice(index, 0, cell);
    cell.fit();
    this.changed();
    return cell;
  }

  remove(cell) {
    const i = this.cells.indexOf(cell);
    if (i < 0) return;
    cell.el.remove();
    this.cells.splice(i, 1);
    if (this.cells.length === 0) this.add("");
    this.changed();
  }

  // load replaces the cells: codes, or saved cells {code, outputs, count}.
  load(cells) {
    for (const c of this.cells) c.el.remove();
    this.cells = [];
    for (const c of cells) {
      const saved = typeof c === "string" ? { code: c } : c;
      const cell = this.add(saved.code);
      cell.out.load(saved.outputs);
      cell.setCount(saved.count);
      cell.reads = Array.isArray(saved.reads) ? saved.reads : [];
      cell.writes = Array.isArray(saved.writes) ? saved.writes : [];
    }
    if (this.cells.length === 0) this.add("");
    this.changed();
  }

  // run runs a cell and then, as a person's run does, the cells after it
  // that read what it wrote (or marks them stale, with Re-run off); with
  // advance the next cell gets the focus (a new one at the end). It
  // resolves with the cell's own end.
  run(cell, advance, move = null) {
    if (advance) {
      const i = this.cells.indexOf(cell);
      (this.cells[i + 1] || this.add("")).focus();
    }
    return this.track(
      this.runOne(cell, move).then(async (r) => {
        if (reactive.clean(r)) await this.rerun(cell);
        return r;
      }),
    );
  }

  // rerun re-runs, in order, the cells after cell that read what it
  // wrote, stopping at an error; with Re-run off it marks them stale.
  async rerun(cell) {
    const i = this.cells.indexOf(cell);
    if (i < 0) return;
    const deps = reactive.dependants(this.cells, i);
    const by = reactive.label(cell);
    for (let k = 0; k < deps.length; k++) {
      const { cell: dep, names } = deps[k];
      if (!this.reactive) {
        dep.setStale(reactive.staleReads(names, by));
        continue;
      }
      const r = await this.runOne(dep);
      if (!reactive.clean(r)) {
        for (const rest of deps.slice(k + 1)) rest.cell.setStale(reactive.staleAfter(reactive.label(dep), r));
        return;
      }
    }
  }

  // runOne runs a cell alone: its output, its count, its names. With move
  // (a slider's) the engine moves the slider first, and the cell's code
  // becomes what ran.
  runOne(cell, move = null) {
    cell.closePopup();
    cell.out.reset();
    cell.setStale(null);
    cell.setCount("*");
    cell.el.dataset.state = "queued";
    const sink = {
      stream: (name, text) => cell.out.stream(name, text),
      display: (data, id, update) => cell.out.display(data, id, update),
      clear: (wait) => cell.out.clear(wait),
      progress: (line) => {
        cell.el.dataset.state = "running";
        cell.out.progress(line);
      },
      ask: (prompt, answer) => cell.out.ask(prompt, answer),
    };
    return this.engine.execute(cell.code, sink, move).then((r) => {
      if (r.reply && r.reply.code) {
        const lines = cell.code.split("\n").length;
        cell.editor.value = r.reply.code;
        // Only a change of height needs the layout fit forces, which a
        // slider's step, rewriting a number, does not.
        if (r.reply.code.split("\n").length !== lines) cell.fit();
        this.changed();
      }
      cell.out.end();
      this.show(cell, r);
      this.events.ran(cell, r);
      return r;
    });
  }

  // show puts how a cell ended into its output.
  show(cell, r) {
    cell.el.dataset.state = "done";
    if (r.aborted) {
      cell.setCount(null);
      cell.out.note("Not run: Stop came before its turn.");
      return;
    }
    if (r.stopped) {
      cell.setCount(null);
      cell.el.dataset.state = "error";
      cell.out.note("Stopped: the engine is restarting, to restore the session as it was before this cell…");
      r.restored.then((n) => {
        if (n < 0) return; // a later restart said more
        const i = cell.out.items.length - 1;
        const replayed = n === 0 ? "nothing to replay" : `${n} earlier cell${n === 1 ? "" : "s"} replayed`;
        cell.out.replace(i, {
          kind: "note",
          text: `Stopped (${r.why}). The engine restarted; the session is as it was before this cell (${replayed}).`,
        });
      });
      return;
    }
    const m = r.reply;
    cell.setCount(m.count);
    cell.reads = m.reads || [];
    cell.writes = m.writes || [];
    cell.ranHere = true;
    if (m.result) cell.out.add({ kind: "result", data: m.result });
    if (m.cached) {
      const what = m.cached === 1 ? "solve" : `${m.cached} solves`;
      cell.out.add({ kind: "cached", text: `cached: the ${what} came from this session's cache (values never change)` });
    }
    if (m.page) cell.out.add({ kind: "page", text: m.page });
    if (m.error) {
      cell.el.dataset.state = "error";
      cell.out.add({ kind: "error", error: m.error });
      if (m.error.kind === "Interrupted") cell.out.note("Stopped; the session keeps its variables.");
    }
  }

  // runAll runs every cell in order and stops at the first that fails or
  // is stopped, as Jupyter and gamelab run do: the cells after it are
  // marked stale. With keepGoing (the tour, which shows a mistake on
  // purpose; a shared notebook, replayed as its author saw it) it runs
  // them all.
  runAll({ keepGoing = false } = {}) {
    const cells = this.cells.slice();
    for (const c of cells) {
      c.setCount("*");
      c.el.dataset.state = "queued";
    }
    return this.track(
      (async () => {
        for (let k = 0; k < cells.length; k++) {
          const r = await this.runOne(cells[k]);
          if (!keepGoing && !reactive.clean(r)) {
            for (const rest of cells.slice(k + 1)) {
              rest.setCount(null);
              rest.el.dataset.state = "done";
              rest.setStale(reactive.staleAfter(reactive.label(cells[k]), r));
            }
            return;
          }
        }
      })(),
    );
  }

  // slide moves the slider name of cell to value: the cell runs with its
  // code saying the new start (the engine rewrites it), and then the cells
  // that read it. Moves that come while one runs are gathered: only the
  // last runs.
  slide(cell, name, value) {
    cell.slideTo = { name, value };
    if (cell.sliding) return cell.sliding;
    cell.sliding = this.track(
      (async () => {
        while (cell.slideTo) {
          const move = cell.slideTo;
          cell.slideTo = null;
          await this.run(cell, false, move);
        }
      })().finally(() => (cell.sliding = null)),
    );
    return cell.sliding;
  }

  // explore plays the line of explorer name (a click in its output): the
  // engine answers in the session without a cell, so the cell's code,
  // count and dependants stay as they were.
  explore(cell, name, line) {
    const sink = {
      stream() {},
      display() {},
      clear() {},
      progress: (text) => cell.out.progress(text),
      ask() {},
    };
    return this.track(
      this.engine.explore(name, line, sink).then((r) => {
        cell.out.progress("");
        return r;
      }),
    );
  }

  clearOutputs() {
    for (const c of this.cells) {
      c.out.reset(false);
      c.setCount(null);
      c.setStale(null);
    }
  }

  // script is the notebook as a .gl script (see HEADER).
  script() {
    return HEADER + this.cells.map((c) => "\n# %%\n" + c.code.replace(/\s+$/, "") + "\n").join("");
  }

  changed() {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), 200);
  }

  // save keeps the cells in localStorage: with their outputs when they fit.
  save() {
    clearTimeout(this.saveTimer);
    const cells = this.cells.map((c) => ({
      code: c.code,
      outputs: c.out.items,
      count: c.count === "*" ? null : c.count,
      reads: c.reads,
      writes: c.writes,
    }));
    let text = JSON.stringify({ cells });
    if (text.length > MAX_SAVED) {
      text = JSON.stringify({ cells: cells.map((c) => ({ code: c.code })) });
    }
    try {
      localStorage.setItem(STORAGE_KEY, text);
    } catch (e) {
      // Storage full or refused (a private window): the page works on.
      console.warn("gamelab: the notebook could not be kept:", e);
    }
  }

  // restore loads the cells a previous visit kept; false when there are none.
  restore() {
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
    } catch (e) {
      saved = null;
    }
    if (!saved || !Array.isArray(saved.cells) || saved.cells.length === 0) return false;
    this.load(saved.cells.filter((c) => c && typeof c.code === "string"));
    for (const c of this.cells) {
      if (c.out.items.length || typeof c.count === "number") c.setStale(reactive.STALE_RESTORED);
    }
    return true;
  }
}
