package games

import (
	"fmt"
	"io"
	"iter"
	"slices"

	"gamelab/gameio"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games/kit"
)

// Game describes one kind of game: its name, its rules and their
// variants, the facts the tools need of it (who moves, how it is scored),
// its words, its builtins and its batch formats. Each game's package fills
// one in; the tools written once over every game (after, analyze, play,
// trace, explain, json, rules, help(variants), the batch driver) find the
// game of a value through the value (Position.Game) and the rest of it
// here. It is OpenSpiel's GameType: what is true of the game, not of one
// position.
type Game struct {
	Name  string // "coins": the batch command, json's "game", help(variants)
	Title string // "coins in a row": how prose names it
	// Heading names the game where help lists the games: "Coins in a row
	// (AtCoder DP Deque)".
	Heading string
	// Rules states the default game's rules, one paragraph (help(rules),
	// help of the game's constructor, its first builtin, and rules(x)
	// before its variants are applied).
	Rules string
	// Options are the rule variants, each with its default, in the order
	// help(variants) lists them.
	Options []*Option

	// Turns is how the players take their turns, and Players names them
	// in their order of play (empty for Free turns: a move names its
	// player).
	Turns   Turns
	Players []string
	// Scoring is how the outcome of a line is counted.
	Scoring Scoring
	// Repeats says play may return to a position: play that never ends is
	// a draw, a line ends at the first position it repeats, and the
	// exhaustive search, which would loop, does not solve it (dp lists
	// the positions play reaches, each solved by the game's own solver).
	Repeats bool

	// Words is the English the tools write of this game; Help what it adds
	// to their help.
	Words Words
	Help  Help
	// Values are zero values of each type of value the game's builtins
	// and the tools give for it (its positions, results, traces, tables),
	// in the order messages list them: what a tool that is given something
	// else says it takes ("solve: argument 1 (x) must be a polygon, coins
	// or board, got int").
	Values []builtin.Typed

	// Builtins are the game's own builtins (its constructor first, then
	// the edits only it has), in the order help lists them.
	Builtins []*builtin.Builtin
	// Formats are the batch dialects, the default first; Batch words the
	// command.
	Formats []*BatchFormat
	Batch   Batch
}

// Turns is how a game's players take their turns.
type Turns int

const (
	// Solo: one player, Players[0], makes every move (the polygon game).
	Solo Turns = iota
	// InTurn: the Players move in turn (coins: A, then B, then A …).
	InTurn
	// Free: no order of play: each move names its player (a Life Line
	// stone), and the game has no fixed set of players.
	Free
)

// Scoring is how the outcome of a line of play is counted.
type Scoring int

const (
	// PerMove: each move scores for its mover (Step.Reward), and the
	// players' totals are the outcome (coins, Life Line).
	PerMove Scoring = iota
	// AtEnd: the game is scored once it is over, by its last position
	// (Terminal: the polygon's last value); a line that stops short of the
	// end has no score yet.
	AtEnd
)

// Words is the English the tools write of a game, kept in one place.
type Words struct {
	// Value names what a position is worth to its mover, for the game
	// tree and traces: "margin" (coins), "score" (polygon), "points".
	Value string
	// ValueDoc explains the value in one line, for the game tree's notes.
	ValueDoc string
	// Hint comes before the value where play's "?" says it: "the mover's
	// best margin" (… 20).
	Hint string
	// Reply is the verb of the optimum's replies in play: "takes" (B takes
	// L).
	Reply string
	// Player is put before a player's name where totals and losses are
	// listed ("stone 4 3"); "" lists them bare ("A 20, B 0").
	Player string
	// Unfinished says why a line that has not reached the end has no score
	// yet, for a game scored AtEnd: "not over: …".
	Unfinished string
	// PlotCaption and PlotY word the chart of an analysis: its caption and
	// its y axis.
	PlotCaption, PlotY string
	// LineSep separates the moves of a line where prose writes one: ""
	// runs coin moves together ("LR2"), ", " lists edges ("3, 2").
	LineSep string
	// MoveLabel names a turn's move in a chart's labels; nil: "A L".
	MoveLabel func(player, move string) string
	// Variant says in words what rules r change from the defaults, as a
	// result's text names them ("take 1..3 from the left"); it is called
	// for rules other than the defaults only. Nil: the options' "name
	// value" list.
	Variant func(r Rules) string
	// Variants adds to Rules the sentences that state rules r where they
	// differ from the defaults (rules(x)); nil: the options' own Doc.
	Variants func(r Rules) string
	// Endless says, of a game that can return to a position (Repeats),
	// what play that never ends is worth: "play that never ends is a draw".
	Endless string
}

// Help is what a game adds to the help of the tools' builtins, a sentence
// or two each ("" adds nothing), appended to the builtin's own paragraph.
type Help struct {
	At, SetV, Insert, Remove, Rotate, Reverse       string
	Solve, Trace, After, Analyze, Explain, Play, DP string
}

// Results are zero values of what the tools' builtins give for a value,
// for Tab completion of their fields without running them (solve(p).
// offers best, scores, …). Nil: the builtin's own.
type Results struct {
	Solve, Trace, DP, Position any
	// After is a position after moves, where that differs in its fields
	// from the value itself (a polygon's chain); nil: the value's own kind.
	After any
}

// registry holds the games in the order they were registered.
var registry []*Game

// Register adds g to the games. It panics on a second game of the same
// name: two games answering to "coins" is a programming error.
func Register(g *Game) {
	if Lookup(g.Name) != nil {
		panic("games: game " + g.Name + " registered twice")
	}
	for _, o := range g.Options {
		o.game = g
	}
	registry = append(registry, g)
}

// Lookup is the game named name, or nil.
func Lookup(name string) *Game {
	for _, g := range registry {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// All lists the games in the order they were registered.
func All() []*Game { return slices.Clone(registry) }

// Names lists the games' names, for messages: "polygon, coins or lifeline".
func Names() string { return kit.OrList(NameList()) }

// NameList is the games' names, in the order they were registered.
func NameList() []string {
	var names []string
	for _, g := range registry {
		names = append(names, g.Name)
	}
	return names
}

// option is g's option named name, or nil.
func (g *Game) option(name string) *Option {
	for _, o := range g.Options {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// Default is g's default rules.
func (g *Game) Default() Rules {
	r := Rules{game: g, vals: make([]any, len(g.Options))}
	for i, o := range g.Options {
		r.vals[i] = o.Default
	}
	return r
}

// Format finds g's batch format named name (the default for ""), or says
// which there are.
func (g *Game) Format(name string) (*BatchFormat, error) {
	if name == "" && len(g.Formats) > 0 {
		return g.Formats[0], nil
	}
	var names []string
	for _, f := range g.Formats {
		if f.Name == name {
			return f, nil
		}
		names = append(names, f.Name)
	}
	return nil, fmt.Errorf("unknown format %q for %s (want %s)", name, g.Name, kit.OrList(names))
}

// BatchFormat is one batch dialect of a game (gamelab GAME --format NAME):
// how instances are read from standard input and answers written.
type BatchFormat struct {
	Name string // "seed", "ioi", "deque", "json"
	Doc  string // what it reads and writes, for gamelab help GAME
	// Read reads the instances of in, to be played under rules r; each
	// instance's Solve writes its answer in the dialect.
	Read func(in io.Reader, r Rules) iter.Seq[*gameio.Instance]
}

// Batch describes a game's batch command (gamelab GAME).
type Batch struct {
	Summary string // one line for gamelab help
	Input   string // what the input holds, for gamelab help GAME
	Unit    string // what one instance is called in messages: "instance", "dataset"
}
