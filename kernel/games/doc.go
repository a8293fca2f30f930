// Package games is the game contract: what a game is to gamelab, and
// nothing more.
//
// A game is a *Game (its name, its rules and their variants, its
// builtins and batch formats, the facts and words the tools need) and
// its positions. An instance before any move (a polygon, a row of coins,
// a board) is a position, and so is every state after some moves. A
// Position says who moves, which moves are legal in the game's order,
// what a move earns (Step) and leads to (Play), and what the game is worth
// once no move is left (Terminal); from that alone the value of every
// position follows,
//
//	value(p) = Terminal()                                   when no move is left
//	value(p) = best over legal m of  Reward(m) + Carry(m) · value(Play(m))
//
// which Exhaustive computes by searching every line: the reference every
// game's fast solver is tested against. This is OpenSpiel's Game and
// State (spiel.h) and GamesmanClassic's module template.
//
// What only some games can do (a fast solver, a DP table, editing, their
// own pictures of results) are capabilities: small interfaces a position
// or value implements, asserted at compile time in the game's package
// (var _ games.Solver = (*Polygon)(nil)), which the tools ask for with a
// type assertion, as starlark-go's values do.
//
// The builtins written once over this contract (after, analyze, play,
// trace, explain, match, tournament, shrink, the strategies, solve, dp,
// json, with and rules) are package kernel/games/tools; helpers shared by
// the games and the tools (checked arguments, cards and drawings, words)
// are the leaf package kernel/games/kit; each game is a package of its
// own (kernel/games/polygon, coins, lifeline), and kernel/games/all
// registers them.
package games
