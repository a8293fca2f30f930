package main

import (
	"bytes"
	"strings"
	"testing"

	"gamelab/internal/version"
)

func TestVersionAndHelp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--version"}, "gamelab " + version.Version},
		{[]string{"help"}, "usage: gamelab"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &out, &errb); code != 0 {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errb.String())
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%v: output %q lacks %q", tc.args, out.String(), tc.want)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"frobnicate"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), `unknown command "frobnicate"`) {
		t.Errorf("stderr %q", errb.String())
	}
}
