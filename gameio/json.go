package gameio

import (
	"encoding/json"
	"math/big"
	"strconv"
)

// The JSON of a result is one object on one line, with no spaces, its keys
// in a fixed order and every number an exact JSON integer of any size. Each
// game writes its own by hand with these helpers rather than with
// encoding/json: big scores must not pass through float64, the key order is
// part of the format, and a Life Line answer may list a million moves.

// AppendInts appends xs as a JSON array; nil is [] (a one-vertex ring has
// no merges), never null.
func AppendInts(dst []byte, xs []int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return append(dst, ']')
}

// AppendBigs appends xs as a JSON array of exact integers.
func AppendBigs(dst []byte, xs []*big.Int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = x.Append(dst, 10)
	}
	return append(dst, ']')
}

// AppendRules appends ,"rules":{…} when rules has any: its keys sorted,
// its values numbers, strings or booleans.
func AppendRules(dst []byte, rules map[string]any) []byte {
	if len(rules) == 0 {
		return dst
	}
	out, err := json.Marshal(rules)
	if err != nil {
		panic("gameio: rules that JSON cannot write: " + err.Error()) // rules are ints, strings and booleans
	}
	return append(append(dst, `,"rules":`...), out...)
}
