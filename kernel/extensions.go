package kernel

import "github.com/expr-lang/expr"

// extensions are the kernel's changes to expr's language beyond exact
// numbers (funcs.go): one numbering (index.go), fields read in the user's
// words (fields.go) and time(x) (timing.go).
func (s *Session) extensions() []expr.Option {
	opts := s.indexFunctions()
	opts = append(opts, fieldFunctions()...)
	return append(opts, s.timeFunctions()...)
}
