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

// CallPart runs p's part name (play, earn: with p's first move) n times,
// for the benchmarks of a part's call.
func CallPart(p *Position, name string, n int) error {
	m := p.legal[0].(move).w
	parts := map[string]func() error{
		"play":  func() error { var next node; return p.x.next(&p.n, m, &next) },
		"earn":  func() error { _, err := p.x.reward(&p.n, m); return err },
		"moves": func() error { _, err := p.x.legal(&p.n); return err },
		"key":   func() error { _, _, err := p.x.tableKey(&p.n); return err },
	}
	for range n {
		if err := parts[name](); err != nil {
			return err
		}
	}
	return nil
}
