package lang

// Exact versions of expr's bit functions: expr's own take int64 and wrap
// (bitshl(1, 64) was 0, bitshl(1, 63) negative) and refuse big integers.
// These work on integers of any size with two's complement meaning, as
// math/big defines it, so they agree with expr's wherever expr's is right.

import (
	"math"
	"math/big"

	"gamelab/kernel/builtin"
)

// bitwise is bitand, bitor, bitxor or bitnand (x &^ y) of two integers.
func bitwise(name string, op func(z, x, y *big.Int) *big.Int) builtin.Func {
	return func(env *builtin.Env, args ...any) (any, error) {
		var x, y *big.Int
		if err := builtin.UnpackArgs(name, args, "x", &x, "y", &y); err != nil {
			return nil, err
		}
		env.Meter.Reserve(int64(max(x.BitLen(), y.BitLen())/8 + 8))
		return normBig(op(new(big.Int), x, y)), nil
	}
}

// bitNot is bitnot(x), -x - 1.
func bitNot(env *builtin.Env, args ...any) (any, error) {
	var x *big.Int
	if err := builtin.UnpackArgs("bitnot", args, "x", &x); err != nil {
		return nil, err
	}
	env.Meter.Reserve(int64(x.BitLen()/8 + 8))
	return normBig(new(big.Int).Not(x)), nil
}

// shifter is bitshl (x * 2**n, left) or bitshr (x / 2**n rounded down).
// A left shift's result is bounded (maxIntBits) and reserved in the
// budget first: x.Lsh(x, 40000000000) was Go's fatal "out of memory".
func shifter(name string, left bool) builtin.Func {
	return func(env *builtin.Env, args ...any) (any, error) {
		var x *big.Int
		var shift any
		if err := builtin.UnpackArgs(name, args, "x", &x, "n", &shift); err != nil {
			return nil, err
		}
		n := asNumber(shift)
		switch {
		case n.kind == bigNum && n.b.Sign() > 0 && left && x.Sign() != 0:
			return nil, valueError(name, 2, "n", "makes an integer of more than %d bits, got %s", maxIntBits, shown(shift))
		case n.kind == bigNum && n.b.Sign() > 0:
			n = number{kind: intNum, i: math.MaxInt32} // shifts everything out, or 0 stays 0
		case n.kind != intNum && n.kind != bigNum:
			return nil, builtin.ArgError(name, 2, "n", "must be an integer, got %s", builtin.TypeName(shift))
		case n.kind == bigNum || n.i < 0:
			return nil, valueError(name, 2, "n", "must be 0 or more, got %s", shown(shift))
		}
		if !left {
			return normBig(new(big.Int).Rsh(x, uint(min(n.i, math.MaxInt32)))), nil
		}
		if x.Sign() == 0 {
			return 0, nil
		}
		if bits := int64(x.BitLen()) + n.i; bits > maxIntBits || n.i > maxIntBits {
			return nil, valueError(name, 2, "n", "makes an integer of more than %d bits (%d digits), got %s", maxIntBits, maxIntDigits, shown(shift))
		}
		env.Meter.Reserve(int64(x.BitLen())/8 + n.i/8 + 8)
		return normBig(new(big.Int).Lsh(x, uint(n.i))), nil
	}
}
