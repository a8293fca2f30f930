# The subtraction game (take 1..7; whoever takes the last wins) as a plain
# Python functools.lru_cache minimax: what bench_test.go measures the
# language's definition against. Prints the value for the mover, the
# positions solved and the milliseconds the solve took.
import functools
import sys
import threading
import time


def main(n):
    @functools.lru_cache(maxsize=None)
    def value(pile):
        if pile == 0:
            return -1
        return max(-value(pile - k) for k in range(1, min(pile, 7) + 1))

    t = time.perf_counter()
    v = value(n)
    ms = (time.perf_counter() - t) * 1000
    print(v, value.cache_info().currsize, f"{ms:.1f}")


if __name__ == "__main__":
    # A line of n moves recurses n deep: a deep stack, in a thread.
    sys.setrecursionlimit(10**7)
    threading.stack_size(1 << 30)
    th = threading.Thread(target=main, args=(int(sys.argv[1]) if len(sys.argv) > 1 else 100000,))
    th.start()
    th.join()
