// Package baseline finds the files from outside the repository that some
// tests and benchmarks compare gamelab against (the programs each game was
// first posed with, faster C baselines, the original problem texts), and
// holds the one rule for a missing one: the test skips, saying what is
// missing, unless GAMELAB_REQUIRE_BASELINES=1, when it fails instead.
//
// These files live in a folder named shared beside the module root, never
// in the repository: a fresh clone has none, and its tests must still pass.
// Everything a test needs to pass is in the repository's testdata folders.
package baseline

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// RequireEnv is the environment variable that, set to 1, turns a missing
// baseline from a skip into a failure: for a machine that is meant to have
// them, where a skip would hide a broken setup.
const RequireEnv = "GAMELAB_REQUIRE_BASELINES"

// Join returns the path of rel (its parts joined) inside the shared folder,
// whether or not it exists; for describing a program before a test asks
// for it.
func Join(rel ...string) string {
	return filepath.Join(append([]string{sharedDir()}, rel...)...)
}

// Path returns Join(rel...) when it exists; otherwise tb is skipped (or
// failed, per Missing), so Path returns only paths that exist.
func Path(tb testing.TB, rel ...string) string {
	tb.Helper()
	p := Join(rel...)
	if _, err := os.Stat(p); err != nil {
		Missing(tb, p+" (a baseline from outside the repository)")
	}
	return p
}

// Missing ends tb because what it needs is not there: a skip that says so,
// or a failure when RequireEnv is 1.
func Missing(tb testing.TB, what string) {
	tb.Helper()
	if os.Getenv(RequireEnv) == "1" {
		tb.Fatalf("missing %s, and %s=1", what, RequireEnv)
	} else {
		tb.Skipf("missing %s", what)
	}
}

// sharedDir is the folder named shared beside the module root: tests run in
// their package's directory, so the root is the nearest one up that holds
// go.mod.
var sharedDir = sync.OnceValue(func() string {
	wd, err := os.Getwd()
	if err != nil {
		return "shared" // nothing to anchor on; a path that will be missing
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared")
		}
		up := filepath.Dir(dir)
		if up == dir {
			return filepath.Join(wd, "shared") // no module found: also missing
		}
		dir = up
	}
})
