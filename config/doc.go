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
// environment variable that holds it, and LookupAPIKey (behind
// Engine.APIKey) is the one place that reads it.
//
// The doc comments of the fields are the key reference in
// configs/README.md, which go generate rewrites from them.
//
// # Adding a key
//
//  1. A field with a yaml tag in its section's struct, with a doc comment:
//     the meaning, then a "Type:" line and, when it has one, a "Default:"
//     line (write a literal default in backquotes, such as `4`: a test
//     checks it against the code).
//  2. Its default in ApplyDefaults (a Default… constant when other packages
//     need it too), and its checks in Check, each naming the dotted key.
//  3. go generate ./config, and a line in the summary of mapping/doc.go.
//
// A new section is a struct field of Settings (or of mapping.Config) with
// a pair of markers in configs/README.md where its table goes.
package config

//go:generate go run ../internal/configdoc -w ../configs/README.md
