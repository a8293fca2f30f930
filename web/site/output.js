// A cell's output, shown as the Jupyter kernel shows it: streams (stdout,
// stderr), displays and the result in their richest form (an HTML table, an
// SVG picture, else text), errors with their caret, the help pager, the
// progress line, and play's prompt as an input box. Every item keeps its
// text/plain in data-text, so the text of a cell is what the REPL prints.

// An item is what the notebook saves: {kind, ...}. Kinds: stream {name,
// text}, display {data, displayId}, result {data}, error {error}, echo
// {text} (a prompt and its answer), page {text} (help), note {text} (what
// the page says about the cell: stopped, restored), cached {text} (the
// mark of a result that came from the session's solve cache). A display
// whose data has a slider draws it: moving it calls slide(name, value).
// An explorer's HTML (explore(x)) has a button per move (and each move
// marked on its picture, for the games that draw one) and Undo and
// Reset: a click asks explore(name, line) for the explorer after the new
// line, which takes the item's place.

// itemText is an item's text as the REPL prints it ("" for the page's own).
function itemText(item) {
  switch (item.kind) {
    case "stream":
    case "echo":
      return item.text;
    case "display":
    case "result":
      return item.data.text + "\n";
    case "error":
      return item.error.text + "\n";
  }
  return "";
}

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

// saveLink offers a picture as an .svg file.
function saveLink(svg) {
  const a = element("a", "save-svg", "save as .svg");
  a.href = "#";
  a.addEventListener("click", (e) => {
    e.preventDefault();
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "gamelab.svg";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  return a;
}

// sliderElement draws a slider display: the name's value and a range
// input over the slider's values; moving it calls slide(name, value).
function sliderElement(s, slide) {
  const el = element("div", "slider");
  el.dataset.gl = "slider";
  el.dataset.name = s.name;
  const label = element("label", "", `${s.name} = `);
  const value = element("output", "", s.values[s.index]);
  const input = element("input");
  input.type = "range";
  input.min = 0;
  input.max = s.values.length - 1;
  input.value = s.index;
  input.setAttribute("aria-label", s.name);
  input.addEventListener("input", () => {
    value.textContent = s.values[input.value];
    slide(s.name, s.values[input.value]);
  });
  label.append(value);
  el.append(label, input, element("span", "ends", `${s.values[0]} … ${s.values[s.values.length - 1]}`));
  el.values = s.values;
  return el;
}

// exploreClicks makes the buttons of an explorer in el play, and the
// moves marked on its picture (a coin, an edge, a vertex: an SVG element
// with data-move, as a move's button has): a move adds its place to the
// line the explorer carries, Undo takes the last away, Reset empties it,
// and go(ex, line) shows explorer ex after it.
function exploreClicks(el, go) {
  el.addEventListener("click", (e) => {
    const b = e.target.closest("button, [data-move]");
    const ex = el.querySelector('[data-gl="explore"]');
    if (!b || b.disabled || !ex || ex.dataset.busy) return;
    let line = JSON.parse(ex.dataset.line);
    if (b.dataset.move !== undefined) {
      line = line.concat([Number(b.dataset.move)]);
    } else if (b.dataset.act === "undo") {
      line = line.slice(0, -1);
    } else if (b.dataset.act === "reset") {
      line = [];
    } else {
      return;
    }
    ex.dataset.busy = "";
    go(ex, line);
  });
}

// render makes an item's element. The SVG and HTML come from the engine,
// which escapes every text it puts in them.
function render(item, slide, explore) {
  let el;
  switch (item.kind) {
    case "stream":
      el = element("pre", "stream " + item.name, item.text);
      break;
    case "echo":
      el = element("pre", "stream echo", item.text);
      break;
    case "display":
    case "result": {
      const d = item.data;
      if (d.slider) {
        el = sliderElement(d.slider, slide);
      } else if (d.html) {
        el = element("div", "rich html");
        el.innerHTML = d.html;
        if (el.querySelector('[data-gl="explore"]')) exploreClicks(el, (ex, line) => explore(el, ex, line));
      } else if (d.svg) {
        el = element("div", "rich svg");
        el.innerHTML = d.svg;
        el.append(saveLink(d.svg));
      } else {
        el = element("pre", "text", d.text);
      }
      if (item.kind === "result") el.classList.add("result");
      break;
    }
    case "error": {
      el = element("pre", "error");
      el.dataset.gl = "error";
      el.append(element("span", "ename", item.error.kind), ": " + item.error.text);
      break;
    }
    case "page": {
      el = element("details", "page");
      el.open = true;
      el.append(element("summary", "", "help"), element("pre", "", item.text));
      break;
    }
    case "cached":
      el = element("p", "cached", "↺ " + item.text);
      el.dataset.gl = "cached";
      break;
    default:
      el = element("p", "note", item.text);
  }
  el.dataset.text = itemText(item);
  return el;
}

export class OutputArea {
  constructor(el, changed, slide, explore) {
    this.el = el;
    this.changed = changed; // called when the items change (to save them)
    this.slide = slide; // slide(name, value): a slider moved
    // explore(name, line): the engine's answer for explorer name after
    // line, {reply} or {aborted} or {stopped} as a cell's run.
    this.exploreFn = explore;
    this.explore = (node, ex, line) => this.exploreTo(node, ex, line);
    this.items = [];
    this.nodes = []; // the element of each item
    this.clearPending = false;
    this.progressEl = null;
    this.inputEl = null;
    // The sliders of the last run, kept in the page while the cell runs
    // again, so that one being dragged stays under the pointer: the run's
    // slider of the same name takes its place (see add), the others go at
    // its end.
    this.kept = new Map();
  }

  // reset empties the output; a running cell's progress and prompt stay,
  // and so, unless keepSliders is false, do its sliders until the run
  // shows them again (see kept).
  reset(keepSliders = true) {
    this.kept = new Map();
    this.nodes.forEach((node, i) => {
      const s = this.items[i].data && this.items[i].data.slider;
      if (s && node.isConnected && keepSliders) this.kept.set(s.name, node);
    });
    this.items = [];
    this.nodes = [];
    this.clearPending = false;
    this.el.replaceChildren(...[...this.kept.values(), this.progressEl, this.inputEl].filter(Boolean));
    this.changed();
  }

  // reuse is the kept slider for item, updated to it, or null.
  reuse(item) {
    const s = item.data && item.data.slider;
    const el = s && this.kept.get(s.name);
    if (!el || el.values.join() !== s.values.join()) return null;
    this.kept.delete(s.name);
    const input = el.querySelector("input");
    if (document.activeElement !== input) input.value = s.index;
    el.querySelector("output").textContent = s.values[s.index];
    el.dataset.text = itemText(item);
    return el;
  }

  // load shows saved items.
  load(items) {
    this.reset(false);
    for (const item of items || []) this.add(item);
  }

  add(item) {
    if (this.clearPending) this.reset();
    const el = this.reuse(item) || render(item, this.slide, this.explore);
    const before = this.nodes.length ? this.nodes[this.nodes.length - 1].nextSibling : this.el.firstChild;
    this.items.push(item);
    this.nodes.push(el);
    // A kept slider already in its place is not moved: moving it would
    // end a drag.
    if (el !== before) this.el.insertBefore(el, [...this.kept.values()][0] || this.progressEl || this.inputEl);
    this.changed();
  }

  replace(i, item) {
    const el = render(item, this.slide, this.explore);
    this.nodes[i].replaceWith(el);
    this.items[i] = item;
    this.nodes[i] = el;
    this.changed();
  }

  // exploreTo shows the explorer of node after line in node's place (the
  // same item, its data the engine's new result), or says in it why not.
  async exploreTo(node, ex, line) {
    const r = this.exploreFn ? await this.exploreFn(ex.dataset.explorer, line) : null;
    const i = this.nodes.indexOf(node);
    delete ex.dataset.busy;
    if (i < 0) return; // the cell ran again meanwhile
    const m = r && r.reply;
    if (m && m.result) {
      this.replace(i, { ...this.items[i], data: m.result });
      return;
    }
    let why = "the engine is not ready";
    if (m && m.error) why = m.error.text;
    else if (r && r.aborted) why = "Stop came before the move was played";
    else if (r && r.stopped) why = "the engine restarted: run the cell again to explore";
    let err = ex.querySelector(".explore-error");
    if (!err) {
      err = element("p", "explore-error");
      err.dataset.gl = "explore-error";
      ex.append(err);
    }
    err.textContent = why;
  }

  stream(name, text) {
    const i = this.items.length - 1;
    const last = this.items[i];
    if (!this.clearPending && last && last.kind === "stream" && last.name === name) {
      this.replace(i, { kind: "stream", name, text: last.text + text });
    } else {
      this.add({ kind: "stream", name, text });
    }
  }

  // display shows data; with update it replaces the item of displayId
  // (play's position, redrawn in place).
  display(data, displayId, update) {
    const item = { kind: "display", data, displayId: displayId || undefined };
    const i = update ? this.items.findIndex((it) => it.displayId === displayId) : -1;
    if (i >= 0 && !this.clearPending) {
      this.replace(i, item);
    } else {
      this.add(item);
    }
  }

  clear(wait) {
    if (wait) {
      this.clearPending = true;
    } else {
      this.reset();
    }
  }

  progress(line) {
    if (!line) {
      if (this.progressEl) this.progressEl.remove();
      this.progressEl = null;
      return;
    }
    if (!this.progressEl) {
      this.progressEl = element("div", "progress");
      this.progressEl.dataset.gl = "progress";
      this.el.insertBefore(this.progressEl, this.inputEl);
    }
    this.progressEl.textContent = line;
  }

  // ask shows play's prompt as an input box with hint, undo and quit; the
  // answer goes to answer(text), and stays in the output after its prompt.
  ask(prompt, answer) {
    this.endAsk();
    const row = element("form", "input-row");
    const label = element("label", "", prompt);
    const input = element("input");
    input.dataset.gl = "input";
    input.autocomplete = "off";
    input.spellcheck = false;
    label.append(input);
    row.append(label);
    const give = (text) => {
      this.endAsk();
      this.add({ kind: "echo", text: prompt + text + "\n" });
      answer(text);
    };
    for (const [key, name] of [["?", "hint"], ["u", "undo"], ["q", "quit"]]) {
      const b = element("button", "", name);
      b.type = "button";
      b.title = `answers ${key}`;
      b.addEventListener("click", () => give(key));
      row.append(b);
    }
    row.addEventListener("submit", (e) => {
      e.preventDefault();
      give(input.value);
    });
    this.inputEl = row;
    this.el.append(row);
    input.focus();
  }

  endAsk() {
    if (this.inputEl) this.inputEl.remove();
    this.inputEl = null;
  }

  // end takes away the progress line and the prompt, and the sliders the
  // run did not show again: the cell ended.
  end() {
    this.progress("");
    this.endAsk();
    for (const el of this.kept.values()) el.remove();
    this.kept = new Map();
    this.clearPending = false;
  }

  note(text) {
    this.add({ kind: "note", text });
  }

  // text is the cell's output as the REPL prints it.
  text() {
    return this.items.map(itemText).join("");
  }
}
