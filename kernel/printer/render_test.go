package printer

import (
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/builtin"
)

// record is a game's record as its JSONValue makes one.
type record struct {
	N       int                `json:"n"`
	Name    string             `json:"name"`
	Skip    string             `json:"-"`
	Rules   map[string]any     `json:"rules,omitempty"`
	Zero    float64            `json:"zero,omitempty"`
	Plan    [][]int            `json:"plan"`
	None    []int              `json:"none"`
	Inner   *inner             `json:"inner"`
	Nil     *inner             `json:"nil"`
	Typed   map[string]int     `json:"typed"`
	Value   any                `json:"value"`
	Big     *big.Int           `json:"big"`
	Raw     json.RawMessage    `json:"raw"`
	Bytes   []byte             `json:"bytes"`
	Untaged uint8              //nolint: a field without a tag keeps its Go name
	Rows    []map[string]any   `json:"rows"`
	Keyed   map[int]string     `json:"keyed"`
	Array   [2]bool            `json:"array"`
	Embed   struct{ A, B int } `json:"embed"`
	hidden  int
}

type inner struct {
	X int `json:"x,omitempty"`
	Y any `json:"y"`
}

// JSON writes a game's record struct as encoding/json writes it, one line
// and indented: tags, omitempty, nil slices and pointers, typed maps and
// slices, exact big integers, raw JSON, bytes; an Object as the struct of
// the same members.
func TestJSONWritesRecordsAsEncodingJSON(t *testing.T) {
	r := record{N: 3, Name: "a<b>", Skip: "no", Plan: [][]int{{1, 2}, {3}}, Inner: &inner{Y: []any{1.5, "x"}},
		Typed: map[string]int{"b": 2, "a": 1}, Value: map[string]any{"z": nil, "k": true}, Big: new(big.Int).Lsh(big.NewInt(3), 200),
		Raw: json.RawMessage(`{"q":[1,2]}`), Bytes: []byte("hi"), Untaged: 7, Rows: []map[string]any{{"x": 1}},
		Keyed: map[int]string{2: "two", 10: "ten"}, Array: [2]bool{true, false}, hidden: 4}
	r.Embed.A = 5
	object := Object{{"n", r.N}, {"name", r.Name}, {"rules", Omit}, {"plan", r.Plan}, {"none", nil}, {"inner", r.Inner}, {"nil", r.Nil},
		{"typed", r.Typed}, {"value", r.Value}, {"big", r.Big}, {"raw", r.Raw}, {"bytes", r.Bytes}, {"Untaged", r.Untaged},
		{"rows", r.Rows}, {"keyed", r.Keyed}, {"array", r.Array}, {"embed", r.Embed}}
	for _, indent := range []string{"", "  "} {
		want, _ := json.Marshal(r)
		if indent != "" {
			want, _ = json.MarshalIndent(r, "", indent)
		}
		for _, x := range []any{r, object} {
			got, err := JSON(x, indent, nil)
			if err != nil || got != string(want) {
				t.Errorf("%T, indent %q:\n got %s, %v\nwant %s", x, indent, got, err, want)
			}
		}
	}
}

// point is a game value whose record JSON asks for as it writes it.
type point struct{ x int }

func (p point) JSONValue() any { return map[string]any{"x": p.x} }

// A Seq is written as the list of its items, made as they are written,
// and a JSONValuer as its record, at any depth.
func TestJSONWritesSeqsAndValuers(t *testing.T) {
	made := 0
	seq := Seq(func(yield func(any) bool) {
		for i := range 3 {
			made++
			if !yield([]any{i, point{i}}) {
				return
			}
		}
	})
	for _, indent := range []string{"", "  "} {
		got, err := JSON(map[string]any{"cells": seq, "p": []any{point{7}}}, indent, nil)
		want, _ := json.Marshal(map[string]any{"cells": []any{[]any{0, map[string]any{"x": 0}}, []any{1, map[string]any{"x": 1}}, []any{2, map[string]any{"x": 2}}},
			"p": []any{map[string]any{"x": 7}}})
		if indent != "" {
			want, _ = json.MarshalIndent(map[string]any{"cells": []any{[]any{0, map[string]any{"x": 0}}, []any{1, map[string]any{"x": 1}}, []any{2, map[string]any{"x": 2}}},
				"p": []any{map[string]any{"x": 7}}}, "", indent)
		}
		if err != nil || got != string(want) {
			t.Errorf("indent %q:\n got %s, %v\nwant %s", indent, got, err, want)
		}
	}
	if made != 6 {
		t.Errorf("the Seq made %d items for two writings of 3", made)
	}
	var nj *NotJSON
	if _, err := JSON([]any{1.0, inner{Y: 1e400 * 0}}, "", nil); err != nil {
		t.Errorf("0 is a number: %v", err)
	}
	if err := WriteJSON(io.Discard, Seq(func(yield func(any) bool) { yield(big.NewFloat(1)) }), "", nil); err != nil {
		t.Errorf("a value that marshals itself: %v", err)
	}
	inf := 1.0
	for range 2000 {
		inf *= 10
	}
	if err := WriteJSON(io.Discard, []any{inf}, "", nil); !errors.As(err, &nj) {
		t.Errorf("an infinite float: %v", err)
	}
}

// meter is a budget of fits bytes for Render, counting its checks.
type meter struct {
	fits   int64
	checks int
	slow   time.Duration // each check takes this long
}

func (m *meter) Reserve(bytes int64) {
	if bytes > m.fits {
		panic(builtin.Errorf(builtin.MemoryError, "memory budget exceeded"))
	}
}
func (m *meter) ReserveItems(n, size int64) { m.Reserve(n * size) }
func (m *meter) Fits(bytes int64) bool      { return bytes <= m.fits }
func (m *meter) Check()                     { m.checks++; time.Sleep(m.slow) }
func (m *meter) Poll(i int) {
	if i&0xffff == 0xffff {
		m.Check()
	}
}
func (m *meter) Tick() {}

// writeLines writes n lines of 100 bytes, a line at a time.
func writeLines(n int) func(w io.Writer) error {
	return func(w io.Writer) error {
		line := strings.Repeat("x", 99) + "\n"
		for range n {
			if _, err := io.WriteString(w, line); err != nil {
				return err
			}
		}
		return nil
	}
}

// Render makes a text that fits whole, writing a short one once and a
// long one twice (counted, then made at its length); one that does not fit
// is a TooLarge of its exact length, none of it made; one whose writer
// announces its length is refused before it is written; and counting a
// text too large stops a while after it is known not to fit.
func TestRender(t *testing.T) {
	m := &meter{fits: 100 << 20}
	for _, lines := range []int{0, 1, 5000, 200000} {
		s, err := Render(m, writeLines(lines))
		if err != nil || len(s) != 100*lines || lines > 0 && !strings.HasSuffix(s, "x\n") {
			t.Errorf("%d lines: %d bytes, %v", lines, len(s), err)
		}
	}
	if m.checks == 0 {
		t.Error("Render never checked the cell")
	}
	small := &meter{fits: 3 << 20}
	_, err := Render(small, writeLines(50000))
	var tl *TooLarge
	if !errors.As(err, &tl) || tl.Bytes != 5000000 || tl.AtLeast {
		t.Errorf("5 MB in a budget of 3 MB: %v", err)
	}
	if e := MemoryError(err, "text", 1<<20, `save(x, "x.txt") writes it to a file`); !strings.Contains(e.Error(), "text(x) would be 4.8 MB of text, more than the 1.0 MB the budget has left; save(x") {
		t.Errorf("the MemoryError: %v", e)
	} else if be := (*builtin.Error)(nil); !errors.As(e, &be) || be.Kind != builtin.MemoryError || be.Arg != 1 || be.Fn != "text" {
		t.Errorf("the MemoryError: %#v", e)
	}
	wrote := 0
	_, err = Render(small, func(w io.Writer) error {
		w.(interface{ Expect(int64) }).Expect(5000000)
		wrote++
		return writeLines(50000)(w)
	})
	if !errors.As(err, &tl) || tl.Bytes != 5000000 || !tl.AtLeast || wrote != 0 {
		t.Errorf("a text that announces 5 MB in a budget of 3 MB: %v, written %d times", err, wrote)
	}
	slow := &meter{fits: 1 << 20, slow: 20 * time.Millisecond} // a chunk of 64 KB in 20 ms: 3.2 MB a second
	start := time.Now()
	_, err = Render(slow, writeLines(1000000)) // 100 MB: half a minute to count
	if took := time.Since(start); !errors.As(err, &tl) || !tl.AtLeast || took > countAfter+2*time.Second || tl.Bytes < 2<<20 {
		t.Errorf("100 MB counted slowly: %v after %v", err, took)
	}
}
