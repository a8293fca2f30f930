package polygon

import "golang.org/x/sys/cpu"

// On amd64 with AVX-512 (F for 64-bit min/max, DQ for the 64-bit multiply),
// the unchecked int64 split loops run eight split points per instruction in
// assembly (kernel_amd64.s); the Go loops handle the remainder and every
// other machine.
var useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ

//go:noescape
func mulBlocks8(a, b, c, d *int64, blocks int, acc *[16]int64)

//go:noescape
func addBlocks8(a, b, c, d *int64, blocks int, acc *[16]int64)

//go:noescape
func subBlocks8(a, b, c, d *int64, blocks int, acc *[16]int64)

// vecRun folds split points [0, 8*(len(A)/8)) of a run of operator op into lo
// and hi with the assembly kernels and returns how many it took.
func vecRun(op byte, A, B, C, D []int64, lo, hi int64) (int, int64, int64) {
	blocks := len(A) / 8
	if !useAVX512 || blocks == 0 {
		return 0, lo, hi
	}
	_, _, _ = B[8*blocks-1], C[8*blocks-1], D[8*blocks-1]
	var acc [16]int64
	for k := 0; k < 8; k++ {
		acc[k], acc[8+k] = lo, hi
	}
	switch op {
	case '*':
		mulBlocks8(&A[0], &B[0], &C[0], &D[0], blocks, &acc)
	case '+':
		addBlocks8(&A[0], &B[0], &C[0], &D[0], blocks, &acc)
	default:
		subBlocks8(&A[0], &B[0], &C[0], &D[0], blocks, &acc)
	}
	for k := 0; k < 8; k++ {
		lo, hi = min(lo, acc[k]), max(hi, acc[8+k])
	}
	return 8 * blocks, lo, hi
}
