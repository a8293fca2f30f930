package games

// ResultSee is how to see all of a result too large to draw.
const ResultSee = `text(r) or save(r, "r.txt") or save(r, "r.svg") draws it all`

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
