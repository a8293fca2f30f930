package gameio

import (
	"fmt"
	"strings"
)

// Help is a batch command's help (gamelab GAME): its formats, each a name
// and what it reads and writes, the default first; its rule variants, a
// line each; what its input holds and what one instance is called.
func Help(formats [][2]string, rules []string, input, unit string) string {
	var names, docs []string
	for _, f := range formats {
		names = append(names, f[0])
		docs = append(docs, fmt.Sprintf("  %-6s %s", f[0], strings.ReplaceAll(f[1], "\n", "\n         ")))
	}
	usage := fmt.Sprintf("[--format %s] [--rules name=value,…] [--progress]\n\nInput: %s\n%s\n\n",
		strings.Join(names, "|"), input, strings.Join(docs, "\n"))
	if len(rules) > 0 {
		usage += "--rules name=value,… plays every instance under variants (help(variants) in a session):\n  " +
			strings.Join(rules, "\n  ") + "\n\n"
	}
	return usage + fmt.Sprintf("A bad %s is reported on standard error with its number and line; the others\n"+
		"are still answered, and the exit status is 1. With --progress, an instance that runs over a\n"+
		"second shows its progress on standard error, in place. Examples: docs/formats.md.", unit)
}
