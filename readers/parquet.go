package readers

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"

	"github.com/namepipe/namepipe/record"
)

// ParquetOptions configure the Parquet reader.
type ParquetOptions struct {
	// MaxValueBytes bounds one text or binary value (0 means
	// DefaultMaxParquetValueBytes): a longer one is cut as it is read,
	// never held whole; its row is kept with no value in that column,
	// flagged, and counted in Stats.ValuesCut.
	MaxValueBytes int

	bounded bool // tests: read every BYTE_ARRAY column chunk with pqChunk
}

// parquetReader reads Parquet with github.com/parquet-go/parquet-go, page by
// page and column by column, taking the values straight from the decoded
// pages (no value reader, no interface per value on the library's side).
type parquetReader struct {
	name  string
	file  *os.File
	in    *input
	pf    *parquet.File
	cols  []pqColumn
	total int64
	done  int64
	err   error
	cut   int64 // values cut at max
	max   int64 // ParquetOptions.MaxValueBytes
	opts  ParquetOptions
	boxes stringBoxes
}

// pqColumn is one flat input column, how to convert its values, and where
// reading it has got to.
type pqColumn struct {
	field    record.Field
	conv     pqConv
	leaf     int  // the column's index among the file's leaves
	optional bool // NULL where the definition level is 0
	flba     int  // FIXED_LEN_BYTE_ARRAY length, 0 otherwise
	str      bool // a BYTE_ARRAY column read as strings

	rg    int           // row group of pages
	pages parquet.Pages // nil before the first page of row group rg
	page  parquet.Page  // nil when the next page must be read
	defs  []byte        // the page's definition levels (optional columns)
	rows  int           // rows in page
	row   int           // next row of page
	val   int           // next value of the page's data (NULLs take none)
	data  encoding.Values
	index []int32 // dictionary indexes of the page's values, nil if plain

	dict     parquet.Dictionary // dictionary that dictVals hold
	dictData encoding.Values
	dictStrs []string // the dictionary's strings, for string columns

	// A column chunk with a page too large for parquet-go to hold is read
	// by big (parquet_big.go); its page's values are then bigVals.
	bytes   bool // a BYTE_ARRAY column (which big can read)
	big     *pqChunk
	bigPage bool // the current page is big's
	bigVals []pqVal
}

// OpenParquet opens a Parquet file (not standard input: Parquet needs
// random access). Any flat schema is read: every primitive type and the
// common logical types, REQUIRED or OPTIONAL (NULL reads as nil), plain or
// dictionary encoded, any codec the library supports (snappy, gzip, zstd,
// lz4, brotli…). Column names are the file's own. A nested or repeated
// column, a truncated file or a file that is not Parquet gives an error
// naming the file (and the column).
//
// The file is read with github.com/parquet-go/parquet-go, its values taken
// from the decoded pages; BenchmarkParquetLibs measures it against
// github.com/xitongsys/parquet-go, which namepipe's Parquet writer uses.
func OpenParquet(ctx context.Context, path string, opts ParquetOptions) (rd Reader, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if path == "-" {
		return nil, errors.New("stdin: Parquet input cannot be read from standard input (it needs random access): pass a file path")
	}
	in, err := openInput(path) // clear errors for missing files, directories
	if err != nil {
		return nil, err
	}
	footer, err := checkParquetFrame(in.f, path, in.size)
	if err != nil {
		in.Close()
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: corrupt Parquet file: %v", path, p)
		}
		if err != nil {
			in.Close()
		}
	}()
	var file io.ReaderAt = in.f
	size := in.size
	if footer > maxFooterBytes {
		v, err := slimFooter(in.f, size, footer)
		if err != nil {
			return nil, fmt.Errorf("%s: corrupt Parquet footer: %w", path, err)
		}
		file, size = v, v.size()
	}
	pf, err := parquet.OpenFile(file, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt Parquet footer: %w", path, err)
	}
	dropStatistics(pf.Metadata())
	r := &parquetReader{name: path, file: in.f, in: in, pf: pf, total: pf.NumRows(), max: int64(opts.MaxValueBytes), opts: opts}
	if r.max <= 0 {
		r.max = DefaultMaxParquetValueBytes
	}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

// Stats returns the values cut so far and the input's change check.
func (r *parquetReader) Stats() Stats {
	return Stats{ValuesCut: r.cut, ChangeCheck: r.in.changeCheck()}
}

func (r *parquetReader) open() error {
	elems := r.pf.Metadata().Schema
	if len(elems) < 1 {
		return fmt.Errorf("%s: Parquet file has no schema", r.name)
	}
	root := elems[0]
	nroot, _ := root.NumChildren.Get()
	pos := 1
	for c := int32(0); c < nroot; c++ {
		if pos >= len(elems) {
			return fmt.Errorf("%s: corrupt Parquet schema", r.name)
		}
		e := &elems[pos]
		if n, _ := e.NumChildren.Get(); n > 0 {
			return fmt.Errorf("%s: column %q is nested (a group, list, map or struct); namepipe reads flat columns only: flatten it first", r.name, clip(e.Name))
		}
		if rt, _ := e.RepetitionType.Get(); rt == format.Repeated {
			return fmt.Errorf("%s: column %q is repeated (a list); namepipe reads flat columns only: flatten it first", r.name, clip(e.Name))
		}
		pos++
	}
	if pos != len(elems) {
		return fmt.Errorf("%s: corrupt Parquet schema", r.name)
	}
	seen := map[string]bool{}
	for i := 1; i < len(elems); i++ {
		e := &elems[i]
		if seen[e.Name] {
			return fmt.Errorf("%s: duplicate column name %q", r.name, clip(e.Name))
		}
		seen[e.Name] = true
		col, err := pqColumnFor(e)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		col.leaf = i - 1
		if t, ok := e.Type.Get(); ok && t == format.ByteArray {
			col.bytes = true
		}
		if n, _ := e.TypeLength.Get(); col.flba > 0 && int64(n) > r.max {
			return fmt.Errorf("%s: column %q is FIXED_LEN_BYTE_ARRAY(%d), over the limit of %d bytes per value", r.name, clip(e.Name), n, r.max)
		}
		r.cols = append(r.cols, col)
	}
	for _, rg := range r.pf.RowGroups() {
		if n := len(rg.ColumnChunks()); n != len(r.cols) {
			return fmt.Errorf("%s: corrupt Parquet file: a row group has %d columns, the schema %d", r.name, n, len(r.cols))
		}
	}
	return nil
}

func (r *parquetReader) Schema() record.Schema {
	fields := make([]record.Field, len(r.cols))
	for i, c := range r.cols {
		fields[i] = c.field
	}
	return record.Schema{Fields: fields}
}

func (r *parquetReader) Progress() (done, total int64) { return r.done, r.total }

func (r *parquetReader) Close() error {
	for i := range r.cols {
		if p := r.cols[i].pages; p != nil {
			p.Close()
		}
	}
	return r.file.Close()
}

// Read reads up to len(dst) rows, column by column.
func (r *parquetReader) Read(ctx context.Context, dst []record.Record) (n int, err error) {
	if r.err != nil {
		return 0, r.err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	want := int64(len(dst))
	if left := r.total - r.done; left < want {
		want = left
	}
	if want <= 0 {
		r.err = io.EOF
		if err := r.in.verify(); err != nil {
			r.err = err
		}
		return 0, r.err
	}
	defer func() {
		if p := recover(); p != nil {
			n, err = 0, fmt.Errorf("%s: corrupt Parquet data near row %d: %v", r.name, r.done+1, p)
			if verr := r.in.verify(); verr != nil {
				err = verr // cut or rewritten while read: say so
			}
			r.err = err
		}
	}()
	m := int(want)
	width := len(r.cols)
	prepareRows(dst[:m], r.done, width)
	for c := range r.cols {
		if err := r.fill(c, dst[:m]); err != nil {
			if verr := r.in.verify(); verr != nil {
				err = verr // cut or rewritten while read: say so
			}
			r.err = err
			return 0, err
		}
	}
	r.done += want
	return m, nil
}

// fill sets column c of every record of dst from the column's pages.
func (r *parquetReader) fill(c int, dst []record.Record) error {
	col := &r.cols[c]
	for i := 0; i < len(dst); {
		if (col.page == nil && !col.bigPage) || col.row == col.rows {
			got, err := r.nextPage(col)
			if err == io.EOF {
				return fmt.Errorf("%s: column %q: corrupt or truncated data: got %d values for rows %d–%d", r.name, clip(col.field.Name), i, r.done+1, r.done+int64(len(dst)))
			}
			if err != nil {
				return fmt.Errorf("%s: column %q near row %d: %w", r.name, clip(col.field.Name), r.done+int64(i)+1, err)
			}
			if !got {
				continue
			}
		}
		k := min(len(dst)-i, col.rows-col.row)
		if err := r.cells(col, c, dst[i:i+k]); err != nil {
			return err
		}
		i += k
	}
	return nil
}

// nextPage moves col to its next page, or to the first page of the next
// row group; it reports false for an empty page.
func (r *parquetReader) nextPage(col *pqColumn) (bool, error) {
	if col.page != nil {
		parquet.Release(col.page)
		col.page = nil
	}
	col.bigPage, col.bigVals = false, nil
	for col.pages == nil && col.big == nil {
		groups := r.pf.RowGroups()
		if col.rg >= len(groups) {
			return false, io.EOF
		}
		if col.bytes {
			md := &r.pf.Metadata().RowGroups[col.rg].Columns[col.leaf].MetaData
			big := r.opts.bounded
			if !big {
				var err error
				if big, err = needsBounded(r.file, md, r.max); err != nil {
					return false, err
				}
			}
			if big {
				col.big = newPqChunk(r.file, md, r.pf.Metadata().RowGroups[col.rg].NumRows, col.optional, r.max)
				break
			}
		}
		col.pages = groups[col.rg].ColumnChunks()[col.leaf].Pages()
	}
	if col.big != nil {
		return r.nextBigPage(col)
	}
	p, err := col.pages.ReadPage()
	if err == io.EOF {
		col.pages.Close()
		col.pages = nil
		col.rg++
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if p.NumRows() != p.NumValues() {
		parquet.Release(p)
		return false, errors.New("corrupt page: it has repeated values")
	}
	col.page, col.rows, col.row, col.val = p, int(p.NumRows()), 0, 0
	col.defs = p.DefinitionLevels()
	if col.optional && len(col.defs) < col.rows {
		return false, fmt.Errorf("corrupt page: %d definition levels for %d rows", len(col.defs), col.rows)
	}
	col.data, col.index = p.Data(), nil
	if d := p.Dictionary(); d != nil {
		col.index = col.data.Int32()
		if d != col.dict {
			col.dict, col.dictData, col.dictStrs = d, d.Page().Data(), nil
			if col.str {
				col.dictStrs = byteArrayStrings(col.dictData)
			}
		}
	}
	return true, nil
}

// byteArrayStrings copies the values of a BYTE_ARRAY page into strings
// that share one allocation.
func byteArrayStrings(v encoding.Values) []string {
	data, offs := v.ByteArray()
	if len(offs) == 0 {
		return nil
	}
	all := string(data)
	out := make([]string, len(offs)-1)
	for i := range out {
		out[i] = all[offs[i]:offs[i+1]]
	}
	return out
}

// cells sets column c of dst from col's current page, which holds at
// least len(dst) more rows.
func (r *parquetReader) cells(col *pqColumn, c int, dst []record.Record) error {
	if col.bigPage {
		return r.bigCells(col, c, dst)
	}
	// Strings of a plain page: the cells of this range are contiguous in
	// the page, so they are copied in one piece (they then keep only this
	// range's bytes alive, not the page's).
	var chunk string
	var offs []uint32
	plain := col.str && col.index == nil
	if plain {
		var data []byte
		data, offs = col.data.ByteArray()
		nv := 0
		for i := range dst {
			if !col.optional || col.defs[col.row+i] != 0 {
				nv++
			}
		}
		if col.val+nv >= len(offs) {
			return r.corrupt(col, dst)
		}
		lo, hi := offs[col.val], offs[col.val+nv]
		if lo > hi || int(hi) > len(data) {
			return r.corrupt(col, dst)
		}
		chunk = string(data[lo:hi])
		offs = offs[col.val : col.val+nv+1]
	}
	start := col.val
	for i := range dst {
		row := col.row + i
		if col.optional && col.defs[row] == 0 {
			dst[i].Values[c] = nil
			continue
		}
		j := col.val
		col.val++
		if plain {
			k := j - start
			dst[i].Values[c] = r.boxes.box(chunk[offs[k]-offs[0] : offs[k+1]-offs[0]])
			continue
		}
		v, err := col.value(j, &r.boxes)
		if err != nil {
			return fmt.Errorf("%s: row %d, column %q: %w", r.name, dst[i].Index+1, clip(col.field.Name), err)
		}
		dst[i].Values[c] = v
	}
	col.row += len(dst)
	return nil
}

// corrupt is the error for a page with fewer values than its rows need.
func (r *parquetReader) corrupt(col *pqColumn, dst []record.Record) error {
	return fmt.Errorf("%s: column %q: corrupt page: fewer values than rows %d–%d", r.name, clip(col.field.Name), dst[0].Index+1, dst[len(dst)-1].Index+1)
}

// checkParquetFrame checks the PAR1 markers and the footer length, which
// parquet-go does not, so that a truncated or non-Parquet file gets a
// clear error rather than a panic or garbage.
// It returns the footer's length.
func checkParquetFrame(f *os.File, name string, size int64) (int64, error) {
	if size < 12 {
		return 0, fmt.Errorf("%s: not a Parquet file: %d bytes is too short", name, size)
	}
	head := make([]byte, 4)
	if _, err := f.ReadAt(head, 0); err != nil {
		return 0, fmt.Errorf("%s: reading: %w", name, err)
	}
	if string(head) != "PAR1" {
		return 0, fmt.Errorf("%s: not a Parquet file: it does not start with the PAR1 marker", name)
	}
	tail := make([]byte, 8)
	if _, err := f.ReadAt(tail, size-8); err != nil {
		return 0, fmt.Errorf("%s: reading: %w", name, err)
	}
	if string(tail[4:]) != "PAR1" {
		return 0, fmt.Errorf("%s: truncated or corrupt Parquet file: it does not end with the PAR1 marker", name)
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	if n > size-12 {
		return 0, fmt.Errorf("%s: truncated or corrupt Parquet file: footer length %d exceeds the file size %d", name, n, size)
	}
	return n, nil
}

// prepareRows numbers the rows of a Parquet batch, from the row done, and
// gives each a Values array of width cells: its own where it has room
// (see Reader.Read), else one carved from a single new allocation. Every
// cell is set by the caller.
func prepareRows(dst []record.Record, done int64, width int) {
	var cells []record.Value
	for i := range dst {
		rec := &dst[i]
		rec.Index = done + int64(i)
		rec.Line = rec.Index + 1
		rec.Problem, rec.Raw, rec.End, rec.Text = "", nil, "", ""
		if cap(rec.Values) >= width {
			rec.Values = rec.Values[:width]
			continue
		}
		if len(cells) < width {
			cells = make([]record.Value, (len(dst)-i)*width)
		}
		rec.Values = cells[:width:width]
		cells = cells[width:]
	}
}
