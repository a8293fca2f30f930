#!/usr/bin/env bash
# Whole-process comparison of `gamelab polygon` with the baselines in
# ../shared/bench (SPEC §2, issue 2), on the deterministic instances of gen/:
#   mul500: n = 500, all '*', values in {-1, 0, 1}   (stays in int64)
#   big400: n = 400, mixed operators, values in [-2, 2] (≈ 50-digit answers)
# Each program runs RUNS times (default 5), interleaved; the minimum wall time
# is reported, since the machine is shared and noisy. Programs whose toolchain
# (gcc, javac) is missing are skipped. Set GAMELAB to time a prebuilt binary.
# Usage: bench/polygon/compare.sh   (from the repository root or anywhere)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$(cd "$root/../shared/bench" && pwd)
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cd "$root"
go run ./bench/polygon/gen -n 500 -ops '*' -lo -1 -hi 1 >"$tmp/mul500.in"
go run ./bench/polygon/gen -n 400 -ops mixed -lo -2 -hi 2 >"$tmp/big400.in"
if [ -n "${GAMELAB:-}" ]; then cp "$GAMELAB" "$tmp/gamelab"; else go build -o "$tmp/gamelab" ./cmd/gamelab; fi

declare -A cmd
cmd[gamelab]="$tmp/gamelab polygon"
if command -v gcc >/dev/null; then
  gcc -O3 -march=native -o "$tmp/fast" "$bench/polygon_fast.c" && cmd[fast.c]="$tmp/fast"
  gcc -O2 -o "$tmp/plain" "$bench/polygon_plain.c" && cmd[plain.c]="$tmp/plain"
else echo "gcc missing: C baselines skipped"; fi
if command -v javac >/dev/null && command -v java >/dev/null; then
  cp "$bench/PloygonAgent.java" "$tmp/" && (cd "$tmp" && javac PloygonAgent.java) && cmd[java]="java -cp $tmp PloygonAgent"
else echo "javac missing: Java baseline skipped"; fi

# seconds of wall time of one run, output to $2
wall() { local s e; s=$(date +%s%N); $1 <"$2" >"$3"; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }

declare -A best
names=(gamelab fast.c plain.c java)
for r in $(seq "$runs"); do
  for name in "${names[@]}"; do
    [ -n "${cmd[$name]:-}" ] || continue
    ms=$(wall "${cmd[$name]}" "$tmp/mul500.in" "$tmp/$name.out")
    if [ -z "${best[$name]:-}" ] || [ "$ms" -lt "${best[$name]}" ]; then best[$name]=$ms; fi
  done
done
# Same scores and best score everywhere (no program overflows on mul500).
grep -E '^(i=|BestScore)' "$tmp/gamelab.out" >"$tmp/ref"
for name in "${names[@]}"; do
  [ -n "${cmd[$name]:-}" ] || continue
  grep -E '^(i=|BestScore)' "$tmp/$name.out" | cmp -s - "$tmp/ref" || echo "WARNING: $name disagrees with gamelab on mul500"
done
echo "mul500 (n = 500, all *, {-1,0,1}), best of $runs runs, whole process:"
for name in "${names[@]}"; do
  [ -n "${best[$name]:-}" ] || continue
  printf '  %-8s %6d ms   gamelab is %5.2fx faster\n' "$name" "${best[$name]}" \
    "$(echo "${best[$name]} / ${best[gamelab]}" | bc -l)"
done
bigbest=
for r in $(seq "$runs"); do
  ms=$(wall "${cmd[gamelab]}" "$tmp/big400.in" "$tmp/big.out")
  if [ -z "$bigbest" ] || [ "$ms" -lt "$bigbest" ]; then bigbest=$ms; fi
done
echo "big400 (n = 400, mixed, [-2,2]): gamelab $bigbest ms, $(grep BestScore "$tmp/big.out")"
