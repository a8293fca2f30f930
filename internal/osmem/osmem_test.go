//go:build cgo && linux

package osmem

import "testing"

// The C part has run before the test's threads started: the C library
// gives each new thread ThreadStack bytes of stack, not the stack limit.
func TestThreadsStartSmall(t *testing.T) {
	if got := threadStack(); got != ThreadStack {
		t.Errorf("a new thread's stack is %d bytes, want %d", got, ThreadStack)
	}
}
