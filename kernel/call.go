package kernel

import (
	"context"
	"fmt"

	"gamelab/kernel/builtin"
)

// Call runs fn as a silent cell of the session: under its memory budget,
// its interrupt and its polls (the page's Stop), with pictures and o's
// progress line, but with no code, no history and no output. It is what a front end's own control
// computes with (the web page's explorer plays a clicked move with it), so
// the notebook's cells and counter stay as they were. A panic of the
// budget's stop is the error it carries.
func (s *Session) Call(ctx context.Context, o ExecOptions, fn func(env *builtin.Env) (any, error)) (v any, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	c, end := s.startCell(ctx, &Output{}, ExecOptions{Silent: true, SVG: true, Progress: o.Progress, StopControl: o.StopControl})
	defer end()
	defer func() {
		if r := recover(); r != nil {
			if stop, ok := r.(*builtin.Error); ok {
				v, err = nil, stop
				return
			}
			v, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	return fn(c.env)
}
