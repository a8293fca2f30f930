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

// Game describes one kind of game: its name, its rules and their variants,
// its builtins and its batch formats. Each game's package fills one in and
// registers it; everything written once over the games (after, analyze,
// play, trace, explain, json, rules, help(variants), the batch driver)
// finds the game of a value through the value (Position.Game) and the rest
// of it here. It is OpenSpiel's GameType: what is true of the game, not of
// one position.
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
	// Describe says in words what the rules r change from the defaults,
	// as a result's text names them ("take 1..3 from the left"); "" for
	// the defaults. Nil: Rules.Describe's generic "name value" list.
	Describe func(r Rules) string
	// Explain adds to Rules the sentences that state rules r where they
	// differ from the defaults (rules(x)); nil: the options' own Doc.
	Explain func(r Rules) string
	// ValueWord names what a position is worth to its mover, for the game
	// tree and play's hints: "margin" (coins), "score" (polygon), "points".
	ValueWord string
	// ValueDoc explains the value in one line for the game tree's notes.
	ValueDoc string
	// Builtins are the game's own builtins (constructors, edits only it
	// has), in the order help lists them.
	Builtins []*builtin.Builtin
	// Formats are the batch dialects, the default first; Batch words the
	// command.
	Formats []*BatchFormat
	Batch   Batch
	// Returns maps an engine builtin (solve, trace, after, dp, …) to zero
	// values of what it returns for this game's values, for completion.
	Returns map[string][]any
	// Kinds maps an engine builtin to the game's values it takes, as an
	// error lists them ("a polygon, a chain"): what solve(3) says it wanted.
	Kinds map[string]string
	// Docs maps an engine builtin to what its help says of this game, a
	// sentence or two appended to the builtin's own paragraph.
	Docs map[string]string

	// Players names the game's players when it has a fixed set ("A", "B";
	// "1" for the polygon's one player); nil when any stone may move (Life
	// Line). analyze reports one loss for a one-player game, else one per
	// player.
	Players []string
	// PlayerWord is put before a player's name where totals and losses are
	// listed ("stone 4: 3"); "" lists them bare ("A 20, B 0").
	PlayerWord string
	// Unfinished says why a line that has not reached the end has no score
	// yet, for a game scored at its end ("not over: …").
	// "" for games that score each move (their totals are the outcome).
	Unfinished string
	// Hint is what play's "?" says of a position's value, with one %s for
	// it: "the mover's best margin %s".
	Hint string
	// Reply is the verb of the optimum's replies in play: "B takes L".
	Reply string
	// PlotCaption and PlotY word the chart of an analysis: its caption
	// and its y axis.
	PlotCaption, PlotY string
	// LineSep separates the moves of a line where prose writes one: ""
	// runs coin moves together ("LR2"), ", " lists edges ("3, 2").
	LineSep string
	// MoveLabel names a turn's move in a chart's labels; nil: "A L".
	MoveLabel func(player, move string) string
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
