package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJoinIsBesideTheModuleRoot(t *testing.T) {
	// This package is internal/baseline: the module root is two levels up.
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Join("bench", "x.c"), filepath.Join(filepath.Dir(root), "shared", "bench", "x.c"); got != want {
		t.Errorf("Join = %s, want %s", got, want)
	}
}

// fakeTB records how Missing ends a test; Skip and Fatal only record, so
// the test goes on to look.
type fakeTB struct {
	testing.TB
	skipped, failed string
}

func (f *fakeTB) Helper()                        {}
func (f *fakeTB) Skipf(format string, a ...any)  { f.skipped = format }
func (f *fakeTB) Fatalf(format string, a ...any) { f.failed = format }

func TestMissingSkipsUnlessRequired(t *testing.T) {
	for _, tc := range []struct {
		env          string
		skip, failed bool
	}{{"", true, false}, {"0", true, false}, {"1", false, true}} {
		t.Setenv(RequireEnv, tc.env)
		var f fakeTB
		Missing(&f, "the thing")
		if (f.skipped != "") != tc.skip || (f.failed != "") != tc.failed {
			t.Errorf("%s=%q: skipped %q, failed %q", RequireEnv, tc.env, f.skipped, f.failed)
		}
	}
}

func TestPathOfAMissingFile(t *testing.T) {
	t.Setenv(RequireEnv, "")
	var f fakeTB
	name := "no-such-baseline-" + strings.Repeat("x", 8)
	if _, err := os.Stat(Join(name)); err == nil {
		t.Skip("someone made the file")
	}
	Path(&f, name)
	if !strings.HasPrefix(f.skipped, "missing") {
		t.Errorf("a missing %s did not skip: %q", name, f.skipped)
	}
}
