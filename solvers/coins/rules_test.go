package coins

import (
	"errors"
	"fmt"
	"testing"
)

func TestParseRules(t *testing.T) {
	for _, tc := range []struct {
		in, want string // want: String() of the rules, or the error
	}{
		{"", ""},
		{"take=1,ends=both,score=taken", ""},
		{"take=3,ends=left", "take=3,ends=left"},
		{" score = rest , take=2m ", "take=2M,score=rest"},
		{"ends=left,take=2M", "take=2M,ends=left"},
		{"take=0", `take must be an integer k ≥ 1, or "2M", not "0"`},
		{"take=x", `take must be an integer k ≥ 1, or "2M", not "x"`},
		{"ends=right", `ends must be "both" or "left", not "right"`},
		{"score=all", `score must be "taken" or "rest", not "all"`},
		{"goal=min", `coins in a row has no rule "goal" (its rules: take, ends, score)`},
		{"take", `"take" is not name=value (for example take=3,ends=left)`},
	} {
		r, err := ParseRules(tc.in)
		got := r.String()
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("ParseRules(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if err == nil {
			if again, err := ParseRules(got); err != nil || again != r && !(again.IsDefault() && r.IsDefault()) {
				t.Errorf("%q does not read back: %v, %v", got, again, err)
			}
		}
	}
	var re *RuleError
	if _, err := ParseRules("tkae=3"); !errors.As(err, &re) || !re.Unknown || re.Name != "tkae" {
		t.Errorf("an unknown rule: %#v", err)
	}
	if err := (Rules{Take: -3}).Validate(); err == nil {
		t.Error("take -3 validated")
	}
}

func TestRulesWords(t *testing.T) {
	for _, tc := range []struct {
		rules, describe, nonDefault string
	}{
		{"", "take 1 coin from either end; score the coins taken", "[]"},
		{"take=3,ends=left", "take 1..3 coins from the left end; score the coins taken", "[{take 3} {ends left}]"},
		{"take=2M,score=rest", "take 1..2M coins (M starts at 1 and becomes the most coins one move has taken) from either end; score the sum of the coins left after the move", "[{take 2M} {score rest}]"},
	} {
		r, _ := ParseRules(tc.rules)
		if got := r.Describe(); got != tc.describe {
			t.Errorf("%q: Describe %q", tc.rules, got)
		}
		if got := fmt.Sprint(r.NonDefault()); got != tc.nonDefault {
			t.Errorf("%q: NonDefault %s", tc.rules, got)
		}
	}
}

func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		in, want string // the line as LineString writes it, or the error
	}{
		{"", ""},
		{"LRL", "LRL"},
		{"l2 r, L1 R10", "L2RLR10"},
		{"L2RL3", "L2RL3"},
		{"LxR", `move 2 ("x") is not a move: write L or R, then how many coins when more than one (L2, R3)`},
		{"L0", `move 1 ("L0") takes no coins: a move takes at least 1`},
		{"R99999999999999999999", `move 1 ("R99999999999999999999") takes more coins than any row has`},
		{"Lé", `move 2 ("é") is not a move: write L or R, then how many coins when more than one (L2, R3)`},
	} {
		line, err := ParseLine(tc.in)
		got := LineString(line)
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("ParseLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if line, err := ParseMoves([]string{"L2", "r", " R3 "}); err != nil || LineString(line) != "L2RR3" {
		t.Errorf("ParseMoves: %v %v", line, err)
	}
	for _, bad := range [][]string{{"L", "LR"}, {"L", "Q"}} {
		_, err := ParseMoves(bad)
		var me *MoveError
		if !errors.As(err, &me) || me.Index != 2 {
			t.Errorf("ParseMoves(%q): %v", bad, err)
		}
	}
	if m, err := ParseMove("R3"); err != nil || m != (Move{'R', 3}) {
		t.Errorf("ParseMove(R3) = %v, %v", m, err)
	}
	if _, err := ParseMove("LL"); err == nil {
		t.Error("ParseMove(LL) accepted two moves")
	}
}

// The legal moves in the game's order, and R with every coin left is the
// L move.
func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		rules string
		p     Position
		want  string
	}{
		{"", Position{0, 5, 0}, "[L R]"},
		{"", Position{2, 3, 0}, "[L]"},
		{"take=3", Position{0, 5, 0}, "[L L2 L3 R R2 R3]"},
		{"take=3", Position{0, 2, 0}, "[L L2 R]"},
		{"take=3,ends=left", Position{1, 5, 0}, "[L L2 L3]"},
		{"take=2M", Position{0, 9, 2}, "[L L2 L3 L4 R R2 R3 R4]"},
		{"take=2M,ends=left", Position{6, 9, 2}, "[L L2 L3]"},
	} {
		r, _ := ParseRules(tc.rules)
		if got := fmt.Sprint(r.Moves(tc.p)); got != tc.want {
			t.Errorf("%q at %+v: %s, want %s", tc.rules, tc.p, got, tc.want)
		}
	}
	r := Rules{Take: 3}
	p := Position{4, 6, 0}
	if err := r.Check(p, Move{'R', 2}); err != nil || r.Next(p, Move{'R', 2}) != (Position{6, 6, 0}) || r.Canonical(p, Move{'R', 2}) != (Move{'L', 2}) {
		t.Errorf("R2 with two coins left: %v, %v", err, r.Next(p, Move{'R', 2}))
	}
}
