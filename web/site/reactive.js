// Reactive cells: which cells to re-run when a cell runs again, from what
// each cell reads and writes (the engine says: kernel.Session.Names, in
// the reply that ends the cell), and the marks of cells whose output no
// longer follows from the session (stale).

// dependants are the cells after cells[i] that read what it wrote, or
// what a cell re-run for it writes, in order, each with the names it
// reads of those. Only cells that ran in this session count: the others
// are not part of it yet. A cell that writes a name without reading it
// hides the earlier value from the cells after it.
export function dependants(cells, i) {
  const changed = new Set(cells[i].writes);
  const out = [];
  for (const c of cells.slice(i + 1)) {
    const hit = c.ranHere ? c.reads.filter((n) => changed.has(n)) : [];
    if (hit.length) {
      out.push({ cell: c, names: hit });
      for (const n of c.writes) changed.add(n);
    } else {
      for (const n of c.writes) changed.delete(n);
    }
  }
  return out;
}

// names writes a list of names for a sentence: "n", "n and c", "a, b and c".
export function names(list) {
  return list.length < 2 ? list.join("") : list.slice(0, -1).join(", ") + " and " + list[list.length - 1];
}

// clean says a run ended as it should: no error, not stopped, not skipped.
export function clean(r) {
  return !!(r && r.reply && !r.reply.error);
}

// Why a cell is stale.
export const STALE_RESTORED =
  "From your last visit: this session is new and has not run it. Run it (or Run all) to compute it again.";

// staleAfter is the mark of a cell not run because failed, above it,
// ended with r: an error, or Stop.
export function staleAfter(failed, r) {
  if (r && r.reply && r.reply.error && r.reply.error.kind !== "Interrupted") {
    return `Not run: ${failed} above stopped with an error. Run it once that is fixed.`;
  }
  return `Not run: ${failed} above was stopped. Run it (or Run all) to compute it.`;
}

export function staleReads(list, by) {
  return `Stale: it reads ${names(list)}, which ${by} changed. Run it to update it (or turn on Re-run).`;
}

// label names a cell in a message: its prompt, [3].
export function label(cell) {
  return typeof cell.count === "number" ? `[${cell.count}]` : "the cell";
}
