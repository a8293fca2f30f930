package all_test

import (
	"context"
	"encoding/xml"
	"io"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	_ "gamelab/kernel/games/all"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// The black-box tests of the games: every call goes through the builtins
// (games.Builtins, what the kernel registers) with an Env built by hand, as
// a cell would make it.

// shown is one env.Show call.
type shown struct{ text, svg string }

// testEnv returns an Env whose Show calls are recorded.
func testEnv() (*builtin.Env, *[]shown) {
	var log []shown
	env := &builtin.Env{
		Ctx:      context.Background(),
		Show:     func(text, svg string) { log = append(log, shown{text, svg}) },
		Print:    func(string) {},
		Pictures: true,
	}
	return env, &log
}

// builtins is the table the kernel registers, built once.
var builtins = tools.Builtins()

// lookup finds a builtin by name; t may be nil (benchmarks).
func lookup(t testing.TB, name string) *builtin.Builtin {
	for _, b := range builtins {
		if b.Name == name {
			return b
		}
	}
	panic("no builtin " + name)
}

func call(t testing.TB, name string, args ...any) (any, error) {
	t.Helper()
	env, _ := testEnv()
	return lookup(t, name).Fn(env, args...)
}

func must(t testing.TB, name string, args ...any) any {
	t.Helper()
	v, err := call(t, name, args...)
	if err != nil {
		t.Fatalf("%s%v: %v", name, args, err)
	}
	return v
}

// mustErr is the error of a call that must fail.
func mustErr(t testing.TB, name string, args ...any) error {
	t.Helper()
	v, err := call(t, name, args...)
	if err == nil {
		t.Fatalf("%s%v = %v, want an error", name, args, v)
	}
	return err
}

func mustBig(t testing.TB, v any) *big.Int {
	t.Helper()
	b, msg := kit.ToBig(v)
	if msg != "" {
		t.Fatalf("%v: %s", v, msg)
	}
	return b
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// isZero says a loss (one number, or one per player) is zero throughout.
func isZero(x any) bool {
	if m, ok := x.(map[string]any); ok {
		for _, l := range m {
			if !isZero(l) {
				return false
			}
		}
		return true
	}
	return x == 0
}

func wellFormed(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		if _, err := d.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// svgWidth is the width of a picture's root.
func svgWidth(t *testing.T, doc string) float64 {
	t.Helper()
	m := regexp.MustCompile(`^<svg [^>]*width="([0-9.]+)"`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("no width in %.100s", doc)
	}
	w, _ := strconv.ParseFloat(m[1], 64)
	return w
}

const seedPolygon = "* -5 + -2 * -8 * -5 + 8"

// gameKinds is how the tools' messages list the positions of every
// registered game, read from the registry so that no test pins the list
// of games: "a polygon, coins or board".
func gameKinds(extra ...string) string {
	var kinds []string
	for _, g := range games.All() {
		kinds = append(kinds, g.Values[0].TypeName())
	}
	kinds = append(kinds, extra...)
	kinds[0] = kit.KindPhrase(kinds[0])
	return kit.OrList(kinds)
}
