// Package gameio owns the batch text formats of the three games: it reads
// instances (polygon rings in the original program's dialect and in IOI
// 1998's, coin rows one per line or AtCoder's "Deque" layout, Life Line
// datasets in the judge's layout), writes answers (in each of those
// dialects, and as JSON with exact integers), and drives a whole batch: read
// a stream, answer every instance it can, report each bad one on the error
// stream with its instance number and line, and return the exit status.
//
// The JSON of a solver result is written here and nowhere else, so that
// `gamelab polygon --format json` and the kernel's json(x) can never drift
// apart. docs/formats.md describes every dialect with an example.
//
// gameio sits between the solvers and everything that shows their answers:
// it imports only solvers/* and the standard library.
package gameio
