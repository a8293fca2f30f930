package tools

import (
	"fmt"
	"io"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	registerTool(&tool{same: true, Builtin: &builtin.Builtin{
		Name:      "with",
		Signature: `with(x, rules)`,
		Doc: `Returns x played under other rules: the rules in the map change, the others stay as x has ` +
			`them, so a rule is swept like a value: map(1..4, ({k: #, diff: solve(with(c, {take: #})).diff})). ` +
			`x.rules is the map of x's rules; rules(x) says them in words; help(variants) lists every game's ` +
			`rules with their values and defaults. An unknown rule, a bad value or a rule of another game is ` +
			`an error that says so.`,
		Example: `with(coins([1, 2, 3, 7]), {take: 3, ends: "left"})`,
		Fn: dispatch("with", "with(x, rules)", func(_ *builtin.Env, x games.Position, args []any) (any, error) {
			var m any
			if err := kit.Unpack("with", args, "x", new(any), "rules", &m); err != nil {
				return nil, err
			}
			r, err := games.RulesArg("with", 2, x.Rules(), m)
			if err != nil {
				return nil, err
			}
			return x.WithRules(r)
		}),
	}})
	register(&builtin.Builtin{
		Name:      "rules",
		Signature: `rules(x)`,
		Doc:       `Says in words the rules x is played under: its game's rules, with each variant it is played under stated (rules(x).words is the words as one string; .rules the map).`,
		Example:   `rules(with(coins([1, 2, 3, 7]), {take: 3}))`,
		Returns:   []any{&RuleSheet{}},
		Fn: dispatch("rules", "rules(x)", func(_ *builtin.Env, x games.Position, args []any) (any, error) {
			if err := kit.Unpack("rules", args, "x", new(any)); err != nil {
				return nil, err
			}
			r := x.Rules()
			words := RulesText(r)
			return &RuleSheet{Game: r.Game().Name, Rules: r.Map(), Words: words, text: words}, nil
		}),
	})
}

// RulesText states the rules r in words: the game's title and rules, then
// a sentence for each option that differs from its default.
func RulesText(r games.Rules) string {
	g := r.Game()
	text := g.Title + ": " + g.Rules
	if r.IsDefault() {
		return text
	}
	if g.Words.Variants != nil {
		return text + "\n" + "These rules change that: " + g.Words.Variants(r)
	}
	var parts []string
	for _, o := range g.Options {
		if v := r.Get(o.Name); v != o.Default {
			parts = append(parts, fmt.Sprintf("%s %v: %s", o.Name, v, o.Doc))
		}
	}
	return text + "\n" + "These rules change that: " + strings.Join(parts, " ")
}

// RuleSheet is rules(x): the rules x is played under, in words.
type RuleSheet struct {
	Game  string         `expr:"game"`
	Rules map[string]any `expr:"rules"` // every option's value
	Words string         `expr:"words"` // the rules in words, unwrapped

	text string
}

func (r *RuleSheet) TypeName() string { return "rules" }

// Text is the rules in words, wrapped for a terminal.
func (r *RuleSheet) Text() string { return kit.TextOf(r, false) }

func (r *RuleSheet) WriteText(w io.Writer, _ bool) error {
	var b strings.Builder
	for i, para := range strings.Split(r.text, "\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		col := 0
		for _, word := range strings.Fields(para) {
			if col > 0 && col+1+len([]rune(word)) > ruleSheetWidth {
				b.WriteString("\n")
				col = 0
			} else if col > 0 {
				b.WriteString(" ")
				col++
			}
			b.WriteString(word)
			col += len([]rune(word))
		}
	}
	return kit.WriteString(w, b.String()+"\n")
}

// ruleSheetWidth is the column rules(x) wraps its words at.
const ruleSheetWidth = 80

func (r *RuleSheet) JSONValue() any {
	return struct {
		Game  string         `json:"game"`
		Rules map[string]any `json:"rules"`
		Text  string         `json:"text"`
	}{r.Game, r.Rules, r.text}
}
