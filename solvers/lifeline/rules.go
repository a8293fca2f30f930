package lifeline

import (
	"context"
	"fmt"
)

// Capture is the order in which a move removes groups. The zero value is the
// judge's rule.
type Capture uint8

const (
	// Together removes at once every group that touches no empty vertex
	// after the stone is placed, the mover's own included.
	Together Capture = iota
	// OthersFirst is Go's order: first every group of another player's
	// stones that touches no empty vertex is removed; then the mover's group
	// holding the new stone, if it still touches none. A capture therefore
	// always saves the mover's group (the captured stones were next to it).
	OthersFirst
)

// captureNames are the capture rules' names, by value.
var captureNames = []string{"together", "others-first"}

// String is the capture rule's name: "together" or "others-first".
func (c Capture) String() string { return optionName("capture", captureNames, uint8(c)) }

// ParseCapture reads a capture rule's name, as String writes it.
func ParseCapture(name string) (Capture, error) {
	v, err := parseOption("capture", captureNames, name)
	return Capture(v), err
}

// optionName is the name of value v of a rule option with these names.
func optionName(option string, names []string, v uint8) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s %d", option, v)
}

// parseOption reads the name of a value of a rule option with two values.
func parseOption(option string, names []string, name string) (uint8, error) {
	for v, n := range names {
		if name == n {
			return uint8(v), nil
		}
	}
	return 0, fmt.Errorf("%s %s is neither %q nor %q", option, quote(name), names[0], names[1])
}

// Rules are the rule options of a turn besides the grid, which the board
// carries. The zero value is the judge's game: capture together, suicide
// allowed.
type Rules struct {
	Capture Capture
	// NoSuicide makes a move illegal when it would remove any of the mover's
	// own stones (the rule "suicide: false"). Groups that already touched no
	// empty vertex before the move are not removed by it (see
	// Result.Unreachable), so they never make a move illegal.
	NoSuicide bool
}

// Suicide is the rule "suicide" as named: whether a move may remove the
// mover's own stones.
func (rules Rules) Suicide() bool { return !rules.NoSuicide }

// check reports why rules are not valid, or nil.
func (rules Rules) check() error {
	if rules.Capture > OthersFirst {
		return fmt.Errorf("lifeline: unknown capture rule %d", uint8(rules.Capture))
	}
	return nil
}

// Solve is the package's Solve under these rules.
func (rules Rules) Solve(ctx context.Context, b *Board, player int) (*Result, error) {
	return solve(ctx, b, player, rules)
}

// Place is the package's Place under these rules: an illegal move returns an
// *IllegalMoveError.
func (rules Rules) Place(ctx context.Context, b *Board, player, r, p int) (*Move, error) {
	return place(ctx, b, player, r, p, rules)
}

// ErrNoLegalMove is returned by Solve under NoSuicide when the board has
// empty vertices but a stone on any of them would remove stones of the
// mover's own. errors.Is(ErrNoLegalMove, ErrNoMove) holds: either way the
// player has no move.
var ErrNoLegalMove error = noLegalMove{}

type noLegalMove struct{}

func (noLegalMove) Error() string {
	return "lifeline: a stone on any empty vertex would remove stones of its own, which the rules forbid (suicide: false), so there is no move"
}

func (noLegalMove) Is(target error) bool { return target == ErrNoMove }

// IllegalMoveError is Place's refusal of a move the rules forbid: under
// NoSuicide, the stone Player on (Row, Pos) would remove Own stones of its own
// (the new one included).
type IllegalMoveError struct {
	Row, Pos, Player int
	Own              int
}

func (e *IllegalMoveError) Error() string {
	own := "itself"
	if e.Own > 1 {
		own = fmt.Sprintf("%d stones of its own (itself included)", e.Own)
	}
	return fmt.Sprintf("lifeline: stone %d on (%d,%d) would remove %s, which the rules forbid (suicide: false)",
		e.Player, e.Row, e.Pos, own)
}
