"""Soak a running gamelab kernel with the real Jupyter client (issue #14).

    /usr/bin/python3 soak.py CONNECTION_FILE CYCLES HALF_OPEN

Run by kernel/jupyter's TestJupyterSoak against a kernel it started
in-process. While cells run through jupyter_client:

  - HALF_OPEN connections on each of the five ports send the first 10
    bytes of a ZMTP greeting and stop; they stay open to the end (and are
    checked to still be open then, so they sat through everything);
  - CYCLES connections come and go, round-robin over the ports: pyzmq
    sockets of the matching type that connect and close at once, raw TCP
    connect/close, and raw connections that send a greeting and close;
  - a heartbeat client made after the half-open connections pings all the
    while and times each echo.

Then it runs a cell of 16 MiB (which must work) and one of 100 MB (which
must get an error reply). Prints one JSON object: the cells run and
whether each gave the right result, those two replies, the heartbeat latencies (ms), and whether the half-open
connections were all still open at the end. Exit status 0 unless the
client itself broke.
"""

import json
import os
import socket
import statistics
import sys
import threading
import time

import zmq
from jupyter_client import BlockingKernelClient

GREETING = b"\xff" + b"\x00" * 8 + b"\x7f"  # a ZMTP signature: 10 bytes

# (code, expected text/plain) pairs that the cells cycle through
CELLS = [
    ("1 + 2", "3"),
    ('solve(polygon("* -5 + -2 * -8 * -5 + 8")).best', "488"),
    ('p = polygon("* -5 + -2 * -8 * -5 + 8")', None),
    ("solve(p).best * 2", "976"),
]


def ports(info):
    return {
        "shell": (info["shell_port"], zmq.DEALER),
        "control": (info["control_port"], zmq.DEALER),
        "stdin": (info["stdin_port"], zmq.DEALER),
        "iopub": (info["iopub_port"], zmq.SUB),
        "hb": (info["hb_port"], zmq.REQ),
    }


def cycles(info, n, done, errors, waits):
    """Connect and close n times, round-robin over ports and ways."""
    try:
        ctx = zmq.Context()
        ps = list(ports(info).values())
        ip = info["ip"]
        for i in range(n):
            port, kind = ps[i % len(ps)]
            way = (i // len(ps)) % 3
            if way == 0:
                # libzmq closes sockets in the background: when too many
                # are still closing (it allows 1023), wait for them.
                for _ in range(1000):
                    try:
                        s = ctx.socket(kind)
                        break
                    except zmq.ZMQError:
                        waits.append(i)
                        time.sleep(0.01)
                s.linger = 0
                s.connect(f"tcp://{ip}:{port}")
                s.close()
            else:
                s = socket.create_connection((ip, port), timeout=30)
                if way == 2:
                    s.sendall(GREETING + b"\x03\x00NULL" + b"\x00" * 48)
                s.close()
        ctx.term()
    except Exception as e:  # reported, and the run ends
        errors.append(f"cycles: {e!r}")
    finally:
        done.set()


def watchdog(limit):
    """End the process after limit seconds, or when its parent (the Go
    test) is gone, so that no soak outlives its test."""
    parent, end = os.getppid(), time.monotonic() + limit
    while time.monotonic() < end and os.getppid() == parent:
        time.sleep(0.5)
    print(json.dumps({"error": f"soak.py gave up after {limit} s or lost its parent"}), flush=True)
    os._exit(3)


def heartbeat(info, done, lat, failures):
    """Ping until done, timing each echo (ms)."""
    ctx = zmq.Context()
    s = ctx.socket(zmq.REQ)
    s.linger = 0
    s.connect(f"tcp://{info['ip']}:{info['hb_port']}")
    poller = zmq.Poller()
    poller.register(s, zmq.POLLIN)
    # At least 20 echoes, unless the heartbeat is plainly stalled.
    while not done.is_set() or (len(lat) < 20 and len(failures) < 3):
        t = time.perf_counter()
        s.send(b"ping")
        if poller.poll(10_000):
            s.recv()
            lat.append((time.perf_counter() - t) * 1e3)
        else:
            # No echo within 10 s: a stalled heartbeat. Start over, as
            # jupyter_client's heartbeat channel does.
            failures.append(time.perf_counter())
            poller.unregister(s)
            s.close()
            s = ctx.socket(zmq.REQ)
            s.linger = 0
            s.connect(f"tcp://{info['ip']}:{info['hb_port']}")
            poller.register(s, zmq.POLLIN)
        time.sleep(0.005)
    s.close()
    ctx.term()


def still_open(s):
    """Whether the kernel kept s open: it may have sent its greeting, but no EOF."""
    s.setblocking(False)
    try:
        while True:
            data = s.recv(4096)
            if not data:
                return False  # EOF: the kernel closed it
    except BlockingIOError:
        return True
    except OSError:
        return False


def main():
    path, n, half = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with open(path) as f:
        info = json.load(f)

    threading.Thread(target=watchdog, args=(200,), daemon=True).start()

    kc = BlockingKernelClient()
    kc.load_connection_file(path)
    kc.start_channels()
    kc.wait_for_ready(timeout=30)

    held = []
    for port, _ in ports(info).values():
        for _ in range(half):
            s = socket.create_connection((info["ip"], port), timeout=30)
            s.sendall(GREETING)
            held.append(s)

    done = threading.Event()
    lat, failures, errors, waits = [], [], [], []
    # Daemon threads: if the main thread fails, the script still ends.
    hb = threading.Thread(target=heartbeat, args=(info, done, lat, failures), daemon=True)
    hb.start()
    cyc = threading.Thread(target=cycles, args=(info, n, done, errors, waits), daemon=True)
    cyc.start()

    cells, wrong = 0, []
    while not done.is_set() or cells < len(CELLS):
        code, want = CELLS[cells % len(CELLS)]
        results = []

        def hook(msg):
            if msg["msg_type"] == "execute_result":
                results.append(msg["content"]["data"]["text/plain"])

        reply = kc.execute_interactive(code, timeout=60, output_hook=hook)
        cells += 1
        got = results[0] if results else None
        if reply["content"]["status"] != "ok" or (want is not None and got != want):
            wrong.append({"code": code, "status": reply["content"]["status"], "got": got, "want": want})
    cyc.join()
    hb.join()

    # 16 MiB of code (a comment) runs; 100 MB is refused with an error reply.
    results = []
    big = "x = 1 # " + "a" * (16 << 20) + "\nx + 1"
    reply = kc.execute_interactive(big, timeout=120, output_hook=lambda m: results.append(m["content"].get("data", {}).get("text/plain")) if m["msg_type"] == "execute_result" else None)
    big_ok = reply["content"]["status"] == "ok" and results == ["2"]
    reply = kc.execute_interactive("#" * 100_000_000, timeout=120, output_hook=lambda m: None)
    too_large = {k: reply["content"].get(k) for k in ("status", "ename", "evalue")}

    alive = sum(still_open(s) for s in held)
    for s in held:
        s.close()
    kc.stop_channels()

    print(json.dumps({
        "cycles": n,
        "errors": errors,
        "socket_waits": len(waits),
        "cells": cells,
        "wrong": wrong,
        "pings": len(lat),
        "ping_failures": len(failures),
        "ping_median_ms": statistics.median(lat) if lat else None,
        "ping_max_ms": max(lat) if lat else None,
        "half_open": len(held),
        "half_open_alive": alive,
        "big_ok": big_ok,
        "too_large": too_large,
    }))


if __name__ == "__main__":
    main()
