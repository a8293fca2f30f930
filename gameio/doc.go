// Package gameio drives gamelab's batch commands (gamelab polygon | coins |
// lifeline): it takes the instances a game's dialect reads from standard
// input, answers each in order, writes the answers, reports each bad
// instance on the error stream with its number and line ("gamelab coins:
// instance 3 (line 5, column 3): …"), shows the progress of long ones, and
// returns the exit status. The dialects themselves (reading instances,
// writing answers) live with their games, in kernel/games/<game>; this
// package also holds the exact-integer JSON writing they share and the
// readers of lines and tokens their dialects are made of.
//
// gameio imports only internal packages and the standard library.
package gameio
