package games

import (
	"fmt"
	"strings"

	"gamelab/kernel/builtin"
)

func init() {
	register(&builtin.Builtin{
		Name:      "with",
		Signature: `with(x, rules)`,
		Doc: `Returns x played under other rules: the rules in the map change, the others stay as x has ` +
			`them, so a rule is swept like a value: map(1..4, ({k: #, diff: solve(with(c, {take: #})).diff})). ` +
			`x.rules is the map of x's rules; rules(x) says them in words; help(variants) lists every game's ` +
			`rules with their values and defaults. An unknown rule, a bad value or a rule of another game is ` +
			`an error that says so.`,
		Example: `with(coins([1, 2, 3, 7]), {take: 3, ends: "left"})`,
		Fn: dispatch("with", "with(x, rules)", func(_ *builtin.Env, x Ruled, args []any) (any, error) {
			var m any
			if err := Unpack("with", args, "x", new(any), "rules", &m); err != nil {
				return nil, err
			}
			r, err := RulesArg("with", 2, x.Rules(), m)
			if err != nil {
				return nil, err
			}
			return x.WithRules(r)
		}),
	})
	register(&builtin.Builtin{
		Name:      "rules",
		Signature: `rules(x)`,
		Doc:       `Says in words the rules x is played under: its game's rules, with each variant it is played under stated.`,
		Example:   `rules(with(coins([1, 2, 3, 7]), {take: 3}))`,
		Returns:   []any{""},
		Fn: dispatch("rules", "rules(x)", func(_ *builtin.Env, x Ruled, args []any) (any, error) {
			if err := Unpack("rules", args, "x", new(any)); err != nil {
				return nil, err
			}
			return RulesText(x.Rules()), nil
		}),
	})
}

// RulesText states the rules r in words: the game's title and rules, then
// a sentence for each option that differs from its default.
func RulesText(r Rules) string {
	g := r.game
	text := g.Title + ": " + g.Rules
	if r.IsDefault() {
		return text
	}
	if g.Explain != nil {
		return text + "\n" + "Under these rules: " + g.Explain(r)
	}
	var parts []string
	for _, o := range g.Options {
		if v := r.Get(o.Name); v != o.Default {
			parts = append(parts, fmt.Sprintf("%s %v: %s", o.Name, v, o.Doc))
		}
	}
	return text + "\n" + "Under these rules: " + strings.Join(parts, " ")
}
