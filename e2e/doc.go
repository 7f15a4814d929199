// Package e2e holds namepipe's end-to-end reliability and security tests:
// the client against the real server and engine on loopback under
// injected faults, the namepipe binary run as a subprocess against
// `serve` (faults, kill -9 and resume, full disks, bad input, bad
// configs), and greps for a planted API key in everything a run leaves
// behind. It has no non-test code besides this comment.
package e2e
