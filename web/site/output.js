// A cell's output, shown as the Jupyter kernel shows it: streams (stdout,
// stderr), displays and the result in their richest form (an HTML table, an
// SVG picture, else text), errors with their caret, the help pager, the
// progress line, and play's prompt as an input box. Every item keeps its
// text/plain in data-text, so the text of a cell is what the REPL prints.

// An item is what the notebook saves: {kind, ...}. Kinds: stream {name,
// text}, display {data, displayId}, result {data}, error {error}, echo
// {text} (a prompt and its answer), page {text} (help), note {text} (what
// the page says about the cell: stopped, restored).

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

// render makes an item's element. The SVG and HTML come from the engine,
// which escapes every text it puts in them.
function render(item) {
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
      if (d.html) {
        el = element("div", "rich html");
        el.innerHTML = d.html;
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
    default:
      el = element("p", "note", item.text);
  }
  el.dataset.text = itemText(item);
  return el;
}

export class OutputArea {
  constructor(el, changed) {
    this.el = el;
    this.changed = changed; // called when the items change (to save them)
    this.items = [];
    this.nodes = []; // the element of each item
    this.clearPending = false;
    this.progressEl = null;
    this.inputEl = null;
  }

  // reset empties the output; a running cell's progress and prompt stay.
  reset() {
    this.items = [];
    this.nodes = [];
    this.clearPending = false;
    this.el.replaceChildren(...[this.progressEl, this.inputEl].filter(Boolean));
    this.changed();
  }

  // load shows saved items.
  load(items) {
    this.reset();
    for (const item of items || []) this.add(item);
  }

  add(item) {
    if (this.clearPending) this.reset();
    const el = render(item);
    this.items.push(item);
    this.nodes.push(el);
    this.el.insertBefore(el, this.progressEl || this.inputEl);
    this.changed();
  }

  replace(i, item) {
    const el = render(item);
    this.nodes[i].replaceWith(el);
    this.items[i] = item;
    this.nodes[i] = el;
    this.changed();
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

  // end takes away the progress line and the prompt: the cell ended.
  end() {
    this.progress("");
    this.endAsk();
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
