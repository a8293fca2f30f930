// The notebook: cells of gamelab statements, each an editor and an output.
// Shift-Enter runs a cell and moves on, Ctrl-Enter runs it in place, Tab
// completes from the engine's Complete (indents at the start of a line),
// Shift-Tab shows the engine's help for the name at the cursor. The cells
// and their outputs are kept in localStorage, so a reload restores them.

import { OutputArea } from "./output.js";

const STORAGE_KEY = "gamelab-notebook-v1";
// Outputs past this many characters are not kept across a reload (the
// browser's storage holds about five million); the code always is.
const MAX_SAVED = 2_000_000;

// The engine counts in runes (code points), JavaScript strings in UTF-16.
function runeIndex(s, u16) {
  return [...s.slice(0, u16)].length;
}

function u16Index(s, runes) {
  let i = 0;
  let n = 0;
  for (const ch of s) {
    if (n === runes) break;
    i += ch.length;
    n++;
  }
  return i;
}

function commonPrefix(words) {
  let p = words[0];
  for (const w of words) {
    while (!w.startsWith(p)) p = p.slice(0, -1);
  }
  return p;
}

// A script the page saves: each cell after a marker line, which gamelab
// run and test read as a comment (web/engine reads it back: CellMarker).
const HEADER =
  "# A gamelab notebook, saved from the web page: each \"# %%\" line starts a cell.\n" +
  "# gamelab run FILE replays it; gamelab test --update FILE writes its golden, gamelab test FILE checks it.\n";

class Cell {
  constructor(nb, code) {
    this.nb = nb;
    this.el = document.createElement("section");
    this.el.className = "cell";
    this.prompt = document.createElement("div");
    this.prompt.className = "prompt";
    const body = document.createElement("div");
    body.className = "body";
    this.editor = document.createElement("textarea");
    this.editor.dataset.gl = "cell";
    this.editor.spellcheck = false;
    this.editor.autocapitalize = "off";
    this.editor.autocomplete = "off";
    this.editor.rows = 1;
    this.editor.setAttribute("aria-label", "gamelab statements");
    this.editor.value = code;
    const tools = document.createElement("div");
    tools.className = "tools";
    for (const [label, title, act] of [
      ["▶", "Run (Shift-Enter)", () => nb.run(this, false)],
      ["+", "Add a cell below", () => nb.add("", nb.cells.indexOf(this) + 1).focus()],
      ["✕", "Delete the cell", () => nb.remove(this)],
    ]) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.title = title;
      b.addEventListener("click", act);
      tools.append(b);
    }
    this.popup = document.createElement("div");
    this.popup.className = "popup";
    this.popup.hidden = true;
    const out = document.createElement("div");
    out.className = "output";
    out.dataset.gl = "output";
    this.out = new OutputArea(out, () => nb.changed());
    body.append(tools, this.editor, this.popup, out);
    this.el.append(this.prompt, body);
    this.setCount(null);
    this.editor.addEventListener("input", () => {
      this.fit();
      this.closePopup();
      nb.changed();
    });
    this.editor.addEventListener("keydown", (e) => this.key(e));
    this.editor.addEventListener("blur", () => setTimeout(() => this.closePopup(), 150));
  }

  get code() {
    return this.editor.value;
  }

  setCount(n) {
    this.count = n;
    this.prompt.textContent = n === "*" ? "[*]" : n ? `[${n}]` : "[ ]";
  }

  fit() {
    this.editor.style.height = "auto";
    this.editor.style.height = this.editor.scrollHeight + 2 + "px";
  }

  focus() {
    this.editor.focus();
    return this;
  }

  key(e) {
    if (!this.popup.hidden && this.choices && this.popupKey(e)) return;
    if (e.key === "Enter" && (e.shiftKey || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.nb.run(this, e.shiftKey);
    } else if (e.key === "Tab" && e.shiftKey) {
      e.preventDefault();
      this.inspect();
    } else if (e.key === "Tab" && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      this.tab();
    } else if (e.key === "Escape") {
      this.closePopup();
    }
  }

  // tab completes the name before the cursor, or indents where there is none.
  async tab() {
    const ed = this.editor;
    const { selectionStart: at, selectionEnd: to } = ed;
    const before = ed.value.slice(0, at);
    if (at !== to || /(^|\s)$/.test(before)) {
      ed.setRangeText("  ", at, to, "end");
      this.nb.changed();
      return;
    }
    const code = ed.value;
    const r = await this.nb.engine.complete(code, runeIndex(code, at));
    if (!r || ed.value !== code || !r.matches || r.matches.length === 0) return;
    const start = u16Index(code, r.start);
    const end = u16Index(code, r.end);
    const insert = (word) => {
      ed.setRangeText(word, start, end, "end");
      this.fit();
      this.nb.changed();
    };
    if (r.matches.length === 1) {
      insert(r.matches[0]);
      return;
    }
    const prefix = commonPrefix(r.matches);
    if (prefix.length > end - start) insert(prefix);
    this.choose(r.matches, (word) => {
      ed.setRangeText(word, start, ed.selectionStart, "end");
      this.fit();
      this.nb.changed();
    });
  }

  // choose lists completions under the editor: arrows move, Enter or Tab
  // takes one, Escape or typing closes the list.
  choose(words, take) {
    this.popup.replaceChildren();
    this.popup.className = "popup completions";
    this.popup.dataset.gl = "completions";
    this.choices = { words, take, at: 0 };
    words.forEach((w, i) => {
      const item = document.createElement("div");
      item.textContent = w;
      item.addEventListener("mousedown", (e) => {
        e.preventDefault();
        this.closePopup();
        take(w);
      });
      if (i === 0) item.className = "chosen";
      this.popup.append(item);
    });
    this.popup.hidden = false;
  }

  popupKey(e) {
    const c = this.choices;
    const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (move) {
      e.preventDefault();
      this.popup.children[c.at].className = "";
      c.at = (c.at + move + c.words.length) % c.words.length;
      this.popup.children[c.at].className = "chosen";
      this.popup.children[c.at].scrollIntoView({ block: "nearest" });
      return true;
    }
    if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey) {
      e.preventDefault();
      this.closePopup();
      c.take(c.words[c.at]);
      return true;
    }
    return false;
  }

  // inspect shows the engine's help for the name at the cursor.
  async inspect() {
    const code = this.editor.value;
    const r = await this.nb.engine.inspect(code, runeIndex(code, this.editor.selectionStart));
    if (!r || !r.found) return;
    this.popup.className = "popup help";
    this.popup.dataset.gl = "inspect";
    this.choices = null;
    const pre = document.createElement("pre");
    pre.textContent = r.text;
    this.popup.replaceChildren(pre);
    this.popup.hidden = false;
  }

  closePopup() {
    this.popup.hidden = true;
    this.choices = null;
  }
}

export class Notebook {
  constructor(el, engine, events) {
    this.el = el;
    this.engine = engine;
    this.events = events; // ran(cell, result): after each cell
    this.cells = [];
    this.saveTimer = 0;
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
    }
    if (this.cells.length === 0) this.add("");
    this.changed();
  }

  // run runs a cell; with advance the next cell gets the focus (a new one
  // at the end).
  run(cell, advance) {
    if (advance) {
      const i = this.cells.indexOf(cell);
      (this.cells[i + 1] || this.add("")).focus();
    }
    cell.closePopup();
    cell.out.reset();
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
    return this.engine.execute(cell.code, sink).then((r) => {
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
    if (m.result) cell.out.add({ kind: "result", data: m.result });
    if (m.page) cell.out.add({ kind: "page", text: m.page });
    if (m.error) {
      cell.el.dataset.state = "error";
      cell.out.add({ kind: "error", error: m.error });
      if (m.error.kind === "Interrupted") cell.out.note("Stopped; the session keeps its variables.");
    }
  }

  // runAll runs every cell in order; an error does not stop the others.
  runAll() {
    return Promise.all(this.cells.map((c) => this.run(c, false)));
  }

  clearOutputs() {
    for (const c of this.cells) {
      c.out.reset();
      c.setCount(null);
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
    const cells = this.cells.map((c) => ({ code: c.code, outputs: c.out.items, count: c.count === "*" ? null : c.count }));
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
    return true;
  }
}
