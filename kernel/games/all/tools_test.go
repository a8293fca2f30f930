package all_test

// The tests of package all are about the registry and what the tools do
// across the games it registers: every call goes through the builtins the
// kernel registers (gamestest.Must and the like), with an Env built by
// hand, as a cell would make it. Each game's own tests live in its
// package.

// seedPolygon is the IOI 1998 statement's polygon.
const seedPolygon = "* -5 + -2 * -8 * -5 + 8"
