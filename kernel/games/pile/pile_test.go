package pile_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/batch"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/pile"
	"gamelab/kernel/games/tools"
	"gamelab/kernel/sessiontest"
)

// The registration line: what adding the game to gamelab takes (package
// all does it for the real games). Here it is registered for its tests
// only, so that the pile game stays the proof and no game of gamelab's;
// once package all registers it (its init runs first: the kernel imports
// it), this one stands aside, so the folder needs no change.
func init() {
	if games.Lookup(pile.Game.Name) == nil {
		games.Register(pile.Game)
	}
}

// outcome is the pile game's theory: the mover loses exactly when n is a
// multiple of k+1 (misère: when n is 1 more than one).
func outcome(n, k int, misere bool) int64 {
	if misere {
		n--
	}
	if n == 0 && !misere || n%(k+1) == 0 {
		return -1
	}
	return 1
}

func TestConformance(t *testing.T) {
	gamestest.Conform(t, gamestest.Spec{
		Game:    pile.Game,
		Choices: map[string][]any{"take": {1, 2, 3, 5}, "misere": {false, true}},
		Random: func(seed uint64, r games.Rules) (games.Position, error) {
			return call("pile", int(seed%13)+1, r.Changed())
		},
	})
}

// call runs one of the pile's builtins, as a session does.
func call(name string, args ...any) (games.Position, error) {
	for _, b := range pile.Game.Builtins {
		if b.Name == name {
			x, err := b.Fn(gamestest.Env(), args...)
			if err != nil {
				return nil, err
			}
			return x.(games.Position), nil
		}
	}
	return nil, fmt.Errorf("no builtin %s", name)
}

// TestTheory: the exhaustive search agrees with the pile game's theory.
func TestTheory(t *testing.T) {
	for _, misere := range []bool{false, true} {
		for k := 1; k <= 4; k++ {
			for n := 1; n <= 30; n++ {
				p, err := call("pile", n, map[string]any{"take": k, "misere": misere})
				if err != nil {
					t.Fatal(err)
				}
				ev, err := games.Exhaustive(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				if want := outcome(n, k, misere); ev.Value.Cmp(big.NewInt(want)) != 0 {
					t.Errorf("n %d, take %d, misère %v: %s, want %d", n, k, misere, ev.Value, want)
				}
			}
		}
	}
}

// TestEveryTool: with nothing but its Position, the game gets every
// tool, help and completion in a session, as a user types them.
func TestEveryTool(t *testing.T) {
	s := kernel.NewSession()
	for _, tc := range []struct{ code, want string }{
		{"p = pile(10)", ""},
		{"p", "a pile of 10, 10 left"},
		{"solve(p).value", "1"},
		{"solve(p).optimal", "[2]"},
		{"solve(with(pile(9), {take: 2})).value", "-1"},
		{"solve(pile(10, {misere: true})).optimal", "[1]"},
		{"after(p, [2, 3]).left", "5"},
		{"after(p, [2, 3]).moves", "[2, 3]"},
		{"analyze(p, [1, 1]).loss", `{"A": 2, "B": 0}`},
		{"len(trace(p).steps)", "5"},
		{"match(p, greedy, optimal).totals", `{"A": 0, "B": 1}`},
		{"tournament(map(1..6, pile(#)), {A: optimal, B: random(1)}).summary.A.mean", "0"},
		{"rules(with(p, {take: 5})).rules.take", "5"},
		{"json(after(p, [2]))", `{"n":10,"left":8,"moves":[2]}`},
		{"json(solve(pile(4)))", `{"game":"pile","mover":"A","value":-1,"optimal":[1,2,3],"line":[1,3],"totals":{"A":0,"B":1}}`},
		{"dp(pile(5)).n", "6"},
		{"at(dp(pile(5)), 6).value", "1"},
		{"dp(pile(5))[1].position", "a pile of 5, 0 left"},
		{`explain(pile(3), 1)`, "★"},
		{"with(p, {tkae: 2})", "did you mean take?"},
		{"after(p, [4])", "a turn takes 1 to 3 counters"},
		{"shrink(pile(32), {solve(#).value == -1})", "a pile of 4, 4 left"},
		{"help(pile)", "A pile of n counters"},
		{"help(variants)", "misere"},
		{"help(solve)", "Plays x optimally"},
	} {
		if got := sessiontest.Said(s, tc.code); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.code, got, tc.want)
		}
	}
	for code, want := range map[string]string{"pil": "pile", "p.le": "left", "solve(p).val": "value", "after(p, [1]).mo": "moves"} {
		got, _, _ := s.Complete(code, len([]rune(code)))
		if !strings.Contains(strings.Join(got, " "), want) {
			t.Errorf("completing %q: %v, want %s", code, got, want)
		}
	}
}

// TestPlay: play against the optimum, as a person answers at the prompt.
func TestPlay(t *testing.T) {
	env, log := gamestest.Scripted("1", "?", "u", "2", "q")
	p, _ := call("pile", 5)
	if _, err := builtinNamed(t, "play").Fn(env, p); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"A to move: 1, 2, 3", "1: optimal", "optimal: 3 (the mover's outcome 1)", "2: loses 2; optimal: 1", "B takes 3 (the optimum)"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("play's transcript lacks %q:\n%s", want, log.String())
		}
	}
}

// builtinNamed is the tool called name.
func builtinNamed(t *testing.T, name string) *builtin.Builtin {
	for _, b := range tools.Builtins() {
		if b.Name == name {
			return b
		}
	}
	t.Fatalf("no builtin %s", name)
	return nil
}

// TestBatch: the batch command, made from the game's format alone.
func TestBatch(t *testing.T) {
	var cmd batch.Command
	for _, c := range batch.Commands() {
		if c.Name == "pile" {
			cmd = c
		}
	}
	if cmd.Run == nil {
		t.Fatal("no batch command for the pile game")
	}
	var out, errw strings.Builder
	status := cmd.Run(context.Background(), []string{"--rules", "take=2"}, strings.NewReader("1\n3\nx\n7\n"), &out, &errw)
	if status != 1 || out.String() != "1 1\n-1 1 2\n1 1\n" || !strings.Contains(errw.String(), `instance 3 (line 3): "x" is not a pile size`) {
		t.Errorf("status %d, out %q, err %q", status, out.String(), errw.String())
	}
	if !strings.Contains(cmd.Usage, "take") || !strings.Contains(cmd.Usage, "one pile size n per line") {
		t.Errorf("usage: %s", cmd.Usage)
	}
}

// TestDocTellsTheTruth: docs/adding-a-game.md walks through this package,
// so its code must be this package's, every name it gives of the contract
// and its helpers must exist, and the size it states must be the file's.
func TestDocTellsTheTruth(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/adding-a-game.md")
	if err != nil {
		t.Fatal(err)
	}
	src := ""
	for _, f := range []string{"pile.go", "pile_test.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src += string(b)
	}
	squash := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(doc), -1)
	if len(blocks) < 4 {
		t.Fatalf("the doc has %d Go blocks", len(blocks))
	}
	for _, b := range blocks {
		if !strings.Contains(squash(src), squash(b[1])) {
			t.Errorf("the doc's code is not the package's:\n%s", b[1])
		}
	}
	names := map[string]map[string]bool{}
	for pkg, dir := range map[string]string{"games": "..", "gamestest": "../gamestest", "gameio": "../../../gameio"} {
		names[pkg] = exported(t, dir)
	}
	for _, m := range regexp.MustCompile(`\b(games|gamestest|gameio)\.([A-Z]\w*)`).FindAllStringSubmatch(string(doc), -1) {
		if !names[m[1]][m[2]] {
			t.Errorf("the doc names %s.%s, which does not exist", m[1], m[2])
		}
	}
	lines := strings.Count(src[:strings.Index(src, "package pile_test")], "\n")
	if !strings.Contains(string(doc), fmt.Sprintf("in one file of %d lines", lines)) {
		t.Errorf("pile.go has %d lines; the doc says otherwise", lines)
	}
}

// exported is the exported names a package's non-test files declare, its
// types' methods and fields among them.
func exported(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			var ids []*ast.Ident
			switch d := n.(type) {
			case *ast.FuncDecl:
				ids = []*ast.Ident{d.Name}
			case *ast.TypeSpec:
				ids = []*ast.Ident{d.Name}
			case *ast.ValueSpec:
				ids = d.Names
			case *ast.Field:
				ids = d.Names
			}
			for _, id := range ids {
				out[id.Name] = id.IsExported()
			}
			return true
		})
	}
	return out
}
