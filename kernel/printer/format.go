package printer

// The formatter of plain values: lists, maps and numbers written whole or
// summarised, into a buffer or a chunk at a time to a writer, with the
// cell's meter polled as it goes. Numbers are appended without fmt and
// typed lists (a range's []int) are walked as they are, never boxed into
// a []any first: print(1..4*10**7) writes 389 MB at the speed of strconv.

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"gamelab/kernel/builtin"
)

// chunkBytes is how much text the formatter gathers before it checks the
// meter and, streaming, writes it out.
const chunkBytes = 64 << 10

// formatter writes plain values: whole, or with cut, each long list or map
// summarised, each long integer shortened and, past MaxShownItems items,
// every list and map left "…" (see Shown). items counts the numbers,
// strings and other single values written.
type formatter struct {
	buf   []byte
	out   io.Writer     // where each chunk goes; nil: buf keeps the whole text
	m     builtin.Meter // checked at each chunk; nil: never
	err   error         // out's first error: nothing more is written
	mark  int           // len(buf) at the last check
	depth int           // of the list or map being written
	cut   bool
	items int
}

// MaxDepth is how deeply a value may nest lists and maps to be written: a
// walk deeper than that could overflow the stack (the language refuses to
// keep such a value, see kernel/lang).
const MaxDepth = 10000

// ErrTooDeep is Write's error for a value nested deeper than MaxDepth.
var ErrTooDeep = builtin.Errorf(builtin.RuntimeError, "the value nests arrays or maps more than %d deep", MaxDepth)

// nest enters a list or map; false when it is too deep to write.
func (f *formatter) nest() bool {
	if f.depth++; f.depth > MaxDepth {
		f.err = ErrTooDeep
		return false
	}
	return true
}

// grew checks the meter once a chunk has been written since the last
// check and, streaming, hands the chunk to out.
func (f *formatter) grew() {
	if len(f.buf)-f.mark < chunkBytes {
		return
	}
	if f.m != nil {
		f.m.Check()
	}
	if f.out == nil {
		f.mark = len(f.buf)
		return
	}
	f.flush()
}

// flush writes what is gathered to out, keeping the buffer for the next
// chunk.
func (f *formatter) flush() {
	if f.out != nil && f.err == nil && len(f.buf) > 0 {
		_, f.err = f.out.Write(f.buf)
	}
	f.buf = f.buf[:0]
	f.mark = 0
}

// String is the text written, without a copy: the formatter is done with
// its buffer.
func (f *formatter) String() string {
	if len(f.buf) == 0 {
		return ""
	}
	return unsafe.String(&f.buf[0], len(f.buf))
}

func (f *formatter) str(s string) { f.buf = append(f.buf, s...) }

// full says that nothing more is to be written: out failed, or a summary
// has shown all it shows.
func (f *formatter) full() bool { return f.err != nil }

func (f *formatter) write(x any) {
	switch v := x.(type) {
	case nil:
		f.single("nil")
	case string:
		if f.cut && len(v) > LongString {
			f.single(shortString(v))
		} else {
			f.single(strconv.Quote(v))
		}
	case bool:
		f.single(strconv.FormatBool(v))
	case int:
		f.int(int64(v))
	case int64:
		f.int(v)
	case float64:
		f.buf = strconv.AppendFloat(f.buf, v, 'g', -1, 64)
		f.items++
	case *big.Int:
		if f.cut {
			f.single(ShortNumber(v))
		} else {
			f.single(v.String())
		}
	case builtin.Inline:
		f.single(v.Inline())
	case builtin.Typed:
		f.single("<" + v.TypeName() + ">")
	case map[string]any:
		keys := slices.Sorted(maps.Keys(v))
		f.brace(len(keys), func(i int) {
			f.buf = append(strconv.AppendQuote(f.buf, keys[i]), ": "...)
			f.write(v[keys[i]])
		})
	case []any:
		f.list(len(v), func(i int) { f.write(v[i]) })
	case []int:
		f.ints(v)
	case []string:
		f.list(len(v), func(i int) { f.write(v[i]) })
	default:
		f.reflected(x)
	}
}

// reflected writes the lists and maps of other Go types (a []float64, the
// map groupBy makes), and anything else by its kind, never as a Go value.
func (f *formatter) reflected(x any) {
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		f.list(rv.Len(), func(i int) { f.write(rv.Index(i).Interface()) })
	case reflect.Map:
		keys := sortedKeys(rv)
		f.brace(len(keys), func(i int) {
			f.write(keys[i].Interface())
			f.str(": ")
			f.write(rv.MapIndex(keys[i]).Interface())
		})
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.int(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f.single(strconv.FormatUint(rv.Uint(), 10))
	case reflect.Float32:
		f.write(rv.Float())
	case reflect.Func:
		f.single("<function>")
	case reflect.Struct, reflect.Pointer, reflect.Interface, reflect.Chan, reflect.UnsafePointer:
		f.single("<" + builtin.TypeName(x) + ">")
	default:
		f.single(fmt.Sprint(x))
	}
}

func (f *formatter) int(v int64) {
	f.buf = strconv.AppendInt(f.buf, v, 10)
	f.items++
}

func (f *formatter) single(s string) {
	f.str(s)
	f.items++
}

// list writes n items in brackets.
func (f *formatter) list(n int, item func(i int)) {
	f.str("[")
	f.each(n, item)
	f.str("]")
}

// brace writes n items of a map in braces.
func (f *formatter) brace(n int, item func(i int)) {
	f.str("{")
	f.each(n, item)
	f.str("}")
}

// ints writes a list of ints (a range): in a loop of its own when whole,
// the one list that is often millions long.
func (f *formatter) ints(v []int) {
	if f.cut {
		f.list(len(v), func(i int) { f.int(int64(v[i])) })
		return
	}
	f.str("[")
	for i, x := range v {
		if i > 0 {
			f.buf = append(f.buf, ", "...)
		}
		f.buf = strconv.AppendInt(f.buf, int64(x), 10)
		if i&1023 == 1023 {
			if f.grew(); f.full() {
				return
			}
		}
	}
	f.items += len(v)
	f.str("]")
}

// each writes items 0..n-1 separated by commas; with cut, of more than
// CutItems only the first and last EdgeItems, "…" between them, and once
// MaxShownItems have been written only "…" for the rest: a list of three
// lists nested fourteen deep has 4.7 million numbers, none of its lists
// long.
func (f *formatter) each(n int, item func(i int)) {
	if !f.nest() {
		return
	}
	defer func() { f.depth-- }()
	for i := 0; i < n && !f.full(); i++ {
		if i > 0 {
			f.str(", ")
		}
		if f.cut && f.items >= MaxShownItems {
			f.str("…")
			return
		}
		if f.cut && n > CutItems && i == EdgeItems {
			f.str("…")
			i = n - EdgeItems - 1
			continue
		}
		item(i)
		f.grew()
	}
}

// sortedKeys are a map's keys in order: numbers by value, strings by
// bytes, numbers before strings, anything else by its text.
func sortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	rank := func(k any) int {
		switch k.(type) {
		case int, int64, float64, *big.Int:
			return 0
		case string:
			return 1
		}
		return 2
	}
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		x, y := a.Interface(), b.Interface()
		if c := cmp.Compare(rank(x), rank(y)); c != 0 {
			return c
		}
		switch rank(x) {
		case 0:
			return numberOf(x).Cmp(numberOf(y))
		case 1:
			return strings.Compare(x.(string), y.(string))
		}
		return strings.Compare(Literal(x), Literal(y))
	})
	return keys
}

// numberOf is a map key's number as a float big enough for any integer.
func numberOf(x any) *big.Float {
	switch v := x.(type) {
	case int:
		return new(big.Float).SetInt64(int64(v))
	case int64:
		return new(big.Float).SetInt64(v)
	case float64:
		if v != v { // NaN sorts first
			return new(big.Float).SetInf(true)
		}
		return new(big.Float).SetFloat64(v)
	case *big.Int:
		return new(big.Float).SetInt(v)
	}
	return new(big.Float)
}

// countItems counts the items of x down to its numbers, strings and other
// values that are neither lists nor maps (an empty list counts 1), and
// about how many bytes their text takes (strings and big numbers by
// their length, anything else as a short word).
func countItems(x any) (n int, bytes int64) {
	add := func(e any) {
		k, b := countItems(e)
		n, bytes = n+k, bytes+b
	}
	switch v := x.(type) {
	case map[string]any:
		for k, e := range v {
			add(e)
			bytes += int64(len(k))
		}
		return max(n, 1), bytes
	case []any:
		for _, e := range v {
			add(e)
		}
		return max(n, 1), bytes
	case []string:
		for _, e := range v {
			bytes += int64(len(e)) + 4
		}
		return max(len(v), 1), bytes
	case string:
		return 1, int64(len(v)) + 2
	case *big.Int:
		return 1, int64(v.BitLen())*30103/100000 + 2
	case builtin.Typed:
		return 1, 16
	}
	switch v := reflect.ValueOf(x); v.Kind() {
	case reflect.Slice, reflect.Array:
		if k := v.Type().Elem().Kind(); k != reflect.Interface && k != reflect.Slice && k != reflect.Array && k != reflect.Map && k != reflect.String {
			return max(v.Len(), 1), 22 * int64(v.Len()) // []int, []float64, …: no need to look at each
		}
		for i := range v.Len() {
			add(v.Index(i).Interface())
		}
		return max(n, 1), bytes
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			add(it.Value().Interface())
		}
		return max(n, 1), bytes
	}
	return 1, 16
}

// LongString is the longest string a summary shows whole; a longer one
// shows its first ShortStringBytes bytes and its length.
const (
	LongString       = 1000
	ShortStringBytes = 60
)

// shortString is s as a summary shows it: "aaaa…" (10000000 characters).
func shortString(s string) string {
	cut := ShortStringBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	q := strconv.Quote(s[:cut])
	return q[:len(q)-1] + "…\" (" + strconv.Itoa(utf8.RuneCountInString(s)) + " characters)"
}
