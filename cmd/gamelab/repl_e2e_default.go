//go:build gamelab_repl_e2e

package main

// TRANSITIONAL: the engine's default command (which calls startREPL when
// stdin is a terminal) has not landed yet. The REPL's end-to-end test builds
// the binary with this tag so that plain `gamelab` starts the REPL. Delete
// this file, and the tag in repl_test.go, once defaultCommand is set.
func init() {
	if defaultCommand == nil {
		defaultCommand = startREPL
	}
}
