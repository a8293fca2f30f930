package budget

// heap is what the runtime holds, as the budget counts it (see
// Budget.InUse).
type heap struct {
	// objects are the heap's live objects and its garbage not yet swept,
	// what a new allocation adds to.
	objects int64
	// unused is the room in the pages that hold objects that no object
	// takes now: the holes the live objects leave (no other object's size
	// fits them), and those of garbage just collected, which objects of
	// their sizes take next.
	unused int64
	// runtime is what the runtime holds for the heap besides: the
	// collector's and allocator's structures, the goroutines' stacks.
	// With the objects and unused it is the resident memory the runtime
	// takes, but for its free pages (which the next allocation reuses, or
	// the system gets back).
	runtime int64
}
