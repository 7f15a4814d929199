package readers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/namepipe/namepipe/record"
)

// XLSXOptions configure the Excel reader.
type XLSXOptions struct {
	// Sheet is the worksheet to read; "" reads the first one.
	Sheet string
}

// Number formats written in place of a workbook's date and time formats,
// so that a date cell reads as an ISO date whatever it showed in Excel.
const (
	isoDate     = "yyyy-mm-dd"
	isoDateTime = "yyyy-mm-dd hh:mm:ss"
	isoTime     = "hh:mm:ss"
)

// xlsxInMemory is the largest worksheet (uncompressed XML) excelize
// keeps in memory; a larger one is unzipped to a temporary file and
// streamed from there, so that the reader's memory stays bounded
// whatever the rows (excelize's default, 16 MiB, let an 8,000-row sheet
// add 80 MiB to the run's peak RSS: bench/compress.sh).
const xlsxInMemory = 1 << 20

type xlsxReader struct {
	name   string
	f      *excelize.File
	rows   *excelize.Rows
	schema record.Schema
	width  int
	line   int64 // the sheet's row number of the last row read
	index  int64
	total  int64
	stats  Stats
	err    error
}

// OpenXLSX opens an Excel workbook (.xlsx) and streams the rows of
// opts.Sheet, or of its first sheet. The first non-empty row is the
// header; every column is a String holding the cell's text as Excel
// shows it, except that dates and times read as ISO 8601 (2006-01-02,
// 2006-01-02 15:04:05). Empty rows are skipped and counted; a row with
// text beyond the header's columns is kept and flagged. Formulas read
// as their last computed value.
func OpenXLSX(ctx context.Context, path string, opts XLSXOptions) (rd Reader, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if path == "-" {
		return nil, errors.New("stdin: an Excel workbook cannot be read from standard input (it is a ZIP archive read by its index); give the file's path")
	}
	in, err := openInput(path) // clear errors for missing files, directories
	if err != nil {
		return nil, err
	}
	head := make([]byte, 8)
	n, _ := io.ReadFull(in.f, head)
	in.Close()
	if head = head[:n]; !strings.HasPrefix(string(head), string(zipMagic)) {
		if msg := binaryInput(head, ""); msg != "" {
			return nil, fmt.Errorf("%s: it %s", path, msg)
		}
		return nil, fmt.Errorf("%s: not an Excel workbook (.xlsx files are ZIP archives): is it CSV saved under an .xlsx name? Set input.format", path)
	}
	f, err := excelize.OpenFile(path, excelize.Options{UnzipXMLSizeLimit: xlsxInMemory})
	if err != nil {
		return nil, fmt.Errorf("%s: opening the workbook: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	sheet := opts.Sheet
	sheets := f.GetSheetList()
	if sheet == "" {
		if len(sheets) == 0 {
			return nil, fmt.Errorf("%s: the workbook has no sheet", path)
		}
		sheet = sheets[0]
	} else if idx, _ := f.GetSheetIndex(sheet); idx < 0 {
		return nil, fmt.Errorf("%s: no sheet %q (input.sheet); the sheets are %s", path, sheet, quoteList(sheets))
	}
	if err := isoDates(f); err != nil {
		return nil, fmt.Errorf("%s: reading the styles: %w", path, err)
	}
	r := &xlsxReader{name: path + "[" + sheet + "]", f: f}
	r.total = dimensionRows(sheetDimension(path, sheet))
	if r.rows, err = f.Rows(sheet); err != nil {
		return nil, fmt.Errorf("%s: %w", r.name, err)
	}
	for {
		cells, ok, err := r.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("%s: empty sheet: no header row", r.name)
		}
		if blank(cells) {
			r.stats.BlankLinesSkipped++
			continue
		}
		for len(cells) > 0 && strings.TrimSpace(cells[len(cells)-1]) == "" {
			cells = cells[:len(cells)-1]
		}
		where := r.name + ":" + strconv.FormatInt(r.line, 10)
		names := make([]string, len(cells))
		for i, c := range cells {
			names[i] = strings.TrimSpace(c)
		}
		if err := checkNames(where, names, "column"); err != nil {
			return nil, err
		}
		if err := checkHeaderLooksLikeNames(where, names); err != nil {
			return nil, err
		}
		fields := make([]record.Field, len(names))
		for i, n := range names {
			fields[i] = record.Field{Name: n, Type: record.String}
		}
		r.schema = record.Schema{Fields: fields}
		r.width = len(names)
		return r, nil
	}
}

// next returns the cells of the sheet's next row (nil for an empty row).
func (r *xlsxReader) next() ([]string, bool, error) {
	if !r.rows.Next() {
		if err := r.rows.Error(); err != nil {
			return nil, false, fmt.Errorf("%s:%d: reading: %w", r.name, r.line+1, err)
		}
		return nil, false, nil
	}
	r.line++
	cells, err := r.rows.Columns()
	if err != nil {
		return nil, false, fmt.Errorf("%s:%d: reading: %w", r.name, r.line, err)
	}
	return cells, true, nil
}

func blank(cells []string) bool {
	for _, c := range cells {
		if c != "" {
			return false
		}
	}
	return true
}

func (r *xlsxReader) Schema() record.Schema { return r.schema }

// Progress counts rows of the sheet against its dimension.
func (r *xlsxReader) Progress() (done, total int64) {
	return min(r.line, max(r.total, r.line)), r.total
}

// Stats returns the counts so far.
func (r *xlsxReader) Stats() Stats {
	s := r.stats
	s.Malformed = map[string]int64{}
	for k, v := range r.stats.Malformed {
		s.Malformed[k] = v
	}
	s.Notes = append([]string(nil), r.stats.Notes...)
	return s
}

func (r *xlsxReader) Close() error {
	var err error
	if r.rows != nil {
		err = r.rows.Close()
	}
	if cerr := r.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Read fills dst with up to len(dst) rows.
func (r *xlsxReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n := 0
	for n < len(dst) {
		cells, ok, err := r.next()
		if err != nil {
			r.err = err
			break
		}
		if !ok {
			r.err = io.EOF
			break
		}
		if blank(cells) {
			r.stats.BlankLinesSkipped++
			continue
		}
		rec := &dst[n]
		rec.Index, rec.Line = r.index, r.line
		if cap(rec.Values) >= r.width {
			rec.Values = rec.Values[:r.width]
		} else {
			rec.Values = make([]record.Value, r.width)
		}
		rec.Raw, rec.Text, rec.End, rec.Problem = nil, "", "", ""
		for i := range rec.Values {
			rec.Values[i] = ""
			if i < len(cells) {
				rec.Values[i] = cells[i]
			}
		}
		for i := r.width; i < len(cells); i++ {
			if strings.TrimSpace(cells[i]) != "" {
				if r.stats.Malformed == nil {
					r.stats.Malformed = map[string]int64{}
				}
				r.stats.Malformed[string(issueFieldCount)]++
				rec.Problem = fmt.Sprintf("%s:%d: cell %s has text beyond the header's %d columns", r.name, r.line, cellName(i, r.line), r.width)
				break
			}
		}
		r.index++
		n++
	}
	if n == 0 {
		return 0, r.err
	}
	return n, nil
}

// cellName is the A1 name of column i (0-based) in row line.
func cellName(i int, line int64) string {
	c, err := excelize.CoordinatesToCellName(i+1, int(line))
	if err != nil {
		return strconv.Itoa(i + 1)
	}
	return c
}

// dimensionRows returns the last row of a sheet dimension such as
// "A1:D100001", or 0 when unknown: a single cell is what writers that do
// not keep the dimension (excelize among them) leave, whatever the rows.
func dimensionRows(dim string) int64 {
	_, last, ok := strings.Cut(dim, ":")
	if !ok {
		return 0
	}
	_, row, err := excelize.CellNameToCoordinates(last)
	if err != nil {
		return 0
	}
	return int64(row)
}

// isoDates points every cell style with a date or time number format at
// an ISO format, so that Rows renders dates as 2006-01-02 whatever the
// workbook's locale showed.
func isoDates(f *excelize.File) error {
	if _, err := f.GetStyle(0); err != nil && f.Styles == nil {
		return err
	}
	if f.Styles == nil || f.Styles.CellXfs == nil {
		return nil
	}
	custom := map[int]string{}
	if f.Styles.NumFmts != nil {
		for _, nf := range f.Styles.NumFmts.NumFmt {
			custom[nf.NumFmtID] = nf.FormatCode
		}
	}
	ids := map[string]*int{}
	isoID := func(code string) (*int, error) {
		if id, ok := ids[code]; ok {
			return id, nil
		}
		c := code
		style, err := f.NewStyle(&excelize.Style{CustomNumFmt: &c})
		if err != nil {
			return nil, err
		}
		id := f.Styles.CellXfs.Xf[style].NumFmtID
		ids[code] = id
		return id, nil
	}
	xfs := f.Styles.CellXfs.Xf
	for i := range xfs {
		if xfs[i].NumFmtID == nil {
			continue
		}
		id := *xfs[i].NumFmtID
		var kind string
		if code, ok := custom[id]; ok {
			kind = dateKindOfCode(code)
		} else {
			kind = builtinDateKind(id)
		}
		if kind == "" {
			continue
		}
		nid, err := isoID(kind)
		if err != nil {
			return err
		}
		f.Styles.CellXfs.Xf[i].NumFmtID = nid
	}
	return nil
}

// builtinDateKind is the ISO format for a built-in number format id that
// shows a date or time, or "" (ECMA-376 18.8.30; 27-36 and 50-58 are the
// East Asian dates).
func builtinDateKind(id int) string {
	switch {
	case id >= 14 && id <= 17, id >= 27 && id <= 31, id >= 34 && id <= 36, id >= 50 && id <= 58:
		return isoDate
	case id == 22:
		return isoDateTime
	case id >= 18 && id <= 21, id == 32, id == 33, id == 45, id == 47:
		return isoTime
	}
	return ""
}

// dateKindOfCode is the ISO format for a custom number format code that
// shows a date or time, or "": its date and time letters outside quoted
// text, escapes and [colour]/[$-locale] brackets. Elapsed times ([h]:mm)
// are durations, not times of day, and stay as they are.
func dateKindOfCode(code string) string {
	if i := strings.IndexByte(code, ';'); i >= 0 {
		code = code[:i] // the positive-number section
	}
	var date, clock bool
	lower := strings.ToLower(code)
	if strings.Contains(lower, "general") {
		return ""
	}
	for i := 0; i < len(lower); i++ {
		switch c := lower[i]; c {
		case '"':
			j := strings.IndexByte(lower[i+1:], '"')
			if j < 0 {
				return ""
			}
			i += j + 1
		case '\\', '_', '*':
			i++
		case '[':
			j := strings.IndexByte(lower[i:], ']')
			if j < 0 {
				return ""
			}
			if inner := lower[i+1 : i+j]; inner == "h" || inner == "hh" || inner == "m" || inner == "mm" || inner == "s" || inner == "ss" {
				return "" // elapsed time
			}
			i += j
		case 'y', 'd':
			date = true
		case 'h', 's':
			clock = true
		case 'm':
			// m is a month, or minutes next to h or s; either way it
			// shows a date or time together with the other letters.
		case '0', '#', '?', '@':
			if !date && !clock {
				return "" // a number or text format
			}
		}
	}
	switch {
	case date && clock:
		return isoDateTime
	case date:
		return isoDate
	case clock:
		return isoTime
	}
	return ""
}

// quoteList quotes names for a message, at most 20.
func quoteList(names []string) string {
	var b strings.Builder
	for i, n := range names {
		if i == 20 {
			fmt.Fprintf(&b, ", … (%d in all)", len(names))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(n))
	}
	return b.String()
}
