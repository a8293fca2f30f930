// Package version holds gamelab's release version, the one string that
// `gamelab --version`, the REPL's welcome line and the Jupyter kernel's
// kernel_info report. A build sets it with
//
//	go build -ldflags "-X gamelab/internal/version.Version=1.2.3" ./cmd/gamelab
//
// (a var, not a const, so the linker can overwrite it).
package version

// Version is the gamelab release.
var Version = "0.1.0"
