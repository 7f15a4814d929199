package readers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"

	"github.com/namepipe/namepipe/record"
)

// pgReader reads Parquet with github.com/parquet-go/parquet-go, page by
// page and column by column, taking the values straight from the decoded
// pages (no value reader, no interface per value on the library's side).
type pgReader struct {
	name  string
	file  *os.File
	pf    *parquet.File
	cols  []pgColumn
	total int64
	done  int64
	err   error
	boxes stringBoxes
}

// pgColumn is one flat input column, how to convert its values, and where
// reading it has got to.
type pgColumn struct {
	field    record.Field
	conv     pqConv
	leaf     int  // the column's index among the file's leaves
	optional bool // NULL where the definition level is 0
	flba     int  // FIXED_LEN_BYTE_ARRAY length, 0 otherwise

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
}

// openParquetPG opens path with parquet-go/parquet-go; checks and errors
// are those of OpenParquet.
func openParquetPG(ctx context.Context, path string) (rd Reader, err error) {
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
	if err := checkParquetFrame(in.f, path, in.size); err != nil {
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
	pf, err := parquet.OpenFile(in.f, in.size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt Parquet footer: %w", path, err)
	}
	r := &pgReader{name: path, file: in.f, pf: pf, total: pf.NumRows()}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *pgReader) open() error {
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
		col, err := pgColumnFor(e)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		col.leaf = i - 1
		r.cols = append(r.cols, col)
	}
	for _, rg := range r.pf.RowGroups() {
		if n := len(rg.ColumnChunks()); n != len(r.cols) {
			return fmt.Errorf("%s: corrupt Parquet file: a row group has %d columns, the schema %d", r.name, n, len(r.cols))
		}
	}
	return nil
}

// pgColumnFor maps a Parquet leaf to a record field and a conversion, as
// pqColumnFor does.
func pgColumnFor(e *format.SchemaElement) (pgColumn, error) {
	name := e.Name
	rt, _ := e.RepetitionType.Get()
	f := record.Field{Name: name, Nullable: rt == format.Optional}
	col := pgColumn{optional: rt == format.Optional}
	lt := e.LogicalType.Value
	ct, hasCT := e.ConvertedType.Get()
	isCT := func(c deprecated.ConvertedType) bool { return hasCT && ct == c }
	ltDec, isLTDec := lt.(*format.DecimalType)
	decimal := isCT(deprecated.Decimal) || isLTDec
	if decimal {
		f.Type = record.Decimal
		p, _ := e.Precision.Get()
		s, _ := e.Scale.Get()
		f.Precision, f.Scale = int(p), int(s)
		if isLTDec {
			f.Precision, f.Scale = int(ltDec.Precision), int(ltDec.Scale)
		}
	}
	typ, ok := e.Type.Get()
	if !ok {
		return col, fmt.Errorf("column %q has no physical type", clip(name))
	}
	ltInt, isLTInt := lt.(*format.IntType)
	ltTime, isLTTime := lt.(*format.TimeType)
	ltTS, isLTTS := lt.(*format.TimestampType)
	_, isLTDate := lt.(*format.DateType)
	switch typ {
	case format.Boolean:
		f.Type = record.Bool
	case format.Int32:
		switch {
		case decimal:
			col.conv = convDecInt32
		case isCT(deprecated.Date) || isLTDate:
			f.Type, col.conv = record.Date, convDate
		case isCT(deprecated.Uint32) || (isLTInt && !ltInt.IsSigned && ltInt.BitWidth == 32):
			f.Type, col.conv = record.Int64, convUint32
		case isCT(deprecated.TimeMillis) || isLTTime:
			f.Type, col.conv = record.String, convTimeMillis
		default:
			f.Type = record.Int32
		}
	case format.Int64:
		switch {
		case decimal:
			col.conv = convDecInt64
		case isCT(deprecated.TimestampMillis):
			f.Type, f.TimeUnit, col.conv = record.Timestamp, "millis", convTSMillis
		case isCT(deprecated.TimestampMicros):
			f.Type, f.TimeUnit, col.conv = record.Timestamp, "micros", convTSMicros
		case isLTTS:
			f.Type = record.Timestamp
			switch ltTS.Unit.Value.(type) {
			case *format.MilliSeconds:
				f.TimeUnit, col.conv = "millis", convTSMillis
			case *format.MicroSeconds:
				f.TimeUnit, col.conv = "micros", convTSMicros
			default:
				f.TimeUnit, col.conv = "nanos", convTSNanos
			}
		case isCT(deprecated.TimeMicros):
			f.Type, col.conv = record.String, convTimeMicros
		case isLTTime:
			f.Type, col.conv = record.String, convTimeMicros
			if _, ns := ltTime.Unit.Value.(*format.NanoSeconds); ns {
				col.conv = convTimeNanos
			}
		case isCT(deprecated.Uint64) || (isLTInt && !ltInt.IsSigned):
			f.Type, f.Precision, col.conv = record.Decimal, 20, convUint64
		default:
			f.Type = record.Int64
		}
	case format.Int96:
		f.Type, f.TimeUnit, col.conv = record.Timestamp, "nanos", convInt96
	case format.Float:
		f.Type = record.Float
	case format.Double:
		f.Type = record.Double
	case format.ByteArray, format.FixedLenByteArray:
		if typ == format.FixedLenByteArray {
			n, _ := e.TypeLength.Get()
			if n <= 0 {
				return col, fmt.Errorf("column %q is a FIXED_LEN_BYTE_ARRAY of length %d", clip(name), n)
			}
			col.flba = int(n)
		}
		var isLTString bool
		switch lt.(type) {
		case *format.StringType, *format.EnumType, *format.JsonType:
			isLTString = true
		}
		switch {
		case decimal:
			col.conv = convDecBytes
		case isLTString, isCT(deprecated.UTF8), isCT(deprecated.Enum), isCT(deprecated.Json):
			f.Type = record.String
		default:
			f.Type, col.conv = record.Bytes, convBytes
		}
	default:
		return col, fmt.Errorf("column %q has an unsupported Parquet type %v", clip(name), typ)
	}
	if f.Type == record.Timestamp && isLTTS {
		f.LocalTime = !ltTS.IsAdjustedToUTC
	}
	col.field = f
	return col, nil
}

func (r *pgReader) Schema() record.Schema {
	fields := make([]record.Field, len(r.cols))
	for i, c := range r.cols {
		fields[i] = c.field
	}
	return record.Schema{Fields: fields}
}

func (r *pgReader) Progress() (done, total int64) { return r.done, r.total }

func (r *pgReader) Close() error {
	for i := range r.cols {
		if p := r.cols[i].pages; p != nil {
			p.Close()
		}
	}
	return r.file.Close()
}

// Read reads up to len(dst) rows, column by column.
func (r *pgReader) Read(ctx context.Context, dst []record.Record) (n int, err error) {
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
		return 0, io.EOF
	}
	defer func() {
		if p := recover(); p != nil {
			n, err = 0, fmt.Errorf("%s: corrupt Parquet data near row %d: %v", r.name, r.done+1, p)
			r.err = err
		}
	}()
	m := int(want)
	width := len(r.cols)
	// Cells go into the arrays of dst's Values where they have room (see
	// Reader.Read); every cell is set below.
	var cells []record.Value
	for i := 0; i < m; i++ {
		rec := &dst[i]
		rec.Index = r.done + int64(i)
		rec.Line = rec.Index + 1
		rec.Problem, rec.Raw, rec.End, rec.Text = "", nil, "", ""
		if cap(rec.Values) >= width {
			rec.Values = rec.Values[:width]
			continue
		}
		if len(cells) < width {
			cells = make([]record.Value, (m-i)*width)
		}
		rec.Values = cells[:width:width]
		cells = cells[width:]
	}
	for c := range r.cols {
		if err := r.fill(c, dst[:m]); err != nil {
			r.err = err
			return 0, err
		}
	}
	r.done += want
	return m, nil
}

// fill sets column c of every record of dst from the column's pages.
func (r *pgReader) fill(c int, dst []record.Record) error {
	col := &r.cols[c]
	for i := 0; i < len(dst); {
		if col.page == nil || col.row == col.rows {
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
func (r *pgReader) nextPage(col *pgColumn) (bool, error) {
	if col.page != nil {
		parquet.Release(col.page)
		col.page = nil
	}
	for col.pages == nil {
		groups := r.pf.RowGroups()
		if col.rg >= len(groups) {
			return false, io.EOF
		}
		col.pages = groups[col.rg].ColumnChunks()[col.leaf].Pages()
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
			if col.field.Type == record.String {
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
func (r *pgReader) cells(col *pgColumn, c int, dst []record.Record) error {
	// Strings of a plain page: the cells of this range are contiguous in
	// the page, so they are copied in one piece (they then keep only this
	// range's bytes alive, not the page's).
	var chunk string
	var offs []uint32
	plain := col.field.Type == record.String && col.index == nil && col.flba == 0
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
			return r.corrupt(col, c, dst)
		}
		lo, hi := offs[col.val], offs[col.val+nv]
		if lo > hi || int(hi) > len(data) {
			return r.corrupt(col, c, dst)
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
			return fmt.Errorf("%s: row %d, column %q: %w", r.name, r.done+int64(row-col.row)+1, clip(col.field.Name), err)
		}
		dst[i].Values[c] = v
	}
	col.row += len(dst)
	return nil
}

func (r *pgReader) corrupt(col *pgColumn, c int, dst []record.Record) error {
	return fmt.Errorf("%s: column %q: corrupt page: fewer values than rows %d–%d", r.name, clip(col.field.Name), r.done+1, r.done+int64(len(dst)))
}

var errPgRange = errors.New("corrupt page: a value or dictionary index is out of range")

// value returns the record value of the j-th value of col's page.
func (col *pgColumn) value(j int, boxes *stringBoxes) (record.Value, error) {
	v := &col.data
	if col.index != nil {
		if j >= len(col.index) {
			return nil, errPgRange
		}
		j = int(col.index[j])
		v = &col.dictData
		if col.dictStrs != nil {
			if j < 0 || j >= len(col.dictStrs) {
				return nil, errPgRange
			}
			return boxes.box(col.dictStrs[j]), nil
		}
	}
	if j < 0 {
		return nil, errPgRange
	}
	switch v.Kind() {
	case encoding.Boolean:
		bits := v.Boolean()
		if j/8 >= len(bits) {
			return nil, errPgRange
		}
		return bits[j/8]>>(j%8)&1 != 0, nil
	case encoding.Int32:
		xs := v.Int32()
		if j >= len(xs) {
			return nil, errPgRange
		}
		return convInt32(xs[j], col)
	case encoding.Int64:
		xs := v.Int64()
		if j >= len(xs) {
			return nil, errPgRange
		}
		return convInt64(xs[j], col)
	case encoding.Int96:
		xs := v.Int96()
		if j >= len(xs) {
			return nil, errPgRange
		}
		if col.conv != convInt96 {
			return nil, fmt.Errorf("unexpected INT96 value")
		}
		x := xs[j]
		nanos := int64(uint64(x[0]) | uint64(x[1])<<32)
		julian := int64(x[2])
		return time.Unix((julian-2440588)*86400, nanos).UTC(), nil
	case encoding.Float:
		xs := v.Float()
		if j >= len(xs) {
			return nil, errPgRange
		}
		return xs[j], nil
	case encoding.Double:
		xs := v.Double()
		if j >= len(xs) {
			return nil, errPgRange
		}
		return xs[j], nil
	case encoding.ByteArray:
		data, offs := v.ByteArray()
		if j+1 >= len(offs) || offs[j] > offs[j+1] || int(offs[j+1]) > len(data) {
			return nil, errPgRange
		}
		return convBytesValue(data[offs[j]:offs[j+1]], col, boxes), nil
	case encoding.FixedLenByteArray:
		data, size := v.FixedLenByteArray()
		if size <= 0 || (j+1)*size > len(data) {
			return nil, errPgRange
		}
		return convBytesValue(data[j*size:(j+1)*size], col, boxes), nil
	}
	return nil, fmt.Errorf("unexpected value of kind %v", v.Kind())
}

func convInt32(x int32, col *pgColumn) (record.Value, error) {
	switch col.conv {
	case convNone:
		return x, nil
	case convDate:
		return time.Unix(int64(x)*86400, 0).UTC(), nil
	case convDecInt32:
		return record.Dec{Unscaled: big.NewInt(int64(x)), Scale: col.field.Scale}, nil
	case convUint32:
		return int64(uint32(x)), nil
	case convTimeMillis:
		return time.UnixMilli(int64(x)).UTC().Format("15:04:05.000"), nil
	}
	return nil, fmt.Errorf("unexpected value of type int32")
}

func convInt64(x int64, col *pgColumn) (record.Value, error) {
	switch col.conv {
	case convNone:
		return x, nil
	case convTSMillis:
		return time.UnixMilli(x).UTC(), nil
	case convTSMicros:
		return time.UnixMicro(x).UTC(), nil
	case convTSNanos:
		return time.Unix(0, x).UTC(), nil
	case convDecInt64:
		return record.Dec{Unscaled: big.NewInt(x), Scale: col.field.Scale}, nil
	case convUint64:
		return record.Dec{Unscaled: new(big.Int).SetUint64(uint64(x))}, nil
	case convTimeMicros:
		return time.UnixMicro(x).UTC().Format("15:04:05.000000"), nil
	case convTimeNanos:
		return time.Unix(0, x).UTC().Format("15:04:05.000000000"), nil
	}
	return nil, fmt.Errorf("unexpected value of type int64")
}

// convBytesValue converts a BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY value; b
// belongs to the page and is copied.
func convBytesValue(b []byte, col *pgColumn, boxes *stringBoxes) record.Value {
	switch col.conv {
	case convDecBytes:
		return record.Dec{Unscaled: twosComplement(b), Scale: col.field.Scale}
	case convBytes:
		return append(make([]byte, 0, len(b)), b...)
	}
	return boxes.box(string(b))
}
