// gamelab's web page: a notebook (notebook.js) on the engine compiled to
// WebAssembly, running in a Web Worker (engine.js). This file wires the
// toolbar, opens scripts and notebooks, and starts the page: the cells of
// the last visit, or the tour (run at once) on the first.
//
// Hooks for tests and scripts: <body data-gl-ready> once the engine is
// loaded; window.gamelab holds the notebook, the engine and timings.

import { Engine } from "./engine.js";
import { Notebook } from "./notebook.js";

const build = document.querySelector('meta[name="gamelab-build"]').content;
const $ = (id) => document.getElementById(id);
const status = $("status");
// Milliseconds from the page's start: the engine compiled, its worker
// ready, the first cell answered.
const timings = { compiled: null, ready: null, firstAnswer: null };

function say(text) {
  status.textContent = text;
}

const engine = new Engine(build, {
  status: say,
  busy: (running) => {
    $("stop").disabled = !running;
    say(running ? "Running…" : "Ready.");
  },
  crashed: (text) => console.warn("gamelab: the engine stopped:", text),
  compiled: () => (timings.compiled = performance.now()),
});

const notebook = new Notebook($("notebook"), engine, {
  ran: (cell, r) => {
    if (timings.firstAnswer === null && r.reply) timings.firstAnswer = performance.now();
  },
});

// notebooks.json holds the tour and the examples (scripts/*.gl and
// scripts/*.ipynb), already split into cells by gamelab web build.
const books = fetch(`notebooks.json?v=${encodeURIComponent(build)}`).then((r) => {
  if (!r.ok) throw new Error(`notebooks.json: ${r.status} ${r.statusText}`);
  return r.json();
});

async function tour() {
  notebook.load((await books).tour);
  notebook.runAll();
}

// open loads a .gl script or an .ipynb notebook the person picked.
async function open(file) {
  const text = await file.text();
  say(`Opening ${file.name}…` + (engine.busy() ? " (once the running cell ends)" : ""));
  const r = await engine.cells(file.name, text);
  if (!r) {
    say(`Could not open ${file.name}: the engine is not ready yet; try again in a moment.`);
  } else if (r.error) {
    say(`Could not open ${file.name}: ${r.error.msg}`);
  } else {
    notebook.load(r.cells);
    say(`Opened ${file.name}: ${r.cells.length} cells. Run all runs them.`);
  }
}

function download() {
  const url = URL.createObjectURL(new Blob([notebook.script()], { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "notebook.gl";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

$("run-all").addEventListener("click", () => notebook.runAll());
$("stop").addEventListener("click", () => engine.stop());
$("add-cell").addEventListener("click", () => notebook.add("").focus());
$("clear-outputs").addEventListener("click", () => notebook.clearOutputs());
$("download").addEventListener("click", download);
$("new-notebook").addEventListener("click", () => {
  if (engine.busy()) {
    say("Stop the running cells first: the tour replaces the notebook.");
  } else if (confirm("Replace this notebook with the tour? Download .gl first to keep it.")) {
    tour();
  }
});
$("open-file").addEventListener("change", (e) => {
  const file = e.target.files[0];
  e.target.value = "";
  if (file) open(file);
});
$("examples").addEventListener("change", async (e) => {
  const name = e.target.value;
  e.target.value = "";
  const ex = (await books).examples.find((x) => x.name === name);
  if (ex) {
    notebook.load(ex.cells);
    say(`Opened ${name}: ${ex.cells.length} cells. Run all runs them.`);
  }
});
window.addEventListener("beforeunload", () => notebook.save());

window.gamelab = { notebook, engine, timings };

async function main() {
  const restored = notebook.restore();
  const loading = engine.load(); // the tour's cells wait in its queue meanwhile
  if (!restored) tour().catch((e) => say(`The tour did not load: ${e.message}`));
  books.then((b) => {
    for (const ex of b.examples) {
      const o = document.createElement("option");
      o.value = o.textContent = ex.name;
      $("examples").append(o);
    }
  });
  let version;
  try {
    version = await loading;
  } catch (e) {
    say(`The engine did not load: ${e.message}. This page needs a browser with WebAssembly and Web Workers.`);
    return;
  }
  timings.ready = performance.now();
  $("version").textContent = `gamelab ${version}`;
  document.body.dataset.glReady = "";
  if (restored) {
    say("Ready. The cells of your last visit are back; the session is new, so Run all computes them again.");
  }
}

main();
