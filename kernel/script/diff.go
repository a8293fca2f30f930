package script

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// edit is one line of an edit script: ' ' kept, '-' only in a, '+' only in b.
type edit struct {
	op   byte
	text string
	a, b int // 0-based line numbers in a and b (of the next line when absent)
}

// UnifiedDiff returns a unified diff from a to b ("" when they are equal),
// from a longest common subsequence of their lines.
func UnifiedDiff(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	script := editScript(x, y)
	var w strings.Builder
	fmt.Fprintf(&w, "--- %s\n+++ %s\n", nameA, nameB)
	for i := 0; i < len(script); {
		if script[i].op == ' ' {
			i++
			continue
		}
		// A hunk: from diffContext lines before this change to diffContext
		// lines after the last change that is close enough to join it.
		from := max(i-diffContext, 0)
		to := i
		for j := i; j < len(script); j++ {
			if script[j].op != ' ' {
				to = j
			} else if j-to > 2*diffContext {
				break
			}
		}
		to = min(to+diffContext+1, len(script))
		var na, nb int
		for _, e := range script[from:to] {
			if e.op != '+' {
				na++
			}
			if e.op != '-' {
				nb++
			}
		}
		fmt.Fprintf(&w, "@@ -%s +%s @@\n", hunkRange(script[from].a, na), hunkRange(script[from].b, nb))
		for _, e := range script[from:to] {
			fmt.Fprintf(&w, "%c%s\n", e.op, visible(e))
		}
		i = to
	}
	return w.String()
}

// visible is a line of the diff as it shows: a changed line that ends in
// blanks or holds characters that do not print (a tab, a carriage return,
// a zero-width space) is followed by its quoted form, so that two lines
// that look the same show how they differ.
func visible(e edit) string {
	if e.op == ' ' {
		return e.text
	}
	hidden := strings.TrimRight(e.text, " ") != e.text
	for _, r := range e.text {
		hidden = hidden || !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r)
	}
	if !hidden {
		return e.text
	}
	return e.text + "   (as written: " + strconv.QuoteToGraphic(e.text) + ")"
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// maxTable bounds the cells of editScript's table: 16 million, 64 MB.
const maxTable = 16 << 20

// editScript turns x into y with the fewest insertions and deletions: the
// classic LCS table, after trimming the common head and tail.
func editScript(x, y []string) []edit {
	var head, tail []edit
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		head = append(head, edit{' ', x[i], i, i})
		i++
	}
	ex, ey := len(x), len(y)
	for ex > i && ey > i && x[ex-1] == y[ey-1] {
		ex--
		ey--
	}
	mx, my := x[i:ex], y[i:ey]
	if int64(len(mx))*int64(len(my)) > maxTable {
		// Too large a middle for the table (a golden of a million lines):
		// all of it removed, then all of it added.
		script := head
		for p := range mx {
			script = append(script, edit{'-', mx[p], i + p, i})
		}
		for q := range my {
			script = append(script, edit{'+', my[q], ex, i + q})
		}
		for k := 0; ex+k < len(x); k++ {
			script = append(script, edit{' ', x[ex+k], ex + k, ey + k})
		}
		return script
	}
	// lcs[p][q] is the LCS length of mx[p:] and my[q:].
	lcs := make([][]int32, len(mx)+1)
	for p := range lcs {
		lcs[p] = make([]int32, len(my)+1)
	}
	for p := len(mx) - 1; p >= 0; p-- {
		for q := len(my) - 1; q >= 0; q-- {
			if mx[p] == my[q] {
				lcs[p][q] = lcs[p+1][q+1] + 1
			} else {
				lcs[p][q] = max(lcs[p+1][q], lcs[p][q+1])
			}
		}
	}
	script := head
	p, q := 0, 0
	for p < len(mx) || q < len(my) {
		switch {
		case p < len(mx) && q < len(my) && mx[p] == my[q]:
			script = append(script, edit{' ', mx[p], i + p, i + q})
			p++
			q++
		case p < len(mx) && (q == len(my) || lcs[p+1][q] >= lcs[p][q+1]):
			script = append(script, edit{'-', mx[p], i + p, i + q})
			p++
		default:
			script = append(script, edit{'+', my[q], i + p, i + q})
			q++
		}
	}
	for k := 0; ex+k < len(x); k++ {
		tail = append(tail, edit{' ', x[ex+k], ex + k, ey + k})
	}
	return append(script, tail...)
}
