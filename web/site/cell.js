// A cell of the notebook: its editor (Tab completes from the engine,
// Shift-Tab shows help, Shift-Enter and Ctrl-Enter run it), its output,
// its stale mark, and what it read and wrote when it last ran.

import { OutputArea } from "./output.js";

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

export class Cell {
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
    this.out = new OutputArea(
      out,
      () => nb.changed(),
      (name, value) => nb.slide(this, name, value),
      (name, line) => nb.explore(this, name, line),
    );
    this.staleEl = document.createElement("p");
    this.staleEl.className = "stale-mark";
    this.staleEl.dataset.gl = "stale";
    this.staleEl.hidden = true;
    body.append(tools, this.editor, this.popup, this.staleEl, out);
    // What the cell read and wrote when it last ran (the engine's names),
    // and whether it ran in this session.
    this.reads = [];
    this.writes = [];
    this.ranHere = false;
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

  // setStale marks the output as not following from the session, saying
  // why; null takes the mark away.
  setStale(why) {
    this.stale = why;
    this.staleEl.textContent = why || "";
    this.staleEl.hidden = !why;
    if (why) {
      this.el.dataset.stale = "";
    } else {
      delete this.el.dataset.stale;
    }
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
