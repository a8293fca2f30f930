package kernel

// load("file.gl"): a script's statements run in the session, as if typed
// there, so the games (and values) a file defines come into a session, a
// notebook or the page.

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/syntax"
)

// maxLoadBytes bounds a file load reads: a script, not data.
const maxLoadBytes = 4 << 20

// maxLoadDepth bounds files that load files: a file that loads itself is
// an error, not a hang.
const maxLoadDepth = 16

// WithDir makes relative file names that load reads relative to dir (a
// script's folder), not the current directory.
func WithDir(dir string) Option { return func(s *Session) { s.dir = dir } }

// SetDir makes relative file names that load reads relative to dir from
// now on: the folder of the script a runner is running.
func (s *Session) SetDir(dir string) { s.dir = dir }

// WithFiles makes load read from files, scripts' texts by their paths (the
// web page's examples: "games/nim.gl"), not the file system.
func WithFiles(files map[string]string) Option { return func(s *Session) { s.files = files } }

// loadBuiltin documents load and refuses it anywhere but as a statement of
// its own, which the session runs itself (see loadTarget).
var loadBuiltin = &builtin.Builtin{
	Name:      "load",
	Signature: `load("file.gl")`,
	Doc: `Runs the statements of a script in this session, as if typed here, showing none of its values ` +
		`(what it prints shows): the games, values and variables it defines come in (a game defined in a file, say). A relative name is the running ` +
		`script's folder's, else the current directory's; in the web page, the examples'. A statement of its ` +
		`own; the first statement of the file that fails stops it, with the file's line.`,
	Example: `load("scripts/games/nim.gl")`,
	Fn: func(*builtin.Env, ...any) (any, error) {
		return nil, builtin.Errorf(builtin.RuntimeError, `load: runs a file's statements in the session, so it is a statement of its own: write load("file.gl") on a line by itself`)
	},
}

// loadTarget is the file of a statement load("file") that stands alone.
func loadTarget(st *syntax.Statement) (string, bool) {
	if _, ok := st.Form.(*syntax.Expr); !ok {
		return "", false
	}
	var toks []string
	for _, t := range st.Tokens {
		if t.Kind != "EOF" {
			toks = append(toks, t.Value)
		}
	}
	if len(toks) != 4 || toks[0] != "load" || toks[1] != "(" || toks[3] != ")" || st.Tokens[2].Kind != "String" {
		return "", false
	}
	return st.Tokens[2].Value, true
}

// load runs the statements of file name in the session.
func (s *Session) load(st *syntax.Statement, name string) *Error {
	fail := func(format string, a ...any) *Error {
		return st.ErrorAt(0, builtin.RuntimeError, "load: "+fmt.Sprintf(format, a...))
	}
	if s.loading >= maxLoadDepth {
		return fail("%s loads files %d deep; a file that loads itself never ends", strconv.Quote(name), maxLoadDepth)
	}
	text, err := s.readScript(name)
	if err != nil {
		return fail("%s", err)
	}
	s.loading++
	defer func() { s.loading-- }()
	for _, sub := range syntax.Parse(text) {
		if s.cell.ctx.Err() != nil {
			return st.ErrorAt(0, builtin.Interrupted, "interrupted")
		}
		_, _, e := s.run(sub) // its values are not shown: a file brings definitions, as an import does
		if e != nil {
			where := fmt.Sprintf("%s:%d", name, sub.Line) // an error's line is the file's (the statement's lines are the file's)
			if e.Line > 0 {
				where = fmt.Sprintf("%s:%d:%d", name, e.Line, e.Column)
			}
			head := fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
			rest := strings.TrimPrefix(e.Error(), head)
			out := st.ErrorAt(0, e.Kind, fmt.Sprintf("load: %s: %s%s", where, e.Msg, strings.TrimRight(rest, "\n")))
			return out
		}
	}
	return nil
}

// readScript is the text of the script name: from the session's files, or
// the file system (relative to the session's folder).
func (s *Session) readScript(name string) (string, error) {
	if s.files == nil {
		return s.readScriptFile(name)
	}
	text, ok := s.files[strings.TrimPrefix(filepath.ToSlash(filepath.Clean(name)), "/")]
	if !ok {
		return "", fmt.Errorf("%s: no such file", strconv.Quote(name))
	}
	return text, nil
}
