package games

import "gamelab/kernel/display"

// MarkedPicturer is a position that draws its own picture with its legal
// moves marked on it (explore's, in the web page: each move's coin, edge
// or vertex coloured by its loss, a click on it plays it). marks are by
// the move's String; a move without one is drawn as usual. "" when the
// picture cannot carry marks (a card stands for a position too large to
// draw). Positions without it show their moves beside the picture only.
type MarkedPicturer interface {
	MarkedSVG(marks map[string]display.Mark) string
}
