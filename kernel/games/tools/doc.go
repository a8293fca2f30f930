// Package tools is the builtins written once over the game contract of
// package games, for every game and every rule variant: after, analyze,
// play, trace, explain (the game tree), the strategies, match, tournament,
// shrink, with, rules and help(variants), solve, dp, position, the edits
// (at, setv, insert, remove, rotate, reverse) and the value builtins
// (show, save, plot, json, text, svg). None of them names a game: each
// works through Position and the capabilities a value implements.
// Builtins is the table the kernel runs: every registered game's own
// builtins, then these.
package tools
