package printer

// Text made in memory under the memory budget: counted first, without
// keeping it, then made once at its exact length, or refused at once with
// its size. A string.Builder that doubled as the text grew would copy it
// over and over, hold three times it at its last doubling, and pass the
// budget only after the work of writing most of it.

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unsafe"

	"gamelab/kernel/builtin"
)

// countAfter is how long Render goes on counting a text once it is known
// not to fit, to say how long it is: past that it says how much it
// counted.
const countAfter = time.Second

// TooLarge is Render's error for a text that does not fit in the budget:
// its length in bytes, or, when counting all of it would have taken long
// or it was refused at what its writer expected to write (AtLeast), how
// much of it was counted.
type TooLarge struct {
	Bytes   int64
	AtLeast bool
}

func (e *TooLarge) Error() string { return "the text would be " + e.Size() }

// Size is the text's length in words: "72.4 MB", "at least 1.2 GB".
func (e *TooLarge) Size() string {
	if e.AtLeast {
		return "at least " + builtin.ByteSize(e.Bytes)
	}
	return builtin.ByteSize(e.Bytes)
}

// MemoryError is err, when it is a *TooLarge, as the MemoryError of the
// call fn(x) that would have made the text: what the text would take, what
// the budget has left (left bytes), and instead, what the user can do
// ("save(x, \"x.txt\") writes it to a file a chunk at a time"); the error
// is about argument 1, so the engine marks it in the statement. Any other
// err is returned as it is.
func MemoryError(err error, fn string, left int64, instead string) error {
	var tl *TooLarge
	if !errors.As(err, &tl) {
		return err
	}
	return &builtin.Error{Kind: builtin.MemoryError, Fn: fn, Arg: 1, Offset: -1,
		Msg: fmt.Sprintf("memory budget exceeded: %s(x) would be %s of text, more than the %s the budget has left; %s, or budget(bytes) raises the budget",
			fn, tl.Size(), builtin.ByteSize(left), instead)}
}

// Render is the text that write writes, as a string made under the meter
// m; without a meter (nil), written once into a builder.
//
// With one, write runs once, the cell checked every chunk and the meter
// asked each time the text's length doubles whether it fits. While the
// text and a copy of it fit, its chunks are kept and joined at the end;
// past that they are dropped, the text counted without keeping it, and,
// when all of it fits, write runs again into a string allocated once at
// exactly that length, so no doubling buffer ever holds two or three
// times it. A text that does not fit is a *TooLarge, none of it made: its
// length, counted to the end unless that takes more than countAfter past
// the moment it was known not to fit. write must write the same text each
// time. A drawing's long loops that write nothing for a while can check
// the cell through w (display.Checker), and a writer that knows its
// length first can say so (display.Expecter).
func Render(m builtin.Meter, write func(w io.Writer) error) (s string, err error) {
	if m == nil {
		var b strings.Builder
		err := write(&b)
		return b.String(), err
	}
	c := &counter{m: m, chunks: [][]byte{make([]byte, 0, 4<<10)}, ask: keepChunk}
	if err := c.run(write); err != nil {
		return "", err
	}
	if !c.over && c.chunks != nil {
		if len(c.chunks) == 1 {
			return unsafe.String(unsafe.SliceData(c.chunks[0]), len(c.chunks[0])), nil
		}
		if m.Fits(c.n) { // the chunks are in the heap already: room for the copy
			var b strings.Builder
			b.Grow(int(c.n))
			for i, chunk := range c.chunks {
				b.Write(chunk)
				c.chunks[i] = nil
			}
			return b.String(), nil
		}
		c.chunks = nil
	}
	if c.over || !m.Fits(c.n) {
		return "", &TooLarge{Bytes: c.n, AtLeast: c.gaveUp}
	}
	b := &exactBuilder{m: m}
	b.b.Grow(int(c.n))
	if err := write(b); err != nil {
		return "", err
	}
	return b.b.String(), nil
}

// keepChunk is the most a chunk Render keeps holds.
const keepChunk = 1 << 20

// counter counts what is written to it (see Render), keeping it in chunks
// while it fits twice (asked at each new chunk).
type counter struct {
	m      builtin.Meter
	chunks [][]byte // the text, while it and a copy fit; nil past that
	n      int64
	ask    int64 // the count at which to ask the meter next
	since  int   // bytes since the last check
	over   bool  // the text does not fit
	stop   time.Time
	gaveUp bool // counting stopped at stop
}

// gaveUp is the panic that ends the counting of a text too large to fit
// once it has gone on for countAfter.
type gaveUp struct{}

// run runs write into c, ending it when counting gives up.
func (c *counter) run(write func(w io.Writer) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(gaveUp); !ok {
				panic(r)
			}
			c.gaveUp = true
		}
	}()
	return write(c)
}

func (c *counter) Write(p []byte) (int, error) {
	for q := p; c.chunks != nil && len(q) > 0; {
		last := &c.chunks[len(c.chunks)-1]
		room := keepChunk - len(*last)
		if room == 0 {
			if !c.m.Fits(c.n) { // no room for a copy of the chunks, or for the next one
				c.chunks = nil // to be counted, and made again
				break
			}
			c.chunks = append(c.chunks, make([]byte, 0, keepChunk))
			continue
		}
		k := min(room, len(q))
		*last, q = append(*last, q[:k]...), q[k:]
	}
	c.add(len(p))
	return len(p), nil
}

func (c *counter) WriteString(s string) (int, error) {
	return c.Write(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// Check checks the cell (display.Checker).
func (c *counter) Check() { c.m.Check() }

// Expect is told that bytes more are about to be written (a grid knows the
// length of its text before it writes it, display.Expecter): a text that
// will not fit is refused at once, at least that long.
func (c *counter) Expect(bytes int64) {
	if c.over || c.m.Fits(c.n+bytes) {
		return
	}
	c.n += bytes
	c.over, c.chunks = true, nil
	panic(gaveUp{})
}

// add counts n bytes more: the cell is checked every chunk, the meter
// asked whether the text fits at each doubling of the count.
func (c *counter) add(n int) {
	c.n += int64(n)
	if c.since += n; c.since >= chunkBytes {
		c.since = 0
		c.m.Check()
		if c.over && time.Now().After(c.stop) {
			panic(gaveUp{})
		}
	}
	if c.n >= c.ask {
		c.ask = 2 * c.n
		if c.chunks == nil && !c.over && !c.m.Fits(c.n) {
			c.over, c.stop = true, time.Now().Add(countAfter)
		}
	}
}

// exactBuilder is Render's second writing: into a builder grown once to
// the counted length (a writer that wrote more the second time grows it
// as the meter allows), the cell checked every chunk.
type exactBuilder struct {
	b     strings.Builder
	m     builtin.Meter
	since int
}

func (w *exactBuilder) Write(p []byte) (int, error) {
	w.grow(len(p))
	return w.b.Write(p)
}

func (w *exactBuilder) WriteString(s string) (int, error) {
	w.grow(len(s))
	return w.b.WriteString(s)
}

// Check checks the cell (display.Checker).
func (w *exactBuilder) Check() { w.m.Check() }

func (w *exactBuilder) grow(n int) {
	if w.b.Len()+n > w.b.Cap() {
		w.m.Reserve(int64(2*w.b.Cap() + n))
	}
	if w.since += n; w.since >= chunkBytes {
		w.since = 0
		w.m.Check()
	}
}
