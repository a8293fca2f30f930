package tools_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"gamelab/kernel"
)

// The picture of trace(dp(x)) is the table itself, part-filled, frame by
// frame: its caption is said once, whole (a frame's own was cut to "(fil…"),
// and every frame draws its cells as wide as the whole table's (they were
// tiny tables in wide empty boxes, their columns changing width as the
// table filled).
func TestFillingFramesShareTheTablesGrid(t *testing.T) {
	for _, x := range []string{`polygon("* -5 + -2 * -8 * -5 + 8")`, `randpolygon(9, 3)`, `coins([3, 1, 4, 1, 5, 9])`, `randcoins(8, 2, {take: 2})`} {
		s := kernel.NewSession()
		out := s.ExecuteWith(context.Background(), "d = dp("+x+")\ntrace(d)", kernel.ExecOptions{SVG: true})
		if out.Err != nil || out.Result == nil {
			t.Fatalf("%s: %v", x, out.Err)
		}
		svg := out.Result.SVG
		caption := strings.SplitN(s.Execute(context.Background(), "d").Result.Text, "\n", 2)[0]
		if !strings.Contains(textOf(svg), strings.ReplaceAll(caption, "'", "&#39;")) {
			t.Errorf("%s: the filling's picture does not say the caption %q whole:\n%s", x, caption, svg[:min(len(svg), 600)])
		}
		if strings.Contains(svg, "…") {
			t.Errorf("%s: a text of the filling's picture is cut", x)
		}
		// The cells of every frame: rects 22 high inside the nested <svg>s.
		widths := map[string]bool{}
		for _, m := range regexp.MustCompile(`<rect x="[^"]*" y="[^"]*" width="([^"]*)" height="22" fill="#`).FindAllStringSubmatch(svg, -1) {
			widths[m[1]] = true
		}
		if len(widths) != 1 {
			t.Errorf("%s: the frames' cells have %d widths (%v), want the whole table's one", x, len(widths), widths)
		}
		if n := strings.Count(svg, "<svg ") - 1; n < 5 {
			t.Errorf("%s: %d frames", x, n)
		}
	}
}

// textOf is the texts of an SVG document run together, a space between
// two: what it says, whatever lines it breaks it into.
func textOf(svg string) string {
	var parts []string
	for _, m := range regexp.MustCompile(`<text [^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		parts = append(parts, m[1])
	}
	return strings.Join(parts, " ")
}
