package kit

import (
	"fmt"
	"math/big"

	"gamelab/internal/decimal"
	"gamelab/kernel/builtin"
)

// BigList converts an array of integers; an empty list is an error (every game
// needs n ≥ 1).
func BigList(fn string, k int, name string, list []any) ([]*big.Int, error) {
	if len(list) == 0 {
		return nil, builtin.ArgError(fn, k, name, "is empty: a game needs at least one")
	}
	out := make([]*big.Int, len(list))
	for i, x := range list {
		b, msg := ToBig(x)
		if msg != "" {
			return nil, builtin.ArgError(fn, k, name, "element %d %s", i+1, msg)
		}
		out[i] = b
	}
	return out, nil
}

// RandArgs reads (n, seed), n named nName, for a random constructor, n in
// 1..maxN. The seed is any integer of 64 bits, taken as its two's complement
// bits for splitmix64.
func RandArgs(fn, nName string, env *builtin.Env, args []any, maxN int) (n int, seed uint64, opts map[string]any, err error) {
	var seedArg *big.Int
	var optArg any
	if err := Unpack(fn, args, nName, Between(&n, 1, maxN), "seed", &seedArg, "options?", &optArg); err != nil {
		return 0, 0, nil, err
	}
	if !seedArg.IsInt64() {
		return 0, 0, nil, builtin.ArgError(fn, 2, "seed", "must fit 64 bits, got %s", seedArg)
	}
	if optArg != nil {
		m, ok := optArg.(map[string]any)
		if !ok {
			return 0, 0, nil, builtin.ArgError(fn, 3, "options", "must be a map of options and rules like {values: 1..50}, got %s", TypeName(optArg))
		}
		opts = m
	}
	if err := env.Ctx.Err(); err != nil {
		return 0, 0, nil, err
	}
	return n, uint64(seedArg.Int64()), opts, nil
}

// RangeOption reads a random constructor's range option (values: 1..50,
// or [lo, hi] for ends past what a range can list, such as
// [-10**30, 10**30]): its smallest and largest value.
func RangeOption(fn string, k int, name string, v any) (lo, hi *big.Int, err error) {
	bad := func(why string) error {
		return builtin.ArgError(fn, k, "options", "%s %s", name, why)
	}
	if r, ok := v.(builtin.Range); ok {
		lo, hi = r.Lo, r.Hi
	} else {
		l, ok := AsList(v)
		if ok && len(l) == 0 {
			return nil, nil, bad("is an empty range (a..b counts up: 1..10, not 10..1)")
		}
		if !ok {
			return nil, nil, bad("must be a range like 1..50 or a pair [lo, hi], got " + TypeName(v))
		}
		nums := make([]*big.Int, len(l))
		for i, x := range l {
			b, msg := ToBig(x)
			if msg != "" {
				return nil, nil, bad(fmt.Sprintf("has item %d that %s", i+1, msg))
			}
			nums[i] = b
		}
		lo, hi = nums[0], nums[len(nums)-1]
		for i := 1; i < len(nums) && len(nums) > 2; i++ {
			if new(big.Int).Sub(nums[i], nums[i-1]).Cmp(big.NewInt(1)) != 0 {
				return nil, nil, bad("must be a range like 1..50 or a pair [lo, hi], got a list that is neither")
			}
		}
	}
	if lo.Cmp(hi) > 0 {
		return nil, nil, bad(fmt.Sprintf("is empty: %s > %s", lo, hi))
	}
	if max(lo.BitLen(), hi.BitLen()) > decimal.MaxBits {
		return nil, nil, bad(fmt.Sprintf("has an end of more than %d bits", decimal.MaxBits))
	}
	return lo, hi, nil
}

// BigBytes is about what one number in lo..hi costs in memory, for a
// constructor's reservation: a *big.Int and its words.
func BigBytes(lo, hi *big.Int) int64 {
	return 48 + int64(max(lo.BitLen(), hi.BitLen())+63)/64*8
}
