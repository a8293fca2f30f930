package games

// ResultSee is how to see all of a result too large to draw, x standing
// for it (as printer.GetAll writes it for a value in no variable).
const ResultSee = `text(x) or save(x, "x.txt") or save(x, "x.svg") draws it all`

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
