package kernel

import (
	"fmt"
	"math/rand/v2"
)

// updater is a cell's Env.Update: the first item under an id is shown,
// later ones replace it. The ids a front end sees are made unique to the
// cell (a notebook keeps display ids across cells and kernel restarts), so
// a builtin can simply say "position".
func updater(c *cellRun, svg bool) func(id, text, picture string) {
	prefix := ""
	shown := map[string]bool{}
	return func(id, text, picture string) {
		if prefix == "" {
			// Unique, not secret: math/rand's generator is seeded afresh
			// in every process (and keeps crypto out of the web page's engine).
			prefix = fmt.Sprintf("gamelab-%016x-", rand.Uint64())
		}
		if !svg {
			picture = ""
		}
		c.show(Display{Text: text, SVG: picture, ID: prefix + id, Update: shown[id]})
		shown[id] = true
	}
}
