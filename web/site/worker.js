// gamelab's engine in a Web Worker. Go's wasm_exec.js runs the engine
// (gamelab.wasm, compiled once by the page and handed over as a
// WebAssembly.Module, so a restart costs no download and no compile); this
// file passes the page's requests to the engine as JSON and lets the
// engine's replies (JSON strings it posts itself) go straight to the page.
"use strict";

const build = new URLSearchParams(self.location.search).get("v") || "";
importScripts("wasm_exec.js?v=" + encodeURIComponent(build));

// The last lines the Go runtime wrote (wasm_exec.js sends them to the
// console): when the engine dies, they say why ("out of memory").
let lastOutput = "";
const decoder = new TextDecoder();
const writeSync = globalThis.fs.writeSync.bind(globalThis.fs);
globalThis.fs.writeSync = (fd, buf) => {
  lastOutput = (lastOutput + decoder.decode(buf)).slice(-2000);
  return writeSync(fd, buf);
};

let pending = []; // requests that came before the engine was running
let running = false;

function exited(text) {
  self.postMessage(JSON.stringify({ type: "exit", text: text || lastOutput.trim() }));
}

async function start(module, stopFlag) {
  // The examples' scripts, for load("games/nim.gl") in a cell: the engine
  // reads them from glFiles (a JSON map of path to text) as it starts.
  try {
    const r = await fetch("notebooks.json?v=" + encodeURIComponent(build));
    if (r.ok) self.glFiles = JSON.stringify((await r.json()).files || {});
  } catch (err) {
    self.glFiles = "{}"; // offline without the file: load says "no such file"
  }
  if (stopFlag) {
    // The page's Stop sets it; the engine polls it as a cell runs.
    self.glStopFlag = new Int32Array(stopFlag);
  }
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  // run returns a promise of the program's end, but first runs main until
  // it waits for requests, so gamelabHandle is defined when it returns.
  go.run(instance).then(() => exited(), (e) => exited(String(e)));
  running = true;
  for (const m of pending) {
    self.gamelabHandle(JSON.stringify(m));
  }
  pending = [];
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === "init") {
    start(m.module, m.stopFlag).catch((err) => exited("the engine did not start: " + err));
    return;
  }
  if (!running) {
    pending.push(m);
    return;
  }
  try {
    self.gamelabHandle(JSON.stringify(m));
  } catch (err) {
    // The Go program has exited (a crash): handing it a request throws.
    exited(String(err));
  }
};
