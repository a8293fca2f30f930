package builtin

// Meter is the running cell's memory budget and interrupt, as work that
// allocates in proportion to its inputs, or loops over them, asks them
// (package budget keeps the account). Each method panics with the cell's
// error, an *Error of kind MemoryError or the context's error, when the
// cell must stop: expr's VM, and the engine's wrapper of every builtin,
// turn the panic into the statement's error. The language's own
// functions use it; a game builtin may, but Env.Reserve and Env.Ctx,
// which return errors, usually serve it better.
type Meter interface {
	// Reserve is asked before allocating bytes: it panics when they would
	// not fit in the budget.
	Reserve(bytes int64)
	// ReserveItems reserves n items of size bytes each, an overflow of
	// the product counted as any other excess.
	ReserveItems(n, size int64)
	// Fits says whether bytes more fit, for the places that must not
	// panic (a value about to be shown).
	Fits(bytes int64) bool
	// Check panics now if the cell was interrupted or went over the
	// budget: a loop calls it once per chunk of work of well under a
	// millisecond.
	Check()
	// Poll checks once every 65536 items of a loop (item i): a loop's
	// step costs nanoseconds, so that is well under a millisecond.
	Poll(i int)
	// Tick checks once every 1024 calls: a comparison, an operator.
	Tick()
}
