package repl

import "github.com/chzyer/readline"

// screenWidth is the width help wraps to: the terminal's columns when the
// output is a terminal, else the REPL's fixed width (80; tests set it).
func (r *REPL) screenWidth() int {
	if IsTerminal(r.out) {
		if w := readline.GetScreenWidth(); w > 0 {
			return w
		}
	}
	return r.width
}
