//go:build race

package engine

// raceEnabled: the tests run under the race detector, several times slower.
const raceEnabled = true
