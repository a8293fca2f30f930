package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestWebUsage: `gamelab web` without a known subcommand or with stray
// arguments says how to call it (building and serving are tested in web/).
func TestWebUsage(t *testing.T) {
	for _, args := range [][]string{
		{"web"}, {"web", "deploy"}, {"web", "build"}, {"web", "build", "a", "b"},
		{"web", "serve", "--bogus"}, {"web", "serve", "extra"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if !strings.Contains(errb.String(), "usage: gamelab web build DIR | gamelab web serve") {
			t.Errorf("%v: stderr %q", args, errb.String())
		}
	}
}
