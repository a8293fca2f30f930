// Package coinsbench measures `gamelab coins` as a whole process against
// the C++ program coins in a row was first posed with (shared/bench/coins_seed.cpp
// beside the repository, built with g++ -O2 into a temporary directory), and
// checks that the two agree.
//
//	go test ./bench/coins/                       # agreement with that program
//	go test -run X -bench . -benchtime 3x ./bench/coins/
//
// The tests and benchmarks that need that program skip, saying what is
// missing, when its source or g++ is absent (GAMELAB_REQUIRE_BASELINES=1
// makes that a failure; see internal/baseline). The benchmarks build
// cmd/gamelab, so they need the whole binary to build (or GAMELAB_BIN to
// name a gamelab binary built elsewhere). The original program computes in
// C int, so the rows here keep every total below 2^31.
package coinsbench
