package all_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel/games"
)

// maxFuzzInput keeps each fuzzed batch small enough to solve in
// milliseconds: what is under test is reading and reporting, not solving.
const maxFuzzInput = 512

// fuzzBatch runs every dialect of a game, under its default rules and one
// variant, on the fuzzer's input: whatever it reads, a batch never panics,
// exits 0 or 1, and says why on the error stream when it exits 1 (warnings
// may come with 0).
func fuzzBatch(f *testing.F, game, variant string, seeds []string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > maxFuzzInput {
			t.Skip()
		}
		for _, format := range games.Lookup(game).Formats {
			for _, rules := range []string{"", variant} {
				_, errs, status := runBatch(t, game, format.Name, rules, in)
				if status != 0 && status != 1 {
					t.Fatalf("%s %s: exit status %d for %q", format.Name, rules, status, in)
				}
				if status == 1 && errs == "" {
					t.Fatalf("%s %s: status 1 with nothing on the error stream for %q", format.Name, rules, in)
				}
			}
		}
	})
}

// seedFiles are the testdata inputs whose names match glob, as strings.
func seedFiles(f *testing.F, glob string) []string {
	names, _ := filepath.Glob(filepath.Join("testdata", glob))
	var seeds []string
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		if len(b) <= maxFuzzInput {
			seeds = append(seeds, string(b))
		}
	}
	return seeds
}

func FuzzPolygonBatch(f *testing.F) {
	seeds := append(seedFiles(f, "polygon_seed.in"), seedFiles(f, "ioi98_polygon/*.in")...)
	seeds = append(seeds, "1\n+ 5\n", "3\nx -1 t 2 * 3", "2\n+ 1", "0\n", strings.Repeat("5\n", 3), "3\n- 1 - -2 * 3\n")
	fuzzBatch(f, "polygon", "goal=min", seeds)
}

func FuzzCoinsBatch(f *testing.F) {
	seeds := append(seedFiles(f, "coins_sample.in"), seedFiles(f, "atcoder_dp_l/*.in")...)
	seeds = append(seeds, "10 80 90 30\n", "\n\n-5\n", "3\n1 2\n3")
	fuzzBatch(f, "coins", "take=2M,ends=left,score=rest", seeds)
}

func FuzzLifelineBatch(f *testing.F) {
	seeds := append(seedFiles(f, "lifeline_sample.in"), "4 4\n 2\n 2 3\n 1 0 4\n1 1 4 0\n0 0\n", "1 1\n0\n0 0\n")
	fuzzBatch(f, "lifeline", "capture=others-first,suicide=false", seeds)
}
