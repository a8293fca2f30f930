package kernel

// slider: a number bound to a name, which the web page draws as a slider
// that re-runs the cells reading the name. Everywhere else it binds the
// name to its value and says so.

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
	"gamelab/kernel/syntax"
)

// Slider is a slider a cell shows: the name it sets, the values it steps
// through, in increasing order, and the place of the name's value.
type Slider struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
	Index  int      `json:"index"`
}

// maxSliderValues is how many values a slider may step through: a slider
// is a hand's control, not a sweep (map is that).
const maxSliderValues = 1000

// Text is what a front end without sliders shows: the name's value, and
// how to change it there.
func (sl *Slider) Text() string {
	next := sl.Values[min(sl.Index+1, len(sl.Values)-1)]
	if span, ok := sl.span(); ok {
		return fmt.Sprintf("%s = %s (a slider over %s in the web page; here %s = slider(%s, %s) sets another value)",
			sl.Name, sl.Values[sl.Index], span, sl.Name, span, next)
	}
	return fmt.Sprintf("%s = %s (a slider over %d values from %s to %s in the web page; here slider's second argument sets another value)",
		sl.Name, sl.Values[sl.Index], len(sl.Values), sl.Values[0], sl.Values[len(sl.Values)-1])
}

// span writes the values as the user may have: lo..hi when consecutive,
// the list when short; ok is false for a long list.
func (sl *Slider) span() (string, bool) {
	lo, _ := new(big.Int).SetString(sl.Values[0], 10)
	hi, _ := new(big.Int).SetString(sl.Values[len(sl.Values)-1], 10)
	if new(big.Int).Sub(hi, lo).Int64() == int64(len(sl.Values)-1) {
		return sl.Values[0] + ".." + sl.Values[len(sl.Values)-1], true
	}
	return "[" + strings.Join(sl.Values, ", ") + "]", len(sl.Values) <= 8
}

func (s *Session) sliderBuiltin() *builtin.Builtin {
	return &builtin.Builtin{
		Name:      "slider",
		Signature: "slider(values) / slider(values, start)",
		Doc: "n = slider(values) binds n to one of values (integers, increasing, such as 1..30; at most 1000), start or the first: the web " +
			"page draws a slider under the cell, and moving it sets n and re-runs the cells that read n. Its start " +
			"is in the cell's code (the slider rewrites it), so a saved or shared notebook keeps it. Elsewhere (the " +
			"REPL, Jupyter, scripts) n is bound to its value, and the cell says so. Only as the whole value of an " +
			"assignment to a name.",
		Example: `n = slider(1..30, 10)`,
		Fn:      s.slider,
	}
}

// slider is slider(values, start): the name it binds is the assignment's
// (see Session.assign, which tells the running cell).
func (s *Session) slider(env *builtin.Env, args ...any) (any, error) {
	c := s.cell
	if c == nil || c.slider == "" {
		return nil, builtin.Errorf(builtin.RuntimeError, "slider: binds a name, so it is the whole value of an assignment: n = slider(1..30)")
	}
	name := c.slider
	c.slider = "" // one slider per assignment
	var list, start any
	if err := builtin.UnpackArgs("slider", args, "values", &list, "start?", &start); err != nil {
		return nil, err
	}
	items, ok := list.([]any)
	if _, isRange := list.(builtin.Range); !isRange && !ok {
		items, ok = builtin.AsList(list)
	}
	if !ok || len(items) == 0 || len(items) > maxSliderValues {
		return nil, builtin.ArgError("slider", 1, "values", "must be a list of 1 to %d integers (such as 1..30), got %s", maxSliderValues, describe(list))
	}
	sl := &Slider{Name: name, Values: make([]string, len(items))}
	var prev *big.Int
	for i, v := range items {
		b, err := builtin.AsBig(v)
		if err != nil {
			return nil, builtin.ArgError("slider", 1, "values", "must be integers: item %d %s", i+1, err)
		}
		if prev != nil && b.Cmp(prev) <= 0 {
			return nil, builtin.ArgError("slider", 1, "values", "must increase: item %d (%s) is not above item %d (%s)", i+1, b, i, prev)
		}
		sl.Values[i], prev = b.String(), b
	}
	if start != nil {
		b, err := builtin.AsBig(start)
		if err != nil {
			return nil, builtin.ArgError("slider", 2, "start", "%s", err)
		}
		sl.Index = -1
		for i, v := range sl.Values {
			if v == b.String() {
				sl.Index = i
			}
		}
		if sl.Index < 0 {
			return nil, builtin.ArgError("slider", 2, "start", "must be one of the values (%d from %s to %s), got %s",
				len(sl.Values), sl.Values[0], sl.Values[len(sl.Values)-1], b)
		}
	}
	c.show(Display{Text: sl.Text(), Slider: sl})
	return items[sl.Index], nil
}

// describe names a value for an argument's error: a list by its length.
func describe(v any) string {
	if r, ok := v.(builtin.Range); ok {
		return "the range " + r.Text()
	}
	if l, ok := builtin.AsList(v); ok {
		return fmt.Sprintf("a list of %d", len(l))
	}
	return builtin.TypeName(v)
}

// sliderCall says whether the span of st is a call of slider and nothing
// else, and where its brackets are (token indices).
func sliderCall(st *syntax.Statement, span syntax.Span) (open, close int, ok bool) {
	first := -1
	for i, t := range st.Tokens {
		if t.From >= span.From && t.To <= span.To && !t.Is(lexer.EOF) {
			if first < 0 {
				first = i
			}
			close = i
		}
	}
	if first < 0 || first+1 > close || !st.Tokens[first].Is(lexer.Identifier, "slider") || !st.Tokens[first+1].Is(lexer.Bracket, "(") {
		return 0, 0, false
	}
	depth := 0
	for i := first + 1; i <= close; i++ {
		switch {
		case st.Tokens[i].Is(lexer.Bracket, "(", "[", "{"):
			depth++
		case st.Tokens[i].Is(lexer.Bracket, ")", "]", "}"):
			depth--
		}
		if depth == 0 && i < close {
			return 0, 0, false // slider(…) + 1
		}
	}
	return first + 1, close, st.Tokens[close].Is(lexer.Bracket, ")")
}

// SetSlider is code with the slider that sets name started at value
// (n = slider(1..30) becomes n = slider(1..30, 7)): what the web page runs
// when its slider moves, so the cell's code always says what ran. ok is
// false when no statement of code assigns name a slider.
func SetSlider(code, name, value string) (string, bool) {
	code = strings.ReplaceAll(code, "\r\n", "\n")
	lines := strings.SplitAfter(code, "\n")
	for _, st := range syntax.Parse(code) {
		a, isAssign := st.Form.(*syntax.Assign)
		if !isAssign || a.Target.Value != name || len(a.Index) > 0 {
			continue
		}
		open, close, ok := sliderCall(st, a.Value)
		if !ok {
			continue
		}
		text := []rune(st.Text)
		// The first argument: up to the first comma outside brackets.
		end, depth := st.Tokens[close].From, 0
		for i := open + 1; i < close; i++ {
			t := st.Tokens[i]
			if t.Is(lexer.Bracket, "(", "[", "{") {
				depth++
			} else if t.Is(lexer.Bracket, ")", "]", "}") {
				depth--
			} else if depth == 0 && t.Is(lexer.Operator, ",") {
				end = t.From
				break
			}
		}
		first := strings.TrimSpace(string(text[st.Tokens[open].To:end]))
		// Statement offsets to the cell's: its text keeps the cell's lines,
		// from its Column on its first (comments blanked).
		at := func(off int) int {
			line, col := st.Line-1, st.Column
			for _, r := range text[:off] {
				if col++; r == '\n' {
					line, col = line+1, 0
				}
			}
			n := 0
			for _, l := range lines[:line] {
				n += len([]rune(l))
			}
			return n + col
		}
		rs := []rune(code)
		from, to := at(st.Tokens[open].To), at(st.Tokens[close].From)
		return string(rs[:from]) + first + ", " + value + string(rs[to:]), true
	}
	return code, false
}
