// Package defined is games defined in the command language: game({…})
// makes a game from {…} parts over a state (its moves, the state after a
// move, what a move earns, what an ended state is worth, who moves), and
// the game's instances are positions of the game contract (package games)
// like the built-in games' — so solve, after, analyze, play, trace,
// explain, dp, the strategies, match, tournament, shrink, json, with and
// rules take them, with no line of Go per game. Positions are solved by a
// search of their own that remembers each position it solves (by the
// game's key) and counts in int64 until a value passes it.
package defined

import (
	"fmt"
	"slices"
	"strings"

	"gamelab/internal/suggest"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Builtins are the builtins of games defined in the language: game.
var Builtins = []*builtin.Builtin{{
	Name:      "game",
	Signature: `game({name: "…", moves: {…}, play: {…}, …})`,
	Doc: `Defines a game of your own: a value that, called, makes its instances, which every tool takes ` +
		`(solve, after, analyze, play, trace, explain, dp, match, tournament, shrink, json, with, rules). ` +
		`Its parts are {…} over # = the position: #.state, #.move (in play and earn), #.mover, #.turn ` +
		`(moves made), #.rules. Needed: name, moves (the legal moves of #.state, a list, in the order ties ` +
		`break in; [] when the game is over) and play (the state after #.move). Optional: start (the state ` +
		`from the instance's argument, which it sees as #.state; default the argument), players (default ["A", "B"]; one name for a ` +
		`one-player game), mover (who moves, default the players in turn), earn (what #.move earns its ` +
		`mover), value (what an ended state is worth to its mover, the player who cannot move: -1 when the ` +
		`last move won; default 0), goal ("max" or "min", or {…}), over (true when the game ends with moves ` +
		`left), repeat ("draw": play may return to a position, and play that never ends is a draw, worth 0; ` +
		`"lose", for a puzzle of one player: only play that ends counts), ` +
		`key (positions with equal keys are the same: symmetry, order-free piles), text (the state in ` +
		`words), picture (an SVG string or a value with a picture), rules (defaults, {take: 3}), about (a ` +
		`line for help). A game is solved exactly (past 64 bits), each position once.`,
	Example:       `sub = game({name: "sub", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}}); solve(sub(10)).value`,
	PredicateMaps: []int{1},
	Returns:       []any{&Game{}},
	Fn:            fnGame,
}}

// The parts of a definition, in the order help lists them.
var partNames = []string{"name", "about", "title", "players", "rules", "start", "moves", "play", "mover",
	"earn", "value", "goal", "over", "repeat", "key", "text", "picture"}

// def is a game as its definition gives it.
type def struct {
	name, title, about string
	players            []string
	playerValues       []any           // each player as # sees it (playerValue)
	goal               string          // "max" or "min" when goal is a constant
	repeat             bool            // play may return to a position (retro.go)
	readsMover         bool            // a part may read #.mover or #.turn
	account            builtin.Metered // the moves part, which knows the running cell's account
	// moverFree says a position is named without its mover: no part that
	// makes its value reads who moves (or the turn, which tells it), so
	// the same state is worth the same to either player (a subtraction
	// game's pile, Nim's piles), and the search solves it once.
	moverFree                                                                bool
	mustEnd                                                                  bool // repeat: "lose": only play that ends counts (puzzle.go)
	start, moves, play, mover, earn, value, goalOf, over, key, text, picture builtin.Predicate
	source                                                                   map[string]string // each part as written, for errors
	game                                                                     *games.Game
}

// Game is a game defined in the language: the value game({…}) gives.
// Calling it makes an instance: nim([3, 4, 5]), nim([3, 4, 5], {misere:
// true}).
type Game struct {
	Name    string         `expr:"name"`
	About   string         `expr:"about"`
	Players []string       `expr:"players"`
	RuleMap map[string]any `expr:"rules"` // the rules and their defaults
	Parts   []string       `expr:"parts"` // the parts the definition gives

	d *def
}

func (g *Game) TypeName() string { return "game" }

// Text is the game in a few lines: its name, what it is, its players and
// rules, the parts it defines.
func (g *Game) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %s", g.Name)
	if g.About != "" {
		fmt.Fprintf(&b, ": %s", g.About)
	}
	fmt.Fprintf(&b, "\nplayers %s", strings.Join(g.Players, ", "))
	if len(g.RuleMap) > 0 {
		fmt.Fprintf(&b, "; rules %s", kit.FormatValue(g.RuleMap))
	}
	fmt.Fprintf(&b, "\nparts %s\n", strings.Join(g.Parts, ", "))
	fmt.Fprintf(&b, "%s(state) makes an instance; help(%s) says how\n", g.Name, g.Name)
	return b.String()
}

// Inline is the game in a list: game nim.
func (g *Game) Inline() string { return "game " + g.Name }

// Doc is what help says of the game: its definition's about, how to make an
// instance, its rules.
func (g *Game) Doc() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s(state) / %s(state, rules): an instance of the game %s, defined in the language", g.Name, g.Name, g.Name)
	if g.About != "" {
		fmt.Fprintf(&b, ": %s", g.About)
	}
	b.WriteString(".")
	for _, o := range g.d.game.Options {
		fmt.Fprintf(&b, " Rule %s (default %s).", o.Name, kit.FormatValue(o.Default))
	}
	fmt.Fprintf(&b, " Players %s; parts %s.", strings.Join(g.Players, ", "), strings.Join(g.Parts, ", "))
	return b.String()
}

// JSONValue is the game's name, players and rules.
func (g *Game) JSONValue() any {
	return struct {
		Game    string         `json:"game"`
		About   string         `json:"about,omitempty"`
		Players []string       `json:"players"`
		Rules   map[string]any `json:"rules"`
		Parts   []string       `json:"parts"`
	}{g.Name, g.About, g.Players, g.RuleMap, g.Parts}
}

// CallValue makes an instance: the state from the argument (the start
// part, or the argument itself), under the rules given or the defaults.
func (g *Game) CallValue(env *builtin.Env, args []any) (any, error) {
	name := g.Name
	if len(args) < 1 || len(args) > 2 {
		return nil, builtin.Errorf(builtin.GameError, "%s: takes 1 or 2 arguments (state, rules), got %d", name, len(args))
	}
	var rules any
	if len(args) == 2 {
		rules = args[1]
	}
	r, err := games.RulesArg(name, 2, g.d.game.Default(), rules)
	if err != nil {
		return nil, err
	}
	return g.d.instance(args[0], r)
}

// fnGame is game({…}).
func fnGame(env *builtin.Env, args ...any) (any, error) {
	var v any
	if err := kit.Unpack("game", args, "definition", &v); err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, defError("must be a map of the game's parts, as in %s; got %s", example, kit.TypeName(v))
	}
	d := &def{source: map[string]string{}, players: []string{"A", "B"}, goal: "max"}
	for _, k := range kit.SortedKeys(m) {
		if !slices.Contains(partNames, k) {
			hint := ""
			if near := suggest.Nearest(k, partNames); near != "" {
				hint = fmt.Sprintf(" (did you mean %s?)", near)
			}
			return nil, defError("names %s, no part of a game%s; its parts are %s", k, hint, strings.Join(partNames, ", "))
		}
	}
	if err := d.read(m); err != nil {
		return nil, err
	}
	if why := env.ReservedName(d.name); why != "" {
		// help and the instances' text would name a maker that is not
		// the game's
		return nil, defError("names the game %s, but %s: give it a name of its own, as the variable it is kept in (%s = game({name: \"%s\", …}))",
			d.name, why, "my"+d.name, "my"+d.name)
	}
	g := &Game{Name: d.name, About: d.about, Players: d.players, RuleMap: d.game.Default().Map(), d: d}
	for _, k := range partNames {
		if _, ok := m[k]; ok {
			g.Parts = append(g.Parts, k)
		}
	}
	return g, nil
}

// defError is an error of the definition as a whole: game's argument 1.
func defError(format string, a ...any) error {
	e := builtin.ArgError("game", 1, "definition", format, a...)
	e.Kind = builtin.GameError
	return e
}

// example is a definition that works, for the errors that say what is
// missing.
const example = `game({name: "sub", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}})`

// read fills d from the definition's map.
func (d *def) read(m map[string]any) error {
	name, ok := m["name"].(string)
	if !ok || !isName(name) {
		return defError("needs a name, a word such as \"nim\" that names its instances' maker (%s): got %s", example, kit.FormatValue(m["name"]))
	}
	d.name, d.title = name, name
	for _, part := range []struct {
		key string
		dst *string
	}{{"about", &d.about}, {"title", &d.title}} {
		if v, ok := m[part.key]; ok {
			s, isString := v.(string)
			if !isString {
				return defError("gives %s %s, which must be a string", part.key, kit.TypeName(v))
			}
			*part.dst = s
		}
	}
	if v, ok := m["players"]; ok {
		players, err := readPlayers(v)
		if err != nil {
			return err
		}
		d.players = players
	}
	preds := map[string]*builtin.Predicate{"start": &d.start, "moves": &d.moves, "play": &d.play, "mover": &d.mover,
		"earn": &d.earn, "value": &d.value, "over": &d.over, "key": &d.key, "text": &d.text, "picture": &d.picture}
	for _, k := range kit.SortedKeys(preds) {
		v, ok := m[k]
		if !ok {
			continue
		}
		p, isPred := v.(builtin.Predicate)
		if !isPred {
			return defError("gives %s %s, which must be {…}, a predicate over # (the position: #.state, #.move, #.mover, #.rules)", k, kit.TypeName(v))
		}
		if c, ok := p.(builtin.Checked); ok {
			if err := c.Check(); err != nil {
				return defError("gives %s a {…} that cannot run: %v", k, err)
			}
		}
		d.source[k] = p.Text()
		if m, ok := p.(builtin.Metered); ok && k == "moves" {
			d.account = m
		}
		if k != "start" && k != "text" && k != "picture" {
			d.readsMover = d.readsMover || readsMover(p)
		}
		if b, ok := p.(builtin.Borrowing); ok && b.Borrows() {
			p = borrow(p)
		}
		*preds[k] = p
	}
	for _, k := range []string{"moves", "play"} {
		if *preds[k] == nil {
			return defError("has no %s: a game needs moves ({…}: the legal moves of #.state, a list) and play ({…}: the state after #.move), as in %s", k, example)
		}
	}
	switch g := m["goal"].(type) {
	case nil:
	case string:
		if g != "max" && g != "min" {
			return defError(`gives goal %q, which must be "max", "min" or {…}`, g)
		}
		d.goal = g
	case builtin.Predicate:
		d.goalOf, d.source["goal"] = g, g.Text()
		d.readsMover = d.readsMover || readsMover(g)
	default:
		return defError(`gives goal %s, which must be "max", "min" or {…}`, kit.TypeName(g))
	}
	if err := d.readRepeat(m["repeat"]); err != nil {
		return err
	}
	d.moverFree = !d.readsMover && !d.repeat && len(d.players) == 2
	for _, p := range d.players {
		d.playerValues = append(d.playerValues, playerValue(p))
	}
	options, err := readRules(m["rules"])
	if err != nil {
		return err
	}
	d.game = d.newGame(options)
	return nil
}

// readRepeat reads repeat, which says play may return to a position, and
// what play that never ends is worth. "draw": 0 to both players; the value
// then comes at the end only (a loop's earnings would have no sum). "lose":
// less than any end, for a puzzle of one player, whose value is the best
// line that ends (the fewest moves, with earn: {-1}).
func (d *def) readRepeat(v any) error {
	const what = `which must be "draw" (play that never ends is a draw, worth 0) or "lose" (a puzzle's: only play that ends counts)`
	switch r := v.(type) {
	case nil:
		return nil
	case string:
		switch r {
		case "draw":
		case "lose":
			d.mustEnd = true
		default:
			return defError("gives repeat %q, %s", r, what)
		}
	default:
		return defError("gives repeat %s, %s", kit.TypeName(v), what)
	}
	switch {
	case !d.mustEnd && d.earn != nil:
		return defError(`gives repeat "draw" and earn: a game whose play may go on for ever is worth what its end is (value), ` +
			`never what its moves earn, which a loop would add up without end (a puzzle of one player says repeat: "lose")`)
	case d.mustEnd && len(d.players) != 1:
		return defError(`gives repeat "lose" to a game of two players: it is for a puzzle of one, whom play that never ends cannot help; ` +
			`of two, say repeat: "draw"`)
	case d.mustEnd && d.goalOf != nil:
		return defError(`gives repeat "lose" and a goal {…}: a puzzle's goal is "max" or "min" throughout`)
	}
	d.repeat = true
	return nil
}

// readsMover says part p may read who moves (#.mover, or #.turn in a
// game of players in turn): true when it cannot tell.
func readsMover(p builtin.Predicate) bool {
	r, ok := p.(builtin.FieldReader)
	return !ok || r.ReadsField("mover") || r.ReadsField("turn")
}

// isName says s can name a game's maker: a word of letters, digits and _,
// not starting with a digit.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// readPlayers reads players: one or two names (strings or numbers).
func readPlayers(v any) ([]string, error) {
	list, ok := kit.AsList(v)
	if !ok || len(list) < 1 || len(list) > 2 {
		return nil, defError("gives players %s, which must be a list of one or two names, as [\"A\", \"B\"] or [\"you\"]", kit.FormatValue(v))
	}
	var out []string
	for _, p := range list {
		name := kit.Format(p)
		if _, isString := p.(string); !isString {
			if _, msg := kit.ToInt(p); msg != "" {
				return nil, defError("gives players %s: a player is a name or a number", kit.FormatValue(v))
			}
		}
		if slices.Contains(out, name) {
			return nil, defError("names player %s twice", name)
		}
		out = append(out, name)
	}
	return out, nil
}

// newGame is the contract's Game for d.
func (d *def) newGame(options []*games.Option) *games.Game {
	g := &games.Game{
		Name: d.name, Title: d.title, Heading: d.title, Rules: d.about, Options: options,
		Turns: games.InTurn, Players: d.players, Scoring: games.AtEnd, Repeats: d.repeat,
		Words: games.Words{Value: "value", ValueDoc: "value: what the mover can guarantee from there, with best play",
			Hint: "the mover's best value", Reply: "plays", LineSep: ", ", Unfinished: "not over yet: its value comes at the end",
			PlotCaption: "the value along the line", PlotY: "value"},
		Values: []builtin.Typed{&Position{}},
	}
	if len(d.players) == 1 {
		g.Turns = games.Solo
	}
	g.Words.Endless = "play that never ends is a draw"
	if d.mustEnd {
		g.Words.Endless = "only play that ends counts"
	}
	if d.earn != nil {
		g.Scoring = games.PerMove
	}
	if d.about == "" {
		g.Rules = fmt.Sprintf("a game defined in the language (%s)", d.name)
	}
	return g
}

// Contract is the game as the game contract has it (its rules, players,
// words): for tests and tools that take a *games.Game.
func (g *Game) Contract() *games.Game { return g.d.game }
