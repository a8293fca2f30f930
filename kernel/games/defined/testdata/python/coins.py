# Coins in a row (a turn takes the coin at either end; the margin counts)
# as a plain Python functools.lru_cache minimax, on the row bench_test.go
# gives the language's definition: coin i (from 1) is i*37 % 101 + 1.
# Prints the margin for the first player, the positions solved and the
# milliseconds the solve took.
import functools
import sys
import time

n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
coins = [i * 37 % 101 + 1 for i in range(1, n + 1)]


@functools.lru_cache(maxsize=None)
def value(lo, hi):
    if lo > hi:
        return 0
    return max(coins[lo] - value(lo + 1, hi), coins[hi] - value(lo, hi - 1))


sys.setrecursionlimit(10000)
t = time.perf_counter()
v = value(0, n - 1)
ms = (time.perf_counter() - t) * 1000
print(v, value.cache_info().currsize, f"{ms:.1f}")
