package kit

import (
	"gamelab/kernel/printer"
	"maps"
	"reflect"
	"slices"
)

// Format renders any value as a terminal shows it, whole (printer.Text):
// what print, text and save write.
func Format(x any) string { return printer.Text(x) }

// The limits of a summarised value (see printer.Shown).
const (
	MaxShownItems = printer.MaxShownItems
	CutItems      = printer.CutItems
	EdgeItems     = printer.EdgeItems
)

// FormatShown is Format for a value shown as a result or by show(), in no
// variable (printer.Shown), but for a string, which it writes as it is.
func FormatShown(x any) string {
	if s, ok := x.(string); ok {
		return s
	}
	return printer.Shown(x, "")
}

// FormatValue writes a plain value whole; strings inside lists and maps
// are quoted (printer.Literal).
func FormatValue(x any) string { return printer.Literal(x) }

// SortedKeys are m's keys in order.
func SortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// JSONValued is implemented by the game values and results: the object
// json() writes. A result's object is the batch commands' --format json,
// written by gameio alone so the two cannot drift apart.
type JSONValued interface{ JSONValue() any }

// JSONValue is x ready for encoding/json: every game value and result in
// it, at any depth of lists and maps, replaced by its JSON object, so
// json([solve(c)]) writes the same keys as json(solve(c)).
func JSONValue(x any) any {
	switch v := x.(type) {
	case JSONValued:
		return v.JSONValue()
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = JSONValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = JSONValue(e)
		}
		return out
	}
	if m := reflect.ValueOf(x); m.Kind() == reflect.Map && m.Type().Key().Kind() != reflect.String {
		// A map keyed by any value (groupBy's): JSON's keys are strings, so
		// each key is written as print writes it.
		out := make(map[string]any, m.Len())
		for it := m.MapRange(); it.Next(); {
			out[Format(it.Key().Interface())] = JSONValue(it.Value().Interface())
		}
		return out
	}
	return x
}
