package lang

// expr's own functions, for help: each documented with an example that
// runs, with the language's own version where it replaces expr's.

import (
	"math/big"
	"strings"

	"gamelab/kernel/builtin"
)

// ExprGroups are expr's own functions, documented the way the builtins
// are, by group for bare help's list; Fn is the language's version of a
// function that could run long or allocate without limit as expr has it
// (strings.go, lists.go, bits.go), nil where expr's own serves. sum, max,
// min, abs and reverse are the session's or the games' and documented
// there.
var ExprGroups = []struct {
	Group    string
	Builtins []builtin.Builtin
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
		{Name: "sort", Signature: "sort(xs) / sort(xs, \"desc\")", Doc: "The items sorted, increasing (or decreasing).", Example: "sort([3, 1, 2])", Fn: sortArray},
		{Name: "len", Signature: "len(x)", Doc: "The number of items of a list or map, or characters of a string.", Example: "len([10, 20, 30])"},
		{Name: "first", Signature: "first(xs)", Doc: "The first item, nil for an empty list.", Example: "first([10, 20, 30])"},
		{Name: "last", Signature: "last(xs)", Doc: "The last item, nil for an empty list.", Example: "last([10, 20, 30])"},
		{Name: "take", Signature: "take(xs, n)", Doc: "The first n items.", Example: "take([10, 20, 30], 2)"},
		{Name: "get", Signature: "get(xs, i) / get(m, key)", Doc: "Item i (from 1, -1 the last) or a map's key, nil when there is none instead of an error.", Example: "get([10, 20, 30], 5)"},
		{Name: "concat", Signature: "concat(xs, ys, …)", Doc: "The lists joined into one.", Example: "concat([1, 2], [3])", Fn: concatArrays},
		{Name: "flatten", Signature: "flatten(xs)", Doc: "The items of nested lists in one flat list.", Example: "flatten([[1, 2], [3, [4]]])", Fn: flattenArray},
		{Name: "uniq", Signature: "uniq(xs)", Doc: "The items without repeats, in first-seen order.", Example: "uniq([1, 2, 1, 3])", Fn: uniqueItems},
		{Name: "mean", Signature: "mean(xs)", Doc: "The average of the numbers, a float.", Example: "mean([1, 2, 3, 4])", Fn: meanOf},
		{Name: "median", Signature: "median(xs)", Doc: "The middle value of the numbers (the mean of the two middle ones for an even count).", Example: "median([5, 1, 3])", Fn: medianOf},
	}},
	{"numbers", []builtin.Builtin{
		{Name: "int", Signature: "int(x)", Doc: "x as an integer: a float truncated, a string read, of any size.", Example: `int("123456789012345678901234567890") + 1`},
		{Name: "float", Signature: "float(x)", Doc: "x as a float (a large integer rounded to the nearest).", Example: "float(2 ** 70)"},
		{Name: "round", Signature: "round(x)", Doc: "x rounded to the nearest integer, as a float.", Example: "round(2.5)"},
		{Name: "ceil", Signature: "ceil(x)", Doc: "The smallest integer not below x, as a float.", Example: "ceil(2.1)"},
		{Name: "floor", Signature: "floor(x)", Doc: "The largest integer not above x, as a float.", Example: "floor(2.9)"},
		{Name: "div", Signature: "div(a, b)", Doc: "The integer quotient of a by b, exact at any size, rounded toward zero: a is div(a, b) * b + a % b (a / b is a float; // starts a comment).", Example: "div(2 ** 70, 3)", Fn: intDiv},
		{Name: "bitand", Signature: "bitand(a, b)", Doc: "The bits set in both a and b.", Example: "bitand(12, 10)", Fn: bitwise("bitand", (*big.Int).And)},
		{Name: "bitor", Signature: "bitor(a, b)", Doc: "The bits set in a or b.", Example: "bitor(12, 10)", Fn: bitwise("bitor", (*big.Int).Or)},
		{Name: "bitxor", Signature: "bitxor(a, b)", Doc: "The bits set in exactly one of a and b.", Example: "bitxor(12, 10)", Fn: bitwise("bitxor", (*big.Int).Xor)},
		{Name: "bitnand", Signature: "bitnand(a, b)", Doc: "The bits of a not set in b.", Example: "bitnand(12, 10)", Fn: bitwise("bitnand", (*big.Int).AndNot)},
		{Name: "bitnot", Signature: "bitnot(a)", Doc: "a with every bit flipped (-a - 1).", Example: "bitnot(5)", Fn: bitNot},
		{Name: "bitshl", Signature: "bitshl(a, n)", Doc: "a shifted left by n bits (64-bit).", Example: "bitshl(1, 10)", Fn: shifter("bitshl", true)},
		{Name: "bitshr", Signature: "bitshr(a, n)", Doc: "a shifted right by n bits, keeping the sign.", Example: "bitshr(-16, 2)", Fn: shifter("bitshr", false)},
		{Name: "bitushr", Signature: "bitushr(a, n)", Doc: "a shifted right by n bits as an unsigned 64-bit number.", Example: "bitushr(-16, 60)"},
	}},
	{"strings", []builtin.Builtin{
		{Name: "string", Signature: "string(x)", Doc: "x as a string, as print writes it.", Example: "string(2 ** 70)"},
		{Name: "upper", Signature: "upper(s)", Doc: "s in capitals.", Example: `upper("rrl")`, Fn: caseMapper("upper", strings.ToUpper)},
		{Name: "lower", Signature: "lower(s)", Doc: "s in small letters.", Example: `lower("RRL")`, Fn: caseMapper("lower", strings.ToLower)},
		{Name: "trim", Signature: "trim(s) / trim(s, chars)", Doc: "s without white space (or the given characters) at either end.", Example: `trim("  488 ")`},
		{Name: "trimPrefix", Signature: "trimPrefix(s, prefix)", Doc: "s without prefix at its start.", Example: `trimPrefix("edge 3", "edge ")`},
		{Name: "trimSuffix", Signature: "trimSuffix(s, suffix)", Doc: "s without suffix at its end.", Example: `trimSuffix("ring.svg", ".svg")`},
		{Name: "split", Signature: "split(s, sep) / split(s, sep, n)", Doc: "The parts of s between the separators.", Example: `split("3 4 5", " ")`, Fn: splitter("split", false)},
		{Name: "splitAfter", Signature: "splitAfter(s, sep)", Doc: "The parts of s, each with its separator kept.", Example: `splitAfter("a,b,c", ",")`, Fn: splitter("splitAfter", true)},
		{Name: "replace", Signature: "replace(s, old, new)", Doc: "s with every old replaced by new.", Example: `replace("t x t", "t", "+")`, Fn: replaceString},
		{Name: "repeat", Signature: "repeat(s, n)", Doc: "s written n times.", Example: `repeat("LR", 3)`, Fn: repeatString},
		{Name: "indexOf", Signature: "indexOf(s, sub)", Doc: "The position (from 1, in characters) of the first sub in s, 0 if none.", Example: `indexOf("hello", "l")`},
		{Name: "lastIndexOf", Signature: "lastIndexOf(s, sub)", Doc: "The position (from 1, in characters) of the last sub in s, 0 if none.", Example: `lastIndexOf("hello", "l")`},
		{Name: "hasPrefix", Signature: "hasPrefix(s, prefix)", Doc: "Whether s starts with prefix.", Example: `hasPrefix("RRL", "RR")`},
		{Name: "hasSuffix", Signature: "hasSuffix(s, suffix)", Doc: "Whether s ends with suffix.", Example: `hasSuffix("RRL", "L")`},
		{Name: "join", Signature: "join(xs) / join(xs, sep)", Doc: "The strings of xs joined, with sep between them.", Example: `join(["L", "R"], "-")`, Fn: joinStrings},
		{Name: "toJSON", Signature: "toJSON(x)", Doc: "x as indented JSON, integers exact (json(x) is one line).", Example: "toJSON({best: 2 ** 70})"},
		{Name: "fromJSON", Signature: "fromJSON(s)", Doc: "The value JSON text s holds.", Example: `fromJSON("[1, 2]")`, Fn: fromJSON},
		{Name: "toBase64", Signature: "toBase64(s)", Doc: "s encoded in base 64.", Example: `toBase64("gamelab")`, Fn: toBase64},
		{Name: "fromBase64", Signature: "fromBase64(s)", Doc: "The text base-64 s encodes.", Example: `fromBase64("Z2FtZWxhYg==")`, Fn: fromBase64},
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

// Keywords are the words of expr's syntax.
var Keywords = []string{
	"true", "false", "nil", "let", "if", "else", "in", "not", "and", "or",
	"matches", "contains", "startsWith", "endsWith",
}

// ExprFunctions are ExprGroups in one library: a wrong argument is a
// TypeError (the arguments' kinds are what these functions check).
var ExprFunctions = builtin.Library{Kind: builtin.TypeError}

func init() {
	for _, g := range ExprGroups {
		for i := range g.Builtins {
			ExprFunctions.Register(&g.Builtins[i])
		}
	}
	hidden["$range"] = rangeOf
	hidden["$sortBy"] = sortPairs
	hidden["$matches"] = matchText
}
