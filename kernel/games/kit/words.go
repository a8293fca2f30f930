package kit

import "strings"

// ResultSee is how to see all of a result too large to draw, x standing
// for it (as printer.GetAll writes it for a value in no variable).
const ResultSee = `text(x) or save(x, "x.txt") or save(x, "x.svg") draws it all`

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// OrList writes "a", "a or b", "a, b or c".
func OrList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
