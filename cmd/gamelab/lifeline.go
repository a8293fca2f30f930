package main

import "gamelab/gameio"

var lifelineCommand = &command{
	name:    "lifeline",
	summary: "solve Life Line turns: the judge's datasets (N C, then the triangle) up to 0 0, one best score per line",
	usage: "[--format seed|json] [--progress] < datasets\n\n" +
		"Input: datasets until \"0 0\" or end of input, each the board size N and the\n" +
		"player C (1..9), then the N(N+1)/2 cells row by row (0 empty, 1..9 a stone).\n" +
		"  seed  the best points of each dataset, one per line (default)\n" +
		"  json  one {\"n\",\"player\",\"best\",\"moves\"} object per dataset, moves being\n" +
		"        every best vertex as [row, position]\n\n" +
		"A bad dataset is reported on standard error with its number, line and column;\n" +
		"the others are still answered, and the exit status is 1. With --progress, an instance that runs over a second shows its progress\n" +
		"on standard error, in place. Examples: docs/formats.md.",
	run: batchRun("lifeline", gameio.LifelineFormats, gameio.Batch.Lifelines),
}
