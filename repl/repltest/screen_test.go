package repltest

import (
	"testing"
	"time"
)

func TestScreen(t *testing.T) {
	for _, tc := range []struct {
		name   string
		writes []string
		want   string
	}{
		{"plain lines", []string{"ab\ncd\n"}, "ab\ncd"},
		{"redraw after CR and erase", []string{"\x1b[J\x1b[2K\r> a", "\x1b[J\x1b[2K\r> ab"}, "> ab"},
		{"backspace then overwrite", []string{"abc\b\bX"}, "aXc"},
		{"erase to end of line", []string{"abcdef\r\x1b[3C\x1b[K"}, "abc"},
		{"colours dropped", []string{"\x1b[32m[1]>\x1b[0m x"}, "[1]> x"},
		{"up and erase below", []string{"one\ntwo\nthree\x1b[2A\r\x1b[J"}, ""},
		{"list below, cursor back up", []string{"> s\n\x1b[Jsa  sb\n\x1b[2A\r\x1b[3C", "o"}, "> so\nsa  sb"},
		{"UTF-8 split across writes", []string{"a\xe2\x8f", "\x8eb"}, "a⏎b"},
		{"escape split across writes", []string{"x\x1b[", "31my"}, "xy"},
		{"wrap at the width", []string{"0123456789ab"}, "0123456789\nab"},
		{"clear the screen", []string{"one\ntwo\n\x1b[H\x1b[2Jthree"}, "three"},
		{"cursor to row and column", []string{"abc\ndef\x1b[1;2HX"}, "aXc\ndef"},
	} {
		s := NewScreen(10)
		for _, w := range tc.writes {
			s.Write([]byte(w))
		}
		if got := s.Text(); got != tc.want {
			t.Errorf("%s: screen %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestWaitFor(t *testing.T) {
	s := NewScreen(80)
	go s.Write([]byte("ready\n"))
	if _, err := s.WaitCount(5*time.Second, "ready", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.WaitCount(10*time.Millisecond, "ready", 2); err == nil {
		t.Error("WaitCount found a second \"ready\"")
	}
}
