//go:build !js

package judge

import (
	"fmt"
	"gamelab/kernel/games/kit"
	"math/big"
	"strings"
)

// Usage is gamelab judge's help: what it does, its flags, and how each
// game's formats judge an answer.
func Usage() string {
	return `polygon|coins|lifeline [flags] -- PROGRAM [ARGUMENTS…]

Runs PROGRAM on --count random instances of growing size (--min-n to --max-n
vertices, coins or rows), each on its own, as its standard input in the batch
format --format (gamelab help GAME), and judges its standard output against
gamelab's: every optimal answer is accepted. Instance i (from 0) is made from
seed --seed + i, so a run repeats; --jobs runs instances at once, with the same
results whatever their number. On the first failure, in instance order, it
shrinks the input while the program still fails the same way (progress on the
terminal), then prints the smallest failing input, the expected and the received
answer, why it is wrong, the run's CPU time and memory, the file it is saved in,
a command that replays it and one that regenerates it; the exit status is 1.
Otherwise it prints how many passed and each size's most CPU time and memory;
the exit status is 0. Ctrl-C, SIGTERM or SIGHUP stops it with what it found
(status 130, 143, 129); a problem of its own (a bad flag, a program it cannot
start) is status 2.
Every process the program starts is killed when its run ends.

  --format F        the batch format the program reads and writes (default: the game's first)
  --rules R         rule variants, name=value,… (help(variants)); every instance is valid under them
  --count N         how many instances (default 100); --seed S the first one's seed (default 1)
  --min-n N         the smallest size (default 1, or the rules' smallest); --max-n N the largest
  --values A..B     the values drawn (Life Line: the stones, within 1..9)
  --ops OPS         the polygon's operators, of + * - (default: +*- ; ioi: +*)
  --gen 'EXPR'      your own generator, a gamelab expression where #n is the size and #seed the
                    seed: --gen 'randcoins(#n, #seed, {values: -5..5})'
  --time D          each run's CPU time limit (default 2s): a slow but right run is "too slow"
  --wall D          the wall-time guard against a program that waits or sleeps (default 5 × --time + 5s)
  --memory SIZE     the limit of a run's peak resident memory, like 256MB (default: none; always
                    measured, "≤ N" when under the judge's own resident memory, N)
  --against PROG    a second program (a brute force) judged on the same instances: which is wrong
  --interactive     the program plays one side through its standard input and output, gamelab the
                    other optimally (the protocols below); a move that loses anything fails it
  --jobs N          instances run at once (default: the cores)
  --shrink-time D   the longest the shrinking may take (default 1m); --save FILE where the
                    failing input goes (default: a new file in the temporary directory)
  --verbose         a line for every run: its CPU time and peak memory

Judging rules:
` + Rules() + `
Example: gamelab judge polygon --format ioi --values -100000..100000 -- ./polygon`
}

// ParseValues reads --values A..B (its errors say what is wrong after the
// flag's name).
func ParseValues(text string) (kit.Bounds, error) {
	a, b, ok := strings.Cut(text, "..")
	lo, okA := new(big.Int).SetString(strings.TrimSpace(a), 10)
	hi, okB := new(big.Int).SetString(strings.TrimSpace(b), 10)
	if !ok || !okA || !okB {
		return kit.Bounds{}, fmt.Errorf("must be a range of integers A..B, like -1000..1000, got %q", text)
	}
	if lo.Cmp(hi) > 0 {
		return kit.Bounds{}, fmt.Errorf("%s is empty: %s > %s", text, lo, hi)
	}
	return kit.Bounds{Lo: lo, Hi: hi}, nil
}
