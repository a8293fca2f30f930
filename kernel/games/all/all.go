// Package all registers gamelab's games with the engine, in the order help
// lists them: the polygon game, coins in a row, Life Line. The kernel
// imports it; a test that defines a game of its own registers it the same
// way, with games.Register.
package all

import (
	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
)

func init() {
	games.Register(polygon.Game)
	games.Register(coins.Game)
	games.Register(lifeline.Game)
}
