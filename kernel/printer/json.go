package printer

// JSON text of plain values and of the games' records, written a chunk at
// a time with the cell's meter checked as it goes: encoding/json marshals
// a value in one call that nothing interrupts (json of twelve million
// numbers ran 8 s past Ctrl-C), builds the whole text in a buffer the
// budget never sees, and needs every list whole before it starts (a DP
// table's millions of cells as maps took 3 GB). Here lists and maps are
// written an item at a time, a game value's record is asked for as it is
// reached (JSONValuer), and a table's record is an Object whose Seq of
// cells makes each cell as it is written. A record struct, small, is left
// to encoding/json.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
)

// Seq is a list that JSON writes an item at a time, never holding it
// whole: a DP table's JSONValue gives its cells as one, each cell's object
// made as it is written. yield returns false when the writing stops.
type Seq func(yield func(item any) bool)

// Object is a JSON object whose members are written in order, each value
// as JSON writes it: a record that holds a Seq (which encoding/json
// cannot write), such as a DP table's. A member of Omit value is left out.
type Object []Member

// Member is a member of an Object.
type Member struct {
	Key   string
	Value any
}

// Omit is the value of an Object's member that is left out (as omitempty
// leaves out an empty field).
var Omit = omit{}

type omit struct{}

// JSONValuer is a value that JSON writes as another: a game value or
// result as its record (a struct with json tags, a map), which may hold
// Seqs and JSONValuers in turn. It is asked as it is written, at any
// depth of lists and maps, so no copy of the value is made first.
type JSONValuer interface{ JSONValue() any }

// JSON is x as JSON: one line, or indented by indent ("  ") a level as
// json.MarshalIndent writes it, made under the meter m as Render makes a
// text (a *TooLarge error when it does not fit). x is a plain value (lists
// and maps of numbers, exact integers of any size, strings, booleans and
// nil), a game value (JSONValuer), an Object or Seq, at any depth of lists
// and maps; anything else (a record struct) as encoding/json writes it.
func JSON(x any, indent string, m builtin.Meter) (string, error) {
	return Render(m, func(w io.Writer) error { return WriteJSON(w, x, indent, m) })
}

// WriteJSON writes x as JSON (see JSON) to w a chunk at a time, checking
// m (nil: never) between chunks; it returns w's first error, or a
// *NotJSON that says why x cannot be written, after which it writes no
// more.
func WriteJSON(w io.Writer, x any, indent string, m builtin.Meter) error {
	e := jsonWriter{out: w, indent: indent, m: m}
	err := e.value(x, 0)
	if err == nil {
		e.flush()
	}
	if e.err != nil {
		return e.err
	}
	if err != nil {
		return &NotJSON{err}
	}
	return nil
}

// NotJSON is WriteJSON's error for a value JSON cannot write (a float that
// is not finite, lists nested past MaxDepth).
type NotJSON struct{ Err error }

func (e *NotJSON) Error() string { return e.Err.Error() }
func (e *NotJSON) Unwrap() error { return e.Err }

type jsonWriter struct {
	buf    []byte
	out    io.Writer
	err    error // out's first error
	indent string
	m      builtin.Meter
	items  int
}

// flush writes the buffer out, checking the meter first.
func (e *jsonWriter) flush() {
	if e.m != nil {
		e.m.Check()
	}
	if e.err == nil && len(e.buf) > 0 {
		_, e.err = e.out.Write(e.buf)
	}
	e.buf = e.buf[:0]
}

// newline starts a line at depth when indenting.
func (e *jsonWriter) newline(depth int) {
	if e.indent == "" {
		return
	}
	e.buf = append(e.buf, '\n')
	for range depth {
		e.buf = append(e.buf, e.indent...)
	}
}

// item starts item i of a list or object at depth.
func (e *jsonWriter) item(i, depth int) {
	if i > 0 {
		e.buf = append(e.buf, ',')
	}
	e.newline(depth + 1)
}

// key starts member i of an object at depth: its key.
func (e *jsonWriter) key(i, depth int, k string) {
	e.item(i, depth)
	e.buf = appendJSONString(e.buf, k)
	e.buf = append(e.buf, ':')
	if e.indent != "" {
		e.buf = append(e.buf, ' ')
	}
}

// done ends an item: the buffer goes out once it holds a chunk, and the
// meter is checked every 1024 items besides (an item may be slow to
// make). false when the writing stops (out failed).
func (e *jsonWriter) done() bool {
	if e.items++; len(e.buf) >= chunkBytes {
		e.flush()
	} else if e.items&1023 == 0 && e.m != nil {
		e.m.Check()
	}
	return e.err == nil
}

// end ends a list or object of n items at depth with b.
func (e *jsonWriter) end(n, depth int, b byte) {
	if n > 0 {
		e.newline(depth)
	}
	e.buf = append(e.buf, b)
}

func (e *jsonWriter) value(x any, depth int) error {
	if depth > MaxDepth {
		return ErrTooDeep
	}
	if j, ok := x.(JSONValuer); ok {
		x = j.JSONValue()
	}
	switch v := x.(type) {
	case nil:
		e.buf = append(e.buf, "null"...)
	case bool:
		e.buf = strconv.AppendBool(e.buf, v)
	case int:
		e.buf = strconv.AppendInt(e.buf, int64(v), 10)
	case int64:
		e.buf = strconv.AppendInt(e.buf, v, 10)
	case float64:
		return e.float(v)
	case *big.Int:
		if v == nil {
			e.buf = append(e.buf, "null"...)
		} else {
			e.buf = v.Append(e.buf, 10)
		}
	case string:
		e.buf = appendJSONString(e.buf, v)
	case json.Number:
		e.buf = append(e.buf, v...)
	case json.RawMessage:
		if e.indent == "" {
			e.buf = append(e.buf, v...)
			break
		}
		var b bytes.Buffer
		if err := json.Indent(&b, v, strings.Repeat(e.indent, depth), e.indent); err != nil {
			return err
		}
		e.buf = append(e.buf, b.Bytes()...)
	case []any:
		e.buf = append(e.buf, '[')
		for i, item := range v {
			e.item(i, depth)
			if err := e.value(item, depth+1); err != nil || !e.done() {
				return err
			}
		}
		e.end(len(v), depth, ']')
	case []int:
		e.buf = append(e.buf, '[')
		for i, item := range v {
			e.item(i, depth)
			if e.buf = strconv.AppendInt(e.buf, int64(item), 10); !e.done() {
				return nil
			}
		}
		e.end(len(v), depth, ']')
	case []string:
		e.buf = append(e.buf, '[')
		for i, item := range v {
			e.item(i, depth)
			if e.buf = appendJSONString(e.buf, item); !e.done() {
				return nil
			}
		}
		e.end(len(v), depth, ']')
	case Seq:
		return e.seq(v, depth)
	case Object:
		e.buf = append(e.buf, '{')
		n := 0
		for _, m := range v {
			if m.Value == Omit {
				continue
			}
			e.key(n, depth, m.Key)
			n++
			if err := e.value(m.Value, depth+1); err != nil || !e.done() {
				return err
			}
		}
		e.end(n, depth, '}')
	case map[string]any:
		keys := slices.Sorted(maps.Keys(v))
		e.buf = append(e.buf, '{')
		for i, k := range keys {
			e.key(i, depth, k)
			if err := e.value(v[k], depth+1); err != nil || !e.done() {
				return err
			}
		}
		e.end(len(keys), depth, '}')
	default:
		return e.reflected(reflect.ValueOf(x), depth)
	}
	return nil
}

// seq writes a Seq's items as a list, each as it is made.
func (e *jsonWriter) seq(items Seq, depth int) error {
	e.buf = append(e.buf, '[')
	n := 0
	var err error
	items(func(item any) bool {
		e.item(n, depth)
		n++
		err = e.value(item, depth+1)
		return err == nil && e.done()
	})
	if err == nil && e.err == nil {
		e.end(n, depth, ']')
	}
	return err
}

func (e *jsonWriter) float(v float64) error {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return fmt.Errorf("%v is not a finite number", v)
	}
	b, _ := json.Marshal(v)
	e.buf = append(e.buf, b...)
	return nil
}

// reflected writes any other value: a map whose keys are not strings
// (groupBy's) with its keys as print writes them, anything else (a game's
// record struct, a typed list) by encoding/json.
func (e *jsonWriter) reflected(v reflect.Value, depth int) error {
	if v.Kind() == reflect.Map && v.Type().Key().Kind() != reflect.String {
		return e.mapOf(v, depth)
	}
	return e.marshal(v.Interface(), depth)
}

// mapOf writes a map, its keys in order; JSON's keys are strings, so each
// key (groupBy's numbers) is written as print writes it (of two keys that
// print alike, one).
func (e *jsonWriter) mapOf(v reflect.Value, depth int) error {
	values := make(map[string]reflect.Value, v.Len())
	for it := v.MapRange(); it.Next(); {
		values[Text(it.Key().Interface())] = it.Value()
	}
	keys := slices.Sorted(maps.Keys(values))
	e.buf = append(e.buf, '{')
	for i, k := range keys {
		e.key(i, depth, k)
		if err := e.value(values[k].Interface(), depth+1); err != nil || !e.done() {
			return err
		}
	}
	e.end(len(keys), depth, '}')
	return nil
}

// marshal writes x by encoding/json, indented at depth.
func (e *jsonWriter) marshal(x any, depth int) error {
	var b []byte
	var err error
	if e.indent == "" {
		b, err = json.Marshal(x)
	} else {
		b, err = json.MarshalIndent(x, strings.Repeat(e.indent, depth), e.indent)
	}
	if err != nil {
		return err
	}
	e.buf = append(e.buf, b...)
	return nil
}

// appendJSONString is s as a JSON string, as encoding/json writes it.
func appendJSONString(dst []byte, s string) []byte {
	if plainJSON(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	b, _ := json.Marshal(s)
	return append(dst, b...)
}

// plainJSON says s needs no escaping: printable ASCII but for " \ < > &
// (which encoding/json escapes for HTML).
func plainJSON(s string) bool {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
