//go:build !race

package kernel

// raceDetector: see race_test.go.
const raceDetector = false
