//go:build js

package defined

// In the web page's engine, whose size is budgeted, no key is packed and
// every key is its text (keys.go has the fast ones).

func pack(any) (uint64, bool) { return 0, false }

// appendLiteral appends printer.Literal(v) to b.
func appendLiteral(b []byte, v any) []byte { return append(b, text(v)...) }
