package docs

// What help teaches besides the builtins: the games' rules, the language's
// syntax, and expr's own functions, each with a runnable example.

import (
	"fmt"
	"gamelab/kernel/games"
	"strconv"
	"strings"
)

// RulesOf is the rules paragraph help adds to a game's constructor (the
// first builtin a game declares), "" for other names.
func RulesOf(name string, width int) string {
	for _, g := range games.All() {
		if len(g.Builtins) > 0 && g.Builtins[0].Name == name {
			return "rules of " + g.Heading + ":\n" + indented(g.Rules, width, "    ")
		}
	}
	return ""
}

// rulesHelp is help(rules): every game's rules.
func rulesHelp(width int) string {
	text := fmt.Sprintf("The %s games (docs/rules.md has them in full):", countWord(len(games.All())))
	for _, g := range games.All() {
		text += "\n\n" + g.Heading + ":\n" + indented(g.Rules, width, "    ")
	}
	return text
}

// countWord writes a small count as a word: "three".
func countWord(n int) string {
	if words := []string{"no", "one", "two", "three", "four", "five", "six"}; n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// variantsHelp is help(variants): every game's rule options with their
// values, defaults and meaning.
func variantsHelp(width int) string {
	text := wrap("Rule variants: each game's options, with their defaults. Give them as a map beside the instance "+
		"(coins([1, 2, 3, 7], {take: 3, ends: \"left\"})), change them with with(x, {take: 2}), read them with "+
		"x.rules and rules(x); the batch commands take --rules name=value,name=value. Every builtin works under "+
		"every variant.", width, "")
	for _, g := range games.All() {
		text += GameVariants(g, width)
	}
	return text
}

// GameVariants is g's part of help(variants): its heading and each
// option, after a blank line; "" for a game without options. The session
// adds the games defined in it, whose options its help(variants) lists
// after the built-in games'.
func GameVariants(g *games.Game, width int) string {
	if len(g.Options) == 0 {
		return ""
	}
	text := "\n\n" + g.Heading + " (" + g.Name + "):"
	for _, o := range g.Options {
		def := fmt.Sprint(o.Default)
		if s, ok := o.Default.(string); ok {
			def = strconv.Quote(s)
		}
		text += "\n" + indented(fmt.Sprintf("%s: %s (default %s)", o.Name, o.Values, def), width, "  ")
		text += "\n" + indented(o.Doc, width, "      ")
	}
	return text
}

// syntaxTopics are help(syntax): the parts of expr's syntax a gamelab user
// meets first, each a line of text and an example that runs.
var syntaxTopics = []struct{ form, text, example string }{
	{"a..b", "the integers from a to b, both included", "1..5"},
	{"a / b", "the quotient as a float, 7 / 2 is 3.5 (integers are exact, so an integer divided by 0 is an error); " +
		"a % b is the remainder, a ** b the power, exact for integers", "[7 / 2, 7 % 2, 2 ** 70]"},
	{"#", "inside a predicate, the current item; #index is its position, from 1", "map([5, 6, 7], # * #index)"},
	{"{…}", "a predicate: the body that map, filter, all, count, sum and the like run once per item; the brackets may be left out " +
		"for one expression", "filter(1..10, {# % 3 == 0})"},
	{"({…})", "a map as a predicate's value needs brackets, else { starts the predicate", "map(1..3, ({n: #, sq: # * #}))"},
	{"let", "names a value inside one expression; ; separates it from the rest", "let x = 6; x * 7"},
	{"x | f(…)", "pipes x in as f's first argument", "[3, 1, 2] | sort()"},
	{"c ? a : b", "a when c is true, else b (if c { a } else { b } too)", "2 > 1 ? \"yes\" : \"no\""},
	{"xs[i], xs[a:b]", "item i (from 1, -1 the last), items a to b (both included)", "[10, 20, 30][2:3]"},
	{"[…], {k: v}", "a list, a map; m.k or m[\"k\"] reads a key", "{best: 488}.best"},
	{"// comment", "to the end of the line, also inside brackets; # starts one only outside brackets", "[1, // one\n  2]"},
	{"a; b", "separates statements on one line, as a new line does", "x = 2; x * 21"},
}

// SyntaxExamples are the examples of help(syntax), each a line that runs.
func SyntaxExamples() []string {
	var out []string
	for _, t := range syntaxTopics {
		out = append(out, t.example)
	}
	return out
}

// syntaxHelp is help(syntax).
func syntaxHelp(width int) string {
	text := "The command language is expr (https://expr-lang.org/docs/language-definition) with gamelab's " +
		"statements (help lists them); integers are exact at any size and indices count from 1."
	text = wrap(text, width, "")
	for _, t := range syntaxTopics {
		text += "\n  " + t.form + "\n" + indented(t.text, width, "      ") +
			"\n      e.g. " + strings.ReplaceAll(t.example, "\n", "\n           ")
	}
	return text
}

// Topics are the names help describes that are no builtin (rules is also
// a builtin, rules(x): its help follows the topic's).
var Topics = []string{"rules", "syntax", "variants"}

// Topic is the text of help(rules) and help(syntax).
func Topic(name string, width int) (string, bool) {
	switch name {
	case "rules":
		return rulesHelp(width), true
	case "syntax":
		return syntaxHelp(width), true
	case "variants":
		return variantsHelp(width), true
	}
	return "", false
}
