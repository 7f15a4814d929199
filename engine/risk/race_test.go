//go:build race

package risk

// raceEnabled: the tests run under the race detector, several times slower.
const raceEnabled = true
