package kernel

import (
	"context"
	"strings"
	"testing"

	"gamelab/kernel/games"
)

// Value gives an expression's value itself, records nothing, and says
// in words when the code is no single expression.
func TestValueIsTheExpressionsValue(t *testing.T) {
	s := NewSession()
	v, err := s.Value(context.Background(), "randcoins(3, 7)")
	if err != nil {
		t.Fatal(err.Msg)
	}
	if c, ok := v.(games.Position); !ok || c.Game().Name != "coins" {
		t.Errorf("randcoins(3, 7) is %T", v)
	}
	for code, want := range map[string]string{
		"x = 1":          "want an expression",
		"1; 2":           "want one expression, not 2 statements",
		"randcoins(3, ":  "",
		"nosuchthing(1)": "unknown name",
	} {
		if _, err := s.Value(context.Background(), code); err == nil || !strings.Contains(err.Msg, want) {
			t.Errorf("%q: %v, want %q", code, err, want)
		}
	}
	if len(s.Vars()) != 0 || s.count != 0 {
		t.Errorf("Value recorded: vars %v, count %d", s.Vars(), s.count)
	}
}
