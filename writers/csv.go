package writers

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/record"
)

// CSVOptions configure the CSV writer.
type CSVOptions struct {
	FileOptions
	// Delimiter separates fields; 0 means ','.
	Delimiter rune
	// CRLF ends lines with \r\n instead of \n (a row read from CSV ends
	// with its own line ending, record.Record.End, when it has one).
	CRLF bool
	// NoHeader leaves out the header row.
	NoHeader bool
	// Escape marks, by schema position, the columns whose String values
	// get EscapeFormula applied (spreadsheet formula injection). Columns
	// beyond its length, and non-String columns, are written as they are.
	Escape []bool
	// BOM is written before everything else: the byte-order mark the CSV
	// input started with, so that its columns come back as they went in.
	BOM string
	// Header holds the first header cells as they were written in the CSV
	// input (quotes included), and HeaderEnd the input header's line
	// ending; they are written instead of the schema's names where they
	// can be (see record.Record.Raw).
	Header    []string
	HeaderEnd string
	// InputDelimiter and InputColumns describe the rows' record.Record.Text:
	// the delimiter and the number of columns of the CSV input they were
	// read from. When the delimiter is this writer's and none of those
	// columns is escaped, a row's first InputColumns cells are written
	// from its Text in one piece, as they would be one by one. 0: never.
	InputDelimiter rune
	InputColumns   int
}

// ioBufSize is the write buffer size.
const ioBufSize = 1 << 20

type csvWriter struct {
	t      *target
	opts   CSVOptions
	schema record.Schema
	bw     *bufio.Writer
	delim  string
	end    string // default line ending
	// afterCR is set when the last line written ended with a bare CR: an
	// empty line ending in LF right after it would read back as part of
	// a CRLF, so such a row's empty cell is written quoted ("").
	afterCR bool
	// textCells is the number of leading cells written from a row's Text
	// (see CSVOptions.InputDelimiter); 0 = none.
	textCells int
	floats    floatTexts
}

// CreateCSV starts a CSV output at path ("-" = standard output) with a
// header row of the schema's names. Nothing appears under path until
// Commit.
//
// Fields are quoted as encoding/csv quotes them, except a cell that
// carries its source text (record.Record.Raw): that is written as it was
// read, unless it would not read back as the same value here (another
// delimiter) or its value needs formula escaping.
func CreateCSV(path string, schema record.Schema, opts CSVOptions) (Writer, error) {
	if opts.Delimiter == 0 {
		opts.Delimiter = ','
	}
	if d := opts.Delimiter; d == '"' || d == '\r' || d == '\n' || d == 0xFFFD || !utf8.ValidRune(d) {
		return nil, fmt.Errorf("%s: invalid delimiter %q", path, d)
	}
	t, err := createTarget(path, opts.FileOptions)
	if err != nil {
		return nil, err
	}
	w := &csvWriter{t: t, opts: opts, schema: schema, delim: string(opts.Delimiter), end: "\n"}
	if opts.CRLF {
		w.end = "\r\n"
	}
	if n := opts.InputColumns; opts.InputDelimiter == opts.Delimiter && n > 0 && n <= len(schema.Fields) &&
		!slices.Contains(opts.Escape[:min(n, len(opts.Escape))], true) {
		w.textCells = n
	}
	w.bw = bufio.NewWriterSize(t.w, ioBufSize)
	w.bw.WriteString(opts.BOM)
	if !opts.NoHeader {
		end := opts.HeaderEnd
		if end == "" {
			end = w.end
		}
		for i, name := range schema.Names() {
			if i > 0 {
				w.bw.WriteString(w.delim)
			}
			if i < len(opts.Header) && opts.Header[i] != "" && w.rawUsable(opts.Header[i], name, false, i == len(schema.Fields)-1 && end[0] == '\n') {
				w.bw.WriteString(opts.Header[i])
			} else {
				w.writeField(name)
			}
		}
		w.bw.WriteString(end)
		w.afterCR = strings.HasSuffix(end, "\r")
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
		rec := &recs[i]
		vals := rec.Values
		if len(vals) > len(fields) {
			return fmt.Errorf("%s: row %d has %d values, schema has %d columns", w.t.path, rec.Index+1, len(vals), len(fields))
		}
		end := rec.End
		if end == "" {
			end = w.end
		}
		if w.afterCR && len(fields) == 1 && end[0] == '\n' && (len(vals) == 0 || record.Format(vals[0], fields[0].Type) == "") {
			// One empty cell after a bare CR: "" keeps the row a row.
			w.bw.WriteString(`""`)
			w.bw.WriteString(end)
			w.afterCR = false
			continue
		}
		from := 0
		if n := w.textCells; n > 0 && rec.Text != "" && len(vals) >= n &&
			(n < len(fields) || end[0] != '\n' || rec.Text[len(rec.Text)-1] != '\r') {
			// The input cells as they were read (a last cell ending in CR
			// before an LF would merge into a CRLF: cell by cell).
			w.bw.WriteString(rec.Text)
			from = n
		}
		for j := from; j < len(fields); j++ {
			if j > 0 {
				if len(w.delim) == 1 {
					w.bw.WriteByte(w.delim[0])
				} else {
					w.bw.WriteString(w.delim)
				}
			}
			if j >= len(vals) {
				continue
			}
			var s string
			if x, ok := vals[j].(float64); ok {
				s = w.floats.text(x)
			} else {
				s = record.Format(vals[j], fields[j].Type)
			}
			escape := j < len(w.opts.Escape) && w.opts.Escape[j] && (fields[j].Type == record.String || fields[j].Type == record.Bytes)
			if j < len(rec.Raw) && rec.Raw[j] != "" && w.rawUsable(rec.Raw[j], s, escape, j == len(fields)-1 && end[0] == '\n') {
				w.bw.WriteString(rec.Raw[j])
				continue
			}
			if escape {
				s = EscapeFormula(s)
			}
			w.writeField(s)
		}
		w.bw.WriteString(end)
		w.afterCR = end[len(end)-1] == '\r'
	}
	return w.t.err
}

// rawUsable reports whether a cell's source text can be written instead
// of its value: a quoted one always (it reads back as the same value
// whatever the delimiter); an unquoted one when it holds no delimiter,
// quote or line feed, and, when lfNext (it is the last cell and the line
// ending starts with LF), does not end with a CR (which the line ending
// would turn into a CRLF). Never when the value needs formula escaping.
func (w *csvWriter) rawUsable(raw, value string, escape, lfNext bool) bool {
	if escape && needsFormulaEscape(value) {
		return false
	}
	if raw[0] == '"' {
		return true
	}
	if lfNext && raw[len(raw)-1] == '\r' {
		return false
	}
	if len(w.delim) > 1 {
		// A multi-byte delimiter: its first byte alone (0xC2 of "§") may
		// stand in a cell without being one.
		return !strings.Contains(raw, w.delim) && strings.IndexAny(raw, "\"\n") < 0
	}
	d := w.delim[0]
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; c == '"' || c == '\n' || c == d {
			return false
		}
	}
	return true
}

// writeField writes one field quoted as encoding/csv's Writer quotes it,
// so that output without source text is what it always was.
func (w *csvWriter) writeField(field string) {
	if !w.needsQuotes(field) {
		w.bw.WriteString(field)
		return
	}
	w.bw.WriteByte('"')
	for len(field) > 0 {
		i := strings.IndexAny(field, "\"\r\n")
		if i < 0 {
			i = len(field)
		}
		w.bw.WriteString(field[:i])
		field = field[i:]
		if len(field) > 0 {
			switch field[0] {
			case '"':
				w.bw.WriteString(`""`)
			case '\r':
				if !w.opts.CRLF {
					w.bw.WriteByte('\r')
				}
			case '\n':
				if w.opts.CRLF {
					w.bw.WriteString("\r\n")
				} else {
					w.bw.WriteByte('\n')
				}
			}
			field = field[1:]
		}
	}
	w.bw.WriteByte('"')
}

// needsQuotes is encoding/csv's rule: a field is quoted when it holds the
// delimiter, a quote or a line break, starts with a space, or is `\.`.
func (w *csvWriter) needsQuotes(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` {
		return true
	}
	if len(w.delim) == 1 {
		d := w.delim[0]
		for i := 0; i < len(field); i++ {
			c := field[i]
			if c == '\n' || c == '\r' || c == '"' || c == d {
				return true
			}
		}
	} else if strings.Contains(field, w.delim) || strings.ContainsAny(field, "\"\r\n") {
		return true
	}
	r1, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r1)
}

// Commit flushes, syncs and renames the output into place.
func (w *csvWriter) Commit() error {
	if w.t.done {
		return w.t.commit(nil) // reports the misuse
	}
	if err := w.bw.Flush(); err != nil {
		w.t.abort()
		return err
	}
	return w.t.commit(w.opts.Protect)
}

// Abort discards the output.
func (w *csvWriter) Abort() error { return w.t.abort() }
