package defined

import (
	"fmt"

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
		out = append(out, o)
	}
	return out, nil
}

// option is the rule name with default v: an integer, a string, or true or
// false, and it takes values of that kind.
func option(name string, v any) (*games.Option, error) {
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
			if k, msg := kit.ToInt(x); msg == "" {
				return k, nil
			}
			return nil, fmt.Errorf("must be an integer, got %s", kit.Format(x))
		}}, nil
	}
	return nil, defError("gives rule %s the default %s: a rule's default is an integer, a string, or true or false", name, kit.FormatValue(v))
}
