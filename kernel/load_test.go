package kernel

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoad: load runs a file's statements in the session, quietly, as if
// typed there: what it defines comes in; a failing statement stops it
// with the file's line; it stands alone as a statement; relative names
// are the session's folder's; a file that loads itself is an error.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("sub.gl", "# a game\nsub = game({name: \"sub\", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}})\nsub\nprint(\"loaded\")\n")
	write("bad.gl", "x = 1\ny = nosuch + 1\nz = 3\n")
	write("self.gl", "load(\"self.gl\")\n")
	s := NewSession(WithDir(dir))
	for _, tc := range []struct{ code, want string }{
		{`load("sub.gl")`, "loaded"},
		{`solve(sub(8)).value`, "-1"},
		{`load("bad.gl")`, `load: bad.gl:2:5: unknown name nosuch`},
		{`x`, "1"},
		{`z`, "unknown name z"},
		{`load("none.gl")`, `load: "none.gl": no such file`},
		{`load(".")`, `is a folder, not a script`},
		{`1 + load("sub.gl")`, "a statement of its own"},
		{`load("self.gl")`, "loads files 16 deep"},
	} {
		out := s.Execute(context.Background(), tc.code)
		got := out.Stdout
		if out.Result != nil {
			got += out.Result.Text
		}
		if out.Err != nil {
			got += out.Err.Msg
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.code, got, tc.want)
		}
		if tc.code == `load("sub.gl")` && strings.Contains(got, "game sub") {
			t.Errorf("load showed the file's values: %q", got)
		}
	}
	// The web page's examples: load reads them, not the file system.
	page := NewSession(WithFiles(map[string]string{"games/uno.gl": "uno = 1\n"}))
	if out := page.Execute(context.Background(), "load(\"games/uno.gl\")\nuno + 1"); out.Err != nil || out.Result.Text != "2" {
		t.Errorf("from files: %v", out.Err)
	}
}
