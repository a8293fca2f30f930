// Package kit is the small helpers the games and the tools over them
// share, and that know no game: checked arguments and exact numbers as
// expr sees them (Unpack, Number, BadType), 1-based indexes, words
// ("3 moves", "a, b or c"), the summaries a screen shows of large values
// (View, cards, ListCut) and the drawings' plumbing (TextOf, SVGOf,
// Frames), and the value types several builtins return (Explanation,
// Chart). It is a leaf: it imports nothing of kernel/games.
package kit
