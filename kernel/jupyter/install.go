package jupyter

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

// Spec describes a kernelspec to install.
type Spec struct {
	Name        string   // directory name under kernels/, e.g. "gamelab"
	DisplayName string   // what notebook UIs list, e.g. "gamelab"
	Argv        []string // command line; "{connection_file}" is filled in by Jupyter
}

// KernelDir returns where Jupyter looks for kernelspec name:
//   - user: $JUPYTER_DATA_DIR/kernels, else the per-user data dir
//     (~/.local/share/jupyter on Linux, ~/Library/Jupyter on macOS,
//     %APPDATA%\jupyter on Windows);
//   - sysPrefix: the active Python environment ($VIRTUAL_ENV or
//     $CONDA_PREFIX) when there is one, else /usr/local, which is on
//     Jupyter's system path on Linux (Debian's own /usr/share/jupyter belongs
//     to the package manager);
//   - prefix: prefix/share/jupyter/kernels (Jupyter's --prefix layout).
//
// At most one of user, sysPrefix and prefix may be given; none means user.
func KernelDir(name string, user, sysPrefix bool, prefix string) (string, error) {
	if !validName.MatchString(name) {
		return "", fmt.Errorf("kernel name %q: use letters, digits, '.', '_' and '-'", name)
	}
	if strings.Trim(name, ".") == "" {
		// "." and ".." pass the pattern, and name the kernels folder itself
		// or the one above it.
		return "", fmt.Errorf("kernel name %q: a name of dots only is a folder's, not a kernel's; use letters or digits too", name)
	}
	n := 0
	for _, b := range []bool{user, sysPrefix, prefix != ""} {
		if b {
			n++
		}
	}
	if n > 1 {
		return "", errors.New("choose one of --user, --sys-prefix and --prefix")
	}
	var base string
	switch {
	case prefix != "":
		abs, err := filepath.Abs(prefix)
		if err != nil {
			return "", err
		}
		base = filepath.Join(abs, "share", "jupyter")
	case sysPrefix:
		base = "/usr/local"
		for _, v := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
			if p := os.Getenv(v); p != "" {
				base = p
				break
			}
		}
		base = filepath.Join(base, "share", "jupyter")
	default:
		d, err := userDataDir()
		if err != nil {
			return "", err
		}
		base = d
	}
	return filepath.Join(base, "kernels", name), nil
}

var validName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// userDataDir is Jupyter's per-user data directory (jupyter_core's
// jupyter_data_dir).
func userDataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return filepath.Abs(d)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case "windows":
		if a := os.Getenv("APPDATA"); a != "" {
			return filepath.Join(a, "jupyter"), nil
		}
		return filepath.Join(home, "AppData", "Roaming", "jupyter"), nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// Install writes the kernelspec into dir (created if needed): kernel.json
// and the three logos.
func Install(dir string, s Spec) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	kj, err := json.MarshalIndent(map[string]any{
		"argv":           s.Argv,
		"display_name":   s.DisplayName,
		"language":       "gamelab",
		"interrupt_mode": "message",
		"metadata":       map[string]any{"debugger": false},
	}, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "kernel.json"), append(kj, '\n'), 0o644); err != nil {
		return err
	}
	for _, name := range logoFiles {
		data, err := logos.ReadFile(name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// The logo is a polygon-game ring: five vertices on a circle joined by
// edges, light on a dark rounded square. The files are shipped as they are
// (drawn once, then checked in) rather than rasterised at install time: a
// picture needs no code to maintain, and any editor can change it.
//
//go:embed logo-32x32.png logo-64x64.png logo-svg.svg
var logos embed.FS

// logoFiles are the logo files Jupyter looks for in a kernelspec.
var logoFiles = []string{"logo-32x32.png", "logo-64x64.png", "logo-svg.svg"}
