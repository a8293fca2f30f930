//go:build !amd64

package polygon

const useAVX512 = false

// vecRun has no vector kernel on this architecture: the Go loops do it all.
func vecRun(op byte, A, B, C, D []int64, lo, hi int64) (int, int64, int64) {
	return 0, lo, hi
}
