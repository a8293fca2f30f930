//go:build !unix && !js

package judge

import "syscall"

var moreSignals = map[syscall.Signal]string{}
