package gamestest

import (
	"context"
	"encoding/xml"
	"io"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// The tools as a cell calls them: every call goes through the builtins the
// kernel registers (tools.Builtins: every registered game's and the
// tools'), with an Env built by hand.

// builtins is the kernel's table, built at the first call, after the
// test's init has registered its game.
var builtins = sync.OnceValue(tools.Builtins)

// Shown is one env.Show call.
type Shown struct{ Text, SVG string }

// Recording is an Env that draws pictures and records its Show calls.
func Recording() (*builtin.Env, *[]Shown) {
	var log []Shown
	env := &builtin.Env{
		Ctx:      context.Background(),
		Show:     func(text, svg string) { log = append(log, Shown{text, svg}) },
		Print:    func(string) {},
		Pictures: true,
	}
	return env, &log
}

// Tool is the builtin called name.
func Tool(name string) *builtin.Builtin {
	for _, b := range builtins() {
		if b.Name == name {
			return b
		}
	}
	panic("no builtin " + name)
}

// Try calls the builtin name as a cell does.
func Try(t testing.TB, name string, args ...any) (any, error) {
	t.Helper()
	env, _ := Recording()
	return Tool(name).Fn(env, args...)
}

// Must is the value of a call that must succeed.
func Must(t testing.TB, name string, args ...any) any {
	t.Helper()
	v, err := Try(t, name, args...)
	if err != nil {
		t.Fatalf("%s%v: %v", name, args, err)
	}
	return v
}

// MustErr is the error of a call that must fail.
func MustErr(t testing.TB, name string, args ...any) error {
	t.Helper()
	v, err := Try(t, name, args...)
	if err == nil {
		t.Fatalf("%s%v = %v, want an error", name, args, v)
	}
	return err
}

// MustBig is a number a tool gives (int or *big.Int).
func MustBig(t testing.TB, v any) *big.Int {
	t.Helper()
	b, msg := kit.ToBig(v)
	if msg != "" {
		t.Fatalf("%v: %s", v, msg)
	}
	return b
}

// Bigs reads a value list as the games give it (int or *big.Int).
func Bigs(xs []any) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		b, msg := kit.ToBig(x)
		if msg != "" {
			panic(msg)
		}
		out[i] = b
	}
	return out
}

// BigOf reads one number a game gives (int or *big.Int).
func BigOf(x any) *big.Int { return Bigs([]any{x})[0] }

// ToAny is xs as a list a tool takes.
func ToAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// IsZero says a loss (one number, or one per player) is zero throughout.
func IsZero(x any) bool {
	if m, ok := x.(map[string]any); ok {
		for _, l := range m {
			if !IsZero(l) {
				return false
			}
		}
		return true
	}
	return x == 0
}

// WellFormed says s is well-formed XML (a picture).
func WellFormed(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		if _, err := d.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// SVGWidth is the width of a picture's root.
func SVGWidth(t *testing.T, doc string) float64 {
	t.Helper()
	m := regexp.MustCompile(`^<svg [^>]*width="([0-9.]+)"`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("no width in %.100s", doc)
	}
	w, _ := strconv.ParseFloat(m[1], 64)
	return w
}

// KindsOf is how the tools' messages list the kinds of value a builtin
// takes, those of every registered game whose values are a C (read from
// the registry, so that no test pins the list of games), then extra: "a
// polygon, coins or board".
func KindsOf[C any](extra ...string) string {
	var kinds []string
	for _, g := range games.All() {
		for _, v := range g.Values {
			if _, ok := any(v).(C); ok && !slices.Contains(kinds, v.TypeName()) {
				kinds = append(kinds, v.TypeName())
			}
		}
	}
	kinds = append(kinds, extra...)
	kinds[0] = kit.KindPhrase(kinds[0])
	return kit.OrList(kinds)
}
