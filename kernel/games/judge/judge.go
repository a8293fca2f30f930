//go:build !js

// Package judge is gamelab judge: a program of the user's stress-tested
// against gamelab on random instances of a game, as a contest's judge and
// a testlib stress loop do it. It makes the instances (each game's
// generator, or the user's own expression), runs the program on each under
// a CPU-time limit with a wall-time guard and a memory limit, measuring
// both, in parallel over --jobs workers with results that do not depend
// on how many; judges the answer with the game's checker for the format,
// which accepts every optimal answer; and on the first failure shrinks the
// input while the program still fails the same way, saves it, and says
// how to replay and regenerate it. It can also play the program
// interactively, gamelab taking the other side optimally, and stress two
// programs against each other (--against).
//
// The games plug in through Set: each game's package gives its
// generators, the input it writes per batch format and the checkers of
// the answers (kernel/games/polygon/judge.go and beside it). This package
// finds the games through package games' registry and imports none of
// them. Programs run as their own session, the judge a subreaper, so that
// whatever they leave behind is killed when a run ends (proc_linux.go).
// A web page runs no programs: the judge is not part of the WebAssembly
// engine.
package judge

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	"gamelab/internal/suggest"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Judge is what gamelab judge needs of a game: random instances valid for
// the rules, their sizes and limits, and per batch format how an instance
// is written and an answer judged.
type Judge struct {
	// Random is a random instance of size n (vertices, coins, rows) from
	// seed, drawn as spec says. It is valid for the rules: under suicide
	// false the player to move has a legal move.
	Random func(env *builtin.Env, n int, seed uint64, spec Spec) (games.Position, error)
	// Valid says why x is not an instance the generator could have made
	// under spec (an operator outside --ops, a mover without a legal
	// move), nil when it is: shrinking keeps to valid instances. Nil: all
	// are.
	Valid func(x games.Position, spec Spec) error
	// Adopt makes a value of the user's generator (--gen) an instance the
	// formats can write: a Life Line board gets a player to move, drawn
	// from seed. Nil: as it is.
	Adopt func(x games.Position, seed uint64, spec Spec) (games.Position, error)
	// Values is the range of values when none is given.
	Values kit.Bounds
	// ValueLimits bound what --values may ask for (Life Line's stones are
	// 1..9); nil ends: unbounded.
	ValueLimits kit.Bounds
	// Ops are the operators an instance may have ("+*-"), "" when the
	// game has none; each format may draw fewer by default (Format.Ops).
	Ops string
	// Size is an instance's size as Random counts it.
	Size func(x games.Position) int
	// Unit names the size, one and many: "vertex", "vertices"; Noun names
	// an instance: "ring", "row", "board".
	Unit [2]string
	Noun string
	// MaxN is the largest size tried when none is given.
	MaxN int
	// MinN is the smallest size that has an instance under the rules (a
	// one-row board has no legal move under suicide false); nil: 1.
	MinN func(r games.Rules) int
	// Largest is the largest size gamelab judges under the rules.
	Largest func(r games.Rules) int
	// Need is about how many bytes making, solving and checking an
	// instance of size n takes, for the memory budget's check before any
	// instance is made.
	Need func(n int, r games.Rules) int64
	// Formats are the formats judged, by name: each batch format of the
	// game.
	Formats map[string]*Format
	// Interactive is how the game is played with a program through its
	// standard input and output (--interactive).
	Interactive *Interactive
}

// Spec is how instances are drawn: their values, operators and rules.
type Spec struct {
	Values kit.Bounds
	Ops    string // the polygon's operators; "" for the other games
	Rules  games.Rules
}

// Format is one batch format as the judge uses it.
type Format struct {
	// Input is x in the format, what the program reads.
	Input func(x games.Position) []byte
	// Check judges out, the program's answer for x: nil when the
	// format's judging rule accepts it, else what is wrong and where, in
	// a sentence. env carries the budget's room and the interrupt.
	Check func(env *builtin.Env, x games.Position, out []byte) error
	// Rule says how answers are judged, for gamelab help judge.
	Rule string
	// Ops are the operators drawn when --ops is not given; "": the
	// judge's.
	Ops string
}

// judges holds each game's Judge.
var judges = map[*games.Game]*Judge{}

// Set makes j the judge of g (each game's package, at init).
func Set(g *games.Game, j *Judge) { judges[g] = j }

// For is g's judge, nil when it has none.
func For(g *games.Game) *Judge { return judges[g] }

// Find is the game named name and its judge, or an error that says which
// games there are and which one was probably meant ("coin": coins).
func Find(name string) (*games.Game, *Judge, error) {
	var names []string
	for _, g := range games.All() {
		if j := For(g); j != nil {
			if g.Name == name {
				return g, j, nil
			}
			names = append(names, g.Name)
		}
	}
	if name == "" || strings.HasPrefix(name, "-") {
		return nil, nil, fmt.Errorf("name the game first: gamelab judge %s [flags] -- PROGRAM", strings.Join(names, "|"))
	}
	msg := fmt.Sprintf("no game %q to judge", name)
	if near := suggest.Nearest(strings.ToLower(name), names); near != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	return nil, nil, fmt.Errorf("%s; the games are %s", msg, kit.OrList(names))
}

// count writes a size: "1 vertex", "4 vertices".
func (j *Judge) count(n int) string { return kit.Count(n, j.Unit[0], j.Unit[1]) }

// minN is the smallest size with an instance under r.
func (j *Judge) minN(r games.Rules) int {
	if j.MinN == nil {
		return 1
	}
	return j.MinN(r)
}

// Rules lists each game's formats and how each judges its answers, for
// gamelab help judge.
func Rules() string {
	var b strings.Builder
	for _, g := range games.All() {
		j := For(g)
		if j == nil {
			continue
		}
		var names []string
		for name := range j.Formats {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			b.WriteString(wrap(fmt.Sprintf("%s --format %s: %s", g.Name, name, j.Formats[name].Rule)))
		}
		if j.Interactive != nil {
			b.WriteString(wrap(fmt.Sprintf("%s --interactive: %s", g.Name, j.Interactive.Protocol)))
		}
	}
	return b.String()
}

// wrap writes text as lines of at most 90 columns, indented by 2, the
// lines after the first by 6.
func wrap(text string) string {
	var b strings.Builder
	line, indent := "", "  "
	for _, w := range strings.Fields(text) {
		if line != "" && len([]rune(indent+line+" "+w)) > 90 {
			b.WriteString(indent + line + "\n")
			line, indent = "", "      "
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	b.WriteString(indent + line + "\n")
	return b.String()
}

// Need sums the bytes of parts as a float, so that a size near the
// largest int gives +Inf rather than a negative product; saturated to
// the largest int64.
func Need(parts ...float64) int64 {
	s := 0.0
	for _, p := range parts {
		s += p
	}
	if s >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(s)
}

// bounds writes a range of values: "-10..10".
func bounds(b kit.Bounds) string { return fmt.Sprintf("%s..%s", bigText(b.Lo), bigText(b.Hi)) }

func bigText(x *big.Int) string {
	if x == nil {
		return "∞"
	}
	return Short(x.String())
}
