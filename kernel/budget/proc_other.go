//go:build !js

package budget

import "os"

// pageSize is the bytes of a page of memory, for /proc's counts of pages.
var pageSize = int64(os.Getpagesize())

// readProc is the text of a file of /proc or /sys, "" where it cannot be
// read (not Linux).
func readProc(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}
