# Tic-tac-toe from the empty board as a plain Python functools.lru_cache
# minimax (a line of three wins, a full board draws: 0), what bench_test.go
# measures the language's definition against. Prints the value for X, the
# positions solved and the milliseconds the solve took.
import functools
import time

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@functools.lru_cache(maxsize=None)
def value(board, mover):
    # The last move made a line: the mover lost.
    if any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in LINES):
        return -1
    moves = [i for i in range(9) if board[i] == "."]
    if not moves:
        return 0
    other = "O" if mover == "X" else "X"
    return max(-value(board[:i] + mover + board[i + 1:], other) for i in moves)


t = time.perf_counter()
v = value("." * 9, "X")
ms = (time.perf_counter() - t) * 1000
print(v, value.cache_info().currsize, f"{ms:.1f}")
