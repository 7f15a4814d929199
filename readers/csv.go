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
	// from the first 64 KiB; a file whose header holds none of them is
	// read as a single column.
	Delimiter rune
	// Columns, when set, names the columns of a file that has no header
	// row: the first line is then data.
	Columns []string
	// OnMalformed says what happens to a malformed row (a stray quote, a
	// quote never closed, a wrong number of fields): MalformedKeep (the
	// default) returns it with its text kept in its columns and
	// Record.Problem set, MalformedReject hands it to Reject instead, and
	// MalformedFail stops reading at a quoting error (a row with a wrong
	// number of fields is still kept and flagged).
	OnMalformed string
	// Reject receives the rejected rows (OnMalformed "reject"); an error
	// it returns stops reading.
	Reject func(Rejected) error
}

// Values of CSVOptions.OnMalformed.
const (
	MalformedKeep   = "keep"
	MalformedReject = "reject"
	MalformedFail   = "fail"
)

// Rejected is a malformed row set aside (CSVOptions.OnMalformed "reject").
type Rejected struct {
	// Line and Column locate the problem (1-based; Column counts bytes).
	Line   int64
	Column int
	// Kind is one of the keys of Stats.Malformed.
	Kind string
	// Error describes the problem, starting with file:line:column.
	Error string
	// Text is the row exactly as it was in the file, without its line
	// ending (a row may span lines).
	Text string
}

// CSVLayout describes how a CSV input is written, so that a CSV writer
// can write its columns back byte for byte (see record.Record.Raw).
type CSVLayout struct {
	// BOM is the byte-order mark (or marks) the file started with.
	BOM string
	// Delimiter is the input's delimiter; 0 for a file read as a single
	// column.
	Delimiter rune
	// Header holds the header row's cells as written (quotes included);
	// nil when the file has no header row.
	Header []string
	// HeaderEnd is the header row's line ending.
	HeaderEnd string
}

// Stats counts what a reader met that is not a plain row. Every row it
// returns or rejects is counted somewhere, and nothing is dropped without
// being counted here.
type Stats struct {
	// Malformed counts malformed rows by kind: bare_quote (a quote inside
	// an unquoted field), text_after_quote, unterminated_quote,
	// spaces_around_quotes and field_count (a wrong number of fields).
	Malformed map[string]int64 `json:"malformed,omitempty"`
	// Rejected counts the malformed rows handed to CSVOptions.Reject
	// instead of being returned.
	Rejected int64 `json:"rejected,omitempty"`
	// BlankLinesSkipped counts blank lines of a file with several columns
	// (and before its header), which are not rows; BlankLinesKept counts
	// those of a one-column file, each returned as a row with an empty value.
	BlankLinesSkipped int64 `json:"blank_lines_skipped,omitempty"`
	BlankLinesKept    int64 `json:"blank_lines_kept,omitempty"`
	// TrailingDelimiters counts rows that ended with delimiters beyond the
	// header's columns (empty fields, dropped).
	TrailingDelimiters int64 `json:"trailing_delimiters,omitempty"`
	// Notes are remarks about the whole input, such as its line endings.
	Notes []string `json:"notes,omitempty"`
	// ValuesCut counts values longer than the reader holds whole (see
	// MaxValueBytes), cut and flagged in their row's problem.
	ValuesCut int64 `json:"values_cut,omitempty"`
	// ChangeCheck says whether the input was checked for changes while it
	// was read (CheckUnchanged, CheckNotChecked); "" before the end.
	ChangeCheck string `json:"change_check,omitempty"`
}

// StatsReader is a Reader that counts what it met; every reader of this
// package is one.
type StatsReader interface {
	Reader
	// Stats returns the counts so far.
	Stats() Stats
}

// LayoutOf returns the layout of a CSV reader (also under Sample); ok is
// false for a reader of another format.
func LayoutOf(r Reader) (l CSVLayout, ok bool) {
	if s, isSample := r.(*sampled); isSample {
		r = s.r
	}
	c, ok := r.(*csvReader)
	if !ok {
		return CSVLayout{}, false
	}
	return c.layout, true
}

// ioBufSize is the size of the buffers between the file and the parsers.
const ioBufSize = 1 << 20

// sniffSize is how much of the input the delimiter sniffer looks at.
const sniffSize = 64 << 10

// maxHeaderBytes bounds the header line: a file without line breaks is
// not read whole to find out that it is not CSV.
const maxHeaderBytes = 16 << 20

// cellChunk is the number of cells allocated at once for a batch.
const cellChunk = 64 << 10

type csvReader struct {
	name   string
	in     *input
	br     *bufio.Reader
	sc     *scanner
	mode   string
	reject func(Rejected) error
	schema record.Schema
	width  int
	index  int64
	layout CSVLayout
	stats  Stats
	err    error // sticky

	// raws is the rest of the chunk that rows' Raw slices are carved
	// from, only for rows with a cell that needs its source text: most
	// rows have none, and their Raw stays nil.
	raws []string
	// boxes holds the cells' string headers (see stringBoxes).
	boxes stringBoxes
	// interns shares the Values of recurring cells, by column, for the
	// first maxInternColumns columns.
	interns []columnIntern
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
	in, err := openText(path, FormatCSV)
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
	r := &csvReader{name: in.name, in: in, br: bufio.NewReaderSize(in, ioBufSize), mode: opts.OnMalformed, reject: opts.Reject}
	r.stats.Malformed = map[string]int64{}
	switch r.mode {
	case "":
		r.mode = MalformedKeep
	case MalformedKeep, MalformedFail:
	case MalformedReject:
		if r.reject == nil {
			return nil, fmt.Errorf("%s: onMalformed reject needs a place for the rejected rows", r.name)
		}
	default:
		return nil, fmt.Errorf("%s: onMalformed %q: want keep, reject or fail", r.name, clip(r.mode))
	}
	bom, err := stripBOM(r.br, r.name)
	if err != nil {
		return nil, err
	}
	r.layout.BOM = bom
	sepDelim, sepLines := excelSepLine(r.br)
	if sepLines > 0 {
		r.stats.Notes = append(r.stats.Notes, fmt.Sprintf("the first line sep=%c (Excel) names the delimiter; it is not a row and is not written back", sepDelim))
		if opts.Delimiter == 0 {
			opts.Delimiter = sepDelim
		}
	}
	sample, _ := r.br.Peek(sniffSize)
	sampleComplete := len(sample) < sniffSize
	term := byte('\n')
	if bytes.IndexByte(sample, '\n') < 0 && bytes.IndexByte(sample, '\r') >= 0 {
		term = '\r'
		r.stats.Notes = append(r.stats.Notes, "line endings are CR only (classic Mac OS); each CR is read as a line break")
	}
	delim := opts.Delimiter
	if delim == 0 {
		var found bool
		delim, found = sniffDelimiter(sample, sampleComplete, term)
		if !found {
			delim = 0 // no candidate splits the header: a single column
		}
	} else if !validDelim(delim) {
		return nil, fmt.Errorf("%s: invalid delimiter %q", r.name, delim)
	}
	r.layout.Delimiter = delim
	var delimBytes []byte
	if delim != 0 {
		delimBytes = utf8.AppendRune(nil, delim)
	}
	r.sc = newScanner(r.br, delimBytes, term, r.mode != MalformedFail)
	r.sc.line = int64(sepLines)

	if len(opts.Columns) > 0 {
		if err := checkNames(r.name, opts.Columns, "configured column"); err != nil {
			return nil, err
		}
		r.setSchema(opts.Columns)
		return r, nil
	}
	var hdr *scanned
	r.sc.maxLine = maxHeaderBytes
	for {
		hdr, err = r.sc.next()
		if err == io.EOF {
			return nil, fmt.Errorf("%s: empty file: no header row (name the columns in the config if the file has no header)", r.name)
		}
		if errors.Is(err, errLineTooLong) {
			return nil, fmt.Errorf("%s:1: the first line is longer than %d MiB, which is no CSV header: is it the right file (line endings CR only, or none)?", r.name, maxHeaderBytes>>20)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: reading: %w", r.name, err)
		}
		if !hdr.blank {
			break
		}
		r.stats.BlankLinesSkipped++
	}
	r.sc.maxLine = 0
	if hdr.issue != nil {
		return nil, fmt.Errorf("%s: header: %s", r.where(hdr.issue.line, hdr.issue.col), issueText(hdr.issue))
	}
	header, hdrRaws := hdr.cells()
	where := r.name + ":" + strconv.FormatInt(hdr.line, 10)
	for i, h := range header {
		if strings.IndexByte(h, 0) >= 0 {
			return nil, fmt.Errorf("%s: header contains NUL bytes: the file is probably UTF-16 without a BOM, or binary; convert it to UTF-8", where)
		}
		if !utf8.ValidString(h) {
			return nil, fmt.Errorf("%s: header column %d is not valid UTF-8: the file is probably Latin-1/Windows-1252; convert it to UTF-8 (e.g. iconv -f WINDOWS-1252 -t UTF-8)", where, i+1)
		}
	}
	if len(header) == 1 && opts.Delimiter != 0 {
		if d, found := sniffDelimiter(sample, sampleComplete, term); found && d != opts.Delimiter {
			if n := countFields(sample, d, term); n > 1 {
				return nil, fmt.Errorf("%s: header has a single column with delimiter %s, but the file looks %s-delimited (%d columns): check the delimiter setting", where, delimName(opts.Delimiter), delimName(d), n)
			}
		}
	}
	names := append([]string(nil), header...)
	raws := hdrRaws
	// A header that ends with a delimiter (a common export artefact) has
	// no last column: the empty name is dropped, and so are the empty
	// fields the rows then end with.
	if len(names) > 1 && names[len(names)-1] == "" && raws[len(raws)-1] == "" {
		for len(names) > 1 && names[len(names)-1] == "" && raws[len(raws)-1] == "" {
			names, raws = names[:len(names)-1], raws[:len(raws)-1]
		}
		r.stats.Notes = append(r.stats.Notes, "the header ends with a delimiter: the empty column after it is ignored")
	}
	if err := checkNames(where, names, "column"); err != nil {
		return nil, err
	}
	if err := checkHeaderLooksLikeNames(where, names); err != nil {
		return nil, err
	}
	r.layout.Header = raws
	r.layout.HeaderEnd = hdr.end
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
	r.interns = newColumnInterns(min(r.width, maxInternColumns))
}

func (r *csvReader) Schema() record.Schema { return r.schema }

func (r *csvReader) Progress() (done, total int64) { return r.in.progress(r.br.Buffered()) }

func (r *csvReader) Close() error { return r.in.Close() }

// Stats returns the counts so far (a copy).
func (r *csvReader) Stats() Stats {
	s := r.stats
	s.Malformed = make(map[string]int64, len(r.stats.Malformed))
	for k, v := range r.stats.Malformed {
		s.Malformed[k] = v
	}
	s.Notes = append([]string(nil), r.stats.Notes...)
	s.ChangeCheck = r.in.changeCheck()
	return s
}

// Read fills dst with up to len(dst) rows.
func (r *csvReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// Cells go into the arrays of dst's Values where they have room (see
	// Reader.Read), else into shared backing arrays of about 64 Ki values,
	// so that a batch costs few allocations whatever the width.
	var cells []record.Value
	n := 0
	for n < len(dst) {
		sc, err := r.sc.next()
		if err == io.EOF {
			r.err = io.EOF
			break
		}
		if err != nil {
			r.err = fmt.Errorf("%s:%d: reading: %w", r.name, r.sc.line+1, err)
			break
		}
		if sc.text == "\x1a" && sc.end == "" {
			// The last line is a DOS end-of-file mark (Ctrl-Z): not a row.
			r.stats.Notes = append(r.stats.Notes, "the file ends with a DOS end-of-file mark (Ctrl-Z), which is not a row")
			continue
		}
		if sc.blank && r.width > 1 {
			r.stats.BlankLinesSkipped++
			continue
		}
		if sc.issue != nil && r.mode == MalformedFail {
			r.err = r.failError(sc.issue)
			break
		}
		if sc.blank {
			r.stats.BlankLinesKept++
		}
		nf := sc.n()
		if nf > r.width && r.trailingOnly(sc) {
			nf = r.width
			r.stats.TrailingDelimiters++
		}
		if sc.issue != nil || nf != r.width {
			kind := issueFieldCount
			if sc.issue != nil {
				kind = sc.issue.kind
			}
			if r.mode == MalformedReject {
				if err := r.rejectRow(sc, nf, kind); err != nil {
					r.err = err
					break
				}
				continue
			}
			r.stats.Malformed[string(kind)]++
		}
		rec := &dst[n]
		rec.Index = r.index
		rec.Line = sc.line
		switch {
		case cap(rec.Values) >= r.width:
			// A recycled record: fill sets every cell.
			rec.Values = rec.Values[:r.width]
		default:
			if len(cells) < r.width {
				rows := max(1, min(len(dst)-n, cellChunk/max(r.width, 1)))
				cells = make([]record.Value, rows*r.width)
			}
			rec.Values = cells[:r.width:r.width]
			cells = cells[r.width:]
		}
		rec.Raw, rec.Text = nil, ""
		rec.End = sc.end
		rec.Problem = r.fill(rec, sc, nf)
		r.index++
		n++
	}
	if n == 0 {
		return 0, r.err
	}
	return n, nil
}

// rawRow returns a fresh, empty Raw slice of a row's width.
func (r *csvReader) rawRow() []string {
	if len(r.raws) < r.width {
		r.raws = make([]string, max(r.width, cellChunk/8))
	}
	row := r.raws[:r.width:r.width]
	r.raws = r.raws[r.width:]
	return row
}

// trailingOnly reports whether the fields beyond the header's width are
// all empty and unquoted: the row merely ends with delimiters.
func (r *csvReader) trailingOnly(sc *scanned) bool {
	for i := r.width; i < sc.n(); i++ {
		if f := sc.fields[i]; f.end > f.start {
			return false
		}
	}
	return true
}

// fill copies the fields into rec.Values and rec.Raw, padding a short row
// and leaving the declared cells of a long one unchanged (its extra
// fields are named, as written, in the problem), and returns the row's problems: malformation, field count, NUL
// bytes and invalid UTF-8.
func (r *csvReader) fill(rec *record.Record, sc *scanned, nf int) string {
	var problems []string
	if sc.issue != nil {
		problems = append(problems, r.where(sc.issue.line, sc.issue.col)+": "+issueText(sc.issue))
	}
	switch {
	case nf < r.width:
		dl, col := lineCol(sc.text, len(sc.text))
		problems = append(problems, fmt.Sprintf("%s: %d fields, header has %d", r.where(sc.line+dl, col), nf, r.width))
	case nf > r.width:
		dl, col := lineCol(sc.text, r.sc.fields[r.width].start)
		problems = append(problems, fmt.Sprintf("%s: %d fields, header has %d; the extra fields, in no column: %q", r.where(sc.line+dl, col), nf, r.width, clip(sc.text[r.sc.fields[r.width].start:])))
	}
	// One search of the whole row for NUL bytes and invalid UTF-8, then
	// per cell only when it found some.
	suspect := strings.IndexByte(sc.text, 0) >= 0 || !utf8.ValidString(sc.text)
	if sc.plain && nf == r.width && !suspect {
		// The common row: every cell its text, and no problem.
		text, hasCR := sc.text, sc.hasCR
		for i, f := range sc.fields[:nf] {
			v := text[f.start:f.end]
			if i < len(r.interns) {
				rec.Values[i] = r.interns[i].value(v, &r.boxes)
			} else {
				rec.Values[i] = r.boxes.box(v)
			}
			if !plainWritesBack(v, hasCR) {
				if rec.Raw == nil {
					rec.Raw = r.rawRow()
				}
				rec.Raw[i] = v
			}
		}
	} else {
		r.fillCells(rec, sc, nf, suspect, &problems)
	}
	// Text only where writing the cells one by one gives it back: not in
	// a file of CR line endings with an LF in the row (a writer quotes
	// a cell holding a line break).
	if len(problems) == 0 && nf == sc.n() && (r.sc.term != '\r' || strings.IndexByte(sc.text, '\n') < 0) {
		rec.Text = sc.text
	}
	return strings.Join(problems, "; ")
}

// fillCells is fill's loop over the cells of any row: quoted cells, a
// short or long row, NUL bytes or invalid UTF-8 (suspect), whose
// problems it appends to problems.
func (r *csvReader) fillCells(rec *record.Record, sc *scanned, nf int, suspect bool, problems *[]string) {
	for i := 0; i < r.width; i++ {
		if i >= nf {
			rec.Values[i] = ""
			continue
		}
		f, raw := sc.cell(i)
		rec.Values[i] = r.boxes.box(f)
		if raw != "" {
			if rec.Raw == nil {
				rec.Raw = r.rawRow()
			}
			rec.Raw[i] = raw // the chunk is fresh: "" needs no store
		}
		if !suspect {
			continue
		}
		if strings.IndexByte(f, 0) >= 0 {
			*problems = append(*problems, fmt.Sprintf("%s:%d: NUL byte in column %q", r.name, rec.Line, clip(r.schema.Fields[i].Name)))
		}
		if !utf8.ValidString(f) {
			*problems = append(*problems, fmt.Sprintf("%s:%d: invalid UTF-8 in column %q", r.name, rec.Line, clip(r.schema.Fields[i].Name)))
		}
	}
}

// lineCol locates byte off of a row's text: the lines before it within
// the row, and its 1-based column in its line.
func lineCol(text string, off int) (int64, int) {
	before := text[:off]
	lines := int64(strings.Count(before, "\n"))
	if lines == 0 {
		lines = int64(strings.Count(before, "\r")) // CR-only line endings
	}
	return lines, off - strings.LastIndexAny(before, "\r\n")
}

// rejectRow hands a malformed row to the Reject callback.
func (r *csvReader) rejectRow(sc *scanned, nf int, kind issueKind) error {
	rj := Rejected{Line: sc.line, Column: 1, Kind: string(kind), Text: sc.text}
	if sc.issue != nil {
		rj.Line, rj.Column = sc.issue.line, sc.issue.col
		rj.Error = r.where(rj.Line, rj.Column) + ": " + issueText(sc.issue)
	} else {
		rj.Error = fmt.Sprintf("%s: %d fields, header has %d", r.where(sc.line, 1), nf, r.width)
	}
	r.stats.Rejected++
	r.stats.Malformed[rj.Kind]++
	if err := r.reject(rj); err != nil {
		return fmt.Errorf("%s:%d: rejecting the row: %w", r.name, sc.line, err)
	}
	return nil
}

// where renders file:line:column.
func (r *csvReader) where(line int64, col int) string {
	return r.name + ":" + strconv.FormatInt(line, 10) + ":" + strconv.Itoa(col)
}

// issueText describes a malformation kept as written.
func issueText(is *issue) string {
	switch is.kind {
	case issueBareQuote:
		return `quote inside an unquoted field (kept as written; valid CSV quotes the field and doubles the quote: "")`
	case issueQuote:
		return "text after the closing quote of a quoted field (kept as written)"
	case issueUnterminated:
		return fmt.Sprintf("quote never closed (the row ends with line %d and is kept as written)", is.line)
	case issueSpaces:
		return "spaces around a quoted field (left out of the value)"
	}
	return string(is.kind)
}

// failError is the error that stops reading at a malformation
// (OnMalformed "fail"), wrapping encoding/csv's error of the same kind.
func (r *csvReader) failError(is *issue) error {
	switch {
	case is.kind == issueUnterminated && is.eof:
		return fmt.Errorf("%s:%d: unterminated quoted field (the quote opened on line %d is never closed before the end of the file): %w", r.name, is.line, is.line, csv.ErrQuote)
	case is.kind == issueBareQuote:
		return fmt.Errorf("%s:%d:%d: a quote inside an unquoted field (quote the field and double the quote: \"\"): %w", r.name, is.line, is.col, csv.ErrBareQuote)
	}
	return fmt.Errorf("%s:%d:%d: a quoted field must end with a quote followed by the delimiter or end of line (record starting on line %d): %w", r.name, is.line, is.col, is.startLine, csv.ErrQuote)
}

// clipLen bounds the bytes of a user value quoted in a message.
const clipLen = 200

// clip shortens s to about clipLen bytes, on a rune boundary, marking the
// cut with "…".
func clip(s string) string {
	if len(s) <= clipLen {
		return s
	}
	cut := clipLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
