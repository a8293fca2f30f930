package suggest

import "testing"

func TestNearest(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"tkae", "take"}, {"ends", ""}, {"edns", "ends"}, {"scroe", "score"}, {"x", ""}, {"zzzzz", ""},
	} {
		if got := Nearest(c.name, []string{"take", "ends", "score", "$in"}); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	// Close in edits is not enough: the letters must mostly agree in order.
	for _, c := range []struct{ name, want string }{
		{"history", ""}, {"plygn", "polygon"}, {"solv", "solve"}, {"strategi", "strategy"}, {"tornament", "tournament"}, {"filtr", "filter"},
	} {
		if got := Nearest(c.name, []string{"bitor", "polygon", "solve", "strategy", "tournament", "filter"}); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if d := Distance("kitten", "sitting"); d != 3 {
		t.Errorf("Distance(kitten, sitting) = %d, want 3", d)
	}
}
