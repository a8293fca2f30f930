package kernel

// The session's own builtins, declared as every builtin is (see package
// builtin), and the one place help, completion and inspect read
// documentation from: the session's libraries.

import (
	"bufio"
	"errors"
	"fmt"
	"gamelab/kernel/games/defined"
	"sync"

	"gamelab/kernel/builtin"
	_ "gamelab/kernel/games/all" // registers the games
	"gamelab/kernel/games/tools"
	"gamelab/kernel/lang"
	"gamelab/kernel/printer"
)

// sessionLibrary is the session's own builtins, in the order help lists
// them; the statement forms (help, vars, del) and the history names have
// documentation only.
func (s *Session) sessionLibrary() builtin.Library {
	lib := builtin.Library{Kind: builtin.RuntimeError}
	for _, b := range []*builtin.Builtin{
		{
			Name:      "print",
			Signature: "print(x, …)",
			Doc:       "Writes its arguments to the output, separated by spaces and followed by a newline: strings as they are, everything else as a result is shown.",
			Example:   `print("best:", 488)`,
			Fn:        func(env *builtin.Env, args ...any) (any, error) { return nil, printLine(env, env.Print, args) },
			Streams:   true,
		},
		{
			Name:      "eprint",
			Signature: "eprint(x, …)",
			Doc: "Writes its arguments as print does, but to the error stream: Jupyter shows it apart as stderr, " +
				"the REPL in its error colour, piped gamelab on stderr. For warnings and progress notes that are not results.",
			Example: `eprint("note: this board is large")`,
			Fn:      func(env *builtin.Env, args ...any) (any, error) { return nil, printLine(env, env.Eprint, args) },
			Streams: true,
		},
		{
			Name:      "clear",
			Signature: "clear() / clear(wait)",
			Doc: "Clears the cell's output so far: Jupyter empties the cell's output area, the REPL the screen; " +
				"scripts and piped input go on as if it were not there. With wait true the output goes only when " +
				"the next output arrives, so a loop that clears and shows plays as an animation without flicker.",
			Example: `map(0..4, {clear(true); show(rotate(polygon("* -5 + -2 * -8 * -5 + 8"), #))}) | len()`,
			Fn:      clearOutput,
		},
		loadBuiltin,
		{
			Name:      "type",
			Signature: "type(x)",
			Doc:       "The name of x's type: int (of any size), float, string, bool, array, map, nil, or the game value's kind.",
			Example:   `type(2 ** 100)`,
			Returns:   []any{""},
			Fn:        typeOf,
		},
		{
			Name:      "assert",
			Signature: "assert(condition) / assert(condition, message)",
			Doc:       "Fails the statement unless condition is true: a script's way to check an answer (with message saying what was expected).",
			Example:   `assert(2 ** 10 == 1024, "a kilo")`,
			Fn:        assert,
		},
		{
			Name:      "table",
			Signature: "table(x)",
			Doc: "A table of a list of maps (a column per key) or of a list of lists (columns numbered from 1): aligned " +
				"columns in a terminal, an HTML table in Jupyter. A list of maps with the same keys, what a sweep " +
				"returns, shows as one by itself; t.columns and t.rows hold its parts. dp(x) of a game defined in the " +
				"language is a table too: table(dp(x)) has a row per position.",
			Example: `table([[1, "one"], [2, "two"]])`,
			Returns: []any{&printer.Table{}},
			Fn:      s.table,
		},
		{
			Name:      "time",
			Signature: "time(x)",
			Doc: "Returns x and writes how long working it out took (wall time) to the error stream, as IPython's %time does. " +
				"x is worked out inside time, so time(solve(p)).best times the solve. A script's golden transcript " +
				"writes the line as \"wall time: …\" (gamelab test compares it by its shape: it measures the machine).",
			Example: `time(solve(randcoins(1000, 1))).best`,
			Fn:      untimed,
		},
		{
			Name:      "sum",
			Signature: "sum(array) / sum(array, predicate)",
			Doc:       "Adds up the numbers of an array (or the predicate's value for each item) exactly, integers of any size included.",
			Example:   `sum(1..100)`,
		},
		{
			Name:      "max",
			Signature: "max(a, b, …) / max(array)",
			Doc:       "The largest of its arguments or of the items of one array, compared exactly.",
			Example:   `max([3, 2 ** 70, -1])`,
			Fn:        lang.Extremum("max", 1),
		},
		{
			Name:      "min",
			Signature: "min(a, b, …) / min(array)",
			Doc:       "The smallest of its arguments or of the items of one array, compared exactly.",
			Example:   `min(3, -2 ** 70)`,
			Fn:        lang.Extremum("min", -1),
		},
		{
			Name:      "abs",
			Signature: "abs(x)",
			Doc:       "The absolute value of x, exact for integers of any size.",
			Example:   `abs(-2 ** 64)`,
			Fn:        lang.Abs,
		},
		{
			Name:      "help",
			Signature: "help / help(name) / name?",
			Doc: "Without a name, lists every builtin and statement. With one, shows that builtin's signature, what it does and an example " +
				"(a statement; `help name` works too). `name?` or `?name` asks the same, as in IPython: Jupyter opens it in its pager, a terminal prints it.",
			Example: `help(solve)`,
		},
		{
			Name:      "vars",
			Signature: "vars",
			Doc:       "Lists the session's variables with their types and values (a statement).",
			Example:   `vars`,
		},
		{
			Name:      "del",
			Signature: "del name, …",
			Doc:       "Removes variables from the session (a statement).",
			Example:   `del p`,
		},
		{
			Name:      "_",
			Signature: "_",
			Doc:       "The value of the last expression shown.",
			Example:   `_ * 2`,
		},
		{
			Name:      "_N",
			Signature: "_N",
			Doc:       "The result of cell N (its last bare expression), nil when that cell showed nothing: _3 is cell 3's.",
			Example:   `_1`,
		},
		s.sliderBuiltin(),
		s.budgetBuiltin(),
		s.saveSessionBuiltin(),
	} {
		lib.Register(b)
	}
	return lib
}

// clearOutput is clear() and clear(wait).
func clearOutput(env *builtin.Env, args ...any) (any, error) {
	wait := false
	if err := builtin.UnpackArgs("clear", args, "wait?", &wait); err != nil {
		return nil, err
	}
	if env.Clear != nil {
		env.Clear(wait)
	}
	return nil, nil
}

// typeOf is type(x).
func typeOf(_ *builtin.Env, args ...any) (any, error) {
	var x any
	if err := builtin.UnpackArgs("type", args, "x", &x); err != nil {
		return nil, err
	}
	return builtin.TypeName(x), nil
}

// assert is assert(condition) and assert(condition, message).
func assert(_ *builtin.Env, args ...any) (any, error) {
	var ok bool
	var msg any
	if err := builtin.UnpackArgs("assert", args, "condition", &ok, "message?", &msg); err != nil || ok {
		return nil, err
	}
	if len(args) == 2 {
		return nil, fmt.Errorf("assertion failed: %s", printer.Text(msg))
	}
	return nil, errors.New("assertion failed")
}

// untimed is time(x) where the language did not rewrite it to time x
// (lang's timing): x is its value all the same.
func untimed(_ *builtin.Env, args ...any) (any, error) {
	var x any
	err := builtin.UnpackArgs("time", args, "x", &x)
	return x, err
}

// printLine writes what print and eprint write to out: the arguments
// separated by spaces, strings as they are, and a newline; a line of
// hundreds of megabytes (print(1..4*10**7)) goes out a chunk at a time,
// polling the cell between chunks, and a short one in one piece.
func printLine(env *builtin.Env, out func(string), args []any) error {
	w := bufio.NewWriterSize(writerFunc(func(p []byte) (int, error) {
		out(string(p))
		return len(p), nil
	}), 64<<10)
	for i, a := range args {
		if i > 0 {
			w.WriteString(" ")
		}
		if err := printer.Write(w, a, env.Meter); err != nil {
			return err // too deep to write (w itself never fails)
		}
	}
	w.WriteString("\n")
	return w.Flush()
}

// writerFunc is an io.Writer made of a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// libraries are the session's builtins: the games' (and those WithBuiltins
// added), then the session's own.
func (s *Session) libraries() []*builtin.Library {
	return []*builtin.Library{{Kind: builtin.GameError, Builtins: s.games}, &s.library}
}

// gameBuiltinTable is every game's builtins and the engine's, built once:
// the games have all registered (package all's init) by the time a
// session asks.
var gameBuiltinTable = sync.OnceValue(func() []*builtin.Builtin {
	return append(tools.Builtins(), defined.Builtins...)
})

// gameBuiltins is the games' builtins and the session's extra builtins.
func (s *Session) gameBuiltins() []*builtin.Builtin {
	if len(s.extra) == 0 {
		return gameBuiltinTable()
	}
	return append(append([]*builtin.Builtin(nil), gameBuiltinTable()...), s.extra...)
}

// lookupDoc finds the documentation of a builtin, the game builtins first.
func (s *Session) lookupDoc(name string) (*builtin.Builtin, bool) {
	for _, lib := range s.libraries() {
		if b := lib.Lookup(name); b != nil {
			return b, true
		}
	}
	return nil, false
}

// builtinNames lists every name the session defines itself, for completion
// and suggestions.
func (s *Session) builtinNames() []string {
	var names []string
	for _, lib := range s.libraries() {
		for _, b := range lib.Builtins {
			if b.Name != "_N" {
				names = append(names, b.Name)
			}
		}
	}
	return names
}

// exprBuiltinNames are expr's own functions, for completion and spelling
// suggestions.
var exprBuiltinNames = func() []string {
	var names []string
	for _, b := range lang.ExprFunctions.Builtins {
		names = append(names, b.Name)
	}
	return names
}()
