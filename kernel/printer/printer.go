// Package printer writes gamelab's values as text: whole, as print, text
// and save write them, or as a result is shown on a screen, where a large
// list or map is summarised and long numbers in the summary are shortened.
// The engine and the games print through it, so a game value that holds
// plain values prints them as everything else does. It knows values only
// through kernel/builtin's contract (Value, Typed).
package printer

import (
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"gamelab/kernel/builtin"
)

// Text is x as print, text and save write it: a string as it is, a game
// value by its Text, lists in brackets, maps in braces (strings inside
// them quoted), exact integers; whole however long.
func Text(x any) string {
	switch v := x.(type) {
	case builtin.Value:
		return strings.TrimRight(v.Text(), "\n")
	case string:
		return v
	}
	return Literal(x)
}

// Literal is x written whole as it stands inside a list: strings quoted,
// a game value by its kind ("<polygon>").
func Literal(x any) string {
	var f formatter
	f.write(x)
	return f.String()
}

// Write writes Text(x) to w a chunk at a time, checking m between chunks
// (nil: no checks), so that the whole text of a list of millions of items
// streams in little memory and stops within milliseconds of an interrupt:
// m.Check panics with the cell's error. It returns w's first error, after
// which it writes no more.
func Write(w io.Writer, x any, m builtin.Meter) error {
	if v, ok := x.(builtin.Value); ok {
		_, err := io.WriteString(w, Text(v))
		return err
	}
	if s, ok := x.(string); ok {
		return writeChunks(w, s, m)
	}
	f := formatter{out: w, m: m}
	f.write(x)
	if f.err == ErrTooDeep {
		return f.err // the statement fails; what went out before stays
	}
	f.flush()
	return f.err
}

// TextOf is Text(x) made under the meter m as Render makes a text: polled
// as it is written, so that string(1..4*10**7) stops within milliseconds of
// an interrupt, and made only when it fits (a *TooLarge error when not).
func TextOf(x any, m builtin.Meter) (string, error) {
	switch x.(type) {
	case builtin.Value, string:
		return Text(x), nil
	}
	return Render(m, func(w io.Writer) error { return Write(w, x, m) })
}

// writeChunks writes s to w a chunk at a time, checking m between them.
func writeChunks(w io.Writer, s string, m builtin.Meter) error {
	for len(s) > 0 {
		n := min(len(s), chunkBytes)
		if m != nil {
			m.Check()
		}
		if _, err := io.WriteString(w, s[:n]); err != nil {
			return err
		}
		s = s[n:]
	}
	return nil
}

// Shown lists and maps of more than MaxShownItems items in all (counted
// down to the numbers and strings in them) are summarised when shown as a
// result, as numpy summarises its arrays: each list or map of more than
// CutItems items shows its first and last EdgeItems items around "…" (a
// shorter one is shown whole: cutting it would save little), and an
// integer of more than LongDigits digits shows its ends and its length, a
// string of more than LongString bytes its start and its length (a value
// whose text would pass MaxShownBytes is summarised however few its items:
// a hundred strings of 10 MB are a gigabyte to show, and one of them alone
// is shown by its start and its length). A
// 2000-row board's rows are two million numbers, 6 MB of text that no
// terminal or notebook wants at once.
const (
	MaxShownItems = 1000
	MaxShownBytes = 1 << 20 // of text: past it, long strings and numbers are shortened too
	CutItems      = 10
	EdgeItems     = 3
)

// Shown is x as a screen shows a result or show(x): the text of Text,
// except that a string is quoted (so "12" and 12 differ on the screen), a
// value past MaxShownItems is summarised, followed by a line that says how
// many items were left out and how to get all of them, and a game value
// that summarises itself (ShownAs) names the variable. name is the
// variable the user shows x by (`s1` shows s1), "" when x is in none.
func Shown(x any, name string) string {
	switch v := x.(type) {
	case string:
		if len(v) > MaxShownBytes {
			// A string of megabytes would flood the terminal as surely
			// as a long list: its start and its length, as in a summary.
			// (text and json of it are strings as long, shortened again.)
			if name == "" {
				name = "x"
			}
			return shortString(v) + fmt.Sprintf("\n(a long string shortened; print(%[1]s) or save(%[1]s, %[2]q) give it whole)", name, name+".txt")
		}
		return Quote(v)
	case ShownAs:
		return strings.TrimRight(v.ShownAs(name), "\n")
	case builtin.Value:
		return shownText(Text(x), name)
	}
	total, bytes := countItems(x)
	if total <= MaxShownItems && bytes <= MaxShownBytes {
		return Text(x)
	}
	f := formatter{cut: true}
	f.write(x)
	if f.items == total {
		return f.String() + fmt.Sprintf("\n(long strings and numbers shortened; %s give them whole)", GetAll(name))
	}
	return f.String() + fmt.Sprintf("\n(%d of %d items shown; %s give them all)", f.items, total, GetAll(name))
}

// shownText is a value's text as a result shows it: whole up to
// MaxShownBytes (as a string is), else its first lines (some thousands of
// bytes at most), which a terminal can take, and how to get the rest: a
// game's own text part may write megabytes of a state.
func shownText(t, name string) string {
	if len(t) <= MaxShownBytes {
		return t
	}
	cut := strings.ToValidUTF8(t[:shownTextBytes], "")
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i]
	}
	return cut + fmt.Sprintf("\n… (a long text shortened: %d lines, %d characters; %s give it whole)",
		strings.Count(t, "\n")+1, utf8.RuneCountInString(t), GetAll(name))
}

// shownTextBytes is how much of a text past MaxShownBytes is shown.
const shownTextBytes = 4096

// ShownAs is a value whose shown text is a summary that refers to the
// value, such as a large result's "… (1469 more in s1.merges)": ShownAs
// is that text (its Text, shortened where long) naming the variable name
// that holds the value, or naming none when name is "". Use GetAll and
// ShortNumber to write it.
type ShownAs interface {
	ShownAs(name string) string
}

// GetAll says how to get the whole of a value shown summarised: with the
// variable's name, `print(s1), text(s1), json(s1) or save(s1, "s1.txt")`;
// without one, the same with x standing for the value.
func GetAll(name string) string {
	if name == "" {
		name = "x"
	}
	return fmt.Sprintf("print(%[1]s), text(%[1]s), json(%[1]s) or save(%[1]s, %[2]q)", name, name+".txt")
}

// Quote is a string as a result shows it: a literal expr reads back, raw
// (`…`) when that spares escaping quotes and backslashes (JSON reads
// better so).
func Quote(s string) string {
	if strings.ContainsAny(s, "\"\\") && !strings.ContainsAny(s, "`\r") && utf8.ValidString(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// LongDigits is the most digits an integer shows in a summary; a longer
// one shows its first and last ShortEnds digits and how many it has.
const (
	LongDigits = 40
	ShortEnds  = 10
)

// ShortNumber is n as a summary shows it: whole up to LongDigits digits,
// else its ends and its length, "1234567890…1234567890 (600 digits)".
func ShortNumber(n *big.Int) string {
	s := n.String()
	digits := len(strings.TrimPrefix(s, "-"))
	if digits <= LongDigits {
		return s
	}
	return fmt.Sprintf("%s…%s (%d digits)", s[:len(s)-digits+ShortEnds], s[len(s)-ShortEnds:], digits)
}
