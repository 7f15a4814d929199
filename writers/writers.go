// Package writers streams records to CSV, Parquet and JSON Lines files.
// Output goes to a temporary file beside the target and is renamed to the
// final name only by Commit, so a crashed or failed run never leaves a
// partial file under the final name.
package writers

import (
	"context"

	"github.com/namepipe/namepipe/record"
)

// Writer writes records of one schema to one output.
type Writer interface {
	// Write appends records, in the order given.
	Write(ctx context.Context, recs []record.Record) error
	// Commit flushes, syncs and moves the output to its final name.
	Commit() error
	// Abort discards the output; it is a no-op after Commit.
	Abort() error
}
