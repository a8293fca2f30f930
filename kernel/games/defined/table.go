package defined

import (
	"math/big"

	"gamelab/internal/checked"
	"gamelab/kernel/games"
)

// The table of an instance's search: each position it has solved, by its
// key, and the position's value for its mover. A key that is a small
// integer or a list of up to three small integers (a pile, [lo, hi]) is
// packed, with the mover, into one uint64: a probeTable holds those, in a
// third of a string map's memory and time; any other key is its text
// (keyText), the same text a position's Key has. The web page's engine
// packs none (keys_js.go).

// table is the positions an instance's search has solved. Its maps hold
// no pointers in their values (a value past int64 is in bigs), so the
// collector does not look through a table of millions of positions.
type table struct {
	packed   probeTable
	texts    map[string]slot
	bigs     []*big.Int // the values past int64, slot.big-1
	reserved int        // text entries whose memory was reserved
	// textBytes is the bytes of the text keys' texts, textReserved what
	// of them was reserved.
	textBytes, textReserved int64
	// packedReserved is the bytes reserved for packed's arrays.
	packedReserved int64
}

// slot is a value in the table: small, or bigs[big-1], or (big -1) the
// mark of a position on the search's stack.
type slot struct {
	small int64
	big   int32
}

func newTable() *table { return &table{packed: newProbeTable(), texts: map[string]slot{}} }

// size is how many positions the table holds.
func (t *table) size() int { return t.packed.n + len(t.texts) }

// tkey is a position's name in the table: packed, or (packed 0) its text.
type tkey struct {
	packed uint64
	text   string
}

func newKey(packed uint64, text []byte) tkey {
	if packed != 0 {
		return tkey{packed: packed}
	}
	return tkey{text: string(text)}
}

// get is the value of the position named packed or (packed 0) text.
func (t *table) get(packed uint64, text []byte) (val, bool) {
	var s slot
	var ok bool
	if packed != 0 {
		s, ok = t.packed.get(packed)
	} else {
		s, ok = t.texts[string(text)]
	}
	switch {
	case !ok || s.big == 0:
		return val{small: s.small}, ok
	case s.big < 0:
		return val{big: searching}, true
	}
	return val{big: t.bigs[s.big-1]}, true
}

func (t *table) set(k tkey, v val) {
	s := slot{small: v.small}
	switch {
	case v.big == searching:
		s.big = -1
	case v.big != nil:
		t.bigs = append(t.bigs, v.big)
		s.big = int32(len(t.bigs))
	}
	if k.packed != 0 {
		t.packed.set(k.packed, s)
		return
	}
	before := len(t.texts)
	if t.texts[k.text] = s; len(t.texts) > before {
		t.textBytes += int64(len(k.text))
	}
}

func (t *table) remove(k tkey) {
	if k.packed != 0 {
		t.packed.remove(k.packed)
		return
	}
	if _, ok := t.texts[k.text]; ok {
		delete(t.texts, k.text)
		t.textBytes -= int64(len(k.text))
	}
}

// searching marks, in the table, the positions on the search's stack: a
// move that reaches one returns to a position.
var searching = new(big.Int)

// tableKey names n in the table: packed when its key packs (text nil),
// else its text in x's buffer, which the next call writes over.
func (x *run) tableKey(n *node) (packed uint64, text []byte, err error) {
	k, err := x.keyValue(n)
	if err != nil {
		return 0, nil, err
	}
	mover := -1
	for i, p := range x.d.players {
		if p == n.mover {
			mover = i
		}
	}
	if x.d.moverFree && mover >= 0 {
		mover = 0
	}
	if packed, ok := pack(k); ok && mover >= 0 {
		return packed | uint64(mover)<<moverShift, nil, nil
	}
	return 0, x.keyText(n, k), nil
}

// moverShift is where a packed key (word.Pack's format) holds the
// mover's index: the bit its format leaves free.
const moverShift = 60

// val is a position's value: small, unless big holds it.
type val struct {
	small int64
	big   *big.Int
}

func (v val) Big() *big.Int {
	if v.big != nil {
		return v.big
	}
	return big.NewInt(v.small)
}

func bigVal(b *big.Int) val {
	switch {
	case b == nil: // 0: a move that earns nothing
		return val{}
	case b.IsInt64():
		return val{small: b.Int64()}
	}
	return val{big: b}
}

// cmp compares a and b.
func (a val) cmp(b val) int {
	if a.big == nil && b.big == nil {
		switch {
		case a.small < b.small:
			return -1
		case a.small > b.small:
			return 1
		}
		return 0
	}
	return a.Big().Cmp(b.Big())
}

// after is reward + carry · next, exact.
func after(reward val, carry games.Carry, next val) val {
	if reward.big == nil && next.big == nil {
		var v int64
		ok := true
		switch carry {
		case games.CarrySame:
			v, ok = checked.Add(reward.small, next.small)
		case games.CarryNegated:
			v, ok = checked.Sub(reward.small, next.small)
		default:
			v = reward.small
		}
		if ok {
			return val{small: v}
		}
	}
	return bigVal(games.AfterValue(games.Step{Reward: reward.Big(), Carry: carry}, next.Big()))
}

// bytesPerPosition is what the table keeps of a position named by its
// text, past the text: the value and the map's share.
const bytesPerPosition = 80
