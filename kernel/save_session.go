//go:build !js

package kernel

// save_session(file): the session's successful statements as a script
// that gamelab run and gamelab test replay (IPython's %save). The web
// page has no files: there save_session says so (save_session_js.go),
// and its Download .gl button saves the notebook instead.

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/tools"
	"gamelab/kernel/printer"
	"gamelab/kernel/syntax"
)

// savedStatement is a statement that ran without error, as the script
// will hold it.
type savedStatement struct {
	cell int    // the cell it ran in
	text string // as the script writes it, each _N in refs written as %[k]s
	refs []int  // the N of each _N in text, in order
	bare bool   // a bare expression: its value is the cell's result when last
}

// recordStatement keeps st, which ran without error in the current cell,
// for save_session (ExecuteWith calls it).
func (s *Session) recordStatement(st *syntax.Statement) {
	saved := savedStatement{cell: s.count}
	switch f := st.Form.(type) {
	case *syntax.Help, *syntax.Vars:
		return
	case *syntax.Expr:
		if calls(st, "save_session") {
			return
		}
		saved.text, saved.bare = s.replayable(st, nil)
	case *syntax.Assign:
		saved.text, _ = s.replayable(st, f)
	default:
		saved.text = statementText(st)
	}
	saved.text, saved.refs = historyRefs(saved.text)
	s.saved = append(s.saved, saved)
}

// historyRefs finds each _N of text (a name of its own, not a part of
// one): text with each written as a verb %[k]s (and every % as %%), and
// the Ns.
func historyRefs(text string) (string, []int) {
	var b strings.Builder
	var refs []int
	rs := []rune(text)
	word := func(r rune) bool { return r == '_' || r >= '0' && r <= '9' || unicode.IsLetter(r) }
	for i := 0; i < len(rs); i++ {
		if rs[i] == '%' {
			b.WriteString("%%")
			continue
		}
		j := i + 1
		for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
			j++
		}
		if rs[i] == '_' && j > i+1 && (i == 0 || !word(rs[i-1])) && (j == len(rs) || !word(rs[j])) {
			n, _ := strconv.Atoi(string(rs[i+1 : j]))
			refs = append(refs, n)
			fmt.Fprintf(&b, "%%[%d]s", len(refs))
			i = j - 1
			continue
		}
		b.WriteRune(rs[i])
	}
	return b.String(), refs
}

// calls says st calls the builtin name.
func calls(st *syntax.Statement, name string) bool {
	for i, t := range st.Tokens {
		if t.Is(lexer.Identifier, name) && i+1 < len(st.Tokens) && st.Tokens[i+1].Is(lexer.Bracket, "(") {
			return true
		}
	}
	return false
}

// replayable is st as a script can replay it: as it is, except a play,
// which needs a person at the keyboard: `r = play(x, …)` becomes
// `r = analyze(x, moves)` with the moves the person made, a bare play a
// comment. bare is false for a statement made a comment.
func (s *Session) replayable(st *syntax.Statement, assign *syntax.Assign) (text string, bare bool) {
	text = statementText(st)
	if !calls(st, "play") {
		return text, true
	}
	if assign != nil && assign.Index == nil {
		if a, ok := s.vars[assign.Target.Value].(*tools.Analysis); ok {
			if x, ok := firstArgument(st, "play"); ok && strings.HasPrefix(strings.TrimSpace(st.Text[assign.Value.From:]), "play(") {
				return fmt.Sprintf("%s = analyze(%s, %s)", assign.Target.Value, x, printer.Literal(movesOf(a))), false
			}
		}
	}
	return "# " + strings.ReplaceAll(text, "\n", "\n# ") + "   # played at the keyboard: analyze(x, moves) replays a line", false
}

// firstArgument is the text of the first argument of the call of fn in
// st.
func firstArgument(st *syntax.Statement, fn string) (string, bool) {
	rs := []rune(st.Text)
	for i, t := range st.Tokens {
		if !t.Is(lexer.Identifier, fn) || i+1 >= len(st.Tokens) || !st.Tokens[i+1].Is(lexer.Bracket, "(") {
			continue
		}
		depth := 0
		for j := i + 1; j < len(st.Tokens); j++ {
			switch tj := st.Tokens[j]; {
			case tj.Is(lexer.Bracket, "(", "[", "{"):
				depth++
			case tj.Is(lexer.Bracket, ")", "]", "}"):
				depth--
			}
			if depth == 0 || depth == 1 && st.Tokens[j].Is(lexer.Operator, ",") {
				return strings.TrimSpace(string(rs[st.Tokens[i+1].To:st.Tokens[j].From])), true
			}
		}
	}
	return "", false
}

// movesOf is the moves of an analysis as analyze takes them again: a Life
// Line vertex with its player.
func movesOf(a *tools.Analysis) []any {
	out := []any{}
	for _, turn := range a.Moves {
		m := turn["move"]
		if rp, ok := m.([]int); ok {
			m = []any{rp[0], rp[1], turn["player"]}
		}
		out = append(out, m)
	}
	return out
}

// statementText is st's text with the blanks its comments left trimmed
// from its lines.
func statementText(st *syntax.Statement) string {
	lines := strings.Split(st.Text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// script is the saved statements as a script: each its own cell, _N
// renumbered to the statement that gives cell N's result there.
func (s *Session) script() string {
	// The script's cell of each cell's result: its last statement, a bare
	// expression, when the cell had a result (it ran to its end). A comment
	// is no cell.
	result := map[int]int{}
	k := 0
	for _, st := range s.saved {
		if strings.HasPrefix(st.text, "#") { // a play written as a comment
			continue
		}
		k++
		delete(result, st.cell)
		if st.bare && s.history[st.cell] != nil {
			result[st.cell] = k
		}
	}
	var b strings.Builder
	b.WriteString("# The statements of a gamelab session that ran without error (save_session).\n")
	b.WriteString("# gamelab run replays it; gamelab test --update writes its golden, gamelab test checks it.\n")
	for _, st := range s.saved {
		refs := make([]any, len(st.refs))
		for i, n := range st.refs {
			refs[i] = "_" + strconv.Itoa(n) // a cell that showed nothing: _N is nil there as here
			if k, ok := result[n]; ok {
				refs[i] = "_" + strconv.Itoa(k)
			}
		}
		b.WriteString(fmt.Sprintf(st.text, refs...) + "\n")
	}
	return b.String()
}

func (s *Session) saveSession(env *builtin.Env, args ...any) (any, error) {
	var file string
	if err := builtin.UnpackArgs("save_session", args, "file", &file); err != nil {
		return nil, err
	}
	text := s.script()
	if err := env.Reserve(int64(len(text))); err != nil {
		return nil, err
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return nil, fmt.Errorf("save_session: %w", err)
	}
	return file, nil
}
