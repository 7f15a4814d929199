package writers

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"

	"github.com/namepipe/namepipe/record"
)

// CSVOptions configure the CSV writer.
type CSVOptions struct {
	FileOptions
	// Delimiter separates fields; 0 means ','.
	Delimiter rune
	// CRLF ends lines with \r\n instead of \n.
	CRLF bool
	// NoHeader leaves out the header row.
	NoHeader bool
	// Escape marks, by schema position, the columns whose String values
	// get EscapeFormula applied (spreadsheet formula injection). Columns
	// beyond its length, and non-String columns, are written as they are.
	Escape []bool
}

// ioBufSize is the write buffer size.
const ioBufSize = 1 << 20

type csvWriter struct {
	t      *target
	opts   CSVOptions
	schema record.Schema
	bw     *bufio.Writer
	cw     *csv.Writer
	row    []string
}

// CreateCSV starts a CSV output at path ("-" = standard output) with a
// header row of the schema's names. Nothing appears under path until
// Commit.
func CreateCSV(path string, schema record.Schema, opts CSVOptions) (Writer, error) {
	if opts.Delimiter == 0 {
		opts.Delimiter = ','
	}
	if d := opts.Delimiter; d == '"' || d == '\r' || d == '\n' || d == 0xFFFD {
		return nil, fmt.Errorf("%s: invalid delimiter %q", path, d)
	}
	t, err := createTarget(path, opts.FileOptions)
	if err != nil {
		return nil, err
	}
	w := &csvWriter{t: t, opts: opts, schema: schema, row: make([]string, len(schema.Fields))}
	w.bw = bufio.NewWriterSize(t.w, ioBufSize)
	w.cw = csv.NewWriter(w.bw) // reuses bw: it is larger than csv's own buffer
	w.cw.Comma = opts.Delimiter
	w.cw.UseCRLF = opts.CRLF
	if !opts.NoHeader {
		if err := w.cw.Write(schema.Names()); err != nil {
			t.abort()
			return nil, err
		}
	}
	return w, nil
}

// Write appends recs. Missing trailing values are written empty; a record
// longer than the schema is an error.
func (w *csvWriter) Write(ctx context.Context, recs []record.Record) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if w.t.err != nil {
		return w.t.err
	}
	fields := w.schema.Fields
	for i := range recs {
		vals := recs[i].Values
		if len(vals) > len(fields) {
			return fmt.Errorf("%s: row %d has %d values, schema has %d columns", w.t.path, recs[i].Index+1, len(vals), len(fields))
		}
		for j := range fields {
			if j >= len(vals) {
				w.row[j] = ""
				continue
			}
			s := record.Format(vals[j], fields[j].Type)
			if j < len(w.opts.Escape) && w.opts.Escape[j] && (fields[j].Type == record.String || fields[j].Type == record.Bytes) {
				s = EscapeFormula(s)
			}
			w.row[j] = s
		}
		if err := w.cw.Write(w.row); err != nil {
			return err
		}
	}
	return nil
}

// Commit flushes, syncs and renames the output into place.
func (w *csvWriter) Commit() error {
	if w.t.done {
		return w.t.commit(nil) // reports the misuse
	}
	w.cw.Flush()
	if err := w.cw.Error(); err != nil {
		w.t.abort()
		return err
	}
	if err := w.bw.Flush(); err != nil {
		w.t.abort()
		return err
	}
	return w.t.commit(w.opts.Protect)
}

// Abort discards the output.
func (w *csvWriter) Abort() error { return w.t.abort() }
