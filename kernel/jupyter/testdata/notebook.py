"""Run a gamelab notebook through nbclient and compare it with its stored outputs.

    /usr/bin/python3 notebook.py check NOTEBOOK     exit 1 on any difference
    /usr/bin/python3 notebook.py update NOTEBOOK    rewrite the stored outputs

The stored outputs are the golden: for each cell the sequence of outputs
(type, stream name, text/plain) must match exactly, and an output that stored
an SVG picture must still carry one. Cells tagged raises-exception may fail.
GAMELAB_KERNEL_NAME names the kernelspec (default "gamelab").
"""

import os
import sys

import nbformat
from nbclient import NotebookClient


def summary(outputs):
    """The comparable part of a cell's outputs."""
    out = []
    for o in outputs:
        t = o["output_type"]
        if t == "stream":
            out.append((t, o["name"], o["text"], False))
        elif t in ("execute_result", "display_data"):
            data = o.get("data", {})
            out.append((t, "", data.get("text/plain", ""), "image/svg+xml" in data))
        elif t == "error":
            out.append((t, o["ename"], o["evalue"], False))
    return out


def run(path):
    nb = nbformat.read(path, as_version=4)
    kernel = os.environ.get("GAMELAB_KERNEL_NAME", "gamelab")
    NotebookClient(nb, kernel_name=kernel, timeout=120, allow_errors=False).execute()
    return nb


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("check", "update"):
        sys.exit(__doc__)
    mode, path = sys.argv[1:]
    want = nbformat.read(path, as_version=4)
    got = run(path)
    if mode == "update":
        nbformat.write(got, path)
        print("updated", path)
        return
    bad = 0
    for i, (w, g) in enumerate(zip(want.cells, got.cells)):
        if w.cell_type != "code":
            continue
        ws, gs = summary(w.outputs), summary(g.outputs)
        if ws != gs:
            bad += 1
            print(f"cell {i} ({w.source!r}):\n  stored  {ws}\n  now     {gs}")
    if not any(c.cell_type == "code" and c.outputs for c in want.cells):
        print("the notebook stores no outputs to compare with")
        bad += 1
    if bad:
        sys.exit(f"{path}: {bad} cell(s) differ")
    print(f"{path}: {len(got.cells)} cells match their stored outputs")


if __name__ == "__main__":
    main()
