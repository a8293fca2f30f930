//go:build !unix

package repl

// stopProcess does nothing where there is no job control.
func stopProcess() {}
