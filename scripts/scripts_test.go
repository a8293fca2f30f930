// Package scripts holds gamelab scripts (.gl) with their golden transcripts
// (.golden), and saved notebooks; this test replays them all under
// `go test ./...`, as `gamelab test scripts` does.
package scripts_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel"
)

func TestScripts(t *testing.T) {
	files, _ := filepath.Glob("*.gl")
	notebooks, _ := filepath.Glob("*.ipynb")
	if len(files) < 5 {
		t.Fatalf("only %d scripts: %v", len(files), files)
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(f, ".gl") + ".golden"
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (write it with 'gamelab test --update scripts/%s')", err, f)
			}
			got := kernel.Transcript(f, string(src))
			if d := kernel.UnifiedDiff(golden, "replay of "+f, string(want), got); d != "" {
				t.Errorf("the replay differs from the golden transcript (if the change is right: gamelab test --update scripts/%s):\n%s", f, d)
			}
			if f != "tour.gl" && strings.Contains(got, "#> "+f+":") {
				t.Errorf("%s has a failing statement; only the tour shows errors", f)
			}
		})
	}
	for _, f := range notebooks {
		t.Run(f, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, want, err := kernel.ReplayNotebook(src)
			if err != nil {
				t.Fatal(err)
			}
			if d := kernel.UnifiedDiff(f+" (saved outputs)", "replay of "+f, want, got); d != "" {
				t.Errorf("the replay differs from the saved outputs:\n%s", d)
			}
		})
	}
}
