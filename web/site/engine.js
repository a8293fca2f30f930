// The engine as the page drives it: a Web Worker running gamelab.wasm, the
// queue of cells waiting for it, and Stop.
//
// Stop. Go's WebAssembly runtime has one thread and handles a JavaScript
// event only when every goroutine waits, so a worker busy in a solve never
// sees a "stop" message. Two ways out, the first where it works:
//   1. In place: when the page is cross-origin isolated (gamelab web serve
//      sends the COOP and COEP headers), a SharedArrayBuffer holds a stop
//      flag that the running cell reads as it runs (at the kernel's polls,
//      which expr's loops reach every few microseconds, and at each line of
//      progress, output and prompt: a solve reports progress as it goes);
//      the cell then ends as Interrupted and the session keeps its
//      variables. A cell waiting at play's prompt is idle, and gets a plain
//      "stop" message.
//   2. Restart: on any static host, or when the cell has not stopped within
//      GRACE_MS, the worker is terminated at once, a new one starts from
//      the module already compiled, and the cells the old session ran are
//      replayed in it (with the answers their prompts got), so the session
//      is as it was before the stopped cell; the cell says so.
// A cell that failed or was stopped in place is replayed later up to the
// line it failed at (statements on that line before the failing one are
// not: see replayed).

const GRACE_MS = 700;

// MAX_STARTS is how many workers in a row may die before they are ready
// (a missing file, a browser without WebAssembly) before the page gives up.
const MAX_STARTS = 3;

// replayed is what to replay of a cell that ran: all of it, or, when it
// failed, the lines before its failing statement. Those ran; the failing
// one changed no variable and the rest never ran, so the session ends the
// same, without redoing work that failed (a sweep stopped by the memory
// budget, a stopped solve). Where the line is not known, a stopped cell
// replays as nothing and a failed one whole.
function replayed(code, e) {
  if (!e) return code;
  if (e.line > 0) return code.split("\n").slice(0, e.line - 1).join("\n");
  return e.kind === "Interrupted" ? "" : code;
}

export class Engine {
  constructor(build, events) {
    this.build = build;
    // events: status(text), busy(running), crashed(text), compiled()
    this.events = events;
    // firstReady resolves with the engine's version when a worker is first
    // ready (the first one, or the one that replaced it).
    this.firstReady = new Promise((resolve) => (this.resolveFirstReady = resolve));
    this.nextId = 1;
    this.queue = []; // cells waiting to run, in order
    this.current = null; // the cell running
    this.calls = new Map(); // id -> resolve, for requests answered at once
    this.history = []; // what the live session ran: {code, answers}
    this.alive = false; // a worker is ready and its session restored
    this.restoring = false; // a new worker is replaying the session
    this.abandon = null; // ends the restore under way, when another replaces it
    this.failedStarts = 0; // workers that died in a row before they were ready
    this.stopFlag = null;
    this.worker = null;
    this.module = null;
  }

  // load compiles gamelab.wasm and starts the first worker; it resolves
  // with the engine's version once one is ready.
  async load() {
    const url = `gamelab.wasm?v=${encodeURIComponent(this.build)}`;
    try {
      this.module = await WebAssembly.compileStreaming(fetch(url));
    } catch (e) {
      // A host that serves .wasm with another content type.
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
      this.module = await WebAssembly.compile(await r.arrayBuffer());
    }
    this.events.compiled();
    if (globalThis.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
      this.stopFlag = new Int32Array(new SharedArrayBuffer(4));
    }
    this.spawn().then(() => {
      if (this.restoring) return; // it died, and restart took over
      this.alive = true;
      this.pump();
    });
    return this.firstReady;
  }

  // spawn starts a worker; it resolves with the engine's version once ready.
  spawn() {
    const w = new Worker(`worker.js?v=${encodeURIComponent(this.build)}`);
    this.worker = w;
    const ready = new Promise((resolve) => (this.readied = resolve));
    w.onmessage = (e) => this.receive(w, JSON.parse(e.data));
    w.onerror = (e) => this.died(w, e.message || "the engine failed");
    w.postMessage({ type: "init", module: this.module, stopFlag: this.stopFlag && this.stopFlag.buffer });
    return ready;
  }

  post(m) {
    this.worker.postMessage(m);
  }

  receive(w, m) {
    if (w !== this.worker) return; // a stopped worker's last words
    switch (m.type) {
      case "ready":
        w.started = true;
        this.failedStarts = 0;
        this.resolveFirstReady(m.text);
        this.readied(m.text);
        return;
      case "exit":
        this.died(w, m.text || "the engine exited");
        return;
      case "completions":
      case "inspection":
      case "cells":
      case "names":
      case "replayed": {
        const resolve = this.calls.get(m.id);
        this.calls.delete(m.id);
        if (resolve) resolve(m);
        return;
      }
    }
    const job = this.current;
    if (!job || job.id !== m.id) return;
    const sink = job.sink;
    switch (m.type) {
      case "stream":
        sink.stream(m.name, m.text);
        break;
      case "display":
        sink.display(m.data, m.displayId, m.update);
        break;
      case "clear":
        sink.clear(m.wait);
        break;
      case "progress":
        sink.progress(m.text);
        break;
      case "input":
        job.waiting = true;
        this.events.status("Waiting for your answer (Stop ends the cell)…");
        sink.ask(m.text, (text) => this.answer(job, text));
        break;
      case "done":
        this.finish(job, m);
        break;
    }
  }

  // call sends a request answered at once; null when no engine is there to
  // answer (loading, restarting).
  call(type, fields) {
    if (!this.alive) return Promise.resolve(null);
    const id = this.nextId++;
    const p = new Promise((resolve) => this.calls.set(id, resolve));
    this.post({ type, id, ...fields });
    return p;
  }

  complete(code, cursor) {
    return this.call("complete", { code, cursor });
  }

  inspect(code, cursor) {
    return this.call("inspect", { code, cursor });
  }

  cells(name, text) {
    return this.call("cells", { name, text });
  }

  // names is what code reads and writes: {reads, writes}.
  names(code) {
    return this.call("names", { code });
  }

  // execute queues a cell; sink gets its output as it comes. With move
  // ({name, value}: a slider's), the engine moves the cell's slider name to
  // value first and its reply says the code run (reply.code). It resolves
  // with {reply} (the engine's "done"), {aborted} (Stop came before its
  // turn) or {stopped, why, restored} (the worker was restarted; restored
  // resolves with the number of cells replayed).
  execute(code, sink, move = null) {
    if (this.current && this.current.waiting) {
      this.events.status("A cell waits for your answer; the cells run after it (Stop ends it).");
    }
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, code, move, sink, answers: [], resolve });
      this.pump();
    });
  }

  // explore queues a click in explorer name: the engine answers with the
  // explorer after line (a list of the moves' places) as a done reply's
  // result, and no cell: nothing of it is replayed after a restart.
  explore(name, line, sink) {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, explore: { name, line }, sink, answers: [], resolve });
      this.pump();
    });
  }

  pump() {
    if (this.current || !this.alive) return;
    const job = this.queue.shift();
    if (!job) {
      this.events.busy(false);
      return;
    }
    this.current = job;
    if (this.stopFlag) Atomics.store(this.stopFlag, 0, 0);
    this.events.busy(true);
    if (job.explore) {
      this.post({ type: "explore", id: job.id, ...job.explore });
      return;
    }
    const move = job.move ? { name: job.move.name, text: job.move.value } : {};
    this.post({ type: "execute", id: job.id, code: job.code, ...move });
  }

  answer(job, text) {
    if (this.current !== job) return;
    job.answers.push(text);
    job.waiting = false;
    this.events.status("Running…");
    this.post({ type: "input", id: job.id, text });
  }

  finish(job, m) {
    clearTimeout(job.stopTimer);
    this.current = null;
    if (!job.explore) this.history.push({ code: replayed(m.code || job.code, m.error), answers: job.answers });
    job.resolve({ reply: m });
    this.pump();
  }

  busy() {
    return this.current !== null || this.queue.length > 0;
  }

  // stop ends the running cell and drops the cells waiting behind it.
  stop() {
    const dropped = this.queue.length;
    for (const job of this.queue) job.resolve({ aborted: true });
    this.queue = [];
    const job = this.current;
    if (!job) {
      // Stop during a restore, with nothing else to stop: the replay is
      // what runs, so it ends and the session starts empty.
      if (this.restoring && !dropped) this.restart([], "stopped while it restored the session; it starts empty");
      return;
    }
    if (job.stopping) return;
    job.stopping = true;
    if (job.waiting) {
      this.post({ type: "stop", id: job.id }); // idle at the prompt: it reads messages
      return;
    }
    if (this.stopFlag) {
      Atomics.store(this.stopFlag, 0, 1);
      job.stopTimer = setTimeout(() => this.kill(job, "stopped"), GRACE_MS);
      return;
    }
    this.kill(job, "stopped");
  }

  // kill ends the running cell by ending its worker, then restores the
  // session in a new one.
  kill(job, why) {
    if (this.current !== job) return;
    this.current = null;
    const restored = this.restart(this.history, why);
    job.resolve({ stopped: true, why, restored });
  }

  // restart terminates the worker and starts another that replays cells;
  // it resolves with how many were replayed, or -1 when a later restart
  // took its place.
  restart(cells, why) {
    if (this.abandon) this.abandon();
    this.worker.terminate();
    if (this.stopFlag) Atomics.store(this.stopFlag, 0, 0); // the new worker shares it
    this.alive = false;
    this.restoring = true;
    for (const resolve of this.calls.values()) resolve(null);
    this.calls.clear();
    this.history = cells;
    const n = cells.length;
    this.events.status(`Restarting the engine (${why})` + (n ? ` and replaying ${n} cell${n === 1 ? "" : "s"}…` : "…"));
    return new Promise((resolve) => {
      let over = false;
      this.abandon = () => {
        over = true;
        resolve(-1);
      };
      this.spawn().then(async () => {
        if (n && !over) {
          const id = this.nextId++;
          const done = new Promise((r) => this.calls.set(id, r));
          this.post({ type: "replay", id, cells });
          await done;
        }
        if (over) return;
        this.abandon = null;
        this.restoring = false;
        this.alive = true;
        resolve(n);
        this.pump();
      });
    });
  }

  // died: the worker ended by itself (out of memory, a crash).
  died(w, text) {
    if (w !== this.worker) return;
    this.events.crashed(text);
    const job = this.current;
    if (!w.started && ++this.failedStarts >= MAX_STARTS) {
      w.terminate();
      if (this.abandon) this.abandon();
      this.alive = this.restoring = false;
      if (this.current) this.current.resolve({ stopped: true, why: text, restored: Promise.resolve(-1) });
      this.current = null;
      for (const j of this.queue) j.resolve({ aborted: true });
      this.queue = [];
      this.events.status(`The engine cannot start (${text}); reload the page to try again.`);
      return;
    }
    if (job) {
      this.kill(job, "it stopped: " + text);
    } else if (this.restoring) {
      // The replay itself failed: start empty rather than fail again.
      this.restart([], "it stopped while it restored the session: " + text + "; it starts empty");
    } else {
      this.restart(this.history, "it stopped: " + text);
    }
  }
}
