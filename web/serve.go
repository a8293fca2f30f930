package web

import (
	"context"
	"errors"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Handler serves the built site in dir. With isolate it sends the headers
// that make the page cross-origin isolated (Cross-Origin-Opener-Policy and
// Cross-Origin-Embedder-Policy), which lets Stop end a cell in place, the
// session untouched; without them the page works as it does on a static
// host that sends none, where Stop restarts the engine and replays the
// session. Every response asks the browser to check for a newer build. A
// file the build also wrote gzipped (FILE.gz: the engine, the examples)
// goes gzipped to a browser that takes gzip: 2.9 MB of engine, not 12.4.
func Handler(dir string, isolate bool) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Vary", "Accept-Encoding")
		if isolate {
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		}
		if !serveGzipped(w, r, dir) {
			files.ServeHTTP(w, r)
		}
	})
}

// serveGzipped sends the gzipped copy of the file r asks for, when there is
// one and the browser takes gzip; false when it sent nothing.
func serveGzipped(w http.ResponseWriter, r *http.Request, dir string) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead || !takesGzip(r.Header.Get("Accept-Encoding")) {
		return false
	}
	name := path.Clean("/" + r.URL.Path)
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)+".gz"))
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		return false
	}
	h := w.Header()
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		h.Set("Content-Type", t)
	}
	h.Set("Content-Encoding", "gzip")
	if r.Header.Get("Range") == "" {
		// ServeContent leaves the length out of an encoded response; the
		// browser shows the download's progress with it.
		h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	}
	http.ServeContent(w, r, name, st.ModTime(), f)
	return true
}

// takesGzip reads an Accept-Encoding header: gzip (or *) with a q above 0.
func takesGzip(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if c := strings.ToLower(strings.TrimSpace(coding)); c != "gzip" && c != "*" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.ReplaceAll(strings.ToLower(params), " ", ""), "q="); ok {
			q, _ = strconv.ParseFloat(v, 64)
		}
		return q > 0
	}
	return false
}

// Serve serves the site in dir on addr until ctx is done; ready, when not
// nil, is told the page's address once the server listens.
func Serve(ctx context.Context, addr, dir string, isolate bool, ready func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: Handler(dir, isolate), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if ready != nil {
		ready("http://" + ln.Addr().String() + "/")
	}
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// ServeBuilt is Serve of the site in dir or, when dir is "", of one it
// builds first into a temporary directory (telling building before it
// starts), which it removes when the server stops.
func ServeBuilt(ctx context.Context, addr, dir string, isolate bool, building func(), ready func(url string)) error {
	if dir == "" {
		tmp, err := os.MkdirTemp("", "gamelab-web-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		building()
		if err := Build(ctx, tmp, BuildOptions{}); err != nil {
			return err
		}
		dir = tmp
	}
	return Serve(ctx, addr, dir, isolate, ready)
}

// Usage is gamelab web's help.
const Usage = "build DIR\n" +
	"       gamelab web serve [--addr HOST:PORT] [--dir DIR] [--isolate=false]\n\n" +
	"build writes the page, its JavaScript and the engine compiled to WebAssembly\n" +
	"into DIR, a static site any web host serves (run it inside a clone of gamelab,\n" +
	"with the Go toolchain). serve builds the site into a temporary directory (or\n" +
	"serves the one built in --dir) on --addr (default 127.0.0.1:8023), cross-origin\n" +
	"isolated so that Stop ends a cell in place; --isolate=false serves it as a plain\n" +
	"static host would, where Stop restarts the engine and replays the session."
