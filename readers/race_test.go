//go:build race

package readers

// raceEnabled: the tests run under the race detector, whose shadow memory
// multiplies a process's resident size.
const raceEnabled = true
