package main

import "gamelab/gameio"

var polygonCommand = &command{
	name:    "polygon",
	summary: "polygon game: the best score and an optimal plan for each ring on standard input",
	usage: "[--format seed|ioi|json] [--progress]\n\n" +
		"Input: rings until end of input, each the vertex count n and then\n" +
		"\"op1 v1 … opn vn\" (operators + and *, or t and x; the 2n tokens may span lines).\n" +
		"  seed  the ring drawn in two lines, each first edge's best score, the plan's\n" +
		"        first edge and merges, and the best score (default)\n" +
		"  ioi   IOI 1998's POLYGON.OUT: the best score, then every optimal first edge (CRLF)\n" +
		"  json  one {\"n\",\"scores\",\"best\",\"optimal\",\"first\",\"merges\"} object per ring\n\n" +
		"A bad ring is reported on standard error with its number and line; the others\n" +
		"are still answered, and the exit status is 1. With --progress, an instance that runs over a second shows its progress\n" +
		"on standard error, in place. Examples: docs/formats.md.",
	run: batchRun("polygon", gameio.PolygonFormats, gameio.Batch.Polygons),
}
