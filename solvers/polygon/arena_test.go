package polygon

import (
	"math/big"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// Values put into the arena come back the same, signs and lengths
// included, from several writers and across levels, values larger than a
// chunk among them and more chunks than a segment holds; a view cannot grow
// into the words after it.
func TestArenaRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var a arena
	writers := []arenaWriter{{a: &a}, {a: &a}, {a: &a}}
	var vals []*big.Int
	var refs []uint64
	for level := range 6 {
		bits := 64 << level
		if level == 5 {
			bits = 64 * (3*minChunkWords + 5) // more than a chunk
		}
		count := 300
		a.level(bits)
		if level == 5 {
			count = 4
		} else {
			a.chunkWords = 1 // a chunk a value: more chunks than a segment
		}
		for range count {
			words := make([]big.Word, 1+rng.IntN(bits/64))
			for k := range words {
				words[k] = big.Word(rng.Uint64())
			}
			x := new(big.Int).SetBits(words)
			if rng.IntN(2) == 0 {
				x.Neg(x)
			}
			if x.Sign() == 0 {
				continue
			}
			w := &writers[rng.IntN(len(writers))]
			vals, refs = append(vals, x), append(refs, w.put(x))
		}
	}
	var z big.Int
	for k, ref := range refs {
		if ref == 0 {
			t.Fatalf("value %d got ref 0, which means none", k)
		}
		v := a.get(ref, &z)
		if v.Cmp(vals[k]) != 0 {
			t.Fatalf("value %d: got back %.40v…, put %.40v…", k, v, vals[k])
		}
		if ws := v.Bits(); cap(ws) != len(ws) {
			t.Fatalf("value %d: view has capacity %d beyond its %d words", k, cap(ws), len(ws))
		}
	}
	if a.next.Load() <= segChunks {
		t.Fatalf("%d chunks made: the test means to fill more than a segment (%d)", a.next.Load(), segChunks)
	}
}

// The leaves are stored in the arena before any level, however large they
// are (100 values of 200000 bits fill a dozen chunks).
func TestArenaHoldsHugeLeaves(t *testing.T) {
	p := &Polygon{}
	for k := range 100 {
		v := new(big.Int).Lsh(big.NewInt(int64(k+1)), 200000)
		if k%3 == 0 {
			v.Neg(v)
		}
		p.Ops, p.Values = append(p.Ops, '*'), append(p.Values, v)
	}
	tb := &tables{n: 100, opts: Options{Workers: 1}, cfg: defaultConfig(), stop: new(atomic.Bool)}
	g, err := tb.newGenTables(2, p.Values)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range p.Values {
		if got := g.value(i, 0, true); got.b == nil || got.b.Cmp(v) != 0 {
			t.Fatalf("leaf %d does not come back", i)
		}
	}
}
