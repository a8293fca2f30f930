package main

import "gamelab/gameio"

var coinsCommand = &command{
	name:    "coins",
	summary: "coins in a row: optimal totals and moves for each row on standard input",
	usage: "[--format seed|deque|json] [--progress]\n\n" +
		"  seed   one row of integers per line; prints \"score moves\": the first\n" +
		"         player's total and both players' moves as L and R (default)\n" +
		"  deque  AtCoder DP \"Deque\": N, then N integers; prints X − Y\n" +
		"  json   rows as for seed; one {\"n\",\"best\",\"second\",\"diff\",\"moves\"} object per row\n\n" +
		"Blank lines are skipped. A bad row is reported on standard error with its\n" +
		"line number; the other rows are still answered, and the exit status is 1.\n" +
		"With --progress, an instance that runs over a second shows its progress\n" +
		"on standard error, in place. Examples: docs/formats.md.",
	run: batchRun("coins", gameio.CoinsFormats, gameio.Batch.Coins),
}
