package coins

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Ends says which end of the row a move may take coins from.
type Ends uint8

const (
	BothEnds Ends = iota // "both": the leftmost or the rightmost coins (the default)
	LeftEnd              // "left": the leftmost coins only (LeetCode's Stone Games II and III)
)

// Scoring says what a move scores for its mover.
type Scoring uint8

const (
	ScoreTaken Scoring = iota // "taken": the coins taken (the default)
	ScoreRest                 // "rest": the sum of the coins left after the move (LeetCode 1690)
)

// TakeTwoM is Rules.Take for LeetCode 1140's rule: a move takes X coins,
// 1 ≤ X ≤ 2M, and then M becomes max(M, X); M starts at 1, so a position
// carries its M.
const TakeTwoM = -1

// Rules are the options of coins in a row (SPEC §6.2). The zero value is
// the default game of docs/rules.md: take one coin, from either end, and
// score the coins taken.
type Rules struct {
	// Take is the most coins one move may take: a move takes 1..Take
	// coins (Take ≥ 1; 0 means 1), or Take is TakeTwoM.
	Take  int
	Ends  Ends
	Score Scoring
}

// RuleError is a rule that does not exist or a value it cannot take.
// Unknown tells the two apart, so a caller can suggest the nearest name.
type RuleError struct {
	Name, Value string
	Unknown     bool   // Name is not a rule of coins in a row
	Why         string // what is wrong, in the user's words
}

func (e *RuleError) Error() string { return e.Why }

// RuleOption documents one rule for help texts: its name, the values it
// takes, its default and what it means.
type RuleOption struct {
	Name, Values, Default, Doc string
}

// RuleOptions lists the rules in their fixed order.
var RuleOptions = []RuleOption{
	{"take", `an integer k ≥ 1, or "2M"`, "1",
		`a move takes 1..k coins from one end; "2M" (LeetCode 1140): a move takes X coins, 1 ≤ X ≤ 2M, then M = max(M, X), M starting at 1`},
	{"ends", `"both" or "left"`, `"both"`, `which end a move may take coins from`},
	{"score", `"taken" or "rest"`, `"taken"`,
		`what a move scores: the coins taken, or (LeetCode 1690) the sum of the coins left after it`},
}

// ruleNames is the list of names for "unknown rule" messages.
func ruleNames() string {
	names := make([]string, len(RuleOptions))
	for i, o := range RuleOptions {
		names[i] = o.Name
	}
	return strings.Join(names, ", ")
}

// k is the most coins a move may take under take k (not TakeTwoM).
func (r Rules) k() int { return max(r.Take, 1) }

// TwoM says the rules are take "2M".
func (r Rules) TwoM() bool { return r.Take == TakeTwoM }

// IsDefault says r is the default game, whose solve keeps the seed's tie
// rule (docs/rules.md) and whose outputs stay byte for byte as ever.
func (r Rules) IsDefault() bool {
	return (r.Take == 0 || r.Take == 1) && r.Ends == BothEnds && r.Score == ScoreTaken
}

// Validate says what is wrong with r, or nil.
func (r Rules) Validate() error {
	switch {
	case r.Take < 0 && r.Take != TakeTwoM:
		return &RuleError{Name: "take", Value: strconv.Itoa(r.Take), Why: fmt.Sprintf(`take must be a number of coins k ≥ 1 or "2M", not %d`, r.Take)}
	case r.Ends > LeftEnd:
		return &RuleError{Name: "ends", Why: `ends must be "both" or "left"`}
	case r.Score > ScoreRest:
		return &RuleError{Name: "score", Why: `score must be "taken" or "rest"`}
	}
	return nil
}

// Set changes the rule name to value, both as a user writes them
// ("take", "3" or "2M"; "ends", "left"; "score", "rest").
func (r *Rules) Set(name, value string) error {
	bad := func(want string) error {
		return &RuleError{Name: name, Value: value, Why: fmt.Sprintf("%s must be %s, not %q", name, want, value)}
	}
	v := strings.TrimSpace(value)
	switch name {
	case "take":
		if strings.EqualFold(v, "2M") {
			r.Take = TakeTwoM
			return nil
		}
		k, err := strconv.Atoi(v)
		if err != nil || k < 1 {
			return bad(RuleOptions[0].Values)
		}
		r.Take = k
	case "ends":
		if !pick(&r.Ends, v, "both", "left") {
			return bad(RuleOptions[1].Values)
		}
	case "score":
		if !pick(&r.Score, v, "taken", "rest") {
			return bad(RuleOptions[2].Values)
		}
	default:
		return &RuleError{Name: name, Value: value, Unknown: true,
			Why: fmt.Sprintf("coins in a row has no rule %q (its rules: %s)", name, ruleNames())}
	}
	return nil
}

// pick sets *dst to the index of v among names, if it is one of them.
func pick[T ~uint8](dst *T, v string, names ...string) bool {
	i := slices.Index(names, v)
	if i >= 0 {
		*dst = T(i)
	}
	return i >= 0
}

// ParseRules reads rules written name=value, separated by commas, as the
// batch commands' --rules takes them: "take=3,ends=left". The empty string
// is the default rules.
func ParseRules(s string) (Rules, error) {
	var r Rules
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return Rules{}, &RuleError{Name: part, Why: fmt.Sprintf("%q is not name=value (for example take=3,ends=left)", part)}
		}
		if err := r.Set(strings.TrimSpace(name), value); err != nil {
			return Rules{}, err
		}
	}
	return r, nil
}

// RuleValue is one rule that differs from the default, with its value as
// JSON writes it: take is an int or the string "2M", the others strings.
type RuleValue struct {
	Name  string
	Value any
}

// NonDefault lists the rules of r that differ from the defaults, in the
// fixed order; none for the default game (so its JSON has no "rules").
func (r Rules) NonDefault() []RuleValue {
	var out []RuleValue
	switch {
	case r.TwoM():
		out = append(out, RuleValue{"take", "2M"})
	case r.k() != 1:
		out = append(out, RuleValue{"take", r.k()})
	}
	if r.Ends == LeftEnd {
		out = append(out, RuleValue{"ends", "left"})
	}
	if r.Score == ScoreRest {
		out = append(out, RuleValue{"score", "rest"})
	}
	return out
}

// String writes r as ParseRules reads it, the non-default rules only:
// "take=3,ends=left"; "" for the default game.
func (r Rules) String() string {
	parts := []string{}
	for _, o := range r.NonDefault() {
		parts = append(parts, fmt.Sprintf("%s=%v", o.Name, o.Value))
	}
	return strings.Join(parts, ",")
}

// Describe says the rules in words, for a result's text and picture:
// "take 1..3 coins from the left end; score the coins taken".
func (r Rules) Describe() string {
	var take string
	switch {
	case r.TwoM():
		take = "take 1..2M coins (M starts at 1 and becomes the most coins one move has taken)"
	case r.k() == 1:
		take = "take 1 coin"
	default:
		take = fmt.Sprintf("take 1..%d coins", r.k())
	}
	end := " from either end"
	if r.Ends == LeftEnd {
		end = " from the left end"
	}
	score := "; score the coins taken"
	if r.Score == ScoreRest {
		score = "; score the sum of the coins left after the move"
	}
	return take + end + score
}
