// Package lifelinebench checks the Life Line solver against the judge's own
// program (the C++ in seed 004, built with g++ -O2 into a temporary
// directory) and measures `gamelab lifeline` as a whole process on boards of
// 1500 rows (1.1 million vertices): read, solve and answer in under 2 s and
// 300 MB.
//
//	go test ./bench/lifeline/                          # agreement with the judge
//	go test -run X -bench . -benchtime 3x ./bench/lifeline/
//	GAMELAB_BIN=/path/to/gamelab go test -run X -bench Whole ./bench/lifeline/
//
// The agreement test skips when g++ is missing, the benchmarks when the go
// tool is. The judge prints INT_MIN for a board without an empty vertex,
// where gamelab reports an error, so those boards are left out of the
// comparison.
package lifelinebench
