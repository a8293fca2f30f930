// Package scripts holds gamelab scripts (.gl) with their golden transcripts
// (.golden), and saved notebooks; this test replays them all under
// `go test ./...`, as `gamelab test scripts` does.
package scripts_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/games"
	"gamelab/kernel/script"
)

func TestScripts(t *testing.T) {
	files, _ := filepath.Glob("*.gl")
	games, _ := filepath.Glob("games/*.gl") // games defined in the language
	files = append(files, games...)
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
			got := script.Transcript(f, string(src))
			if d := script.UnifiedDiff(golden, "replay of "+f, string(want), got); d != "" {
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
			got, want, err := script.ReplayNotebook(src)
			if err != nil {
				t.Fatal(err)
			}
			if d := script.UnifiedDiff(f+" (saved outputs)", "replay of "+f, want, got); d != "" {
				t.Errorf("the replay differs from the saved outputs:\n%s", d)
			}
		})
	}
}

// The tour promises every builtin once: each name that `help` lists (the game
// builtins and the session's) appears in tour.gl, but for the builtins of a
// game the tour does not play (it never calls its constructor): a game added
// to the registry is toured when someone writes its part of the tour, and
// no test outside its folder fails before then.
func TestTourUsesEveryBuiltin(t *testing.T) {
	out := kernel.NewSession().Execute(context.Background(), "help")
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	tour, err := os.ReadFile("tour.gl")
	if err != nil {
		t.Fatal(err)
	}
	uses := func(name string) bool { return regexp.MustCompile(`(^|\W)` + name + `($|\W)`).Match(tour) }
	untoured := map[string]bool{}
	toured := 0
	for _, g := range games.All() {
		if uses(regexp.QuoteMeta(g.Builtins[0].Name)) {
			toured++
			continue
		}
		t.Logf("tour.gl does not play %s: its builtins are not asked for", g.Title)
		for _, b := range g.Builtins {
			untoured[b.Name] = true
		}
	}
	if toured == 0 {
		t.Fatalf("tour.gl plays none of the games")
	}
	listed := regexp.MustCompile(`(?m)^  ([A-Za-z_]\w*)`)
	names := 0
	for _, line := range strings.Split(out.Stdout+result(out), "\n") {
		if strings.HasPrefix(line, "statements") {
			break // statements and expr's own functions follow
		}
		m := listed.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		names++
		use := regexp.QuoteMeta(m[1])
		if m[1] == "_N" {
			use = `_\d+`
		}
		if !untoured[m[1]] && !uses(use) {
			t.Errorf("tour.gl never uses %s", m[1])
		}
	}
	if names < 30 {
		t.Fatalf("help listed only %d builtins:\n%s", names, out.Stdout)
	}
}

func result(out *kernel.Output) string {
	if out.Result == nil {
		return ""
	}
	return out.Result.Text
}
