// Package coinsbench measures `gamelab coins` as a whole process against
// seed 003's C++ program (../../../shared/bench/coins_seed.cpp, built with
// g++ -O2 into a temporary directory), and checks that the two agree.
//
//	go test ./bench/coins/                       # agreement with the seed's program
//	go test -run X -bench . -benchtime 3x ./bench/coins/
//
// Everything is skipped when g++ (or, for the benchmarks, the go tool) is
// missing; the benchmarks build cmd/gamelab, so they need the whole binary
// to build (or GAMELAB_BIN to name a gamelab binary built elsewhere). The seed's program computes in C int, so the rows here keep
// every total below 2^31.
package coinsbench
