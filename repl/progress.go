package repl

import "io"

// progressOption is ExecOptions.Progress for this REPL: on a terminal
// (where clear() clears too) a line on the error stream, drawn over in
// place and erased when the work ends; nil elsewhere, so piped output and
// logs get no progress lines.
func (r *REPL) progressOption() func(line string) {
	if !r.clears {
		return nil
	}
	return r.showProgress
}

// showProgress draws line where the cursor is, over the last one, in the
// error colour; "" erases it. It draws only at the start of a line: text a
// cell printed without a newline stays as it is.
func (r *REPL) showProgress(line string) {
	if !r.atBOL && !r.progressShown {
		return
	}
	io.WriteString(r.out, "\r\033[K")
	r.progressShown = line != ""
	if r.progressShown {
		io.WriteString(r.out, r.paint(colError, line))
	}
}

// eraseProgress takes the progress line away before other output is
// written, which would otherwise run on from it.
func (r *REPL) eraseProgress() {
	if r.progressShown {
		io.WriteString(r.out, "\r\033[K")
		r.progressShown = false
	}
}
