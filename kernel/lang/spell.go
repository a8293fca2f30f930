package lang

// A misspelt name's nearest known one: internal/suggest, which the game
// builtins use for their rules too.

import "gamelab/internal/suggest"

// Nearest returns the candidate closest to name by edit distance, if it is
// close enough to be a likely misspelling; "" otherwise.
func Nearest(name string, candidates []string) string { return suggest.Nearest(name, candidates) }
