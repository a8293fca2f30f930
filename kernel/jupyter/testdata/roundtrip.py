"""Round-trip time of a trivial cell through jupyter_client, per kernel.

    /usr/bin/python3 roundtrip.py N KERNEL...

For each kernelspec: start it, warm up, then time N executions of "1 + 2"
from execute_request to the idle status (reply and all output received).
Prints one line per kernel: "KERNEL median_ms mean_ms".
"""

import statistics
import sys
import time

from jupyter_client.manager import start_new_kernel


def measure(name, n):
    km, kc = start_new_kernel(kernel_name=name, startup_timeout=60)
    try:
        for _ in range(5):
            kc.execute_interactive("1 + 2", timeout=30, output_hook=lambda m: None)
        times = []
        for _ in range(n):
            t = time.perf_counter()
            reply = kc.execute_interactive("1 + 2", timeout=30, output_hook=lambda m: None)
            times.append(time.perf_counter() - t)
            assert reply["content"]["status"] == "ok", reply
        return statistics.median(times) * 1e3, statistics.mean(times) * 1e3
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main():
    n = int(sys.argv[1])
    for name in sys.argv[2:]:
        med, mean = measure(name, n)
        print(f"{name} {med:.3f} {mean:.3f}", flush=True)


if __name__ == "__main__":
    main()
