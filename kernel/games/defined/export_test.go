package defined

// Solved is how many positions p's instance has solved, and the bytes of
// the keys kept as text: what the benchmarks count positions and memory by.
func Solved(p *Position) (positions, keyBytes int) {
	if p.x.memo == nil {
		return 0, 0
	}
	for k := range p.x.memo.texts {
		keyBytes += len(k)
	}
	return p.x.memo.size(), keyBytes
}
