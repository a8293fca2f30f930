package defined

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// readRules makes the options of a definition's rules: {take: 3, misere:
// false}, each rule's default giving the kind of value it takes.
func readRules(v any) ([]*games.Option, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, defError("gives rules %s, which must be a map of rules and their defaults, as {take: 3, misere: false}", kit.TypeName(v))
	}
	var out []*games.Option
	for _, name := range kit.SortedKeys(m) {
		o, err := option(name, m[name])
		if err != nil {
			return nil, err
		}
		o.Doc = fmt.Sprintf("a rule of the game's definition, %s by default.", kit.FormatValue(o.Default))
		out = append(out, o)
	}
	return out, nil
}

// option is the rule name with default v: an integer, a string, or true or
// false, and it takes values of that kind; or a list of strings, the
// values it takes, the first its default ({capture: ["together",
// "others-first"]}).
func option(name string, v any) (*games.Option, error) {
	if l, ok := kit.AsList(v); ok {
		var choices []string
		for _, x := range l {
			s, ok := x.(string)
			if !ok || slices.Contains(choices, s) {
				return nil, defError("gives rule %s the list %s: a rule's list is its values, strings each once, the first its default", name, kit.FormatValue(v))
			}
			choices = append(choices, s)
		}
		if len(choices) == 0 {
			return nil, defError("gives rule %s an empty list: a rule's list is its values, the first its default", name)
		}
		quoted := make([]string, len(choices))
		for i, c := range choices {
			quoted[i] = strconv.Quote(c)
		}
		return &games.Option{Name: name, Default: choices[0], Values: kit.OrList(quoted), Parse: games.OneOf(choices...)}, nil
	}
	switch d := v.(type) {
	case bool:
		return &games.Option{Name: name, Default: d, Values: "true or false", Parse: games.Boolean}, nil
	case string:
		return &games.Option{Name: name, Default: d, Values: "a string", Parse: func(x any) (any, error) {
			if s, ok := x.(string); ok {
				return s, nil
			}
			return nil, fmt.Errorf("must be a string, got %s", kit.Format(x))
		}}, nil
	}
	if n, msg := kit.ToInt(v); msg == "" {
		return &games.Option{Name: name, Default: n, Values: "an integer", Parse: func(x any) (any, error) {
			k, msg := kit.ToInt(x)
			switch {
			case msg == "":
				return k, nil
			case strings.HasPrefix(msg, "is too large"): // an integer past 64 bits
				return nil, fmt.Errorf("must be an integer of 64 bits (from -2**63 to 2**63 - 1), got %s", kit.Format(x))
			}
			return nil, fmt.Errorf("must be an integer, got %s", kit.Format(x))
		}}, nil
	}
	if _, msg := kit.ToBig(v); msg == "" { // an integer past 64 bits
		return nil, defError("gives rule %s the default %s: a rule's integer is one of 64 bits (from -2**63 to 2**63 - 1)", name, kit.FormatValue(v))
	}
	return nil, defError("gives rule %s the default %s: a rule's default is an integer, a string, true or false, or the list of its values", name, kit.FormatValue(v))
}
