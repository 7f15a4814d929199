//go:build !race

package readers

// raceEnabled: the tests run under the race detector (see race_test.go).
const raceEnabled = false
