package readers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/record"
)

// CSVOptions configure the CSV reader.
type CSVOptions struct {
	// Delimiter separates fields. 0 sniffs it among ',' ';' tab and '|'
	// from the first 64 KiB.
	Delimiter rune
	// Columns, when set, names the columns of a file that has no header
	// row: the first line is then data.
	Columns []string
}

// ioBufSize is the size of the buffers between the file and the parsers.
const ioBufSize = 1 << 20

// sniffSize is how much of the input the delimiter sniffer looks at.
const sniffSize = 64 << 10

// cellChunk is the number of cells allocated at once for a batch.
const cellChunk = 64 << 10

type csvReader struct {
	name   string
	in     *input
	br     *bufio.Reader
	cr     *csv.Reader
	schema record.Schema
	width  int
	index  int64
	err    error // sticky
}

// OpenCSV opens a CSV file for streaming ("-" reads standard input). The
// header row (or opts.Columns) gives the schema; every column is a String.
// It fails, naming the file and line, when the file is empty, is not UTF-8
// (UTF-16 BOM, NUL bytes or invalid bytes in the header), or the header has
// empty or duplicate names or looks like data.
func OpenCSV(ctx context.Context, path string, opts CSVOptions) (Reader, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in, err := openInput(path)
	if err != nil {
		return nil, err
	}
	r, err := newCSVReader(in, opts)
	if err != nil {
		in.Close()
		return nil, err
	}
	return r, nil
}

func newCSVReader(in *input, opts CSVOptions) (*csvReader, error) {
	r := &csvReader{name: in.name, in: in, br: bufio.NewReaderSize(in, ioBufSize)}
	if err := stripBOM(r.br, r.name); err != nil {
		return nil, err
	}
	sample, _ := r.br.Peek(sniffSize)
	sampleComplete := len(sample) < sniffSize
	delim := opts.Delimiter
	if delim == 0 {
		delim = sniffDelimiter(sample, sampleComplete)
	} else if !validDelim(delim) {
		return nil, fmt.Errorf("%s: invalid delimiter %q", r.name, delim)
	}
	r.cr = csv.NewReader(r.br)
	r.cr.Comma = delim
	r.cr.FieldsPerRecord = -1
	r.cr.ReuseRecord = true

	if len(opts.Columns) > 0 {
		if err := checkNames(r.name, opts.Columns, "configured column"); err != nil {
			return nil, err
		}
		r.setSchema(opts.Columns)
		return r, nil
	}
	header, err := r.cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file: no header row (name the columns in the config if the file has no header)", r.name)
	}
	if err != nil {
		return nil, r.parseError(err)
	}
	line, _ := r.cr.FieldPos(0)
	where := r.name + ":" + strconv.FormatInt(int64(line), 10)
	for i, h := range header {
		if strings.IndexByte(h, 0) >= 0 {
			return nil, fmt.Errorf("%s: header contains NUL bytes: the file is probably UTF-16 without a BOM, or binary; convert it to UTF-8", where)
		}
		if !utf8.ValidString(h) {
			return nil, fmt.Errorf("%s: header column %d is not valid UTF-8: the file is probably Latin-1/Windows-1252; convert it to UTF-8 (e.g. iconv -f WINDOWS-1252 -t UTF-8)", where, i+1)
		}
	}
	if len(header) == 1 && opts.Delimiter != 0 {
		if d := sniffDelimiter(sample, sampleComplete); d != opts.Delimiter {
			if n := countFields(sample, d); n > 1 {
				return nil, fmt.Errorf("%s: header has a single column with delimiter %s, but the file looks %s-delimited (%d columns): check the delimiter setting", where, delimName(opts.Delimiter), delimName(d), n)
			}
		}
	}
	names := append([]string(nil), header...)
	if err := checkNames(where, names, "column"); err != nil {
		return nil, err
	}
	if err := checkHeaderLooksLikeNames(where, names); err != nil {
		return nil, err
	}
	r.setSchema(names)
	return r, nil
}

func (r *csvReader) setSchema(names []string) {
	fields := make([]record.Field, len(names))
	for i, n := range names {
		fields[i] = record.Field{Name: n, Type: record.String}
	}
	r.schema = record.Schema{Fields: fields}
	r.width = len(names)
}

// checkNames rejects empty and duplicate column names.
func checkNames(where string, names []string, what string) error {
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if strings.TrimSpace(n) == "" {
			if len(names) == 1 {
				return fmt.Errorf("%s: empty header row", where)
			}
			return fmt.Errorf("%s: %s %d has an empty name", where, what, i+1)
		}
		if j, dup := seen[n]; dup {
			return fmt.Errorf("%s: duplicate %s name %q (columns %d and %d)", where, what, n, j+1, i+1)
		}
		seen[n] = i
	}
	return nil
}

// checkHeaderLooksLikeNames catches files whose first row is data: a
// column name is never an e-mail address, and a header of numbers only is
// almost surely a data row.
func checkHeaderLooksLikeNames(where string, names []string) error {
	numbers := 0
	for i, n := range names {
		if looksLikeEmail(n) {
			return fmt.Errorf("%s: header column %d %q looks like data, not a column name: if the file has no header row, name the columns in the config", where, i+1, n)
		}
		if _, err := strconv.ParseFloat(strings.TrimSpace(n), 64); err == nil {
			numbers++
		}
	}
	if numbers == len(names) {
		return fmt.Errorf("%s: header row %q holds only numbers, which looks like data: if the file has no header row, name the columns in the config", where, strings.Join(names, ","))
	}
	return nil
}

func looksLikeEmail(s string) bool {
	at := strings.IndexByte(s, '@')
	return at > 0 && strings.IndexByte(s[at+1:], '.') > 0 && !strings.ContainsAny(s, " \t")
}

// stripBOM drops a UTF-8 byte-order mark and rejects UTF-16/32 ones.
func stripBOM(br *bufio.Reader, name string) error {
	b, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		// Strip it, and any repeated one left by a careless conversion.
		if _, err := br.Discard(3); err != nil {
			return err
		}
		return stripBOM(br, name)
	case bytes.HasPrefix(b, []byte{0x00, 0x00, 0xFE, 0xFF}), bytes.HasPrefix(b, []byte{0xFF, 0xFE, 0x00, 0x00}):
		return fmt.Errorf("%s: the file is UTF-32 encoded (byte-order mark); convert it to UTF-8", name)
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return fmt.Errorf("%s: the file is UTF-16 encoded (byte-order mark); convert it to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)", name)
	}
	return nil
}

func (r *csvReader) Schema() record.Schema { return r.schema }

func (r *csvReader) Progress() (done, total int64) { return r.in.progress() }

func (r *csvReader) Close() error { return r.in.Close() }

// Read fills dst with up to len(dst) rows.
func (r *csvReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// Cells come from shared backing arrays of about 64 Ki values, so a
	// batch costs few allocations whatever the width.
	var cells []record.Value
	n := 0
	for n < len(dst) {
		fields, err := r.cr.Read()
		if err == io.EOF {
			r.err = io.EOF
			break
		}
		if err != nil {
			r.err = r.parseError(err)
			if n == 0 {
				return 0, r.err
			}
			break
		}
		line, _ := r.cr.FieldPos(0)
		rec := &dst[n]
		rec.Index = r.index
		rec.Line = int64(line)
		if len(cells) < r.width {
			rows := max(1, min(len(dst)-n, cellChunk/max(r.width, 1)))
			cells = make([]record.Value, rows*r.width)
		}
		rec.Values = cells[:r.width:r.width]
		cells = cells[r.width:]
		rec.Problem = ""
		r.fill(rec, fields)
		r.index++
		n++
	}
	if n == 0 {
		return 0, r.err
	}
	return n, nil
}

// fill copies fields into rec.Values, padding or truncating to the header
// width and flagging ragged rows, NUL bytes and invalid UTF-8.
func (r *csvReader) fill(rec *record.Record, fields []string) {
	var problems []string
	if len(fields) != r.width {
		p := fmt.Sprintf("%s:%d: %d fields, header has %d", r.name, rec.Line, len(fields), r.width)
		if len(fields) > r.width {
			p += "; extra fields dropped: " + quoteExtra(fields[r.width:])
		}
		problems = append(problems, p)
	}
	for i := 0; i < r.width; i++ {
		if i >= len(fields) {
			rec.Values[i] = ""
			continue
		}
		f := fields[i]
		rec.Values[i] = f
		if strings.IndexByte(f, 0) >= 0 {
			problems = append(problems, fmt.Sprintf("%s:%d: NUL byte in column %q", r.name, rec.Line, r.schema.Fields[i].Name))
		}
		if !utf8.ValidString(f) {
			problems = append(problems, fmt.Sprintf("%s:%d: invalid UTF-8 in column %q", r.name, rec.Line, r.schema.Fields[i].Name))
		}
	}
	if problems != nil {
		rec.Problem = strings.Join(problems, "; ")
	}
}

// quoteExtra renders dropped fields for a problem message, so that no
// input data is lost silently.
func quoteExtra(extra []string) string {
	var b strings.Builder
	for i, f := range extra {
		if i > 0 {
			b.WriteByte(',')
		}
		if len(f) > 200 {
			f = f[:200] + "…"
		}
		b.WriteString(strconv.Quote(f))
		if b.Len() > 1000 {
			b.WriteString(",…")
			break
		}
	}
	return b.String()
}

// parseError turns an encoding/csv error into one naming the file, line
// and column.
func (r *csvReader) parseError(err error) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return fmt.Errorf("%s: reading: %w", r.name, err)
	}
	switch {
	case errors.Is(pe.Err, csv.ErrQuote) && r.atEOF():
		return fmt.Errorf("%s:%d: unterminated quoted field (the quote opened on line %d is never closed before the end of the file): %w", r.name, pe.StartLine, pe.StartLine, pe.Err)
	case errors.Is(pe.Err, csv.ErrQuote):
		return fmt.Errorf("%s:%d:%d: a quoted field must end with a quote followed by the delimiter or end of line (record starting on line %d): %w", r.name, pe.Line, pe.Column, pe.StartLine, pe.Err)
	case errors.Is(pe.Err, csv.ErrBareQuote):
		return fmt.Errorf("%s:%d:%d: a quote inside an unquoted field (quote the field and double the quote: \"\"): %w", r.name, pe.Line, pe.Column, pe.Err)
	}
	return fmt.Errorf("%s:%d:%d: %w", r.name, pe.Line, pe.Column, pe.Err)
}

func (r *csvReader) atEOF() bool {
	_, err := r.br.Peek(1)
	return err == io.EOF
}
