package kernel

// What help teaches besides the builtins: the games' rules, the language's
// syntax, and expr's own functions, each with a runnable example.

import (
	"fmt"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
)

// rulesOf is the rules paragraph help adds to a game's constructor (the
// first builtin a game declares), "" for other names.
func rulesOf(name string, width int) string {
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
		if len(g.Options) == 0 {
			continue
		}
		text += "\n\n" + g.Heading + " (" + g.Name + "):"
		for _, o := range g.Options {
			def := fmt.Sprint(o.Default)
			if s, ok := o.Default.(string); ok {
				def = strconv.Quote(s)
			}
			text += "\n" + indented(fmt.Sprintf("%s: %s (default %s)", o.Name, o.Values, def), width, "  ")
			text += "\n" + indented(o.Doc, width, "      ")
		}
	}
	return text
}

// syntaxTopics are help(syntax): the parts of expr's syntax a gamelab user
// meets first, each a line of text and an example that runs.
var syntaxTopics = []struct{ form, text, example string }{
	{"a..b", "the integers from a to b, both included", "1..5"},
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

// exprFunctions document expr's own functions the way the builtins are
// documented, by group for bare help's list. sum, max, min, abs and
// reverse are the kernel's or the games' and documented there.
var exprFunctionDocs = []struct {
	group string
	docs  []builtin.Builtin
}{
	{"lists and predicates", []builtin.Builtin{
		{Name: "map", Signature: "map(xs, predicate)", Doc: "The list of the predicate's value for each item.", Example: "map(1..4, # * 10)"},
		{Name: "filter", Signature: "filter(xs, predicate)", Doc: "The items for which the predicate is true.", Example: "filter(1..10, # % 2 == 0)"},
		{Name: "all", Signature: "all(xs, predicate)", Doc: "Whether the predicate is true for every item.", Example: "all([2, 4], # % 2 == 0)"},
		{Name: "any", Signature: "any(xs, predicate)", Doc: "Whether the predicate is true for some item.", Example: "any([1, 4], # > 3)"},
		{Name: "none", Signature: "none(xs, predicate)", Doc: "Whether the predicate is true for no item.", Example: "none([1, 4], # > 9)"},
		{Name: "one", Signature: "one(xs, predicate)", Doc: "Whether the predicate is true for exactly one item.", Example: "one([1, 4], # > 3)"},
		{Name: "count", Signature: "count(xs, predicate)", Doc: "How many items the predicate is true for.", Example: "count(1..10, # > 7)"},
		{Name: "find", Signature: "find(xs, predicate)", Doc: "The first item the predicate is true for, nil if none.", Example: "find([5, 8, 9], # > 6)"},
		{Name: "findIndex", Signature: "findIndex(xs, predicate)", Doc: "The position (from 1) of the first item the predicate is true for, nil if none.", Example: "findIndex([5, 8, 9], # > 6)"},
		{Name: "findLast", Signature: "findLast(xs, predicate)", Doc: "The last item the predicate is true for, nil if none.", Example: "findLast([5, 8, 9], # > 6)"},
		{Name: "findLastIndex", Signature: "findLastIndex(xs, predicate)", Doc: "The position (from 1) of the last item the predicate is true for, nil if none.", Example: "findLastIndex([5, 8, 9], # > 6)"},
		{Name: "reduce", Signature: "reduce(xs, predicate) / reduce(xs, predicate, initial)", Doc: "Folds the items: #acc is the value so far (the first item, or initial), # the item.", Example: "reduce(1..5, #acc * #)"},
		{Name: "groupBy", Signature: "groupBy(xs, predicate)", Doc: "A map from each value of the predicate to the list of items giving it.", Example: "groupBy(1..6, # % 3)"},
		{Name: "sortBy", Signature: "sortBy(xs, predicate) / sortBy(xs, predicate, \"desc\")", Doc: "The items sorted by the predicate's value.", Example: "sortBy([-3, 1, -2], abs(#))"},
		{Name: "sort", Signature: "sort(xs) / sort(xs, \"desc\")", Doc: "The items sorted, increasing (or decreasing).", Example: "sort([3, 1, 2])"},
		{Name: "len", Signature: "len(x)", Doc: "The number of items of a list or map, or characters of a string.", Example: "len([10, 20, 30])"},
		{Name: "first", Signature: "first(xs)", Doc: "The first item, nil for an empty list.", Example: "first([10, 20, 30])"},
		{Name: "last", Signature: "last(xs)", Doc: "The last item, nil for an empty list.", Example: "last([10, 20, 30])"},
		{Name: "take", Signature: "take(xs, n)", Doc: "The first n items.", Example: "take([10, 20, 30], 2)"},
		{Name: "get", Signature: "get(xs, i) / get(m, key)", Doc: "Item i (from 1, -1 the last) or a map's key, nil when there is none instead of an error.", Example: "get([10, 20, 30], 5)"},
		{Name: "concat", Signature: "concat(xs, ys, …)", Doc: "The lists joined into one.", Example: "concat([1, 2], [3])"},
		{Name: "flatten", Signature: "flatten(xs)", Doc: "The items of nested lists in one flat list.", Example: "flatten([[1, 2], [3, [4]]])"},
		{Name: "uniq", Signature: "uniq(xs)", Doc: "The items without repeats, in first-seen order.", Example: "uniq([1, 2, 1, 3])"},
		{Name: "mean", Signature: "mean(xs)", Doc: "The average of the numbers, a float.", Example: "mean([1, 2, 3, 4])"},
		{Name: "median", Signature: "median(xs)", Doc: "The middle value of the numbers (the mean of the two middle ones for an even count).", Example: "median([5, 1, 3])"},
	}},
	{"numbers", []builtin.Builtin{
		{Name: "int", Signature: "int(x)", Doc: "x as an integer: a float truncated, a string read, of any size.", Example: `int("123456789012345678901234567890") + 1`},
		{Name: "float", Signature: "float(x)", Doc: "x as a float (a large integer rounded to the nearest).", Example: "float(2 ** 70)"},
		{Name: "round", Signature: "round(x)", Doc: "x rounded to the nearest integer, as a float.", Example: "round(2.5)"},
		{Name: "ceil", Signature: "ceil(x)", Doc: "The smallest integer not below x, as a float.", Example: "ceil(2.1)"},
		{Name: "floor", Signature: "floor(x)", Doc: "The largest integer not above x, as a float.", Example: "floor(2.9)"},
		{Name: "bitand", Signature: "bitand(a, b)", Doc: "The bits set in both a and b.", Example: "bitand(12, 10)"},
		{Name: "bitor", Signature: "bitor(a, b)", Doc: "The bits set in a or b.", Example: "bitor(12, 10)"},
		{Name: "bitxor", Signature: "bitxor(a, b)", Doc: "The bits set in exactly one of a and b.", Example: "bitxor(12, 10)"},
		{Name: "bitnand", Signature: "bitnand(a, b)", Doc: "The bits of a not set in b.", Example: "bitnand(12, 10)"},
		{Name: "bitnot", Signature: "bitnot(a)", Doc: "a with every bit flipped (-a - 1).", Example: "bitnot(5)"},
		{Name: "bitshl", Signature: "bitshl(a, n)", Doc: "a shifted left by n bits (64-bit).", Example: "bitshl(1, 10)"},
		{Name: "bitshr", Signature: "bitshr(a, n)", Doc: "a shifted right by n bits, keeping the sign.", Example: "bitshr(-16, 2)"},
		{Name: "bitushr", Signature: "bitushr(a, n)", Doc: "a shifted right by n bits as an unsigned 64-bit number.", Example: "bitushr(-16, 60)"},
	}},
	{"strings", []builtin.Builtin{
		{Name: "string", Signature: "string(x)", Doc: "x as a string, as print writes it.", Example: "string(2 ** 70)"},
		{Name: "upper", Signature: "upper(s)", Doc: "s in capitals.", Example: `upper("rrl")`},
		{Name: "lower", Signature: "lower(s)", Doc: "s in small letters.", Example: `lower("RRL")`},
		{Name: "trim", Signature: "trim(s) / trim(s, chars)", Doc: "s without white space (or the given characters) at either end.", Example: `trim("  488 ")`},
		{Name: "trimPrefix", Signature: "trimPrefix(s, prefix)", Doc: "s without prefix at its start.", Example: `trimPrefix("edge 3", "edge ")`},
		{Name: "trimSuffix", Signature: "trimSuffix(s, suffix)", Doc: "s without suffix at its end.", Example: `trimSuffix("ring.svg", ".svg")`},
		{Name: "split", Signature: "split(s, sep) / split(s, sep, n)", Doc: "The parts of s between the separators.", Example: `split("3 4 5", " ")`},
		{Name: "splitAfter", Signature: "splitAfter(s, sep)", Doc: "The parts of s, each with its separator kept.", Example: `splitAfter("a,b,c", ",")`},
		{Name: "replace", Signature: "replace(s, old, new)", Doc: "s with every old replaced by new.", Example: `replace("t x t", "t", "+")`},
		{Name: "repeat", Signature: "repeat(s, n)", Doc: "s written n times.", Example: `repeat("LR", 3)`},
		{Name: "indexOf", Signature: "indexOf(s, sub)", Doc: "The position (from 1, in characters) of the first sub in s, 0 if none.", Example: `indexOf("hello", "l")`},
		{Name: "lastIndexOf", Signature: "lastIndexOf(s, sub)", Doc: "The position (from 1, in characters) of the last sub in s, 0 if none.", Example: `lastIndexOf("hello", "l")`},
		{Name: "hasPrefix", Signature: "hasPrefix(s, prefix)", Doc: "Whether s starts with prefix.", Example: `hasPrefix("RRL", "RR")`},
		{Name: "hasSuffix", Signature: "hasSuffix(s, suffix)", Doc: "Whether s ends with suffix.", Example: `hasSuffix("RRL", "L")`},
		{Name: "join", Signature: "join(xs) / join(xs, sep)", Doc: "The strings of xs joined, with sep between them.", Example: `join(["L", "R"], "-")`},
		{Name: "toJSON", Signature: "toJSON(x)", Doc: "x as indented JSON, integers exact (json(x) is one line).", Example: "toJSON({best: 2 ** 70})"},
		{Name: "fromJSON", Signature: "fromJSON(s)", Doc: "The value JSON text s holds.", Example: `fromJSON("[1, 2]")`},
		{Name: "toBase64", Signature: "toBase64(s)", Doc: "s encoded in base 64.", Example: `toBase64("gamelab")`},
		{Name: "fromBase64", Signature: "fromBase64(s)", Doc: "The text base-64 s encodes.", Example: `fromBase64("Z2FtZWxhYg==")`},
	}},
	{"maps", []builtin.Builtin{
		{Name: "keys", Signature: "keys(m)", Doc: "The keys of map m.", Example: "keys({best: 1})"},
		{Name: "values", Signature: "values(m)", Doc: "The values of map m.", Example: "values({best: 1})"},
		{Name: "toPairs", Signature: "toPairs(m)", Doc: "The [key, value] pairs of map m.", Example: "toPairs({best: 1})"},
		{Name: "fromPairs", Signature: "fromPairs(pairs)", Doc: "The map of a list of [key, value] pairs.", Example: `fromPairs([["best", 1]])`},
	}},
	{"time", []builtin.Builtin{
		{Name: "now", Signature: "now()", Doc: "The current date and time.", Example: `now() > date("2020-01-01")`},
		{Name: "date", Signature: "date(s) / date(s, layout) / date(s, layout, zone)", Doc: "The date and time s gives (layout in Go's form).", Example: `date("2024-06-01") < now()`},
		{Name: "duration", Signature: "duration(s)", Doc: "A span of time such as \"1h30m\".", Example: `duration("1h30m")`},
		{Name: "timezone", Signature: "timezone(name)", Doc: "The time zone of that name, for date.", Example: `timezone("UTC")`},
	}},
}

// exprDoc finds the documentation of one of expr's functions.
func exprDoc(name string) (*builtin.Builtin, bool) {
	for _, g := range exprFunctionDocs {
		for i := range g.docs {
			if g.docs[i].Name == name {
				return &g.docs[i], true
			}
		}
	}
	return nil, false
}

// helpTopics are the names help describes that are no builtin: its topics.
var helpTopics = []string{"rules", "syntax", "variants"}

// helpTopic is the text of help(rules) and help(syntax).
func helpTopic(name string, width int) (string, bool) {
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
