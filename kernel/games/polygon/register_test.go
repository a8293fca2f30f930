package polygon_test

// The game's tests call the tools as a session does, with gamelab's games
// registered (package all registers them for the kernel).
import _ "gamelab/kernel/games/all"
