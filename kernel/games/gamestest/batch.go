package gamestest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/gameio"
	"gamelab/kernel/games"
)

// RunBatch runs game's batch in format (rules as --rules takes them) on
// input and returns what it wrote and its status, as the batch command
// does.
func RunBatch(t testing.TB, game, format, rules, input string) (stdout, stderr string, code int) {
	t.Helper()
	g := games.Lookup(game)
	if g == nil {
		t.Fatalf("no game %s registered", game)
	}
	f, err := g.Format(format)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Default().ParseText(rules)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code = gameio.Batch{Game: g.Name, Unit: g.Batch.Unit}.Run(context.Background(), f.Read(strings.NewReader(input), r), &out, &errb)
	return out.String(), errb.String(), code
}

// ReadCase reads a reference case from the test's testdata: inputs and
// outputs of the original programs and contests, compared byte for byte.
func ReadCase(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("reference case: %v", err)
	}
	return string(b)
}

// maxFuzzInput keeps each fuzzed batch small enough to solve in
// milliseconds: what is under test is reading and reporting, not solving.
const maxFuzzInput = 512

// FuzzBatch runs every dialect of a game, under its default rules and one
// variant, on the fuzzer's input: whatever it reads, a batch never panics,
// exits 0 or 1, and says why on the error stream when it exits 1 (warnings
// may come with 0).
func FuzzBatch(f *testing.F, game, variant string, seeds []string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > maxFuzzInput {
			t.Skip()
		}
		for _, format := range games.Lookup(game).Formats {
			for _, rules := range []string{"", variant} {
				_, errs, status := RunBatch(t, game, format.Name, rules, in)
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

// SeedFiles are the testdata inputs whose names match glob, as strings,
// those small enough to fuzz.
func SeedFiles(f *testing.F, glob string) []string {
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
