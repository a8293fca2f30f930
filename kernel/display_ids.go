package kernel

import (
	"crypto/rand"
	"encoding/hex"
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
			var b [8]byte
			_, _ = rand.Read(b[:]) // crypto/rand.Read does not fail
			prefix = "gamelab-" + hex.EncodeToString(b[:]) + "-"
		}
		if !svg {
			picture = ""
		}
		c.show(Display{Text: text, SVG: picture, ID: prefix + id, Update: shown[id]})
		shown[id] = true
	}
}
