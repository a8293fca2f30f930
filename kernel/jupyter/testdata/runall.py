"""Run All stops at an error, as on ipykernel; nbclient with allow_errors runs on.

    /usr/bin/python3 runall.py

A Jupyter server forwards a notebook's execute requests to the kernel one by
one, a few milliseconds apart. This sends the cells `a = 1`, `b = nosuch(1)`,
`a = a + 1` that way, without waiting for replies, and checks that the third
is aborted (status "aborted") and that `a` stays 1. Then nbclient with
allow_errors runs the same cells: all three run and `a` is 2.
GAMELAB_KERNEL_NAME names the kernelspec (default "gamelab"). Exits 1 with
what differs.
"""

import os
import sys
import time

import nbformat
from jupyter_client.manager import start_new_kernel
from nbclient import NotebookClient

KERNEL = os.environ.get("GAMELAB_KERNEL_NAME", "gamelab")
CELLS = ["a = 1", "b = nosuch(1)", "a = a + 1"]
FORWARDING = 0.005  # seconds between two requests, as a server forwards them


def value_of(kc, code):
    """The text/plain result of code, run on its own."""
    texts = []

    def hook(msg):
        if msg["msg_type"] == "execute_result":
            texts.append(msg["content"]["data"]["text/plain"])

    reply = kc.execute_interactive(code, timeout=30, output_hook=hook)
    if reply["content"]["status"] != "ok":
        sys.exit(f"{code}: {reply['content']}")
    return "".join(texts)


def run_all():
    km, kc = start_new_kernel(kernel_name=KERNEL, startup_timeout=60)
    try:
        value_of(kc, "0")  # a kernel that has run a cell: the first is slow
        ids = []
        for code in CELLS:
            ids.append(kc.execute(code))  # stop_on_error defaults to True
            time.sleep(FORWARDING)
        status = {}
        while len(status) < len(ids):
            reply = kc.get_shell_msg(timeout=30)
            status[reply["parent_header"]["msg_id"]] = reply["content"]["status"]
        got = [status[i] for i in ids]
        if got != ["ok", "error", "aborted"]:
            sys.exit(f"Run All: the cells' replies are {got}, want ['ok', 'error', 'aborted']")
        if (a := value_of(kc, "a")) != "1":
            sys.exit(f"Run All: a = {a} after the aborted cell, want 1")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def allow_errors():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS + ["a"]]
    NotebookClient(nb, kernel_name=KERNEL, timeout=60, allow_errors=True).execute()
    outputs = [[o.get("output_type") for o in c.outputs] for c in nb.cells]
    if outputs[1] != ["error"] or outputs[2] != []:
        sys.exit(f"nbclient with allow_errors: outputs {outputs}")
    a = nb.cells[3].outputs[0]["data"]["text/plain"]
    if a != "2":
        sys.exit(f"nbclient with allow_errors: a = {a}, want 2")


if __name__ == "__main__":
    run_all()
    allow_errors()
    print("Run All stops at the error; nbclient with allow_errors runs on")
