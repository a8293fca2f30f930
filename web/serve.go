package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"time"
)

// Handler serves the built site in dir. With isolate it sends the headers
// that make the page cross-origin isolated (Cross-Origin-Opener-Policy and
// Cross-Origin-Embedder-Policy), which lets Stop end a cell in place, the
// session untouched; without them the page works as it does on a static
// host that sends none, where Stop restarts the engine and replays the
// session. Every response asks the browser to check for a newer build.
func Handler(dir string, isolate bool) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		if isolate {
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		}
		files.ServeHTTP(w, r)
	})
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
