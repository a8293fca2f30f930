package docs

// What help teaches besides the builtins: the games' rules, the language's
// syntax, and expr's own functions, each with a runnable example.

import (
	"strings"
)

// gameRules are the rules of each game, as docs/rules.md states them, in a
// few lines each: help(rules) shows all three, and help of a game's
// constructor (polygon, coins, board) adds its own.
var gameRules = []struct{ builtin, title, text string }{
	{"polygon", "Polygon game (IOI 1998)",
		"A ring of n vertices v1..vn holding integers, joined by n edges op1..opn, each + or *; edge i joins " +
			"v(i-1) and v(i), edge 1 joins vn and v1. The first move deletes one edge, leaving a chain. Each later " +
			"move picks an edge and replaces it and its two end vertices by one vertex holding their sum or product. " +
			"When one vertex is left its value is the score, which the player maximises. Because * of two negatives " +
			"is positive, the best of a part may come from its two smallest halves. solve gives the best score for " +
			"each first edge (scores), every optimal first edge and one optimal plan: the smallest optimal first edge, " +
			"then the n-1 merges by original edge number."},
	{"coins", "Coins in a row (AtCoder DP Deque)",
		"A row of n integers of any sign. Players A (first) and B alternate; each takes the leftmost (L) or the " +
			"rightmost (R) coin, and each maximises their own total. solve gives A's total, B's total, A - B and one " +
			"optimal move sequence: a player takes L only when it is strictly better, so 10 80 90 30 gives A 110 " +
			"with moves RRRL."},
	{"board", "Life Line (ICPC Japan)",
		"A triangular board of N rows; row r has r vertices, vertex (r, p) counting p from the left. A vertex " +
			"touches (r, p±1), (r-1, p-1), (r-1, p), (r+1, p) and (r+1, p+1), and is empty (0) or holds a stone " +
			"1..9. Player C puts one stone on an empty vertex; then every group (connected vertices of one number) " +
			"that touches no empty vertex is removed. C gains a point for each removed stone of another player and " +
			"loses one for each of their own, the new stone included. solve gives the best points and every vertex " +
			"reaching them. A group that touched no empty vertex before the move cannot arise in play: it counts for " +
			"no move, and solving warns. A full board has no move."},
}

// RulesOf is the rules paragraph help adds to a game's constructor, "" for
// other names.
func RulesOf(name string, width int) string {
	for _, g := range gameRules {
		if g.builtin == name {
			return "rules of " + g.title + ":\n" + indented(g.text, width, "    ")
		}
	}
	return ""
}

// rulesHelp is help(rules).
func rulesHelp(width int) string {
	text := "The three games (docs/rules.md has them in full):"
	for _, g := range gameRules {
		text += "\n\n" + g.title + ":\n" + indented(g.text, width, "    ")
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

// Topics are the names help describes that are no builtin.
var Topics = []string{"rules", "syntax"}

// Topic is the text of help(rules) and help(syntax).
func Topic(name string, width int) (string, bool) {
	switch name {
	case "rules":
		return rulesHelp(width), true
	case "syntax":
		return syntaxHelp(width), true
	}
	return "", false
}
