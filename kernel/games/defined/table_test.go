//go:build !js

package defined

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"gamelab/kernel/word"
)

// TestPackedKeys: two keys pack the same exactly when their texts (what
// named positions before keys were packed) are the same, on random
// integers and lists of them at the edges of each shape's bits, as the
// language has them and as the fast path makes them (word.ListOf: packed
// or a list of Words), whose texts are the language's too; and a key too
// large for its shape does not pack.
func TestPackedKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 2))
	edges := []int64{0, 1, -1, 2, 7, 1<<19 - 1, -1 << 19, 1 << 19, 1<<29 - 1, -1 << 29, 1 << 29, 1<<59 - 1, -1 << 59, 1 << 59}
	num := func() any {
		i := edges[r.IntN(len(edges))]
		switch r.IntN(3) {
		case 0:
			return big.NewInt(i)
		case 1:
			return int(i)
		}
		return int(r.Int64N(5) - 2)
	}
	value := func() any {
		n := r.IntN(5) - 1
		if n < 0 {
			return num()
		}
		l := make([]any, n)
		ints := make([]int, n)
		for i := range l {
			l[i] = num()
			if b, ok := l[i].(*big.Int); ok {
				ints[i] = int(b.Int64())
			} else {
				ints[i] = l[i].(int)
			}
		}
		if r.IntN(2) == 0 {
			return ints
		}
		return l
	}
	byText := map[string]uint64{}
	byPacked := map[uint64]string{}
	packed := 0
	for range 20000 {
		v := value()
		s := text(v)
		p, ok := pack(word.Of(v))
		for _, w := range forms(v) {
			if q, ok2 := pack(w); q != p || ok2 != ok {
				t.Fatalf("%s packs as %x (%v) and, made by the fast path, as %x (%v)", s, p, ok, q, ok2)
			}
			if got := string(appendLiteral(nil, w)); got != s {
				t.Fatalf("%s made by the fast path has the text %s", s, got)
			}
		}
		if !ok {
			if q, seen := byText[s]; seen && q != 0 {
				t.Fatalf("%s packs as %x and does not", s, q)
			}
			byText[s] = 0
			continue
		}
		packed++
		if q, seen := byText[s]; seen && q != p {
			t.Fatalf("%s packs as %x and %x", s, q, p)
		}
		if other, seen := byPacked[p]; seen && other != s {
			t.Fatalf("%s and %s both pack as %x", s, other, p)
		}
		byText[s], byPacked[p] = p, s
	}
	if packed < 5000 {
		t.Errorf("only %d of 20000 keys packed", packed)
	}
	for _, v := range []any{1 << 59, []any{1 << 29, 0}, []int{0, 0, 1 << 19}, []any{1, 2, 3, 4}, "s", []any{"X"}} {
		if _, ok := pack(word.Of(v)); ok {
			t.Errorf("%s packs, but passes its shape's bits", text(v))
		}
	}
}

// forms is v as the fast path may have it: as it is, and a list made
// of its items' Words.
func forms(v any) []word.Word {
	out := []word.Word{word.Of(v)}
	if l, ok := word.Of(v).Len(); ok {
		items := make([]word.Word, l)
		for i := range items {
			items[i] = word.Of(v).At(i)
		}
		out = append(out, word.ListOf(items))
	}
	return out
}

// TestProbeTable: the packed keys' table agrees with a Go map through
// 200,000 random sets, gets and removes of keys from a small range (so
// keys collide, runs of probes grow, and removes shift keys back across
// the table's end), and its count is the map's.
func TestProbeTable(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 3))
	p := newProbeTable()
	want := map[uint64]slot{}
	for i := range 200000 {
		k := uint64(r.IntN(3000)) + 1
		if r.IntN(8) == 0 {
			k |= 1 << 63 // far keys too
		}
		switch r.IntN(3) {
		case 0:
			s := slot{small: int64(i)}
			p.set(k, s)
			want[k] = s
		case 1:
			p.remove(k)
			delete(want, k)
		}
		got, ok := p.get(k)
		if w, in := want[k]; ok != in || got != w {
			t.Fatalf("step %d: key %x gives %v %v, want %v %v", i, k, got, ok, w, in)
		}
		if p.n != len(want) {
			t.Fatalf("step %d: %d keys, want %d", i, p.n, len(want))
		}
	}
	for k, w := range want {
		if got, ok := p.get(k); !ok || got != w {
			t.Fatalf("key %x gives %v %v at the end, want %v", k, got, ok, w)
		}
	}
}

// TestProbeTablePeak: what peakBytes says the table may hold before the
// next reservation is never less than its arrays once that many keys more
// are set, the arrays it grows into counted beside the old ones.
func TestProbeTablePeak(t *testing.T) {
	p := newProbeTable()
	const step = 1024
	for k := uint64(1); k < 1<<17; {
		peak := p.peakBytes(step)
		before := int64(len(p.keys)) * probeEntryBytes
		for range step {
			p.set(k, slot{})
			k++
		}
		after := int64(len(p.keys)) * probeEntryBytes
		held := after
		if after != before {
			held = before + after // both while it grew
		}
		if held > peak {
			t.Fatalf("at %d keys the arrays held %d bytes, past the peak of %d said before", p.n, held, peak)
		}
	}
}
