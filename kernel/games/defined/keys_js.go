//go:build js

package defined

import "gamelab/kernel/word"

// In the web page's engine, whose size is budgeted, no key is packed and
// every key is its text (keys.go has the fast ones).

func pack(word.Word) (uint64, bool) { return 0, false }

// appendLiteral appends printer.Literal(w.Value()) to b.
func appendLiteral(b []byte, w word.Word) []byte { return append(b, text(w.Value())...) }
