package defined_test

import (
	"context"
	"strings"
	"testing"

	"gamelab/kernel"
)

// TestTextAndPictureParts: a position's text is the text part's, and
// when that part fails or gives no string, the state's literal with what
// went wrong (a text has no error to return, and hiding it would hide the
// user's mistake); a text of megabytes shows its start, as a long string
// does, and never floods the terminal. svg(x) and save(x, "x.svg") draw the
// picture part's SVG, or say why there is none.
func TestTextAndPictureParts(t *testing.T) {
	s := kernel.NewSession()
	def := func(name, parts string) string {
		return name + ` = game({name: "` + name + `", moves: {#.state > 0 ? [1] : []}, play: {#.state - 1}` + parts + `})`
	}
	if out := s.Execute(context.Background(), strings.Join([]string{
		def("stars", `, text: {repeat("*", #.state)}, picture: {"<svg><rect/></svg>"}`),
		def("broken", `, text: {#.state / 0}, picture: {#.state / 0}`),
		def("number", `, text: {#.state * 2}, picture: {42}`),
		def("huge", `, text: {repeat("x\n", 10**6)}`),
		def("plain", ``),
	}, "\n")); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	for _, tc := range []struct{ code, want string }{
		{"stars(3)", "***\nstars: A to move"},
		{"broken(3)", "3\n(broken's text failed at state 3: division by zero: an integer divided by 0 has no value (a float divided by 0 is ±Inf))\nbroken: A to move"},
		{"number(3)", "3\n(number's text gave 6 (an int) at state 3, which is not a string)\nnumber: A to move"},
		{"plain(3)", "3\nplain: A to move"},
		{"svg(stars(1))", `"<svg><rect/></svg>"`},
	} {
		out := s.Execute(context.Background(), tc.code)
		if out.Err != nil || out.Result == nil || out.Result.Text != tc.want {
			t.Errorf("%s: %v %v, want\n%s", tc.code, out.Result, out.Err, tc.want)
		}
	}
	out := s.Execute(context.Background(), "huge(1)")
	if out.Err != nil || len(out.Result.Text) > 5000 || !strings.Contains(out.Result.Text, "… (huge's text is 2000000 characters: its start)") {
		t.Errorf("a text of 2 MB shows as %d bytes: %.300q", len(out.Result.Text), out.Result.Text)
	}
	for _, tc := range []struct{ code, want string }{
		{"svg(plain(1))", "plain has no picture: its definition gives no picture part"},
		{`save(plain(1), "p.svg")`, "plain has no picture"},
		{"svg(broken(1))", "broken's picture failed at state 1: division by zero"},
		{"svg(number(1))", "number's picture gave 42 (an int) at state 1, which is not an SVG string"},
	} {
		out := s.Execute(context.Background(), tc.code)
		if out.Err == nil || !strings.Contains(out.Err.Msg, tc.want) {
			t.Errorf("%s: %v, want the error %q", tc.code, out.Err, tc.want)
		}
	}
}
