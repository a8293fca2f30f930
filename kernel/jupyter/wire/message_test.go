package wire

import (
	"bytes"
	"testing"
)

func TestSignAndDecode(t *testing.T) {
	s := Signer{Key: []byte("k")}
	frames, err := Encode(s, [][]byte{[]byte("id1")}, "sess", "kernel_info_request", nil, map[string]any{"a": "<svg>&"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(frames[6], []byte("<svg>&")) {
		t.Errorf("content is HTML-escaped: %s", frames[6])
	}
	m, err := Decode(frames, s, NewReplayGuard(4))
	if err != nil {
		t.Fatal(err)
	}
	if string(m.Identities[0]) != "id1" || m.Header.MsgType != "kernel_info_request" || m.Header.Version != ProtocolVersion || string(m.Parent) != "{}" {
		t.Errorf("decoded %+v", m)
	}
	// The signature is the hex HMAC-SHA256 of the four parts, as
	// jupyter_client computes it (value from Python's hmac module).
	got := string(Signer{Key: []byte("key")}.Sign([]byte("a"), []byte("b"), []byte("c"), []byte("d")))
	if want := "2a31ec0ee8d878c9eece9fb0df79b3b90b2256240163aa5ee50d176d3d1121f8"; got != want {
		t.Errorf("signature %q, want %q", got, want)
	}
	if _, err := Decode(frames, Signer{Key: []byte("other")}, NewReplayGuard(4)); err == nil {
		t.Error("a message signed with another key was accepted")
	}
	// No key: no signing, no replay check.
	frames, _ = Encode(Signer{}, nil, "s", "x", nil, map[string]any{})
	if len(frames[1]) != 0 {
		t.Errorf("unsigned message has signature %q", frames[1])
	}
	g := NewReplayGuard(4)
	for range 2 {
		if _, err := Decode(frames, Signer{}, g); err != nil {
			t.Error(err)
		}
	}
}

func TestReplayGuardForgetsOldest(t *testing.T) {
	g := NewReplayGuard(2)
	for _, s := range []string{"a", "b"} {
		if !g.Fresh([]byte(s)) {
			t.Fatalf("%s not fresh", s)
		}
	}
	if g.Fresh([]byte("a")) {
		t.Fatal("replay of a accepted")
	}
	g.Fresh([]byte("c")) // pushes out a
	if !g.Fresh([]byte("a")) || g.Fresh([]byte("c")) {
		t.Error("ring does not keep the latest signatures")
	}
}
