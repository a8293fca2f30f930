package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/web"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html>"), 0o644)
	os.WriteFile(filepath.Join(dir, web.WasmFile), []byte("\x00asm"), 0o644)
	for _, isolate := range []bool{true, false} {
		srv := httptest.NewServer(web.Handler(dir, isolate))
		resp, err := http.Get(srv.URL + "/" + web.WasmFile)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "application/wasm" {
			t.Errorf("the engine is served as %q, want application/wasm (for WebAssembly.compileStreaming)", ct)
		}
		coop, coep := resp.Header.Get("Cross-Origin-Opener-Policy"), resp.Header.Get("Cross-Origin-Embedder-Policy")
		if isolate && (coop != "same-origin" || coep != "require-corp") || !isolate && (coop != "" || coep != "") {
			t.Errorf("isolate %v: COOP %q, COEP %q", isolate, coop, coep)
		}
		srv.Close()
	}
}

func TestBuildOutsideClone(t *testing.T) {
	err := web.Build(context.Background(), t.TempDir(), web.BuildOptions{Root: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "inside a clone of gamelab") {
		t.Errorf("building outside a clone: %v", err)
	}
}

// TestWasmSize: the engine stays small enough to load on a phone: under
// 12 MiB, and 4 MiB compressed as a web server sends it.
func TestWasmSize(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(builtSite(t), web.WasmFile))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(raw)
	w.Close()
	t.Logf("%s: %.2f MiB, %.2f MiB gzipped", web.WasmFile, float64(len(raw))/(1<<20), float64(gz.Len())/(1<<20))
	if len(raw) >= 12<<20 || gz.Len() >= 4<<20 {
		t.Errorf("%s is %d bytes (%d gzipped), over the budget of 12 MiB (4 MiB gzipped)", web.WasmFile, len(raw), gz.Len())
	}
}

// TestTour: the tour's cells run natively as they do in the page: every
// one answers, but the mistake it shows and play, which here has nobody to
// answer it.
func TestTour(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(builtSite(t), "notebooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var books struct {
		Tour     []string
		Examples []struct{ Name string }
	}
	if err := json.Unmarshal(b, &books); err != nil {
		t.Fatal(err)
	}
	s := kernel.NewSession()
	var failed []string
	for _, code := range books.Tour {
		if out := s.Execute(context.Background(), code); out.Err != nil {
			lines := strings.Split(code, "\n")
			failed = append(failed, lines[len(lines)-1])
		}
	}
	if strings.Join(failed, "|") != "solv(p)|line = play(c)" {
		t.Errorf("the tour's cells that fail: %q", failed)
	}
	var names []string
	for _, e := range books.Examples {
		names = append(names, e.Name)
	}
	if got := strings.Join(names, " "); !strings.Contains(got, "demo.ipynb") || !strings.Contains(got, "tour.gl") {
		t.Errorf("the examples: %s", got)
	}
}

// TestHandlerGzip: a file the build also wrote gzipped goes gzipped, as
// its own type, to a browser that takes gzip, and plain to one that does
// not; conditional requests still get 304.
func TestHandlerGzip(t *testing.T) {
	dir := t.TempDir()
	raw := bytes.Repeat([]byte("\x00asm gamelab "), 4000)
	os.WriteFile(filepath.Join(dir, web.WasmFile), raw, 0o644)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(raw)
	w.Close()
	os.WriteFile(filepath.Join(dir, web.WasmFile+".gz"), gz.Bytes(), 0o644)
	srv := httptest.NewServer(web.Handler(dir, true))
	defer srv.Close()
	for _, c := range []struct {
		accept string
		gzip   bool
	}{{"gzip, deflate, br", true}, {"br;q=1, gzip;q=0.5", true}, {"identity", false}, {"gzip;q=0", false}, {"", false}} {
		req, _ := http.NewRequest("GET", srv.URL+"/"+web.WasmFile+"?v=1", nil)
		req.Header.Set("Accept-Encoding", c.accept)
		resp, err := http.DefaultTransport.RoundTrip(req) // no transparent decompression
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		enc, ct := resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type")
		if c.gzip != (enc == "gzip") || ct != "application/wasm" || resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, Content-Type %q, Vary %q", c.accept, enc, ct, resp.Header.Get("Vary"))
		}
		if want := map[bool][]byte{true: gz.Bytes(), false: raw}[c.gzip]; !bytes.Equal(body, want) || resp.ContentLength != int64(len(want)) {
			t.Errorf("Accept-Encoding %q: %d bytes (Content-Length %d), want %d", c.accept, len(body), resp.ContentLength, len(want))
		}
		if c.gzip {
			req.Header.Set("If-Modified-Since", resp.Header.Get("Last-Modified"))
			again, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			again.Body.Close()
			if again.StatusCode != http.StatusNotModified {
				t.Errorf("a conditional request for the gzipped engine: %s", again.Status)
			}
		}
	}
}
