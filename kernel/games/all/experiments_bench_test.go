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
