package kernel

// table(x), and the order of a table's columns: the order in which the
// session's map literals wrote the keys (printer.Table draws the table).

import (
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// table is table(x).
func (s *Session) table(_ *builtin.Env, args ...any) (any, error) {
	var x any
	if err := builtin.UnpackArgs("table", args, "x", &x); err != nil {
		return nil, err
	}
	order := s.columnOrder
	items, ok := builtin.AsList(x)
	if tb, isTable := x.(builtin.Tabular); isTable {
		var columns []string
		columns, items = tb.TableRows()
		order = func(cols []string) []string {
			if columnSet(cols) == columnSet(columns) {
				return slices.Clone(columns)
			}
			return s.columnOrder(cols)
		}
	} else if !ok {
		return nil, builtin.ArgError("table", 1, "x", "must be a list of maps or of lists, got %s", printer.KindPhrase(x))
	}
	t, wrong := printer.TableOf(items, "t.rows holds them all", order)
	if wrong != "" {
		return nil, builtin.ArgError("table", 1, "x", "%s", wrong)
	}
	return t, nil
}

// noteColumns remembers the order in which a map literal writes its keys
// (the language tells it every literal's): Go's maps keep none, and a
// sweep's ({v: #, best: …}) reads best as a table with v first, as
// written. The latest literal of a set of keys wins.
func (s *Session) noteColumns(keys []string) {
	if s.columns == nil {
		s.columns = map[string][]string{}
	}
	s.columns[columnSet(keys)] = keys
}

// columnOrder is cols (the keys of a table's maps) in the order a map
// literal wrote them, else sorted.
func (s *Session) columnOrder(cols []string) []string {
	if order, ok := s.written(cols); ok {
		return order
	}
	slices.Sort(cols)
	return cols
}

// written is keys in the order a map literal of the session wrote them;
// ok is false when none did.
func (s *Session) written(keys []string) ([]string, bool) {
	order, ok := s.columns[columnSet(keys)]
	if !ok || len(order) != len(keys) {
		return nil, false
	}
	return slices.Clone(order), true
}

// columnSet is a set of keys as one string, the same in any order.
func columnSet(keys []string) string {
	sorted := slices.Sorted(slices.Values(keys))
	return strings.Join(sorted, "\x00")
}
