package cli

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestDispatch(t *testing.T) {
	ran := ""
	cmd := func(name string) *Command {
		return &Command{Name: name, Summary: name + " things", Usage: "[x]", Run: func(args []string, _ io.Reader, _, _ io.Writer) int {
			ran = name + " " + strings.Join(args, " ")
			return 7
		}}
	}
	app := &App{Name: "g", Version: "1.0", Title: "a test", Commands: []*Command{cmd("polygon"), cmd("judge")},
		Default: func(args []string, _ io.Reader, _, _ io.Writer) int { ran = "default"; return 0 },
		Before: func(c *Command, args []string) error {
			if len(args) > 1 && args[1] == "--bad" {
				return errors.New("bad budget")
			}
			return nil
		}}
	for _, tc := range []struct {
		args           []string
		code           int
		out, err, runs string
	}{
		{[]string{"judge", "a"}, 7, "", "", "judge a"},
		{nil, 0, "", "", "default"},
		{[]string{"-c", "1"}, 0, "", "", "default"},
		{[]string{"polygn"}, 2, "", `g: unknown command "polygn" (did you mean polygon?) (try 'g help')`, ""},
		{[]string{"help", "judge"}, 0, "g judge: judge things\n\nusage: g judge [x]\n", "", ""},
		{[]string{"help", "jduge"}, 2, "", `g: no command "jduge" (did you mean judge?)`, ""},
		{[]string{"--version"}, 0, "g 1.0\n", "", ""},
		{[]string{"judge", "--bad"}, 2, "", "g: bad budget", ""},
	} {
		ran = ""
		var out, errb bytes.Buffer
		code := app.Run(tc.args, strings.NewReader(""), &out, &errb)
		if code != tc.code || tc.out != "" && out.String() != tc.out || !strings.Contains(errb.String(), tc.err) || ran != tc.runs {
			t.Errorf("%q: exit %d, out %q, err %q, ran %q", tc.args, code, out.String(), errb.String(), ran)
		}
	}
	var out bytes.Buffer
	app.Run([]string{"help"}, nil, &out, io.Discard)
	if !strings.Contains(out.String(), "  polygon   polygon things\n  judge     judge things\n") {
		t.Errorf("help:\n%s", out.String())
	}
}
