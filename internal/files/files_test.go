//go:build linux

package files

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestOnlyRegularFilesOpen(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	zero := filepath.Join(dir, "e.golden")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	// A reader on the FIFO: the open would not block, and the writes would
	// vanish into it; still refused.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, name := range []string{fifo, zero, dir, "/dev/null"} {
		if f, err := Create(name); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Create(%s): %v", name, err)
			if f != nil {
				f.Close()
			}
		}
		if _, err := ReadFile(name, 1<<20); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadFile(%s): %v", name, err)
		}
	}
	plain := filepath.Join(dir, "a.txt")
	os.WriteFile(plain, []byte("old text, longer"), 0o644)
	f, err := Create(plain)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	f.Close()
	if b, err := ReadFile(plain, 3); err != nil || string(b) != "new" {
		t.Errorf("ReadFile after Create: %q, %v", b, err)
	}
	var tooLarge *TooLargeError
	if _, err := ReadFile(plain, 2); !errors.As(err, &tooLarge) {
		t.Errorf("a file past the limit: %v", err)
	}
}
