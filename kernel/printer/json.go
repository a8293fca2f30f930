package printer

// JSON text of plain values a chunk at a time, with the cell's meter
// polled and the text reserved as it grows: encoding/json marshals a value
// in one call that nothing interrupts (json of twelve million numbers ran
// 8 s past Ctrl-C) and whose buffer the memory budget never saw.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
)

// JSON is x as JSON: one line, or indented by indent ("  ") a level as
// json.MarshalIndent writes it. x is a value as the engine's JSONValue
// makes it: lists and maps of numbers (exact integers of any size),
// strings, booleans and nil are written here; anything else (a game's
// record struct) by encoding/json. m, when not nil, is polled as the text
// grows and has each chunk reserved.
func JSON(x any, indent string, m builtin.Meter) (string, error) {
	e := jsonWriter{indent: indent, m: m}
	if err := e.value(x, 0); err != nil {
		return "", err
	}
	return string(e.buf), nil
}

type jsonWriter struct {
	buf    []byte
	indent string
	m      builtin.Meter
	mark   int // len(buf) when last reserved
	items  int
}

// grew polls the meter every 1024 items and reserves each chunk of text.
func (e *jsonWriter) grew() {
	if e.items++; e.items&1023 != 0 || e.m == nil {
		return
	}
	e.m.Check()
	if n := len(e.buf) - e.mark; n >= chunkBytes {
		e.m.Reserve(int64(n))
		e.mark = len(e.buf)
	}
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

// seq writes n items between open and close, item i by item.
func (e *jsonWriter) seq(open, close byte, n, depth int, item func(i int) error) error {
	e.buf = append(e.buf, open)
	for i := range n {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.newline(depth + 1)
		if err := item(i); err != nil {
			return err
		}
		e.grew()
	}
	if n > 0 {
		e.newline(depth)
	}
	e.buf = append(e.buf, close)
	return nil
}

func (e *jsonWriter) value(x any, depth int) error {
	if depth > MaxDepth {
		return ErrTooDeep
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
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Errorf("%v is not a finite number", v)
		}
		b, _ := json.Marshal(v)
		e.buf = append(e.buf, b...)
	case *big.Int:
		e.buf = v.Append(e.buf, 10)
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
		return e.seq('[', ']', len(v), depth, func(i int) error { return e.value(v[i], depth+1) })
	case []int:
		return e.seq('[', ']', len(v), depth, func(i int) error { return e.value(v[i], depth+1) })
	case []string:
		return e.seq('[', ']', len(v), depth, func(i int) error { return e.value(v[i], depth+1) })
	case map[string]any:
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range v {
				if !yield(k) {
					return
				}
			}
		})
		return e.seq('{', '}', len(keys), depth, func(i int) error {
			e.buf = appendJSONString(e.buf, keys[i])
			e.buf = append(e.buf, ':')
			if e.indent != "" {
				e.buf = append(e.buf, ' ')
			}
			return e.value(v[keys[i]], depth+1)
		})
	default:
		var b []byte
		var err error
		if e.indent == "" {
			b, err = json.Marshal(v)
		} else {
			b, err = json.MarshalIndent(v, strings.Repeat(e.indent, depth), e.indent)
		}
		if err != nil {
			return err
		}
		e.buf = append(e.buf, b...)
	}
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
