// Package readers streams records from CSV, Parquet and JSON Lines files
// with bounded memory, whatever the file size.
package readers

import (
	"context"

	"github.com/namepipe/namepipe/record"
)

// Reader reads the records of one input, in order, in batches.
type Reader interface {
	// Schema returns the input's columns; it is known once the reader is open.
	Schema() record.Schema
	// Read fills dst with up to len(dst) records and returns how many it
	// filled. At the end of the input it returns 0, io.EOF. A problem
	// confined to one row (ragged, invalid UTF-8) does not fail Read: the
	// row is returned with Record.Problem set. An error that stops reading
	// names the file and the line or row.
	Read(ctx context.Context, dst []record.Record) (int, error)
	// Progress returns how much of the input was consumed and the total, in
	// the same unit (bytes for text formats, rows for Parquet); total is 0
	// when unknown.
	Progress() (done, total int64)
	// Close releases the input.
	Close() error
}
