//go:build !unix

package files

// nonBlock: no FIFOs to wait on here.
const nonBlock = 0
