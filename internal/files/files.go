// Package files opens the files gamelab reads and writes at a user's word
// (save's pictures, goldens, scripts, the REPL's history) so that none of
// them can hang it or fill its memory: only regular files are opened, a
// FIFO or a device is refused before anything blocks on it, and a read
// stops at a size the caller names.
package files

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrNotRegular is the error of a path that names something other than a
// regular file: a FIFO, a device, a socket, a directory.
var ErrNotRegular = errors.New("not a regular file")

// kindOf names a file's kind as a user knows it.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "not a regular file"
}

// notRegular is the error for name, which is of mode m.
func notRegular(name string, m fs.FileMode) error {
	return &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, kindOf(m))}
}

// Create opens name for writing as a regular file, made when missing and
// emptied when not: a FIFO, whose open would wait for a reader (or whose
// writes would vanish into its buffer), a device or a directory is
// refused with ErrNotRegular, and nothing blocks.
func Create(name string) (*os.File, error) {
	f, err := openRegular(name, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Append opens name for appending as a regular file, made with perm when
// missing; like Create, it refuses anything else without blocking.
func Append(name string, perm fs.FileMode) (*os.File, error) {
	return openRegular(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, perm)
}

// Open opens name for reading as a regular file; anything else is refused
// with ErrNotRegular before a read could block on it (a FIFO) or never end
// (/dev/zero).
func Open(name string) (*os.File, error) { return openRegular(name, os.O_RDONLY, 0) }

// openRegular opens name with flag if it is a regular file (or is made
// one): what is there already is looked at before it is opened, so a
// device is never opened at all, and the open does not block, so a FIFO
// made in between fails (no reader) or opens at once, to be refused after.
func openRegular(name string, flag int, perm fs.FileMode) (*os.File, error) {
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(name, fi.Mode())
	}
	f, err := os.OpenFile(name, flag|nonBlock, perm)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(f, name); err != nil {
		return nil, err
	}
	return f, nil
}

// checkRegular closes f and says why when it is not a regular file.
func checkRegular(f *os.File, name string) error {
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(name, fi.Mode())
	}
	if err != nil {
		f.Close()
	}
	return err
}

// TooLargeError is a file longer than a reader takes.
type TooLargeError struct {
	Name  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than the %d bytes it may be", e.Name, e.Limit)
}

// ReadFile reads the regular file name whole, refusing anything else (see
// Open) and a file of more than limit bytes (TooLargeError).
func ReadFile(name string, limit int64) ([]byte, error) {
	f, err := Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Name: name, Limit: limit}
	}
	return b, nil
}

// Why is why a file could not be opened or written, in a user's words
// rather than the system call's ("open x: no such file or directory").
func Why(err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	switch {
	case errors.Is(err, ErrNotRegular):
		return pe.Err.Error()
	case errors.Is(err, fs.ErrNotExist):
		if dir := filepath.Dir(pe.Path); dir != "." {
			if _, serr := os.Stat(dir); serr != nil {
				return "its folder " + dir + " does not exist"
			}
		}
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, syscall.EISDIR):
		return "it is a folder"
	}
	return pe.Err.Error()
}

// Describe is err as a user reads it: for a file's error, the file's name
// and Why ("notes.gl: no such file"), else the error's own text.
func Describe(err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	return pe.Path + ": " + Why(err)
}
