package lang

// The language's versions of expr's functions that can allocate a lot or
// run long: the string functions repeat, join, replace, split,
// splitAfter, upper, lower, toBase64, fromBase64, fromJSON and `matches`
// here, the list functions in lists.go, the bit functions in bits.go.
//
// expr's own run as one Go call each: repeat(repeat("x", 100000), 100000)
// built a 10 GB string that nothing could interrupt. These do the same work
// but reserve its memory first (the cell's builtin.Meter) and poll the
// cell between chunks of about a megabyte, so the budget holds before any
// allocation and Ctrl-C stops any of them within a millisecond or so.

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"gamelab/kernel/builtin"
)

// chunk is how many bytes (or, for arrays, items) the language's functions
// handle between two polls of the cell: about a millisecond of copying.
const chunk = 1 << 20

// builder builds a string of a size reserved beforehand, polling the cell
// after each chunk it writes.
type builder struct {
	m     builtin.Meter
	b     strings.Builder
	since int // bytes written since the last poll
}

// newBuilder reserves size bytes (panicking with a MemoryError when they do
// not fit) and returns a builder with room for them.
func newBuilder(m builtin.Meter, size int64) *builder {
	m.Reserve(size)
	w := &builder{m: m}
	w.b.Grow(int(size))
	return w
}

// write appends str, a chunk at a time.
func (w *builder) write(str string) {
	for len(str) > 0 {
		n := min(len(str), chunk-w.since)
		w.b.WriteString(str[:n])
		str = str[n:]
		if w.since += n; w.since == chunk {
			w.since = 0
			w.m.Check()
		}
	}
}

// concatStrings is a + b for strings, in chunks.
func concatStrings(m builtin.Meter, a, b string) string {
	w := newBuilder(m, int64(len(a))+int64(len(b)))
	w.write(a)
	w.write(b)
	return w.b.String()
}

// repeatString is repeat(s, n).
func repeatString(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var str string
	var n int
	if err := builtin.UnpackArgs("repeat", args, "s", &str, "n", &n); err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, valueError("repeat", 2, "n", "must be 0 or more, got %d", n)
	}
	if len(str) > 0 && n > math.MaxInt64/len(str) {
		refuse(m)
	}
	total := len(str) * n
	if total == 0 {
		return "", nil
	}
	w := newBuilder(m, int64(total))
	w.write(str)
	// Doubling, as strings.Repeat does: the builder has room for all of it,
	// so what it holds stays where it is while it is copied onto its end.
	for w.b.Len() < total {
		w.write(w.b.String()[:min(w.b.Len(), total-w.b.Len())])
	}
	return w.b.String(), nil
}

// joinStrings is join(array) and join(array, glue).
func joinStrings(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	glue := ""
	var arg any
	if err := builtin.UnpackArgs("join", args, "array", &arg, "glue?", &glue); err != nil {
		return nil, err
	}
	var strs []string
	if ss, ok := arg.([]string); ok {
		strs = ss
	} else {
		var items []any
		if err := builtin.UnpackArgs("join", args[:1], "array", listOf(m, &items)); err != nil {
			return nil, err
		}
		strs = make([]string, len(items))
		for i, x := range items {
			str, ok := x.(string)
			if !ok {
				return nil, builtin.ArgError("join", 1, "array", "must hold strings only, got %s (item %d)", builtin.TypeName(x), i+1)
			}
			strs[i] = str
		}
	}
	size := int64(len(glue)) * int64(max(len(strs)-1, 0))
	for _, str := range strs {
		size += int64(len(str))
	}
	w := newBuilder(m, size)
	for i, str := range strs {
		if i > 0 {
			w.write(glue)
		}
		w.write(str)
		if i&1023 == 0 {
			m.Check()
		}
	}
	return w.b.String(), nil
}

// replaceString is replace(s, old, new) and replace(s, old, new, n).
func replaceString(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var str, old, repl string
	limit := -1
	if err := builtin.UnpackArgs("replace", args, "s", &str, "old", &old, "new", &repl, "n?", &limit); err != nil {
		return nil, err
	}
	times := pieces(m, str, old) - 1
	if old == "" { // strings.Replace puts new before every rune and at the end
		times = pieces(m, str, old) + 1
	}
	if limit >= 0 {
		times = min(times, limit)
	}
	size := int64(len(str)) + int64(times)*(int64(len(repl))-int64(len(old)))
	if times > 0 && len(repl) > 0 && int64(times) > (math.MaxInt64-int64(len(str)))/int64(len(repl)) {
		refuse(m)
	}
	w := newBuilder(m, size)
	for range times {
		at := strings.Index(str, old)
		if old == "" && w.b.Len() > 0 { // as strings.Replace: new between runes
			_, n := utf8.DecodeRuneInString(str)
			at = n
		}
		w.write(str[:at])
		w.write(repl)
		str = str[at+len(old):]
	}
	w.write(str)
	return w.b.String(), nil
}

// pieces is how many pieces sep cuts str into, as strings.Split counts
// them (for "" the runes, none for ""), counted a chunk at a time.
func pieces(m builtin.Meter, str, sep string) int {
	if sep == "" {
		n := 0
		for len(str) > chunk {
			cut := chunk
			for cut > 0 && !utf8.RuneStart(str[cut]) {
				cut--
			}
			n += utf8.RuneCountInString(str[:cut])
			str = str[cut:]
			m.Check()
		}
		return n + utf8.RuneCountInString(str)
	}
	n := 1
	for len(str) > chunk+len(sep) {
		// Occurrences that start in the first chunk bytes, none cut in two.
		head := str[:chunk+len(sep)-1]
		k := strings.Count(head, sep)
		n += k
		if k > 0 {
			last := strings.LastIndex(head, sep) + len(sep)
			str = str[last:]
		} else {
			str = str[chunk:]
		}
		m.Check()
	}
	return n + strings.Count(str, sep)
}

// splitter is split or splitAfter (after: each piece keeps its separator):
// (s, sep) and (s, sep, n) as strings.Split/SplitN and SplitAfter/SplitAfterN.
func splitter(name string, after bool) builtin.Func {
	return func(env *builtin.Env, args ...any) (any, error) {
		m := env.Meter
		var str, sep string
		n := -1
		if err := builtin.UnpackArgs(name, args, "s", &str, "sep", &sep, "n?", &n); err != nil {
			return nil, err
		}
		if n == 0 {
			return []string(nil), nil
		}
		parts := pieces(m, str, sep)
		if n > 0 {
			parts = min(parts, n)
		}
		m.ReserveItems(int64(parts), 16) // a string header each; the bytes are shared with s
		out := make([]string, 0, parts)
		for len(out) < parts-1 {
			at := strings.Index(str, sep)
			end := at + len(sep)
			if sep == "" {
				_, at = utf8.DecodeRuneInString(str)
				end = at
			}
			if after {
				at = end
			}
			out = append(out, str[:at])
			str = str[end:]
			if len(out)&(chunk/16-1) == 0 {
				m.Check()
			}
		}
		if parts > 0 {
			out = append(out, str)
		}
		return out, nil
	}
}

// caseMapper is upper or lower: mapping runs a chunk at a time, each chunk
// ending on a rune boundary.
func caseMapper(name string, mapping func(string) string) builtin.Func {
	return func(env *builtin.Env, args ...any) (any, error) {
		m := env.Meter
		var str string
		if err := builtin.UnpackArgs(name, args, "s", &str); err != nil {
			return nil, err
		}
		// A rune's other case takes at most 3 bytes for every 2 (ȿ, Ȿ).
		w := newBuilder(m, int64(len(str))+int64(len(str))/2)
		for len(str) > chunk {
			cut := chunk
			for cut > 0 && !utf8.RuneStart(str[cut]) {
				cut--
			}
			w.write(mapping(str[:cut]))
			str = str[cut:]
		}
		w.write(mapping(str))
		return w.b.String(), nil
	}
}

// toBase64 is toBase64(s), encoded a chunk (a multiple of 3 bytes) at a time.
func toBase64(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var str string
	if err := builtin.UnpackArgs("toBase64", args, "s", &str); err != nil {
		return nil, err
	}
	w := newBuilder(m, int64(base64.StdEncoding.EncodedLen(len(str))))
	const step = 3 * chunk / 4
	for len(str) > step {
		w.write(base64.StdEncoding.EncodeToString([]byte(str[:step])))
		str = str[step:]
	}
	w.write(base64.StdEncoding.EncodeToString([]byte(str)))
	return w.b.String(), nil
}

// fromJSON is expr's fromJSON with its memory reserved first: a JSON text
// of n bytes becomes at most about 12n bytes of values ("[1,1,…]": two
// bytes an item, a 16-byte slot and an 8-byte float each, map overhead).
func fromJSON(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var str string
	if err := builtin.UnpackArgs("fromJSON", args, "s", &str); err != nil {
		return nil, err
	}
	m.ReserveItems(int64(len(str)), 12)
	var v any
	if err := json.Unmarshal([]byte(str), &v); err != nil {
		return nil, valueError("fromJSON", 1, "s", "is not JSON: %v", err)
	}
	return v, nil
}

// fromBase64 is expr's fromBase64, decoded a chunk (a multiple of 4 bytes)
// at a time.
func fromBase64(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var str string
	if err := builtin.UnpackArgs("fromBase64", args, "s", &str); err != nil {
		return nil, err
	}
	if strings.ContainsAny(str, "\r\n") { // line breaks, which base64 skips, would shift the chunks
		str = strings.NewReplacer("\r", "", "\n", "").Replace(str)
	}
	w := newBuilder(m, int64(base64.StdEncoding.DecodedLen(len(str))))
	for len(str) > 0 {
		n := min(len(str), chunk)
		b, err := base64.StdEncoding.DecodeString(str[:n])
		if err != nil {
			return nil, valueError("fromBase64", 1, "s", "is not base64: %v", err)
		}
		w.write(string(b))
		str = str[n:]
	}
	return w.b.String(), nil
}

// matchText is `s matches pattern`: Go's regexp runs in time linear in s
// but as one call (100 MB took 5 s, uninterruptible); a long s is read
// through a reader that polls the cell every chunk.
func matchText(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	str, ok := args[0].(string)
	pattern, isText := args[1].(string)
	if !ok || !isText {
		return nil, builtin.Errorf(builtin.TypeError, "matches takes a string and a pattern string, got %s and %s", builtin.TypeName(args[0]), builtin.TypeName(args[1]))
	}
	re, err := compiledPattern(pattern)
	if err != nil {
		return nil, builtin.Errorf(builtin.RuntimeError, "matches: %v", err)
	}
	if len(str) <= chunk {
		return re.MatchString(str), nil
	}
	return re.MatchReader(&pollingReader{m: m, r: strings.NewReader(str)}), nil
}

// pollingReader reads runes from r, polling the cell every chunk of them.
type pollingReader struct {
	m builtin.Meter
	r *strings.Reader
	n int
}

func (p *pollingReader) ReadRune() (rune, int, error) {
	if p.n++; p.n == chunk {
		p.n = 0
		p.m.Check()
	}
	return p.r.ReadRune()
}

// regexps are the patterns `matches` compiled, by text: a loop matches one
// pattern many times. At most 64 are kept.
var regexps struct {
	sync.Mutex
	byText map[string]*regexp.Regexp
}

// compiledPattern is pattern compiled, from regexps when it was before.
func compiledPattern(pattern string) (*regexp.Regexp, error) {
	regexps.Lock()
	defer regexps.Unlock()
	if re, ok := regexps.byText[pattern]; ok {
		return re, nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, err
	}
	if regexps.byText == nil || len(regexps.byText) >= 64 {
		regexps.byText = map[string]*regexp.Regexp{}
	}
	regexps.byText[pattern] = re
	return re, nil
}
