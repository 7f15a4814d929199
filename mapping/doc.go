// Package mapping is the column-mapping config of a namepipe run (YAML)
// and the code that turns an input row into the service's requests and
// the results back into columns.
//
// A config is loaded with Load (or Parse), which checks it strictly before
// anything runs: unknown keys, impossible combinations, bad date layouts,
// missing settings are all reported at once, each as "file:line: key:
// message". NewPlan then binds the config to the input's schema, checking
// that every named column exists (listing the available ones) and that no
// result column clashes with an input column. Plan.Build maps a row to a
// Request (an InputPerson plus context and email addresses); Call runs one
// operation; Plan.Apply turns the outcomes into the appended columns.
//
// The full key reference is in configs/README.md; see also the example
// configs in configs/.
package mapping
