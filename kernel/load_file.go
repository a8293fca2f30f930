//go:build !js

package kernel

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"gamelab/kernel/builtin"
)

// readScriptFile reads the script name from the file system, relative to
// the session's folder. (The page has none: its files are the examples',
// and leaving the file system out keeps os's files out of its engine.)
func (s *Session) readScriptFile(name string) (string, error) {
	path := name
	if !filepath.IsAbs(path) && s.dir != "" {
		path = filepath.Join(s.dir, path)
	}
	var data []byte
	info, err := os.Stat(path)
	if err == nil {
		switch {
		case info.IsDir():
			return "", fmt.Errorf("%s is a folder, not a script", strconv.Quote(name))
		case !info.Mode().IsRegular():
			return "", fmt.Errorf("%s is not a regular file", strconv.Quote(name))
		case info.Size() > maxLoadBytes:
			return "", fmt.Errorf("%s has %s, more than a script's %s", strconv.Quote(name), builtin.ByteSize(info.Size()), builtin.ByteSize(maxLoadBytes))
		}
		data, err = os.ReadFile(path)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("%s: no such file", strconv.Quote(name))
	case errors.Is(err, fs.ErrPermission):
		return "", fmt.Errorf("%s cannot be read (permission denied)", strconv.Quote(name))
	case err != nil:
		return "", fmt.Errorf("%s cannot be read", strconv.Quote(name))
	}
	return string(data), nil
}
