package all_test

import "testing"

// BenchmarkTournamentCoins: 10,000 rows of 20 coins, greedy (A) against
// optimal (B), as tournament(xs, {A: greedy, B: optimal}) plays them; the
// target is under 2 s for all of them.
func BenchmarkTournamentCoins(b *testing.B) {
	env, _ := testEnv()
	rows := make([]any, 10000)
	for i := range rows {
		rows[i] = must(b, "randcoins", 20, i+1)
	}
	sides := map[string]any{"A": lookup(b, "greedy").Value, "B": lookup(b, "optimal").Value}
	tournament := lookup(b, "tournament")
	for b.Loop() {
		if _, err := tournament.Fn(env, rows, sides); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMatchLongRow: one match of 6000 coins, greedy against optimal.
// The row's table answers every position (it took 50 s position by
// position, O(n³), when the oracle refused tables past 4 MiB); the target
// is under a second.
func BenchmarkMatchLongRow(b *testing.B) {
	env, _ := testEnv()
	row := must(b, "randcoins", 6000, 1)
	match := lookup(b, "match")
	for b.Loop() {
		if _, err := match.Fn(env, row, lookup(b, "greedy").Value, lookup(b, "optimal").Value); err != nil {
			b.Fatal(err)
		}
	}
}
