//go:build !js

package judge

import (
	"flag"
	"fmt"
	"strings"

	"gamelab/internal/suggest"
	"gamelab/kernel/budget"
)

// The flags' values as the judge reads them, and the flag package's
// errors in the judge's words.

// ParseSize reads --memory: "256MB", "1GB", a number of bytes.
func ParseSize(text string) (int64, error) {
	n, err := budget.ParseBytes(text)
	if err != nil {
		return 0, fmt.Errorf("%q is not a size: write it like 256MB or 1GB", text)
	}
	return n, nil
}

// FlagError is an error of fs's Parse in the judge's words: --name, not
// Go's "-name", what the value should be, and the flag probably meant.
func FlagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "--" + name + " needs a value"
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		name = strings.TrimLeft(name, "-")
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if near := suggest.Nearest(name, names); near != "" {
			return fmt.Sprintf("no flag --%s (did you mean --%s?)", name, near)
		}
		return "no flag --" + name
	}
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok { // invalid value "abc" for flag -time: parse error
		value, name, _ := strings.Cut(rest, " for flag -")
		name, why, _ := strings.Cut(name, ": ")
		switch {
		case why != "parse error" && why != "value out of range":
			return "--" + name + " " + why // the judge's own words, from ParseValues and the like
		case strings.Contains(" time wall shrink-time ", " "+name+" "):
			return fmt.Sprintf("--%s %s is not a valid duration (like 2s or 500ms)", name, value)
		}
		return fmt.Sprintf("--%s %s is not a valid number", name, value)
	}
	return msg
}
