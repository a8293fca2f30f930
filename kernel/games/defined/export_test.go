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

// Part is a call of p's part name (play, earn: with p's first move; key:
// its key in the table), for the benchmarks and tests of a part's call.
func Part(p *Position, name string) func() error {
	m := p.legal[0].(move).w
	var next node
	switch name {
	case "play":
		return func() error { return p.x.next(&p.n, m, &next) }
	case "earn":
		return func() error { _, err := p.x.reward(&p.n, m); return err }
	case "moves":
		return func() error { _, err := p.x.legal(&p.n); return err }
	case "over":
		return func() error { _, err := p.x.call("over", p.x.d.over, &p.n, none); return err }
	}
	return func() error { _, _, err := p.x.tableKey(&p.n); return err }
}

// CallPart runs p's part name n times (Part).
func CallPart(p *Position, name string, n int) error {
	call := Part(p, name)
	for range n {
		if err := call(); err != nil {
			return err
		}
	}
	return nil
}
