package kit

import (
	"fmt"
	"math/big"
)

// IndexedNumber checks `x[i] = v` for a value made of numbers 1..n (a
// polygon's vertices, a row of coins): the index and the new value.
func IndexedNumber(x string, index []any, n int, v any) (int, *big.Int, error) {
	i, err := OneIndex(x+"[i] = v", index, n)
	if err != nil {
		return 0, nil, err
	}
	b, msg := ToBig(v)
	if msg != "" {
		return 0, nil, fmt.Errorf("%s[%d] = v: the value %s", x, i, msg)
	}
	return i, b, nil
}

// OneIndex checks a one-number index for SetIndex and GetIndex and returns
// it as 1..n: as every list in the kernel, -1 is the last (p[-1] is vn).
func OneIndex(what string, index []any, n int) (int, error) {
	if len(index) != 1 {
		return 0, fmt.Errorf("%s: wants one index, got %d", what, len(index))
	}
	i, msg := ToInt(index[0])
	if msg != "" {
		return 0, fmt.Errorf("%s: the index %s", what, msg)
	}
	if i < 0 && i >= -n {
		return n + 1 + i, nil
	}
	if i < 1 || i > n {
		return 0, fmt.Errorf("%s: the index %s (or -%d..-1 from the end)", what, RangeMsg(i, 1, n), n)
	}
	return i, nil
}

func BigStrings(bs []*big.Int) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.String()
	}
	return out
}
