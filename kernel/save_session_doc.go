package kernel

import "gamelab/kernel/builtin"

// saveSessionBuiltin is save_session(file) (save_session.go; in the web
// page, save_session_js.go).
func (s *Session) saveSessionBuiltin() *builtin.Builtin {
	return &builtin.Builtin{
		Name:      "save_session",
		Signature: `save_session(file)`,
		Doc: "Writes the statements of this session that ran without error, in order, as a script (IPython's %save): " +
			"`gamelab run file` replays the session, `gamelab test --update file` makes its golden and `gamelab test` " +
			"checks it from then on. Each statement is one cell of the script, so _N is renumbered to the statement " +
			"that gave cell N's result; help, vars and save_session itself are left out, and a line played with " +
			"play is written as the analyze of its moves (or, when nothing kept its record, as a comment). " +
			"Returns the file's name.",
		Example: `save_session("study.gl")`,
		Returns: []any{""},
		Fn:      s.saveSession,
	}
}
