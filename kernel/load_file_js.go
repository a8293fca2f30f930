//go:build js

package kernel

import (
	"fmt"
	"strconv"
)

// readScriptFile: the page has no file system, only its examples' files
// (WithFiles), which readScript looks in first.
func (s *Session) readScriptFile(name string) (string, error) {
	return "", fmt.Errorf("%s: no such file (the page loads the examples' scripts only)", strconv.Quote(name))
}
