// Package detach runs work that cannot poll its cell on a goroutine of its
// own, so that the cell stops waiting for it at once when it is
// interrupted: expr's lexer, parser and checker never look at a context,
// and a statement of megabytes keeps one of them busy for seconds. Work
// too small for a goroutine's wake-up runs in place instead, under the
// same terms (Call).
package detach

import "context"

// Run runs f on a goroutine of its own and waits until f returns or ctx
// is done, whichever comes first. When f returns first, a panic of f is
// panicked again on the caller's goroutine (as if f had run there) and Run
// returns nil. When ctx is done first, Run returns ctx's error at once,
// and f runs on to its end, or to its next poll of ctx, unwatched: f must
// write only what the caller reads after a nil return, and whatever it
// panics with then is dropped.
func Run(ctx context.Context, f func()) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	done := make(chan ending, 1)
	go func() {
		var e ending
		defer func() {
			if !e.returned {
				e.panic = recover()
			}
			done <- e
		}()
		f()
		e.returned = true
	}()
	select {
	case e := <-done:
		if err := ctx.Err(); err != nil {
			return err // stopped as it ended: the poll that stopped f panicked
		}
		if !e.returned {
			panic(e.panic)
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// ending is how f ended: it returned, or it panicked with panic.
type ending struct {
	returned bool
	panic    any
}

// Call is Run without the goroutine, for work of a millisecond at most: f
// runs on the caller's goroutine, and a panic of f once ctx is done (a
// poll that stopped it) is ctx's error; any other panic goes on.
func Call(ctx context.Context, f func()) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	defer func() {
		if ctx.Err() == nil {
			return
		}
		if p := recover(); p != nil {
			err = ctx.Err()
		}
	}()
	f()
	return nil
}
