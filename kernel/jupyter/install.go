package jupyter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
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
	files := map[string][]byte{
		"kernel.json":  append(kj, '\n'),
		"logo-svg.svg": []byte(logoSVG),
	}
	for _, size := range []int{32, 64} {
		var b bytes.Buffer
		if err := png.Encode(&b, logo(size)); err != nil {
			return err
		}
		files[fmt.Sprintf("logo-%dx%d.png", size, size)] = b.Bytes()
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// The logo is a polygon-game ring: five vertices on a circle joined by
// edges, light on a dark rounded square. logo draws it at any size with
// simple anti-aliasing (distance fields), logoSVG is the same picture.
var (
	logoBG   = color.NRGBA{0x1f, 0x3a, 0x5f, 0xff}
	logoEdge = color.NRGBA{0x9f, 0xc5, 0xe8, 0xff}
	logoNode = color.NRGBA{0xff, 0xc8, 0x3d, 0xff}
)

const logoSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect x="0" y="0" width="64" height="64" rx="12" fill="#1f3a5f"/>
<polygon points="32,11.5 52,26 44.3,49.5 19.7,49.5 12,26" fill="none" stroke="#9fc5e8" stroke-width="3.5"/>
<g fill="#ffc83d"><circle cx="32" cy="11.5" r="5.5"/><circle cx="52" cy="26" r="5.5"/><circle cx="44.3" cy="49.5" r="5.5"/><circle cx="19.7" cy="49.5" r="5.5"/><circle cx="12" cy="26" r="5.5"/></g>
</svg>
`

// logo renders the ring at size×size pixels, in the SVG's 64-unit frame.
func logo(size int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := 64 / float64(size)
	var pts [5][2]float64
	for i := range pts {
		a := -math.Pi/2 + float64(i)*2*math.Pi/5
		pts[i] = [2]float64{32 + 21*math.Cos(a), 32.5 + 21*math.Sin(a)}
	}
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			x, y := (float64(px)+0.5)*scale, (float64(py)+0.5)*scale
			// Background: rounded square, coverage from its distance.
			c := blend(color.NRGBA{}, logoBG, coverage(roundedBoxDist(x, y, 32, 12), scale))
			edge, node := math.Inf(1), math.Inf(1)
			for i, p := range pts {
				q := pts[(i+1)%len(pts)]
				edge = min(edge, segmentDist(x, y, p, q)-1.75)
				node = min(node, math.Hypot(x-p[0], y-p[1])-5.5)
			}
			c = blend(c, logoEdge, coverage(edge, scale))
			c = blend(c, logoNode, coverage(node, scale))
			img.SetNRGBA(px, py, c)
		}
	}
	return img
}

// coverage maps a signed distance (negative inside) to pixel coverage.
func coverage(d, pixel float64) float64 { return min(max(0.5-d/pixel, 0), 1) }

func blend(under, over color.NRGBA, a float64) color.NRGBA {
	mix := func(u, o uint8) uint8 { return uint8(math.Round(float64(u)*(1-a) + float64(o)*a)) }
	return color.NRGBA{mix(under.R, over.R), mix(under.G, over.G), mix(under.B, over.B), uint8(math.Round(float64(under.A)*(1-a) + 255*a))}
}

func roundedBoxDist(x, y, half, r float64) float64 {
	dx, dy := math.Abs(x-half)-(half-r), math.Abs(y-half)-(half-r)
	return math.Hypot(max(dx, 0), max(dy, 0)) + min(max(dx, dy), 0) - r
}

func segmentDist(x, y float64, a, b [2]float64) float64 {
	vx, vy := b[0]-a[0], b[1]-a[1]
	t := min(max(((x-a[0])*vx+(y-a[1])*vy)/(vx*vx+vy*vy), 0), 1)
	return math.Hypot(x-a[0]-t*vx, y-a[1]-t*vy)
}
