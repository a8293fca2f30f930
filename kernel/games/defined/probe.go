package defined

// probeTable is the table's packed keys: open addressing with linear
// probing, keys and slots in two arrays that hold no pointers (the
// collector never looks through them), a key found in one or two cache
// lines where a Go map takes several steps. A packed key is never 0, which
// marks a free place. Deleting shifts the keys after it back (no marks
// left behind), so a lookup stops at the first free place.
type probeTable struct {
	keys  []uint64
	slots []slot
	n     int
	shift uint // 64 - log2(len(keys))
}

// probeStart is the places of a new table.
const probeStart = 1 << 10

func newProbeTable() probeTable {
	return probeTable{keys: make([]uint64, probeStart), slots: make([]slot, probeStart), shift: 64 - 10}
}

// home is where k's search starts: Fibonacci hashing, the top bits of
// k times 2^64/φ, which spreads the packed keys' nearby ints.
func (t *probeTable) home(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> t.shift) }

func (t *probeTable) get(k uint64) (slot, bool) {
	mask := len(t.keys) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.slots[i], true
		case 0:
			return slot{}, false
		}
	}
}

func (t *probeTable) set(k uint64, s slot) {
	if (t.n+1)*4 > len(t.keys)*3 {
		t.grow()
	}
	mask := len(t.keys) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			t.slots[i] = s
			return
		case 0:
			t.keys[i], t.slots[i] = k, s
			t.n++
			return
		}
	}
}

func (t *probeTable) grow() {
	keys, slots := t.keys, t.slots
	t.keys, t.slots, t.n = make([]uint64, 2*len(keys)), make([]slot, 2*len(keys)), 0
	t.shift--
	for i, k := range keys {
		if k != 0 {
			t.set(k, slots[i])
		}
	}
}

func (t *probeTable) remove(k uint64) {
	mask := len(t.keys) - 1
	i := t.home(k)
	for t.keys[i] != k {
		if t.keys[i] == 0 {
			return
		}
		i = (i + 1) & mask
	}
	// Shift back each key after i whose home is not between i and it.
	for j := (i + 1) & mask; t.keys[j] != 0; j = (j + 1) & mask {
		if h := t.home(t.keys[j]); (j-h)&mask >= (j-i)&mask {
			t.keys[i], t.slots[i] = t.keys[j], t.slots[j]
			i = j
		}
	}
	t.keys[i], t.slots[i] = 0, slot{}
	t.n--
}

// probeEntryBytes is what a place of the table holds: its key and its slot.
const probeEntryBytes = 8 + 16

// peakBytes is the most the table's arrays can hold once k more keys are
// set: its arrays, and, when those keys pass its load, the new arrays
// beside them while it grows (what the memory budget must allow before
// they are made).
func (t *probeTable) peakBytes(k int) int64 {
	now := int64(len(t.keys)) * probeEntryBytes
	if (t.n+k)*4 > len(t.keys)*3 {
		return 3 * now // the arrays, and the new ones twice their size
	}
	return now
}
