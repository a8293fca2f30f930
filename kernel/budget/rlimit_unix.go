//go:build unix

package budget

import (
	"math"
	"syscall"
)

// rlimits are the soft limits of RLIMIT_AS and RLIMIT_DATA, 0 for none
// (RLIM_INFINITY is all ones).
func rlimits() (addressSpace, data int64) {
	get := func(resource int) int64 {
		var r syscall.Rlimit
		if err := syscall.Getrlimit(resource, &r); err != nil || r.Cur >= math.MaxInt64 {
			return 0
		}
		return int64(r.Cur)
	}
	return get(syscall.RLIMIT_AS), get(syscall.RLIMIT_DATA)
}
