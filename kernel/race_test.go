//go:build race

package kernel

// raceDetector: the race detector's shadow memory multiplies the process's
// RSS, so tests that measure it skip.
const raceDetector = true
