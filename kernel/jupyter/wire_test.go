package jupyter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStreamsKeepRunesWhole(t *testing.T) {
	var got []string
	w := &streams{publish: func(_, s string) { got = append(got, s) }}
	stdout := w.writer("stdout")
	b := []byte("aé€😀z")
	for i := range b {
		stdout.Write(b[i : i+1])
		w.mu.Lock()
		w.flushLocked(false) // as the timer would, after every byte
		w.mu.Unlock()
	}
	w.close()
	if strings.Join(got, "") != string(b) {
		t.Fatalf("pieces %q", got)
	}
	for _, p := range got {
		if !json.Valid([]byte(`"`+p+`"`)) || strings.ContainsRune(p, '\uFFFD') {
			t.Errorf("piece %q is not whole runes", p)
		}
	}
	if _, err := stdout.Write([]byte("late")); err == nil {
		t.Error("write after close accepted")
	}
	for _, tc := range []struct {
		b    string
		want int
	}{{"", 0}, {"ab", 2}, {"a\xc3", 1}, {"a\xe2\x82", 1}, {"a\xe2\x82\xac", 4}, {"\xff", 1}, {"a\x80", 2}} {
		if n := completeUTF8([]byte(tc.b)); n != tc.want {
			t.Errorf("completeUTF8(%q) = %d, want %d", tc.b, n, tc.want)
		}
	}
}

// TestStreamsInOrder: text gathered for one stream goes out before the
// other stream's, so stdout and stderr interleave as written.
func TestStreamsInOrder(t *testing.T) {
	var got []string
	w := &streams{publish: func(name, s string) { got = append(got, name+":"+s) }}
	out, errs := w.writer("stdout"), w.writer("stderr")
	out.Write([]byte("a"))
	out.Write([]byte("b"))
	errs.Write([]byte("!"))
	errs.Write(nil)
	out.Write([]byte("c"))
	w.flush()
	errs.Write([]byte("?"))
	w.close()
	if g := strings.Join(got, " "); g != "stdout:ab stderr:! stdout:c stderr:?" {
		t.Errorf("published %s", g)
	}
	if !w.wrote["stdout"] || !w.wrote["stderr"] {
		t.Errorf("wrote %v", w.wrote)
	}
}

func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"1?2*", "1+2", true}, {"1?2*", "1+2+3", true}, {"1?2*", "x1+2", false},
		{"solve(*)", "solve(p)", true}, {"a.b", "axb", false}, {"[ab]c", "bc", true},
		{"[^ab]c", "bc", false}, {"[^ab]c", "xc", true}, {"[", "[", true}, {"*", "multi\nline", true},
		{"[z-a]", "[z-a]", true},
	} {
		if got := globRegexp(tc.pattern).MatchString(tc.s); got != tc.want {
			t.Errorf("glob %q on %q: %v", tc.pattern, tc.s, got)
		}
	}
}

func TestKernelDirAndInstall(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", filepath.Join(tmp, "data"))
	t.Setenv("VIRTUAL_ENV", filepath.Join(tmp, "venv"))
	t.Setenv("CONDA_PREFIX", "")
	for _, tc := range []struct {
		user, sys bool
		prefix    string
		want      string
	}{
		{false, false, "", filepath.Join(tmp, "data", "kernels", "gl")},
		{true, false, "", filepath.Join(tmp, "data", "kernels", "gl")},
		{false, true, "", filepath.Join(tmp, "venv", "share", "jupyter", "kernels", "gl")},
		{false, false, filepath.Join(tmp, "p"), filepath.Join(tmp, "p", "share", "jupyter", "kernels", "gl")},
	} {
		got, err := KernelDir("gl", tc.user, tc.sys, tc.prefix)
		if err != nil || got != tc.want {
			t.Errorf("KernelDir(%v,%v,%q) = %q, %v; want %q", tc.user, tc.sys, tc.prefix, got, err, tc.want)
		}
	}
	if _, err := KernelDir("gl", true, false, "/x"); err == nil {
		t.Error("two locations accepted")
	}
	if _, err := KernelDir("../evil", false, false, ""); err == nil {
		t.Error("a name with a slash accepted")
	}

	dir := filepath.Join(tmp, "spec")
	argv := []string{"/bin/gamelab", "kernel", "--connection-file", "{connection_file}"}
	if err := Install(dir, Spec{Name: "gl", DisplayName: "gamelab", Argv: argv}); err != nil {
		t.Fatal(err)
	}
	var kj struct {
		Argv          []string `json:"argv"`
		DisplayName   string   `json:"display_name"`
		Language      string   `json:"language"`
		InterruptMode string   `json:"interrupt_mode"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &kj); err != nil {
		t.Fatal(err)
	}
	if strings.Join(kj.Argv, " ") != strings.Join(argv, " ") || kj.Language != "gamelab" || kj.InterruptMode != "message" || kj.DisplayName != "gamelab" {
		t.Errorf("kernel.json %s", b)
	}
	for _, size := range []int{32, 64} {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("logo-%dx%d.png", size, size)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
			t.Errorf("logo %d: %v, %v", size, err, img.Bounds())
		}
		// Not blank: the corner is transparent, the middle of the top vertex opaque.
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("logo %d corner alpha %d", size, a)
		}
		if _, _, _, a := img.At(size/2, size*11/64).RGBA(); a != 0xffff {
			t.Errorf("logo %d vertex alpha %d", size, a)
		}
	}
	svg, err := os.ReadFile(filepath.Join(dir, "logo-svg.svg"))
	if err != nil || !bytes.HasPrefix(svg, []byte("<svg")) {
		t.Errorf("logo-svg.svg: %v %.40s", err, svg)
	}
}
