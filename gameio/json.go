package gameio

import (
	"encoding/json"
	"math/big"
	"strconv"

	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)

// The JSON of a result is one object on one line, with no spaces, its keys
// in a fixed order and every number an exact JSON integer of any size. It is
// written by hand rather than with encoding/json: big scores must not pass
// through float64, the key order is part of the format, and a Life Line
// answer may list a million moves.

// AppendPolygonJSON appends r as
// {"n":5,"scores":[168,480,488,488,120],"best":488,"optimal":[3,4],"first":3,"merges":[2,1,5,4]}.
// rules are the rules that differ from the defaults, written last as
// "rules" when there are any.
func AppendPolygonJSON(dst []byte, r *polygon.Result, rules map[string]any) []byte {
	dst = strconv.AppendInt(append(dst, `{"n":`...), int64(r.N), 10)
	dst = appendBigs(append(dst, `,"scores":`...), r.Scores)
	dst = r.Best.Append(append(dst, `,"best":`...), 10)
	dst = appendInts(append(dst, `,"optimal":`...), r.Optimal)
	dst = strconv.AppendInt(append(dst, `,"first":`...), int64(r.First), 10)
	dst = appendInts(append(dst, `,"merges":`...), r.Merges)
	return append(appendRules(dst, rules), '}')
}

// AppendCoinsJSON appends r as
// {"n":4,"best":110,"second":100,"diff":10,"moves":"RRRL"}.
// The moves are as the rules write them ("L2RL3"); rules as for
// AppendPolygonJSON.
func AppendCoinsJSON(dst []byte, r *coins.Result, rules map[string]any) []byte {
	dst = strconv.AppendInt(append(dst, `{"n":`...), int64(r.N), 10)
	dst = r.Best.Append(append(dst, `,"best":`...), 10)
	dst = r.Second.Append(append(dst, `,"second":`...), 10)
	dst = r.Diff.Append(append(dst, `,"diff":`...), 10)
	// The moves are letters L and R and digits: nothing in them needs escaping.
	dst = append(append(dst, `,"moves":"`...), r.Moves...)
	return append(appendRules(append(dst, '"'), rules), '}')
}

// AppendLifelineJSON appends r as {"n":4,"player":4,"best":6,"moves":[[3,2]]}:
// moves lists every best vertex as [row, position], in reading order; rules
// as for AppendPolygonJSON.
func AppendLifelineJSON(dst []byte, r *lifeline.Result, rules map[string]any) []byte {
	dst = strconv.AppendInt(append(dst, `{"n":`...), int64(r.N), 10)
	dst = strconv.AppendInt(append(dst, `,"player":`...), int64(r.Player), 10)
	dst = strconv.AppendInt(append(dst, `,"best":`...), int64(r.Best), 10)
	dst = append(dst, `,"moves":[`...)
	for i, m := range r.Moves {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendInts(dst, m[:])
	}
	return append(appendRules(append(dst, ']'), rules), '}')
}

// appendRules appends ,"rules":{…} when rules has any: its keys sorted,
// its values numbers, strings or booleans.
func appendRules(dst []byte, rules map[string]any) []byte {
	if len(rules) == 0 {
		return dst
	}
	out, err := json.Marshal(rules)
	if err != nil {
		panic("gameio: rules that JSON cannot write: " + err.Error()) // rules are ints, strings and booleans
	}
	return append(append(dst, `,"rules":`...), out...)
}

// appendInts appends xs as a JSON array; nil is [] (a one-vertex ring has
// no merges), never null.
func appendInts(dst []byte, xs []int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return append(dst, ']')
}

func appendBigs(dst []byte, xs []*big.Int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = x.Append(dst, 10)
	}
	return append(dst, ']')
}
