package coins

import "math/big"

// Margins is the default game's values on every interval of a short row,
// in int64: for a caller that asks for many positions of one row, as a
// match does (one per move), at a few nanoseconds a position where a
// Table's cell takes big-integer arithmetic. It holds n² values.
type Margins struct {
	n     int
	coins []int64
	d     []int64 // d[lo*n+hi-1]: the mover's margin on coins lo..hi−1
}

// MaxMarginsCoins bounds the rows NewMargins takes (a table of 64 MiB).
const MaxMarginsCoins = 2896

// MarginsBytes is the memory NewMargins takes for a row of n coins.
func MarginsBytes(n int) int64 { return 8 * int64(n) * int64(n+1) }

// NewMargins fills the margins of row under the default rules; false when
// the row is longer than MaxMarginsCoins or its margins could pass 62 bits
// (Σ|a| ≥ 2^62): the Table answers those.
func NewMargins(row []*big.Int) (*Margins, bool) {
	n := len(row)
	if n == 0 || n > MaxMarginsCoins || absSum(row).BitLen() > 62 {
		return nil, false
	}
	m := &Margins{n: n, coins: make([]int64, n), d: make([]int64, n*n)}
	for i, c := range row {
		m.coins[i] = c.Int64()
		m.d[i*n+i] = m.coins[i]
	}
	for size := 2; size <= n; size++ {
		for lo := 0; lo+size <= n; lo++ {
			hi := lo + size // coins lo..hi−1
			m.d[lo*n+hi-1] = max(m.coins[lo]-m.d[(lo+1)*n+hi-1], m.coins[hi-1]-m.d[lo*n+hi-2])
		}
	}
	return m, true
}

// Eval is position p's value and every move's, as Game.Eval gives them
// under the default rules; p is a position of the row (M 0).
func (m *Margins) Eval(p Position) Eval {
	moves := Rules{}.Moves(p)
	e := Eval{Position: p, Value: new(big.Int), Moves: moves, After: make([]*big.Int, len(moves))}
	if p.Left() == 0 {
		return e
	}
	e.Value.SetInt64(m.d[p.Lo*m.n+p.Hi-1])
	for i, mv := range moves {
		q := Rules{}.Next(p, mv)
		after := m.coins[p.Lo]
		if mv.Side == 'R' {
			after = m.coins[p.Hi-1]
		}
		if q.Left() > 0 {
			after -= m.d[q.Lo*m.n+q.Hi-1]
		}
		e.After[i] = big.NewInt(after)
	}
	return e
}
