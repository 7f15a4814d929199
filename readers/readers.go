// Package readers streams records from CSV, Parquet and JSON Lines files
// with bounded memory, whatever the file size.
//
// Open picks the reader from Options.Format or the file's extension (.csv
// .tsv .jsonl .ndjson .parquet; "-" is standard input, read as CSV);
// OpenCSV, OpenJSONL and OpenParquet open one format directly. Every
// reader is a Reader: its Schema is known as soon as it is open, and Read
// fills a caller-owned batch of record.Record until io.EOF, so memory does
// not grow with the input. CSV columns are strings, JSON Lines columns take
// their types from the first object, and Parquet columns keep the file's
// types.
//
// An error that stops reading names the file and the line or row. A
// problem confined to one row (a ragged CSV row, invalid UTF-8, a JSON
// value of another type) does not stop reading: the row is returned with
// Record.Problem set, so the caller can keep it and flag it.
//
// CSV is split by an RFC 4180 scanner of this package (not encoding/csv)
// that keeps each cell's source text in Record.Raw and each row's line
// ending in Record.End, so that a CSV writer can put the input columns
// back byte for byte; LayoutOf gives the BOM, delimiter and header as
// written. Malformed CSV rows (a stray quote, a quote never closed, a
// wrong number of fields) are kept with their text in their columns and
// flagged with file:line:column, set aside, or stop reading, as
// CSVOptions.OnMalformed says; a Stats reader counts them, and the blank
// lines, by kind.
//
// # Size
//
// One package holds the three formats behind
// one interface (csv*.go, jsonl.go, parquet*.go) with their shared error and
// layout types; each format is self-contained in its files, and splitting
// them into sub-packages would export those shared types for no reader of
// them.
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
	// names the file and the line or row. Read overwrites dst's records
	// and may re-use the arrays of their Values: a caller that keeps a
	// row's Values past the next Read into the same records copies them
	// (or clears the records first).
	Read(ctx context.Context, dst []record.Record) (int, error)
	// Progress returns how much of the input was consumed and the total, in
	// the same unit (bytes for text formats, rows for Parquet); total is 0
	// when unknown.
	Progress() (done, total int64)
	// Close releases the input.
	Close() error
}
