package kernel

import (
	"context"
	"fmt"

	"gamelab/kernel/builtin"
	"gamelab/kernel/syntax"
)

// Value runs code, one expression, in the session as a silent cell (no
// history, no display) and returns its value itself: what a caller that
// computes with the value asks, such as gamelab judge's --gen, which
// makes each instance from an expression. It never panics; code that is
// not one expression is an error that says so.
func (s *Session) Value(ctx context.Context, code string) (any, *Error) {
	if ctx == nil {
		ctx = context.Background()
	}
	out := &Output{}
	_, end := s.startCell(ctx, out, ExecOptions{Silent: true})
	defer end()
	stmts := syntax.Parse(code)
	if len(stmts) != 1 {
		return nil, &Error{Kind: builtin.SyntaxError, Msg: fmt.Sprintf("want one expression, not %d statements", len(stmts))}
	}
	st := stmts[0]
	if _, expr := st.Form.(*syntax.Expr); !expr && st.Err == nil {
		return nil, st.ErrorAt(0, builtin.SyntaxError, "want an expression, whose value is the result, not a statement")
	}
	v, _, err := s.run(st)
	return v, err
}
