package polygon

import (
	"math"
	"math/big"
	"math/bits"

	"gamelab/internal/checked"
)

// fastTables hold the DP in int64 while every value fits (layout: see tables).
type fastTables struct {
	sLo, sHi, tLo, tHi [][]int64
	maxAbs             uint64 // largest |value| stored so far
}

// safeAbs bounds the operands of a level that cannot overflow: the product of
// two such values is below 2^63 (3037000499² < 2^63-1), and so are their sum
// and difference.
const safeAbs = 3037000499

func fastBytes(n int) int64 {
	// sLo, sHi: n*n each; tLo, tHi: (2n-1)*n each; 8 bytes a cell.
	return 8 * int64(n) * (2*int64(n) + 2*(2*int64(n)-1))
}

// fastBytes is the int64 tables' size: a chain's tables by end have n rows.
func (t *tables) fastBytes() int64 {
	if t.chain {
		return 8 * 4 * int64(t.n) * int64(t.n)
	}
	return fastBytes(t.n)
}

// newFastTables allocates the int64 tables and stores the leaves.
func (t *tables) newFastTables(values []*big.Int) (*fastTables, error) {
	n := t.n
	f := &fastTables{}
	mt := t.meter(phaseAlloc)
	for _, s := range []struct {
		tab  *[][]int64
		rows int
	}{{&f.sLo, n}, {&f.sHi, n}, {&f.tLo, t.byEndRows()}, {&f.tHi, t.byEndRows()}} {
		var err error
		if *s.tab, err = allocRows[int64](&mt, s.rows, n); err != nil {
			return nil, err
		}
	}
	mt = t.meter(phaseLeaves)
	for x := 0; x < t.byEndRows(); x++ {
		v := values[x%n].Int64()
		if x < n {
			f.sLo[x][0], f.sHi[x][0] = v, v
		}
		f.tLo[x][n-1], f.tHi[x][n-1] = v, v
		f.maxAbs = max(f.maxAbs, checked.Abs(v))
		mt.add(1)
		if mt.stopped() {
			return nil, errStopped
		}
	}
	return f, nil
}

// store writes chain (i, ln) into both layouts.
func (f *fastTables) store(n, i, ln int, lo, hi int64) {
	j := i + ln - 1
	f.sLo[i][ln-1], f.sHi[i][ln-1] = lo, hi
	f.tLo[j][n-ln], f.tHi[j][n-ln] = lo, hi
	if j+n < len(f.tLo) { // a ring's chain stored under both its ends
		f.tLo[j+n][n-ln], f.tHi[j+n][n-ln] = lo, hi
	}
}

// runFast computes levels 2..n in int64. A level whose operands are all at
// most safeAbs runs unchecked; any other level runs with overflow checks, and
// if one cell overflows, runFast stops and returns that level, so the exact
// engine redoes it. It returns n+1 when every level fits.
func (t *tables) runFast() (int, error) {
	n, f := t.n, t.fast
	maxAbs := make([]uint64, t.opts.Workers)
	over := make([]bool, t.opts.Workers)
	for ln := 2; ln <= n; ln++ {
		safe := f.maxAbs <= safeAbs
		t.parallelCells(phaseFast, t.cells(ln), func(mt *meter, w, i0, i1 int) {
			if safe {
				maxAbs[w] = t.fastLevel(mt, ln, i0, i1)
			} else {
				maxAbs[w], over[w] = t.checkedLevel(mt, ln, i0, i1)
			}
		})
		if t.stop.Load() {
			return 0, errStopped
		}
		for w := range maxAbs {
			if over[w] {
				return ln, nil
			}
			f.maxAbs = max(f.maxAbs, maxAbs[w])
			maxAbs[w] = 0
		}
		t.levelDone(ln, false, bits.Len64(f.maxAbs))
	}
	return n + 1, nil
}

// longRun is the shortest run of one operator that fastLevel gives a loop
// of its own.
const longRun = 8

// fastLevel computes cells i0..i1-1 of level ln with plain int64 arithmetic
// (the caller proved it cannot overflow). It returns the largest |value|.
func (t *tables) fastLevel(mt *meter, ln, i0, i1 int) uint64 {
	n, f := t.n, t.fast
	m := ln - 1
	var top uint64
	for i := i0; i < i1; i++ {
		if mt.stopped() {
			return 0
		}
		j := i + m
		A := f.sLo[i][:m]
		B := f.sHi[i][:len(A)]
		C := f.tLo[j][n-m:][:len(A)]
		D := f.tHi[j][n-m:][:len(A)]
		O := t.ops[i+1 : i+1+m][:len(A)]
		lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
		for k := 0; k < len(A); {
			// Long runs of equal operators get a loop of their own (the
			// vector kernels where there are some), so the common all-'*'
			// or long-run rings pay no branch per split; short runs, the
			// rule with mixed operators, are done in place, without the
			// calls and slicing a run costs.
			e := min(int(t.runEnd[i+1+k])-(i+1), len(A))
			if e-k < longRun {
				for ; k < e; k++ {
					a, b, c, d := A[k], B[k], C[k], D[k]
					switch O[k] {
					case '*':
						e1, e2, e3, e4 := a*c, a*d, b*c, b*d
						lo, hi = min(lo, e1, e2, e3, e4), max(hi, e1, e2, e3, e4)
					case '+':
						lo, hi = min(lo, a+c), max(hi, b+d)
					default:
						lo, hi = min(lo, a-d), max(hi, b-c)
					}
				}
				continue
			}
			op := O[k]
			done, l, h := vecRun(op, A[k:e], B[k:e], C[k:e], D[k:e], lo, hi)
			lo, hi, k = l, h, k+done
			switch op {
			case '*':
				lo, hi = mulRun(A[k:e], B[k:e], C[k:e], D[k:e], lo, hi)
			case '+':
				lo, hi = addRun(A[k:e], B[k:e], C[k:e], D[k:e], lo, hi)
			default:
				lo, hi = subRun(A[k:e], B[k:e], C[k:e], D[k:e], lo, hi)
			}
			k = e
		}
		f.store(n, i, ln, lo, hi)
		top = max(top, checked.Abs(lo), checked.Abs(hi))
		mt.add(m)
	}
	return top
}

func mulRun(A, B, C, D []int64, lo, hi int64) (int64, int64) {
	B, C, D = B[:len(A)], C[:len(A)], D[:len(A)]
	// Two accumulators and a min/max tree per split keep the loop-carried
	// dependency to one compare-and-move per split and accumulator.
	lo2, hi2 := lo, hi
	k := 0
	for ; k+1 < len(A); k += 2 {
		a, b, c, d := A[k], B[k], C[k], D[k]
		e1, e2, e3, e4 := a*c, a*d, b*c, b*d
		l1, l2, h1, h2 := min(e1, e2), min(e3, e4), max(e1, e2), max(e3, e4)
		lo, hi = min(lo, min(l1, l2)), max(hi, max(h1, h2))
		a, b, c, d = A[k+1], B[k+1], C[k+1], D[k+1]
		e1, e2, e3, e4 = a*c, a*d, b*c, b*d
		l1, l2, h1, h2 = min(e1, e2), min(e3, e4), max(e1, e2), max(e3, e4)
		lo2, hi2 = min(lo2, min(l1, l2)), max(hi2, max(h1, h2))
	}
	if k < len(A) {
		a, b, c, d := A[k], B[k], C[k], D[k]
		e1, e2, e3, e4 := a*c, a*d, b*c, b*d
		lo, hi = min(lo, min(min(e1, e2), min(e3, e4))), max(hi, max(max(e1, e2), max(e3, e4)))
	}
	return min(lo, lo2), max(hi, hi2)
}

func addRun(A, B, C, D []int64, lo, hi int64) (int64, int64) {
	B, C, D = B[:len(A)], C[:len(A)], D[:len(A)]
	for k, a := range A {
		lo = min(lo, a+C[k])
		hi = max(hi, B[k]+D[k])
	}
	return lo, hi
}

// subRun folds a run of '-' splits: the least a−d, the largest b−c.
func subRun(A, B, C, D []int64, lo, hi int64) (int64, int64) {
	B, C, D = B[:len(A)], C[:len(A)], D[:len(A)]
	for k, a := range A {
		lo = min(lo, a-D[k])
		hi = max(hi, B[k]-C[k])
	}
	return lo, hi
}

// checkedLevel is fastLevel with every sum and product checked; it reports
// overflow instead of wrapping.
func (t *tables) checkedLevel(mt *meter, ln, i0, i1 int) (uint64, bool) {
	n, f := t.n, t.fast
	m := ln - 1
	var top uint64
	for i := i0; i < i1; i++ {
		if mt.stopped() {
			return 0, false
		}
		j := i + m
		A := f.sLo[i][:m]
		B := f.sHi[i][:len(A)]
		C := f.tLo[j][n-m:][:len(A)]
		D := f.tHi[j][n-m:][:len(A)]
		O := t.ops[i+1 : i+1+m][:len(A)]
		lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
		for k, a := range A {
			b, c, d := B[k], C[k], D[k]
			switch O[k] {
			case '*':
				e1, ok1 := checked.Mul(a, c)
				e2, ok2 := checked.Mul(a, d)
				e3, ok3 := checked.Mul(b, c)
				e4, ok4 := checked.Mul(b, d)
				if !(ok1 && ok2 && ok3 && ok4) {
					return 0, true
				}
				lo = min(lo, e1, e2, e3, e4)
				hi = max(hi, e1, e2, e3, e4)
			case '+':
				s1, ok1 := checked.Add(a, c)
				s2, ok2 := checked.Add(b, d)
				if !(ok1 && ok2) {
					return 0, true
				}
				lo, hi = min(lo, s1), max(hi, s2)
			default:
				d1, ok1 := checked.Sub(a, d)
				d2, ok2 := checked.Sub(b, c)
				if !(ok1 && ok2) {
					return 0, true
				}
				lo, hi = min(lo, d1), max(hi, d2)
			}
		}
		f.store(n, i, ln, lo, hi)
		top = max(top, checked.Abs(lo), checked.Abs(hi))
		mt.add(m)
	}
	return top, false
}
