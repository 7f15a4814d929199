// Package writers streams records to CSV, Parquet and JSON Lines files.
// Output goes to a temporary file beside the target and is renamed to the
// final name only by Commit, so a crashed or failed run never leaves a
// partial file under the final name.
//
// Create picks the writer from Options.Format or the file's extension
// (.csv .tsv .jsonl .ndjson .parquet; "-" is standard output, written as
// CSV); CreateCSV, CreateJSONL and CreateParquet make one format directly.
// Every writer is a Writer: Write appends batches of record.Record in
// order, Commit keeps the output and Abort discards it (a no-op after
// Commit, so it can be deferred). Parquet output keeps each column's record.Type, so
// a typed input stays typed. FileOptions.Protect refuses to overwrite the
// run's input, and CSV output can defuse spreadsheet formulas
// (EscapeFormula). CSV output writes a cell that carries its source text
// (record.Record.Raw, from the CSV reader) as it was read, so input
// columns come back byte for byte.
package writers

import (
	"context"

	"github.com/namepipe/namepipe/record"
)

// Writer writes records of one schema to one output.
type Writer interface {
	// Write appends records, in the order given. It must not keep recs or
	// their Values after it returns: the caller re-uses them.
	Write(ctx context.Context, recs []record.Record) error
	// Commit flushes, syncs and moves the output to its final name.
	Commit() error
	// Abort discards the output; it is a no-op after Commit.
	Abort() error
}

// CellEncoder is implemented by a Writer whose text of cells a caller can
// prepare ahead (the CSV writer): a caller that writes the same cell values
// again and again (the pipeline's memo of answers) encodes them once and
// puts the value EncodeCells returns in the row instead of the cells. The
// value is the writer's own: no other stage reads it, and it is made only
// for rows that only this writer reads.
type CellEncoder interface {
	// EncodeCells returns a value that stands for vals as the cells of the
	// columns first, first+1, ... of a row: put at Values[first] (with the
	// next len(vals)-1 cells nil), Write writes exactly what it would for
	// vals there. It reports false for columns beyond the schema or whose
	// text depends on more than the value. It is safe for concurrent use,
	// also with Write.
	EncodeCells(first int, vals []record.Value) (record.Value, bool)
}
