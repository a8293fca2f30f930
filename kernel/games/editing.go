package games

// Editing: what changes an instance. Each returns a changed copy and
// leaves the value as it was; each receives the builtin's whole argument
// list, the value first.

// Reader answers at(x, i) / at(b, r, p): a value of an instance, a
// position or a table.
type Reader interface {
	At(args []any) (any, error)
}

// Editor is an instance whose values can be set and whose parts turned:
// setv(x, i, v), rotate(x, k), reverse(x).
type Editor interface {
	SetV(args []any) (any, error)
	Rotate(k int) (any, error)
	Reverse() (any, error)
}

// Resizer is an instance that can gain and lose parts: insert(x, i, …),
// remove(x, i).
type Resizer interface {
	Insert(args []any) (any, error)
	Remove(args []any) (any, error)
}
