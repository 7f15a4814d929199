// Package config owns the run-level settings of a namepipe config file —
// the input and output files, the engine and how hard to drive it — with
// their one set of defaults, and the strict YAML decoding that every
// section of the file goes through.
//
// Decode reads a YAML document strictly into a struct: an unknown key
// (with a "did you mean" hint), a wrong shape or a wrong type is an error,
// and every problem is reported at once, each as "file:line: key: message"
// (Errors). A config type embeds Settings inline next to its own sections
// (package mapping adds person, context and operations), calls
// Settings.ApplyDefaults and Settings.Check, and adds its own problems to
// the same Problems, so that the user sees them all, in line order, before
// any row is read.
//
// The API key is never part of the config: engine.apiKeyEnv names the
// environment variable that holds it, and Engine.APIKey is the one place
// that reads it.
//
// The doc comments of the fields are the key reference in
// configs/README.md, which go generate rewrites from them.
package config

//go:generate go run ../internal/configdoc -w ../configs/README.md
