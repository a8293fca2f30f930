// Package games holds gamelab's game values (polygons, coin rows, Life Line
// boards and their solved results) and the builtins of the command language
// that make, change, solve, trace and show them. It knows nothing of expr:
// the kernel wraps each Builtin for expr and supplies the Env of the running
// cell, so the builtins stay plain Go functions that are easy to test.
package games

import "gamelab/kernel/builtin"

// returnsByGame is a ReturnsFor that picks by the kind of game: forPolygon
// for a polygon (or a result or trace of one), and so on.
func returnsByGame(forPolygon, forCoins, forBoard any) func(first any) []any {
	return func(first any) []any {
		switch first.(type) {
		case *Polygon:
			return []any{forPolygon}
		case *Coins:
			return []any{forCoins}
		case *Board:
			return []any{forBoard}
		}
		return nil
	}
}

// sameGame is ReturnsFor of the editing builtins: the changed copy has the
// type of the value changed.
func sameGame(first any) []any {
	switch first.(type) {
	case *Polygon, *Coins, *Board:
		return []any{first}
	}
	return nil
}

// Builtins is the table of game builtins, in the order help lists them.
var Builtins []*builtin.Builtin

// register adds b to Builtins; each builtin's file calls it from init.
func register(b *builtin.Builtin) { Builtins = append(Builtins, b) }
