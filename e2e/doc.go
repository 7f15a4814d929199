// Package e2e holds namepipe's end-to-end reliability and security tests:
// the client against the real server and engine on loopback under
// injected faults, the namepipe binary run as a subprocess against
// `serve` (faults, kill -9 and resume, full disks, bad input, bad
// configs), and greps for a planted API key in everything a run leaves
// behind. It has no non-test code besides this comment.
//
// TestMain builds ./cmd/namepipe once for the binary tests
// (cli_*_test.go); NAMEPIPE_BIN=/path/to/namepipe tests another build.
//
// The disk-full and read-only cases mount small tmpfs file systems and
// need root; without it they are left out (and logged).
package e2e
