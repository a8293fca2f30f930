// Package web is gamelab in a web page, with nothing to install: the page
// (HTML, JavaScript and CSS in site/, embedded), the builder that writes it
// out as a static site with the engine compiled to WebAssembly, and a small
// server for a quick look. The engine's side of the page is web/engine; its
// WebAssembly main package is web/wasm.
//
// A built site is a directory any static file host can serve:
//
//	index.html, *.js (app, engine, notebook, cell, output, reactive, share), style.css  the page
//	worker.js       the Web Worker that runs the engine
//	sw.js           the service worker that keeps the site for offline visits
//	wasm_exec.js    Go's WebAssembly support, from the Go distribution
//	gamelab.wasm    the engine (web/wasm built with GOOS=js GOARCH=wasm)
//	notebooks.json  the tour and the examples (scripts/*.gl, *.ipynb) as cells
//	*.gz            gamelab.wasm and the other large files gzipped, which
//	                Handler sends to a browser that takes gzip
//
// Every file but index.html and sw.js is asked for as file?v=ID, ID the
// build's: a browser never mixes two builds' files, and the service
// worker's cache of one build is replaced whole by the next's.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"gamelab/internal/version"
	"gamelab/web/engine"
)

//go:embed site
var site embed.FS

//go:embed tour.gl
var tourScript []byte

// WasmFile is the engine's file name in a built site.
const WasmFile = "gamelab.wasm"

// notInlined are the packages compiled without inlining for the page: the
// language on expr, the statements, the printers and drawings, the game
// builtins and the standard library's reflection, formatting and strings
// (-l there only stops inlining inside those packages; their callers still
// inline them). Inlining there buys little (they run once per statement,
// not once per DP cell) and costs about 820 kB of the engine; the solvers,
// math/big and the runtime keep it, since the page's solves are their
// loops. gamelab/kernel is not in the list: inlining there makes it
// smaller.
var notInlined = []string{
	"github.com/expr-lang/...",
	"gamelab/kernel/lang",
	"gamelab/kernel/display",
	"gamelab/kernel/printer",
	"gamelab/kernel/games",
	"gamelab/kernel/games/tools",
	"gamelab/kernel/games/kit",
	"gamelab/kernel/games/judge",
	"gamelab/kernel/games/polygon",
	"gamelab/kernel/games/coins",
	"gamelab/kernel/games/lifeline",
	"gamelab/kernel/games/defined",
	"gamelab/kernel/builtin",
	"gamelab/kernel/docs",
	"gamelab/kernel/syntax",
	"reflect",
	"fmt",
	"encoding/json",
	"strings",
	"text/tabwriter",
	"unicode/utf8",
}

// BuildOptions say where the builder finds what it needs.
type BuildOptions struct {
	// Root is the directory of a gamelab clone (its go.mod); "" finds it
	// from the working directory, as the go command does.
	Root string
	// Go is the go command that compiles the engine; "" is "go" on PATH.
	Go string
}

// Build writes the static site into dir (made if need be): the embedded
// page, the engine compiled for GOOS=js GOARCH=wasm from the clone at
// o.Root, wasm_exec.js from that Go's distribution, and the tour and the
// clone's scripts as cells. Nothing is fetched from outside the clone and
// the Go installation.
func Build(ctx context.Context, dir string, o BuildOptions) error {
	goCmd := o.Go
	if goCmd == "" {
		goCmd = "go"
	}
	root, err := moduleRoot(ctx, goCmd, o.Root)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return err
	}
	wasm := filepath.Join(dir, WasmFile)
	tmp, err := os.MkdirTemp("", "gamelab-web-build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	modfile, err := patchedExpr(ctx, goCmd, root, tmp)
	if err != nil {
		return err
	}
	args := []string{"build", "-trimpath", "-modfile", modfile,
		"-ldflags", "-s -w -X gamelab/internal/version.Version=" + version.Version}
	for _, pkg := range notInlined {
		args = append(args, "-gcflags="+pkg+"=-l")
	}
	build := exec.CommandContext(ctx, goCmd, append(args, "-o", wasm, "./web/wasm")...)
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("compiling the engine to WebAssembly: %v\n%s", err, out)
	}
	goroot, err := goEnv(ctx, goCmd, root, "GOROOT")
	if err != nil {
		return err
	}
	if err := copyFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js")); err != nil {
		return fmt.Errorf("the Go distribution's WebAssembly support: %v", err)
	}
	books, err := notebooks(filepath.Join(root, "scripts"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "notebooks.json"), books, 0o644); err != nil {
		return err
	}
	id, err := buildID(wasm, books)
	if err != nil {
		return err
	}
	if err := writeSite(dir, id); err != nil {
		return err
	}
	return compressLarge(dir)
}

// gzipFrom is the size from which a site file is also written gzipped:
// the engine (12.4 MB, 2.9 gzipped), the examples, Go's wasm_exec.js.
const gzipFrom = 16 << 10

// compressLarge writes FILE.gz beside each file of dir of gzipFrom bytes
// or more, at gzip's best compression: Handler sends it to a browser that
// takes gzip (and any host that serves .gz files as gzip encoding may).
func compressLarge(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := filepath.Join(dir, e.Name())
		if e.IsDir() || strings.HasSuffix(name, ".gz") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if len(b) < gzipFrom {
			os.Remove(name + ".gz") // an earlier build's
			continue
		}
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(b)
		if err := w.Close(); err != nil {
			return err
		}
		if err := os.WriteFile(name+".gz", gz.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// moduleRoot is the directory of the gamelab module: root when given, else
// the module the go command finds from the working directory.
func moduleRoot(ctx context.Context, goCmd, root string) (string, error) {
	mod := filepath.Join(root, "go.mod")
	if root == "" {
		var err error
		if mod, err = goEnv(ctx, goCmd, "", "GOMOD"); err != nil {
			return "", err
		}
	}
	b, err := os.ReadFile(mod)
	if err != nil || modulePath(b) != "gamelab" {
		return "", errors.New("gamelab web build compiles the engine from gamelab's source: run it inside a clone of gamelab (with the Go toolchain)")
	}
	return filepath.Dir(mod), nil
}

// modulePath is the module a go.mod declares.
func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}

// goEnv is one of the go command's settings.
func goEnv(ctx context.Context, goCmd, dir, name string) (string, error) {
	cmd := exec.CommandContext(ctx, goCmd, "env", name)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("gamelab web build needs the Go toolchain (%s env %s: %v)", goCmd, name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// book is a notebook the page opens: its name and the code of its cells.
type book struct {
	Name  string   `json:"name"`
	Cells []string `json:"cells"`
}

// notebooks is notebooks.json: the tour, and every .gl script and .ipynb
// notebook in scripts (by name), split into cells as the page splits a
// file it opens.
func notebooks(scripts string) ([]byte, error) {
	tour, err := engine.Cells("tour.gl", tourScript)
	if err != nil {
		return nil, err
	}
	all := struct {
		Tour     []string `json:"tour"`
		Examples []book   `json:"examples"`
		// Files are the scripts by their path under scripts, for load in
		// a cell: load("games/nim.gl").
		Files map[string]string `json:"files"`
	}{Tour: tour, Examples: []book{}, Files: map[string]string{}}
	err = filepath.WalkDir(scripts, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(e.Name()); e.IsDir() || ext != ".gl" && ext != ".ipynb" {
			return nil
		}
		rel, _ := filepath.Rel(scripts, path)
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		cells, err := engine.Cells(e.Name(), src)
		if err != nil {
			return fmt.Errorf("%s: %v", rel, err)
		}
		all.Examples = append(all.Examples, book{Name: rel, Cells: cells})
		if filepath.Ext(rel) == ".gl" {
			all.Files[rel] = string(src)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("the examples: %v", err)
	}
	return json.Marshal(all)
}

// buildID names this build in the page's URLs (file?v=ID), so that a
// browser never mixes files of two builds from its cache.
func buildID(wasm string, books []byte) (string, error) {
	h := sha256.New()
	f, err := os.Open(wasm)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	h.Write(books)
	fs.WalkDir(site, "site", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := site.ReadFile(path)
			h.Write(b)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

// builtFiles are the files Build writes beside the embedded page.
var builtFiles = []string{"wasm_exec.js", WasmFile, "notebooks.json"}

// moduleImport is an import of one of the page's modules by another.
var moduleImport = regexp.MustCompile(`(from "\./[a-z]+\.js)"`)

// writeSite writes the embedded page into dir with the build's id: in
// index.html and sw.js, in the imports between the page's modules
// (./engine.js?v=ID), and in sw.js's list of the files to keep.
func writeSite(dir, id string) error {
	var files []string
	fs.WalkDir(site, "site", func(path string, d fs.DirEntry, err error) error {
		if name := strings.TrimPrefix(path, "site/"); err == nil && !d.IsDir() && name != "index.html" && name != "sw.js" {
			files = append(files, name+"?v="+id)
		}
		return nil
	})
	for _, name := range builtFiles {
		files = append(files, name+"?v="+id)
	}
	list, _ := json.Marshal(files)
	return fs.WalkDir(site, "site", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := site.ReadFile(path)
		if err != nil {
			return err
		}
		switch path {
		case "site/index.html":
			b = bytes.ReplaceAll(b, []byte("%BUILD%"), []byte(id))
		case "site/sw.js":
			b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("%BUILD%"), []byte(id)), []byte("%FILES%"), list)
		}
		if strings.HasSuffix(path, ".js") {
			b = moduleImport.ReplaceAll(b, []byte(`$1?v=`+id+`"`))
		}
		return os.WriteFile(filepath.Join(dir, strings.TrimPrefix(path, "site/")), b, 0o644)
	})
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}
