package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamelab/internal/suggest"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games/kit"
)

// Option is one named rule of a game, with its default: OpenSpiel's game
// parameters, Ludii's options. Values are kept normalised (Parse's output),
// so two Rules compare by their values.
type Option struct {
	Name    string // "take"
	Default any    // its value in the default game: 1, "both", true
	// Values says in words what the option accepts: `an integer k ≥ 1, or
	// "2M"`.
	Values string
	// Doc says what the option does, one or two sentences.
	Doc string
	// Parse normalises a value the user gave (an expr value: int, string,
	// bool), or says what is wrong with it in the user's words; it never
	// sees nil.
	Parse func(v any) (any, error)

	game *Game
}

// Rules are the rule variants an instance is played under: a value of
// every option of its game. A Rules is immutable; With returns a changed
// copy. The zero Rules belongs to no game and is never given to a user.
type Rules struct {
	game *Game
	vals []any // per game.Options, normalised
}

// Game is the game these are rules of.
func (r Rules) Game() *Game { return r.game }

// Get is the value of option name; it panics for a name the game does not
// have, which is a programming error in the game's package.
func (r Rules) Get(name string) any {
	for i, o := range r.game.Options {
		if o.Name == name {
			return r.vals[i]
		}
	}
	panic("games: " + r.game.Name + " has no rule " + name)
}

// IsDefault says every option has its default value.
func (r Rules) IsDefault() bool { return len(r.Changed()) == 0 }

// Changed is the options whose values differ from the defaults, by name:
// what json writes as "rules".
func (r Rules) Changed() map[string]any {
	out := map[string]any{}
	if r.game == nil {
		return out
	}
	for i, o := range r.game.Options {
		if r.vals[i] != o.Default {
			out[o.Name] = r.vals[i]
		}
	}
	return out
}

// Map is every option's value by name: what x.rules reads.
func (r Rules) Map() map[string]any {
	out := map[string]any{}
	if r.game == nil {
		return out
	}
	for i, o := range r.game.Options {
		out[o.Name] = r.vals[i]
	}
	return out
}

// Equal says r and q are the same game under the same values.
func (r Rules) Equal(q Rules) bool { return r.game == q.game && slices.Equal(r.vals, q.vals) }

// With returns r with the options in m changed. Each error says what is
// wrong in the user's words: an unknown name gets the nearest name and the
// game's list, an option of another game is refused by that game's name,
// and a bad value names the values allowed.
func (r Rules) With(m map[string]any) (Rules, error) {
	out := Rules{game: r.game, vals: slices.Clone(r.vals)}
	for _, name := range kit.SortedKeys(m) {
		i := slices.IndexFunc(r.game.Options, func(o *Option) bool { return o.Name == name })
		if i < 0 {
			return r, r.unknown(name)
		}
		o := r.game.Options[i]
		if m[name] == nil {
			return r, fmt.Errorf("gives %s nil, but %s must be %s", name, name, o.Values)
		}
		v, err := o.Parse(m[name])
		if err != nil {
			return r, fmt.Errorf("gives %s %s, but %s %s", name, kit.Format(quoteIfString(m[name])), name, strings.Split(err.Error(), ", got ")[0])
		}
		out.vals[i] = v
	}
	return out, nil
}

// unknown is the error for a rule name r's game does not have.
func (r Rules) unknown(name string) error {
	names := r.game.ruleNames()
	if g := otherGameWith(r.game, name); g != nil {
		return fmt.Errorf("names %s, a rule of %s, not of %s (whose rules are %s)", name, g.Title, r.game.Title, ruleList(names))
	}
	hint := ""
	if near := suggest.Nearest(name, names); near != "" {
		hint = fmt.Sprintf(" (did you mean %s?)", near)
	}
	return fmt.Errorf("names %s, no rule of %s%s; its rules are %s", name, r.game.Title, hint, ruleList(names))
}

// ruleNames are g's rules' names, in their order.
func (g *Game) ruleNames() []string {
	var names []string
	for _, o := range g.Options {
		names = append(names, o.Name)
	}
	return names
}

// otherGameWith is the first game other than g with a rule called name,
// nil when there is none.
func otherGameWith(g *Game, name string) *Game {
	for _, other := range registry {
		if other != g && other.option(name) != nil {
			return other
		}
	}
	return nil
}

func ruleList(names []string) string {
	switch len(names) {
	case 0:
		return "none"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ParseText reads rules written as the batch commands' --rules take them:
// "take=3,ends=left". A value is an integer, true or false, or else a
// string.
func (r Rules) ParseText(text string) (Rules, error) {
	m := map[string]any{}
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			return r, fmt.Errorf("has %q, which is not name=value", part)
		}
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if _, twice := m[name]; twice {
			return r, fmt.Errorf("gives %s twice; give each rule once", name)
		}
		var v any = val
		if n, err := strconv.Atoi(val); err == nil {
			v = n
		} else if b, err := strconv.ParseBool(val); err == nil && (val == "true" || val == "false") {
			v = b
		}
		m[name] = v
	}
	return r.With(m)
}

// Text writes the changed options as --rules takes them, "" for the
// defaults: "ends=left,take=3".
func (r Rules) Text() string {
	var parts []string
	for _, o := range r.game.Options {
		if v := r.Get(o.Name); v != o.Default {
			parts = append(parts, fmt.Sprintf("%s=%v", o.Name, v))
		}
	}
	return strings.Join(parts, ",")
}

// Describe says in words how r differs from the default game, "" when it
// does not: the game's own phrase when it has one, else "name value, …".
func (r Rules) Describe() string {
	if r.game == nil || r.IsDefault() {
		return ""
	}
	if r.game.Words.Variant != nil {
		return r.game.Words.Variant(r)
	}
	var parts []string
	for _, o := range r.game.Options {
		if v := r.Get(o.Name); v != o.Default {
			parts = append(parts, fmt.Sprintf("%s %v", o.Name, v))
		}
	}
	return strings.Join(parts, ", ")
}

// RulesArg reads the optional rules map a constructor or with() takes as
// argument k of fn, on top of base.
func RulesArg(fn string, k int, base Rules, arg any) (Rules, error) {
	return rulesArg(fn, k, "rules", base, arg)
}

// rulesArg is RulesArg for argument k called argName in fn's signature.
func rulesArg(fn string, k int, argName string, base Rules, arg any) (Rules, error) {
	if arg == nil {
		return base, nil
	}
	m, ok := arg.(map[string]any)
	if !ok {
		return base, builtin.ArgError(fn, k, argName, "must be a map of rules like {%s}, got %s", exampleRule(base.game), kit.TypeName(arg))
	}
	r, err := base.With(m)
	if err != nil {
		e := builtin.ArgError(fn, k, argName, "%s", err.Error())
		e.Kind = builtin.GameError
		return base, e
	}
	return r, nil
}

// exampleRule is "take: 2" or the like, the first option of g with a value
// other than its default, for messages.
func exampleRule(g *Game) string {
	if g == nil || len(g.Options) == 0 {
		return ""
	}
	o := g.Options[0]
	return fmt.Sprintf("%s: %s", o.Name, kit.Format(quoteIfString(o.Default)))
}

func quoteIfString(v any) any {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return v
}

// OneOf is an Option.Parse for a string option with a fixed set of values.
func OneOf(values ...string) func(v any) (any, error) {
	return func(v any) (any, error) {
		s, ok := v.(string)
		if ok && slices.Contains(values, s) {
			return s, nil
		}
		quoted := make([]string, len(values))
		for i, x := range values {
			quoted[i] = strconv.Quote(x)
		}
		return nil, fmt.Errorf("must be %s, got %s", kit.OrList(quoted), kit.Format(quoteIfString(v)))
	}
}

// Boolean is an Option.Parse for true or false.
func Boolean(v any) (any, error) {
	if b, ok := v.(bool); ok {
		return b, nil
	}
	return nil, fmt.Errorf("must be true or false, got %s", kit.Format(quoteIfString(v)))
}

// RandOptions reads a random constructor's options argument (argument k
// of fn), one map of the generator's own options (values, ops, …: named in
// own, returned in mine) and the game's rules over base. A name that is
// neither is an error that lists both, with the nearest as a suggestion:
// {vals: 1..5} means values, which is no rule.
func RandOptions(fn string, k int, base Rules, opts map[string]any, own ...string) (mine map[string]any, r Rules, err error) {
	mine, rules := map[string]any{}, map[string]any{}
	for name, v := range opts {
		if slices.Contains(own, name) {
			mine[name] = v
			continue
		}
		rules[name] = v
		if base.game.option(name) == nil && otherGameWith(base.game, name) == nil {
			return nil, base, unknownOption(fn, k, base.game, name, own)
		}
	}
	r, err = rulesArg(fn, k, "options", base, rules)
	return mine, r, err
}

// unknownOption is the error for a name that is neither one of fn's own
// options nor a rule of g.
func unknownOption(fn string, k int, g *Game, name string, own []string) error {
	rules := g.ruleNames()
	hint := ""
	if near := suggest.Nearest(name, append(slices.Clone(own), rules...)); near != "" {
		hint = fmt.Sprintf(" (did you mean %s?)", near)
	}
	theRules := "rules " + ruleList(rules)
	if len(rules) == 1 {
		theRules = "rule " + rules[0]
	}
	e := builtin.ArgError(fn, k, "options", "names %s, neither an option of %s nor a rule of %s%s; its options are %s, and its %s",
		name, fn, g.Title, hint, ruleList(own), theRules)
	e.Kind = builtin.GameError
	return e
}
