// Package printer writes gamelab's values as text: whole, as print, text
// and save write them, or as a result is shown on a screen, where a large
// list or map is summarised and long numbers in the summary are shortened.
// The engine and the games print through it, so a game value that holds
// plain values prints them as everything else does. It knows values only
// through kernel/builtin's contract (Value, Typed).
package printer

import (
	"fmt"
	"maps"
	"math/big"
	"reflect"
	"slices"
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
	return f.b.String()
}

// Shown lists and maps of more than MaxShownItems items in all (counted
// down to the numbers and strings in them) are summarised when shown as a
// result, as numpy summarises its arrays: each list or map of more than
// CutItems items shows its first and last EdgeItems items around "…" (a
// shorter one is shown whole: cutting it would save little), and an
// integer of more than LongDigits digits shows its ends and its length. A
// 2000-row board's rows are two million numbers, 6 MB of text that no
// terminal or notebook wants at once.
const (
	MaxShownItems = 1000
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
		return Quote(v)
	case ShownAs:
		return strings.TrimRight(v.ShownAs(name), "\n")
	case builtin.Value:
		return Text(x)
	}
	total := countItems(x)
	if total <= MaxShownItems {
		return Text(x)
	}
	f := formatter{cut: true}
	f.write(x)
	return f.b.String() + fmt.Sprintf("\n(%d of %d items shown; %s give them all)", f.items, total, GetAll(name))
}

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

// countItems counts the items of x down to its numbers, strings and other
// values that are neither lists nor maps (an empty list counts 1).
func countItems(x any) int {
	switch v := x.(type) {
	case map[string]any:
		n := 0
		for _, e := range v {
			n += countItems(e)
		}
		return max(n, 1)
	case []any:
		n := 0
		for _, e := range v {
			n += countItems(e)
		}
		return max(n, 1)
	case string, builtin.Typed:
		return 1
	}
	if v := reflect.ValueOf(x); v.Kind() == reflect.Slice || v.Kind() == reflect.Array {
		if k := v.Type().Elem().Kind(); k != reflect.Interface && k != reflect.Slice && k != reflect.Array && k != reflect.Map {
			return max(v.Len(), 1) // []int, []string, …: no need to look at each
		}
		n := 0
		for i := range v.Len() {
			n += countItems(v.Index(i).Interface())
		}
		return max(n, 1)
	}
	return 1
}

// formatter writes plain values: whole, or with cut, each long list or map
// summarised and each long integer shortened (see Shown). items counts the
// numbers, strings and other single values written.
type formatter struct {
	b     strings.Builder
	cut   bool
	items int
}

func (f *formatter) write(x any) {
	switch v := x.(type) {
	case nil:
		f.single("nil")
		return
	case string:
		f.single(strconv.Quote(v))
		return
	case *big.Int:
		if f.cut {
			f.single(ShortNumber(v))
		} else {
			f.single(v.String())
		}
		return
	case builtin.Typed:
		f.single("<" + v.TypeName() + ">")
		return
	case map[string]any:
		keys := slices.Sorted(maps.Keys(v))
		f.b.WriteString("{")
		f.each(len(keys), func(i int) {
			f.b.WriteString(strconv.Quote(keys[i]) + ": ")
			f.write(v[keys[i]])
		})
		f.b.WriteString("}")
		return
	}
	if l, ok := builtin.AsList(x); ok {
		f.b.WriteString("[")
		f.each(len(l), func(i int) { f.write(l[i]) })
		f.b.WriteString("]")
		return
	}
	f.single(fmt.Sprint(x))
}

func (f *formatter) single(s string) {
	f.b.WriteString(s)
	f.items++
}

// each writes items 0..n-1 separated by commas; with cut, of more than
// CutItems only the first and last EdgeItems, "…" between them.
func (f *formatter) each(n int, item func(i int)) {
	for i := 0; i < n; i++ {
		if i > 0 {
			f.b.WriteString(", ")
		}
		if f.cut && n > CutItems && i == EdgeItems {
			f.b.WriteString("…")
			i = n - EdgeItems - 1
			continue
		}
		item(i)
	}
}
