"""Interrupt long statements through jupyter_client, as a notebook's Stop does.

    /usr/bin/python3 interrupt.py [memory]

Starts the gamelab kernel (GAMELAB_KERNEL_NAME, default "gamelab"); for each
statement of issue 20 runs it after x = 42, waits until it has started (its
"running" on stderr), interrupts the kernel (interrupt_request or SIGINT, as
the kernelspec says) and measures until the reply; then checks that x is
still 42. Prints one line per statement, "seconds statement", then "ok".
With "memory" (run it under an address-space limit) it checks instead that
a statement past the memory is a MemoryError the kernel lives through.
"""

import os
import sys
import time

from jupyter_client.manager import start_new_kernel

STATEMENTS = [
    ("xs = 1..4*10**7", "print(xs)"),
    ("xs = 1..4*10**7", "len(string(xs))"),
    ("p = plot(1..10**7)", "len(svg(p))"),
    ("xs = 1..10**8", "len(map(xs, #))"),
    ('s = repeat(repeat("9", 300000) + " ", 50)', "len(coins(s).values)"),
    ('c = randcoins(100000, 1); line = repeat("L", 100000)', "len(analyze(c, line).loss)"),
]


def run(kc, code, timeout=120):
    """Runs code; returns the reply's content and the text streamed."""
    texts = []

    def hook(msg):
        if msg["msg_type"] == "stream":
            texts.append(msg["content"]["text"])

    reply = kc.execute_interactive(code, timeout=timeout, output_hook=hook)
    return reply["content"], "".join(texts)


def interrupted(km, kc, setup, stmt):
    """Runs stmt, interrupts it once it runs; returns the seconds it took to
    stop and the bytes it streamed."""
    content, _ = run(kc, setup)
    assert content["status"] == "ok", content
    msg_id = kc.execute('eprint("run" + "ning"); ' + stmt)
    streamed = 0
    started = None
    while True:
        msg = kc.get_iopub_msg(timeout=120)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        t, c = msg["msg_type"], msg["content"]
        if t == "stream":
            streamed += len(c["text"])
            if started is None and "running" in c["text"]:
                km.interrupt_kernel()
                started = time.monotonic()
        if t == "status" and c["execution_state"] == "idle":
            break
    reply = kc.get_shell_msg(timeout=120)
    stopped = time.monotonic() - started
    assert reply["content"]["status"] == "error", (stmt, reply["content"])
    assert reply["content"]["ename"] == "Interrupted", (stmt, reply["content"])
    return stopped, streamed


def main():
    name = os.environ.get("GAMELAB_KERNEL_NAME", "gamelab")
    km, kc = start_new_kernel(kernel_name=name, startup_timeout=60)
    try:
        content, _ = run(kc, "x = 42")
        assert content["status"] == "ok", content
        if sys.argv[1:] == ["memory"]:
            content, _ = run(kc, "len(1..3*10**8)")
            assert content["status"] == "error" and content["ename"] == "MemoryError", content
        else:
            for setup, stmt in STATEMENTS:
                stopped, streamed = interrupted(km, kc, setup, stmt)
                assert streamed < 100 << 20, (stmt, streamed)
                print(f"{stopped:.3f} {stmt}")
        content, text = run(kc, "print(x)")
        assert content["status"] == "ok" and text == "42\n", (content, text)
        print("ok")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    sys.exit(main())
