package lang

import (
	"context"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
)

// The language's versions of expr's string functions give what Go's strings
// package gives, chunk boundaries included (the inputs cross them).
func TestStringFunctionsAgreeWithGo(t *testing.T) {
	account, ctx, end := budget.New(64 << 20).Start(context.Background())
	defer end()
	c := &builtin.Env{Ctx: ctx, Meter: account}
	r := rand.New(rand.NewPCG(13, 13))
	alphabet := []string{"a", "b", "é", "ab", ",", ""}
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for i := range 300 {
		n := r.IntN(20)
		if i%50 == 0 {
			n = chunk/2 + r.IntN(chunk) // past a chunk
		}
		str, sep, repl := word(n), word(r.IntN(3)), word(r.IntN(3))
		k := r.IntN(5) - 1
		check := func(name string, got any, err error, want any) {
			t.Helper()
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s(%.40q, %q, %q, %d): got %.80v (%v), want %.80v", name, str, sep, repl, k, got, err, want)
			}
		}
		got, err := splitter("split", false)(c, str, sep)
		check("split", got, err, strings.Split(str, sep))
		got, err = splitter("split", false)(c, str, sep, k)
		check("splitN", got, err, strings.SplitN(str, sep, k))
		got, err = splitter("splitAfter", true)(c, str, sep)
		check("splitAfter", got, err, strings.SplitAfter(str, sep))
		got, err = splitter("splitAfter", true)(c, str, sep, k)
		check("splitAfterN", got, err, strings.SplitAfterN(str, sep, k))
		got, err = replaceString(c, str, sep, repl)
		check("replace", got, err, strings.ReplaceAll(str, sep, repl))
		got, err = replaceString(c, str, sep, repl, k)
		check("replaceN", got, err, strings.Replace(str, sep, repl, k))
		got, err = repeatString(c, sep, k+1)
		check("repeat", got, err, strings.Repeat(sep, k+1))
		got, err = caseMapper("upper", strings.ToUpper)(c, str)
		check("upper", got, err, strings.ToUpper(str))
		parts := strings.Split(str, ",")
		items := make([]any, len(parts))
		for j, p := range parts {
			items[j] = p
		}
		got, err = joinStrings(c, items, sep)
		check("join", got, err, strings.Join(parts, sep))
	}
}
