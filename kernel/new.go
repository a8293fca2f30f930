package kernel

import (
	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
	"gamelab/kernel/lang"
)

// Making a session: its options, its budget, its builtins and its language.

// Option configures a Session.
type Option func(*Session)

// NewSession returns an empty session.
func NewSession(opts ...Option) *Session {
	s := &Session{
		vars:    map[string]any{},
		history: map[int]any{},
		inputs:  map[int]string{},
	}
	for _, o := range opts {
		o(s)
	}
	if s.budgetBytes == 0 {
		s.budgetBytes = budget.Default()
	}
	s.budget = budget.New(s.budgetBytes)
	s.budget.OnCheck = s.onCheck
	s.games = s.gameBuiltins()
	if s.solves != nil {
		for i, b := range s.games {
			if b.Name == "solve" {
				s.games = append(s.games[:i:i], append([]*builtin.Builtin{s.cachedSolve(b)}, s.games[i+1:]...)...)
			}
		}
	}
	s.library = s.sessionLibrary()
	s.lang = lang.New(lang.Config{
		Libraries:   s.libraries(),
		NoteColumns: s.noteColumns,
	})
	return s
}

// WithBuiltins adds builtins to the session besides games.Builtins (tests,
// experiments); they are documented and completed like the others.
func WithBuiltins(bs ...*builtin.Builtin) Option {
	return func(s *Session) { s.extra = append(s.extra, bs...) }
}

// DefaultMemoryBudget is the budget of a new session (budget.Default): a
// quarter of the machine's memory, or GAMELAB_MEMORY.
func DefaultMemoryBudget() int64 { return budget.Default() }

// WithMemoryBudget sets the session's memory budget in bytes (see
// DefaultMemoryBudget); budget(n) changes it from the session.
func WithMemoryBudget(bytes int64) Option {
	return func(s *Session) { s.budgetBytes = max(bytes, budget.Min) }
}
