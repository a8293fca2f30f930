//go:build !unix

package budget

// rlimits: no setrlimit here (the web page's WebAssembly, Windows).
func rlimits() (addressSpace, data int64) { return 0, 0 }
