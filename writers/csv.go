package writers

import (
	"context"
	"fmt"
	"slices"
	"strconv"
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

// ioBufSize is the write buffer size of the JSON Lines and Parquet
// writers.
const ioBufSize = 1 << 20

// flushBytes is how much CSV text the writer collects before it writes
// it to the file, at the end of a Write: the rows of a few batches are
// formatted into one buffer, small enough to be in the CPU's cache still
// when it is written, and written in one call.
const flushBytes = 256 << 10

type csvWriter struct {
	t      *target
	opts   CSVOptions
	schema record.Schema
	// buf holds the text not yet written to the file.
	buf   []byte
	delim string
	end   string // default line ending
	// class sorts the bytes for plain and needsQuotes (byteClasses).
	class [256]uint8
	// escape marks the String and Bytes columns that get EscapeFormula.
	escape []bool
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
	w.class = byteClasses(w.delim[0])
	w.escape = make([]bool, len(schema.Fields))
	for j, f := range schema.Fields {
		w.escape[j] = j < len(opts.Escape) && opts.Escape[j] && (f.Type == record.String || f.Type == record.Bytes)
	}
	if n := opts.InputColumns; opts.InputDelimiter == opts.Delimiter && n > 0 && n <= len(schema.Fields) &&
		!slices.Contains(opts.Escape[:min(n, len(opts.Escape))], true) {
		w.textCells = n
	}
	w.buf = make([]byte, 0, flushBytes+flushBytes/4)
	w.buf = append(w.buf, opts.BOM...)
	if !opts.NoHeader {
		end := opts.HeaderEnd
		if end == "" {
			end = w.end
		}
		for i, name := range schema.Names() {
			if i > 0 {
				w.buf = append(w.buf, w.delim...)
			}
			if i < len(opts.Header) && opts.Header[i] != "" && w.rawUsable(opts.Header[i], name, false, i == len(schema.Fields)-1 && end[0] == '\n') {
				w.buf = append(w.buf, opts.Header[i]...)
			} else {
				w.buf = w.appendField(w.buf, name, false)
			}
		}
		w.buf = append(w.buf, end...)
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
	buf := w.buf
	for i := range recs {
		rec := &recs[i]
		if len(rec.Values) > len(fields) {
			w.buf = buf
			return fmt.Errorf("%s: row %d has %d values, schema has %d columns", w.t.path, rec.Index+1, len(rec.Values), len(fields))
		}
		buf = w.appendRow(buf, rec)
	}
	w.buf = buf
	if len(buf) >= flushBytes {
		w.flush()
	}
	return w.t.err
}

// appendRow appends one row, with its line ending, to buf.
func (w *csvWriter) appendRow(buf []byte, rec *record.Record) []byte {
	fields := w.schema.Fields
	vals := rec.Values
	end := rec.End
	if end == "" {
		end = w.end
	}
	if w.afterCR && len(fields) == 1 && end[0] == '\n' && (len(vals) == 0 || record.Format(vals[0], fields[0].Type) == "") {
		// One empty cell after a bare CR: "" keeps the row a row.
		w.afterCR = false
		return append(append(buf, `""`...), end...)
	}
	from := 0
	if n := w.textCells; n > 0 && rec.Text != "" && len(vals) >= n &&
		(n < len(fields) || end[0] != '\n' || rec.Text[len(rec.Text)-1] != '\r') {
		// The input cells as they were read (a last cell ending in CR
		// before an LF would merge into a CRLF: cell by cell).
		buf = append(buf, rec.Text...)
		from = n
	}
	d, oneByte := w.delim[0], len(w.delim) == 1
	for j := from; j < len(fields); j++ {
		if j > 0 {
			if oneByte {
				buf = append(buf, d)
			} else {
				buf = append(buf, w.delim...)
			}
		}
		if j >= len(vals) {
			continue
		}
		if c, ok := vals[j].(*encodedCells); ok {
			// A run of cells encoded ahead (EncodeCells): the next
			// c.n-1 cells are in its text.
			buf = append(buf, c.text...)
			j += c.n - 1
			continue
		}
		s := w.text(vals[j], j)
		if j < len(rec.Raw) && rec.Raw[j] != "" && w.rawUsable(rec.Raw[j], s, w.escape[j], j == len(fields)-1 && end[0] == '\n') {
			buf = append(buf, rec.Raw[j]...)
			continue
		}
		buf = w.appendText(buf, s, j)
	}
	w.afterCR = end[len(end)-1] == '\r'
	return append(buf, end...)
}

// text returns the text of v, the value of column j.
func (w *csvWriter) text(v record.Value, j int) string {
	if s, ok := v.(string); ok {
		return s
	}
	if x, ok := v.(float64); ok {
		return w.floats.text(x)
	}
	return record.Format(v, w.schema.Fields[j].Type)
}

// appendText appends s, the text of a value of column j, as its cell.
func (w *csvWriter) appendText(buf []byte, s string, j int) []byte {
	escape := w.escape[j]
	if w.plain(s, escape) {
		return append(buf, s...)
	}
	return w.appendField(buf, s, escape && needsFormulaEscape(s))
}

// encodedCells is the value EncodeCells puts in a row for n cells: their
// text as appendRow writes them, delimiters between them included.
type encodedCells struct {
	n    int
	text string
}

// EncodeCells implements CellEncoder; it is safe to call from many
// goroutines, also while Write runs (it reads only what CreateCSV set). A
// cell's text depends only on its value and its column, except for the
// first column of a one-column schema (see afterCR): that one is refused.
func (w *csvWriter) EncodeCells(first int, vals []record.Value) (record.Value, bool) {
	var tmp [256]byte
	text, ok := w.appendCells(tmp[:0], first, vals)
	if !ok || len(vals) == 0 {
		return nil, false
	}
	return &encodedCells{n: len(vals), text: string(text)}, true
}

// appendCells appends vals as the cells of the columns first, first+1,
// ... of a row, with the delimiter between them, as appendRow writes
// them; false where EncodeCells refuses.
func (w *csvWriter) appendCells(buf []byte, first int, vals []record.Value) ([]byte, bool) {
	fields := w.schema.Fields
	if first < 0 || first+len(vals) > len(fields) || len(fields) == 1 {
		return buf, false
	}
	for k, v := range vals {
		if k > 0 {
			buf = append(buf, w.delim...)
		}
		j := first + k
		switch x := v.(type) {
		case string:
			buf = w.appendText(buf, x, j)
		case float64:
			// record.Format's text, without allocating it (w.text's
			// cache is Write's alone).
			var tmp [32]byte
			buf = w.appendText(buf, string(strconv.AppendFloat(tmp[:0], x, 'g', -1, 64)), j)
		default:
			buf = w.appendText(buf, record.Format(v, fields[j].Type), j)
		}
	}
	return buf, true
}

// flush writes the buffered text to the file.
func (w *csvWriter) flush() {
	if len(w.buf) > 0 {
		w.t.w.Write(w.buf) // an error stays in w.t.err
	}
	w.buf = w.buf[:0]
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
		return !strings.Contains(raw, w.delim) && !strings.ContainsAny(raw, "\"\n")
	}
	d := w.delim[0]
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; c == '"' || c == '\n' || c == d {
			return false
		}
	}
	return true
}

// appendField appends one field quoted as encoding/csv's Writer quotes
// it, so that output without source text is what it always was; with
// apos, the field is EscapeFormula's: field with a leading apostrophe.
func (w *csvWriter) appendField(buf []byte, field string, apos bool) []byte {
	if !w.needsQuotes(field, apos) {
		if apos {
			buf = append(buf, '\'')
		}
		return append(buf, field...)
	}
	buf = append(buf, '"')
	if apos {
		buf = append(buf, '\'')
	}
	for len(field) > 0 {
		i := strings.IndexAny(field, "\"\r\n")
		if i < 0 {
			i = len(field)
		}
		buf = append(buf, field[:i]...)
		field = field[i:]
		if len(field) > 0 {
			switch field[0] {
			case '"':
				buf = append(buf, `""`...)
			case '\r':
				if !w.opts.CRLF {
					buf = append(buf, '\r')
				}
			case '\n':
				if w.opts.CRLF {
					buf = append(buf, "\r\n"...)
				} else {
					buf = append(buf, '\n')
				}
			}
			field = field[1:]
		}
	}
	return append(buf, '"')
}

// Byte classes of csvWriter.class.
const (
	// classQuote: a byte that may make a field quoted wherever it is:
	// a quote, CR, LF, the delimiter (its first byte, when it has more).
	classQuote uint8 = 1 << iota
	// classLead: a first byte that may make a field quoted or need more
	// thought: an ASCII space, the backslash of `\.`, and the first bytes
	// of the UTF-8 encodings of the other Unicode spaces (0xC2: U+0085
	// and U+00A0; 0xE1: U+1680; 0xE2: U+2000–U+205F; 0xE3: U+3000).
	classLead
	// classFormula: a first byte that makes EscapeFormula add an
	// apostrophe.
	classFormula
)

// byteClasses returns the byte classes for a delimiter starting with d.
func byteClasses(d byte) (c [256]uint8) {
	for _, b := range []byte{'"', '\r', '\n', d} {
		c[b] |= classQuote
	}
	for _, b := range []byte{' ', '\t', '\n', '\v', '\f', '\r', '\\', 0xC2, 0xE1, 0xE2, 0xE3} {
		c[b] |= classLead
	}
	for _, b := range []byte{'=', '+', '-', '@', '\t', '\r'} {
		c[b] |= classFormula
	}
	return c
}

// plain reports, in one pass over field's bytes, that appendField would
// write field as it is: it needs neither quotes nor, with escape, an
// apostrophe. false means it may need either (appendField decides).
func (w *csvWriter) plain(field string, escape bool) bool {
	if field == "" {
		return true
	}
	lead := classQuote | classLead
	if escape {
		lead |= classFormula
	}
	if w.class[field[0]]&lead != 0 {
		return false
	}
	for i := 1; i < len(field); i++ {
		if w.class[field[i]]&classQuote != 0 {
			return false
		}
	}
	return true
}

// needsQuotes is encoding/csv's rule: a field is quoted when it holds the
// delimiter, a quote or a line break, starts with a space, or is `\.`.
// With apos the field starts with an apostrophe (EscapeFormula), not
// with a space and is not `\.`.
func (w *csvWriter) needsQuotes(field string, apos bool) bool {
	if field == "" {
		return false
	}
	if len(w.delim) == 1 {
		for i := 0; i < len(field); i++ {
			if w.class[field[i]]&classQuote != 0 {
				return true
			}
		}
	} else if strings.Contains(field, w.delim) || strings.ContainsAny(field, "\"\r\n") {
		return true
	}
	if apos {
		return false
	}
	if c := field[0]; c < utf8.RuneSelf {
		// unicode.IsSpace's ASCII spaces.
		return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || field == `\.`
	}
	r1, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r1)
}

// Commit flushes, syncs and renames the output into place.
func (w *csvWriter) Commit() error {
	if w.t.done {
		return w.t.commit(nil) // reports the misuse
	}
	w.flush()
	if w.t.err != nil {
		w.t.abort()
		return w.t.err
	}
	return w.t.commit(w.opts.Protect)
}

// Abort discards the output.
func (w *csvWriter) Abort() error { return w.t.abort() }
