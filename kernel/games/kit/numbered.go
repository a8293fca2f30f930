package kit

import "math/big"

// The numbered values of an instance (a ring's vertices, a row's coins,
// a chain's values): x[i], at(x, i) and setv(x, i, v) read the same
// arguments for every game; the game only says what a changed copy is.

// ValueAt is at(x, i) of values, counting from 1; name is x's name in
// the signature.
func ValueAt(args []any, name string, values []any) (any, error) {
	var i int
	if err := Unpack("at", args, name, new(any), "i", &i); err != nil {
		return nil, err
	}
	if err := CheckIndex("at", 2, "i", i, 1, len(values)); err != nil {
		return nil, err
	}
	return values[i-1], nil
}

// SetVArgs reads setv(x, i, v) over n values: i in 1..n and v.
func SetVArgs(args []any, name string, n int) (int, *big.Int, error) {
	var i int
	var v *big.Int
	if err := Unpack("setv", args, name, new(any), "i", &i, "v", &v); err != nil {
		return 0, nil, err
	}
	if err := CheckIndex("setv", 2, "i", i, 1, n); err != nil {
		return 0, nil, err
	}
	return i, v, nil
}

// IndexedValue is x[i] of values; label is the form errors name ("c[i]").
func IndexedValue(label string, index []any, values []any) (any, error) {
	i, err := OneIndex(label, index, len(values))
	if err != nil {
		return nil, err
	}
	return values[i-1], nil
}
