// gamelab's web page: a notebook (notebook.js) on the engine compiled to
// WebAssembly, running in a Web Worker (engine.js). This file wires the
// toolbar, opens scripts and notebooks and shared links, and starts the
// page: a shared notebook when the address carries one (share.js), else
// the cells of the last visit, or the tour (run at once) on the first.
// Once the engine is ready a service worker (sw.js) keeps the site, so the
// page works offline after its first visit.
//
// Hooks for tests and scripts: <body data-gl-ready> once the engine is
// loaded; window.gamelab holds the notebook, the engine and timings.

import { Engine } from "./engine.js";
import { Notebook, STORAGE_KEY } from "./notebook.js";
import * as share from "./share.js";

const build = document.querySelector('meta[name="gamelab-build"]').content;
const $ = (id) => document.getElementById(id);
const status = $("status");
// Milliseconds from the page's start: the engine compiled, its worker
// ready, the first cell answered.
const timings = { compiled: null, ready: null, firstAnswer: null };

function say(text) {
  status.textContent = text;
}

// notice shows text, with elements (a link, a button) after it, under the
// status line until it is closed or another notice replaces it: what the
// status line's next "Ready." must not take away.
function notice(text, ...elements) {
  const el = $("notice");
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "✕";
  close.title = "Close";
  close.className = "close";
  close.addEventListener("click", () => (el.hidden = true));
  el.replaceChildren(text, ...elements, close);
  el.hidden = false;
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

// The tour shows a mistake on purpose, so Run all goes on past it.
async function tour() {
  notebook.load((await books).tour);
  notebook.runAll({ keepGoing: true });
}

// A shared notebook set aside the person's own: kept here until brought back.
const ASIDE_KEY = "gamelab-notebook-set-aside";
const SHARED_KEY = "gamelab-notebook-shared"; // the codes of the last shared notebook opened

// store keeps value under key (null removes it); false when the browser
// refused (storage full, or none in a private window).
function store(key, value) {
  try {
    if (value === null) {
      localStorage.removeItem(key);
    } else {
      localStorage.setItem(key, value);
    }
    return true;
  } catch (e) {
    console.warn("gamelab: the browser's storage refused:", e);
    return false;
  }
}

// openShared opens the notebook the address carries, replays it (every
// cell, as its author saw them) and takes it out of the address, so a
// reload keeps the notebook as it is then. The person's own notebook is
// set aside, not lost, unless it is the shared notebook opened last time.
async function openShared() {
  let cells;
  try {
    cells = await share.cells();
  } catch (e) {
    notice(`Could not open the shared notebook: ${e.message}.`);
    return false;
  }
  // The notebook kept in storage is the person's: on a page just opened it
  // is not loaded yet; on one open (a link pasted in its address) it is,
  // and its last edits are kept first.
  if (notebook.cells.length) notebook.save();
  const mine = localStorage.getItem(STORAGE_KEY);
  let codes = "[]";
  try {
    codes = JSON.stringify(JSON.parse(mine).cells.map((c) => c.code));
  } catch (e) {
    // nothing kept, or not a notebook: nothing to set aside
  }
  if (mine && codes !== "[]" && codes !== localStorage.getItem(SHARED_KEY) && codes !== JSON.stringify(cells) && !store(ASIDE_KEY, mine)) {
    notice(
      "The link holds a notebook, but this browser's storage is full, so yours could not be set aside: it is left as it was. " +
        "Download .gl yours to keep it, then open the link again (or open it in another browser).",
    );
    return false;
  }
  history.replaceState(null, "", location.pathname + location.search);
  store(SHARED_KEY, JSON.stringify(cells));
  notebook.load(cells);
  notebook.save();
  const back = document.createElement("button");
  back.type = "button";
  back.textContent = "Bring mine back";
  back.dataset.gl = "bring-back";
  back.addEventListener("click", () => {
    if (engine.busy()) {
      notice("Stop the running cells first: your notebook replaces this one.", back);
      return;
    }
    store(STORAGE_KEY, localStorage.getItem(ASIDE_KEY));
    store(ASIDE_KEY, null);
    notebook.restore();
    notice("Your notebook is back (its outputs are from before: Run all computes them again).");
  });
  const aside = localStorage.getItem(ASIDE_KEY) !== null;
  notice(`Opened a shared notebook: ${cells.length} cells, run from the start.` + (aside ? " Your own notebook is set aside: " : ""), ...(aside ? [back] : []));
  notebook.runAll({ keepGoing: true });
  return true;
}

// shareLink makes the link that carries the notebook and offers it.
async function shareLink() {
  const codes = notebook.cells.map((c) => c.code);
  const url = await share.link(codes);
  const field = document.createElement("input");
  field.readOnly = true;
  field.value = url;
  field.dataset.gl = "share-link";
  field.className = "share-link";
  field.addEventListener("focus", () => field.select());
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch (e) {
    // no clipboard here (permissions, an insecure page): the field has it
  }
  const size = codes.join("\n").length;
  const long = url.length > share.LONG_LINK ? ` It is long (${Math.round(url.length / 1000)} kB): some apps cut long links, so Download .gl may be safer.` : "";
  notice(
    `${copied ? "Copied a" : "A"} link to this notebook (${codes.length} cells, ${size} characters of script): opening it replays the cells. It holds the code only, in the part of the address no server is sent.${long} `,
    field,
  );
  field.focus();
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
$("share").addEventListener("click", () => shareLink().catch((e) => say(`Could not make the link: ${e.message}`)));
$("reactive").checked = notebook.reactive;
$("reactive").addEventListener("change", (e) => notebook.setReactive(e.target.checked));
// A shared link pasted into this tab's address bar changes only the hash.
window.addEventListener("hashchange", () => {
  if (share.shared()) openShared();
});
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

// offline registers the service worker that keeps this build of the site
// for offline visits (sw.js; a new build's replaces it).
function offline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(`sw.js?v=${encodeURIComponent(build)}`).catch((e) => {
    console.warn("gamelab: no offline copy of the page:", e);
  });
}

async function main() {
  const fromLink = share.shared() && (await openShared());
  const restored = !fromLink && notebook.restore();
  const loading = engine.load(); // the tour's cells wait in its queue meanwhile
  if (!restored && !fromLink) tour().catch((e) => say(`The tour did not load: ${e.message}`));
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
    say("Ready. The cells of your last visit are back, marked stale: the session is new, so Run all computes them again.");
  }
  offline();
}

main();
