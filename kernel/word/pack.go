package word

// A packed list: up to three ints in one uint64, the shape (how many)
// in the top three bits, never 0, bit 60 free for a caller (a game's
// search puts its mover there), the ints in the 60 bits below, each in
// two's complement: one of 60 bits, two of 30, three of 20.
const (
	shapeShift = 61
	shapeEmpty = 2 // []
	shapeOne   = 3 // [a]
	shapeTwo   = 4 // [a, b]
	shapeThree = 5 // [a, b, c]
	// ShapeInt is the shape of a lone int packed by PackInt, not a list.
	ShapeInt = 1
)

// Pack is ints packed, false when there are more than three or one does
// not fit its field.
func Pack(ints []int64) (uint64, bool) {
	switch len(ints) {
	case 0:
		return shapeEmpty << shapeShift, true
	case 1:
		return field(ints[0], 60, shapeOne)
	case 2, 3:
	default:
		return 0, false
	}
	n := len(ints)
	bits := uint(60 / n)
	var out uint64
	for j, i := range ints {
		f, ok := field(i, bits, 0)
		if !ok {
			return 0, false
		}
		out |= f << (uint(n-1-j) * bits)
	}
	shape := uint64(shapeTwo)
	if n == 3 {
		shape = shapeThree
	}
	return out | shape<<shapeShift, true
}

// PackInt is the lone int i packed (a pile), false past 60 bits.
func PackInt(i int64) (uint64, bool) { return field(i, 60, ShapeInt) }

// field is i in bits bits (two's complement) with shape above, false when
// it does not fit.
func field(i int64, bits uint, shape uint64) (uint64, bool) {
	if i < -(1<<(bits-1)) || i >= 1<<(bits-1) {
		return 0, false
	}
	return uint64(i)&(1<<bits-1) | shape<<shapeShift, true
}

// TupleLen is how many ints p packs.
func TupleLen(p uint64) int { return int(p>>shapeShift) - shapeEmpty }

// TupleAt is int i (from 0) of p.
func TupleAt(p uint64, i int) int64 {
	n := TupleLen(p)
	bits := uint(60 / n)
	f := p >> (uint(n-1-i) * bits) & (1<<bits - 1)
	return int64(f<<(64-bits)) >> (64 - bits) // sign-extended
}
