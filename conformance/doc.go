// Package conformance holds only tests: the real nameapi.Client pointed at
// `namepipe serve` (server.New over the offline engine) on a loopback
// server, checked against the same expectations as the client's golden
// tests, the public examples of the service, and a strict validator of the
// raw JSON answers that implements what the official clients require of a
// server (docs/protocol.md, "What a server must always send").
package conformance
