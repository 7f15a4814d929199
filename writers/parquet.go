package writers

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/xitongsys/parquet-go-source/writerfile"
	"github.com/xitongsys/parquet-go/layout"
	"github.com/xitongsys/parquet-go/parquet"
	"github.com/xitongsys/parquet-go/schema"
	"github.com/xitongsys/parquet-go/writer"

	"github.com/namepipe/namepipe/record"
)

// ParquetOptions configure the Parquet writer.
type ParquetOptions struct {
	FileOptions
	// Compression is "snappy" (default), "gzip", "zstd", "lz4" or "none".
	Compression string
	// RowGroupBytes is the approximate compressed size of a row group,
	// which the writer holds in memory until it is complete; 0 means
	// DefaultRowGroupBytes.
	RowGroupBytes int64
	// RowGroupRows, when positive, also ends a row group every that many
	// rows.
	RowGroupRows int64
	// PageBytes is the approximate size of a data page; 0 means 1 MiB.
	PageBytes int64
}

type parquetWriter struct {
	t      *target
	opts   ParquetOptions
	schema record.Schema
	cols   []pqOutCol
	bw     *bufio.Writer
	pw     *writer.ParquetWriter
	// pending estimates the memory of the rows not yet encoded into
	// pages; groupRows counts the rows of the current row group.
	pending   int64
	groupRows int64
	// buf holds the rows not yet encoded, by column (see pqColumns);
	// row is scratch space for one row's physical values.
	buf *pqColumns
	row []any
}

// DefaultRowGroupBytes is the compressed size of a row group when
// ParquetOptions.RowGroupBytes is 0. The writer holds a whole row group in
// memory, and a reader (namepipe's among them) buffers a whole column chunk
// of it: 16 MiB keeps both near 100 MB of peak RSS for a table of a dozen
// text columns (64 MiB cost twice that) at the same compression, and still
// holds about 280,000 customer rows, twice DuckDB's default row group.
const DefaultRowGroupBytes = 16 << 20

// pendingLimit is how much row data (estimated) is buffered before it is
// encoded into compressed pages. parquet-go's own estimate counts 4 bytes
// per interface value, which let a 1M-row file buffer all its rows.
const pendingLimit = 8 << 20

// pqOutCol is how one record field is stored.
type pqOutCol struct {
	field record.Field
	phys  parquet.Type
	flen  int // FIXED_LEN_BYTE_ARRAY length for wide decimals
}

// CreateParquet starts a Parquet output at path ("-" = standard output).
// Each record type maps to its Parquet type, so a Parquet input keeps its
// types: String → BYTE_ARRAY UTF8, Int32/Int64 → INT32/INT64, Float/Double
// → FLOAT/DOUBLE, Bool → BOOLEAN, Date → INT32 DATE, Timestamp → INT64
// TIMESTAMP in the field's TimeUnit (micros when unset), adjusted to UTC
// unless the field is LocalTime, Decimal → INT32
// (precision ≤ 9), INT64 (≤ 18) or FIXED_LEN_BYTE_ARRAY DECIMAL with the
// field's precision and scale, Bytes → BYTE_ARRAY. Nullable fields are
// OPTIONAL, others REQUIRED. Nothing appears under path until Commit.
func CreateParquet(path string, sch record.Schema, opts ParquetOptions) (Writer, error) {
	codec, err := parseCodec(opts.Compression)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(sch.Fields) == 0 {
		return nil, fmt.Errorf("%s: a Parquet file needs at least one column", path)
	}
	elems, cols, err := parquetSchema(sch)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t, err := createTarget(path, opts.FileOptions)
	if err != nil {
		return nil, err
	}
	w := &parquetWriter{t: t, opts: opts, schema: sch, cols: cols, bw: bufio.NewWriterSize(t.w, ioBufSize)}

	// parquet-go derives internal names by capitalising column names, and
	// "name" and "Name" would collide: give it unique internal names and
	// set the real ones as external names, which it writes to the file.
	sh := schema.NewSchemaHandlerFromSchemaList(elems)
	sh.Infos[0].ExName = "schema"
	for i, f := range sch.Fields {
		sh.Infos[i+1].ExName = f.Name
	}
	sh.CreateInExMap()

	pw := &writer.ParquetWriter{
		SchemaHandler:   sh,
		NP:              int64(min(runtime.GOMAXPROCS(0), 4)),
		PFile:           writerfile.NewWriterFile(w.bw),
		PageSize:        opts.PageBytes,
		RowGroupSize:    opts.RowGroupBytes,
		CompressionType: codec,
		PagesMapBuf:     make(map[string][]*layout.Page),
		DictRecs:        make(map[string]*layout.DictRecType),
		Footer:          parquet.NewFileMetaData(),
		Offset:          4,
	}
	w.buf = newPqColumns(sh, cols)
	w.row = make([]any, len(cols))
	pw.MarshalFunc = w.buf.marshal
	if pw.PageSize <= 0 {
		pw.PageSize = 1 << 20
	}
	if pw.RowGroupSize <= 0 {
		pw.RowGroupSize = DefaultRowGroupBytes
	}
	if opts.RowGroupRows > 0 && opts.RowGroupBytes <= 0 {
		pw.RowGroupSize = 1 << 62 // rows decide
	}
	pw.Footer.Version = 1
	pw.Footer.Schema = append(pw.Footer.Schema, sh.SchemaElements...)
	if _, err := pw.PFile.Write([]byte("PAR1")); err != nil {
		t.abort()
		return nil, err
	}
	w.pw = pw
	return w, nil
}

func parseCodec(s string) (parquet.CompressionCodec, error) {
	switch strings.ToLower(s) {
	case "", "snappy":
		return parquet.CompressionCodec_SNAPPY, nil
	case "gzip":
		return parquet.CompressionCodec_GZIP, nil
	case "zstd":
		return parquet.CompressionCodec_ZSTD, nil
	case "lz4":
		return parquet.CompressionCodec_LZ4, nil
	case "none", "uncompressed":
		return parquet.CompressionCodec_UNCOMPRESSED, nil
	}
	return 0, fmt.Errorf("unknown Parquet compression %q (use snappy, gzip, zstd, lz4 or none)", s)
}

// parquetSchema builds the flat Parquet schema for sch, with internal
// element names c1…cN (the real names are set as external names).
func parquetSchema(sch record.Schema) ([]*parquet.SchemaElement, []pqOutCol, error) {
	n := int32(len(sch.Fields))
	root := &parquet.SchemaElement{Name: "root", NumChildren: &n}
	req := parquet.FieldRepetitionType_REQUIRED
	root.RepetitionType = &req
	elems := []*parquet.SchemaElement{root}
	var cols []pqOutCol
	seen := map[string]bool{}
	for i, f := range sch.Fields {
		if f.Name == "" {
			return nil, nil, fmt.Errorf("column %d has an empty name", i+1)
		}
		if seen[f.Name] {
			return nil, nil, fmt.Errorf("duplicate column name %q", f.Name)
		}
		seen[f.Name] = true
		e := &parquet.SchemaElement{Name: "c" + strconv.Itoa(i+1)}
		rep := parquet.FieldRepetitionType_REQUIRED
		if f.Nullable {
			rep = parquet.FieldRepetitionType_OPTIONAL
		}
		e.RepetitionType = &rep
		col := pqOutCol{field: f}
		ct := func(c parquet.ConvertedType) { e.ConvertedType = &c }
		lt := parquet.NewLogicalType()
		switch f.Type {
		case record.String:
			col.phys = parquet.Type_BYTE_ARRAY
			ct(parquet.ConvertedType_UTF8)
			lt.STRING = parquet.NewStringType()
		case record.Int32:
			col.phys = parquet.Type_INT32
			lt = nil
		case record.Int64:
			col.phys = parquet.Type_INT64
			lt = nil
		case record.Float:
			col.phys = parquet.Type_FLOAT
			lt = nil
		case record.Double:
			col.phys = parquet.Type_DOUBLE
			lt = nil
		case record.Bool:
			col.phys = parquet.Type_BOOLEAN
			lt = nil
		case record.Date:
			col.phys = parquet.Type_INT32
			ct(parquet.ConvertedType_DATE)
			lt.DATE = parquet.NewDateType()
		case record.Timestamp:
			col.phys = parquet.Type_INT64
			ts := parquet.NewTimestampType()
			ts.IsAdjustedToUTC = !f.LocalTime
			ts.Unit = parquet.NewTimeUnit()
			switch f.TimeUnit {
			case "millis":
				ts.Unit.MILLIS = parquet.NewMilliSeconds()
				ct(parquet.ConvertedType_TIMESTAMP_MILLIS)
			case "nanos":
				ts.Unit.NANOS = parquet.NewNanoSeconds()
			case "micros", "":
				ts.Unit.MICROS = parquet.NewMicroSeconds()
				ct(parquet.ConvertedType_TIMESTAMP_MICROS)
				col.field.TimeUnit = "micros"
			default:
				return nil, nil, fmt.Errorf("column %q: unknown time unit %q", f.Name, f.TimeUnit)
			}
			lt.TIMESTAMP = ts
		case record.Decimal:
			if f.Precision < 1 || f.Precision > 38 || f.Scale < 0 || f.Scale > f.Precision {
				return nil, nil, fmt.Errorf("column %q: invalid decimal precision %d, scale %d", f.Name, f.Precision, f.Scale)
			}
			switch {
			case f.Precision <= 9:
				col.phys = parquet.Type_INT32
			case f.Precision <= 18:
				col.phys = parquet.Type_INT64
			default:
				col.phys = parquet.Type_FIXED_LEN_BYTE_ARRAY
				col.flen = decimalBytes(f.Precision)
				l := int32(col.flen)
				e.TypeLength = &l
			}
			ct(parquet.ConvertedType_DECIMAL)
			p, s := int32(f.Precision), int32(f.Scale)
			e.Precision, e.Scale = &p, &s
			lt.DECIMAL = &parquet.DecimalType{Precision: p, Scale: s}
		case record.Bytes:
			col.phys = parquet.Type_BYTE_ARRAY
			lt = nil
		default:
			return nil, nil, fmt.Errorf("column %q: unsupported type %v", f.Name, f.Type)
		}
		phys := col.phys
		e.Type = &phys
		e.LogicalType = lt
		elems = append(elems, e)
		cols = append(cols, col)
	}
	return elems, cols, nil
}

// decimalBytes is the smallest two's complement width holding precision
// decimal digits.
func decimalBytes(precision int) int {
	bits := float64(precision)*math.Log2(10) + 1
	return int(math.Ceil(bits / 8))
}

// Write appends recs.
func (w *parquetWriter) Write(ctx context.Context, recs []record.Record) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if w.t.err != nil {
		return w.t.err
	}
	row := w.row
	for i := range recs {
		vals := recs[i].Values
		if len(vals) > len(w.cols) {
			return fmt.Errorf("%s: row %d has %d values, schema has %d columns", w.t.path, recs[i].Index+1, len(vals), len(w.cols))
		}
		for j := range w.cols {
			var v record.Value
			if j < len(vals) {
				v = vals[j]
			}
			pv, err := toPhysical(v, &w.cols[j])
			if err != nil {
				return fmt.Errorf("%s: row %d, column %q: %w", w.t.path, recs[i].Index+1, w.cols[j].field.Name, err)
			}
			row[j] = pv
		}
		// Buffer the row directly: ParquetWriter.Write would size it by
		// reflection, slowly and wrongly.
		w.pw.Objs = append(w.pw.Objs, w.buf.add(row))
		w.pending += rowSize(row)
		w.groupRows++
		var err error
		switch {
		case w.opts.RowGroupRows > 0 && w.groupRows >= w.opts.RowGroupRows:
			err = w.pw.Flush(true) // end the row group
			w.buf.reset()
			w.pending, w.groupRows = 0, 0
		case w.pending >= pendingLimit:
			err = w.pw.Flush(false) // encode pages; ends the row group when big enough
			w.buf.reset()
			w.pending = 0
			if w.pw.Size == 0 {
				w.groupRows = 0
			}
		}
		if err != nil {
			w.pw.Objs = w.pw.Objs[:0] // as w.buf
			if w.t.err != nil {
				return w.t.err
			}
			return fmt.Errorf("%s: writing Parquet: %w", w.t.path, err)
		}
	}
	return nil
}

// rowSize estimates the memory a buffered row holds, as it did when the
// writer kept an array of values per row: pqColumns holds less, but this
// estimate decides where pages and row groups end, which it keeps where
// they were.
func rowSize(row []any) int64 {
	n := int64(24 + 16*len(row))
	for _, v := range row {
		switch x := v.(type) {
		case string:
			n += int64(len(x)) + 16
		case nil:
		default:
			n += 8
		}
	}
	return n
}

var errNull = errors.New("NULL in a REQUIRED column")

// toPhysical converts a record value to the Go value parquet-go expects
// for the column's physical type. Values of another type than the field's
// are converted when that is lossless (an int64 in a Double column, the
// text "12.5" in a Decimal column), and fail otherwise.
func toPhysical(v record.Value, c *pqOutCol) (any, error) {
	if v == nil {
		if !c.field.Nullable {
			return nil, errNull
		}
		return nil, nil
	}
	f := c.field
	switch f.Type {
	// A value already of the physical type is returned as it is, without
	// storing it in a new interface (an allocation per cell;
	// BenchmarkParquetWriteRows).
	case record.String, record.Bytes:
		switch x := v.(type) {
		case string:
			return v, nil
		case []byte:
			return string(x), nil
		}
		return record.Format(v, f.Type), nil
	case record.Int32, record.Int64:
		var i int64
		switch x := v.(type) {
		case int32:
			i = int64(x)
		case int64:
			if f.Type == record.Int64 {
				return v, nil
			}
			i = x
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1<<62 {
				return nil, fmt.Errorf("%v is not an integer", x)
			}
			i = int64(x)
		case string:
			p, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%q is not an integer", x)
			}
			i = p
		default:
			return nil, fmt.Errorf("cannot store %T as %v", v, f.Type)
		}
		if f.Type == record.Int32 {
			if i < math.MinInt32 || i > math.MaxInt32 {
				return nil, fmt.Errorf("%d does not fit int32", i)
			}
			return int32(i), nil
		}
		return i, nil
	case record.Float, record.Double:
		var d float64
		switch x := v.(type) {
		case float64:
			if f.Type == record.Double {
				return v, nil
			}
			d = x
		case float32:
			d = float64(x)
		case int64:
			d = float64(x)
		case int32:
			d = float64(x)
		case string:
			p, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				return nil, fmt.Errorf("%q is not a number", x)
			}
			d = p
		default:
			return nil, fmt.Errorf("cannot store %T as %v", v, f.Type)
		}
		if f.Type == record.Float {
			return float32(d), nil
		}
		return d, nil
	case record.Bool:
		switch x := v.(type) {
		case bool:
			return v, nil
		case string:
			b, err := strconv.ParseBool(strings.TrimSpace(x))
			if err != nil {
				return nil, fmt.Errorf("%q is not a boolean", x)
			}
			return b, nil
		}
		return nil, fmt.Errorf("cannot store %T as bool", v)
	case record.Date:
		t, err := asTime(v, time.DateOnly)
		if err != nil {
			return nil, err
		}
		days := t.Unix() / 86400
		if t.Unix() < 0 && t.Unix()%86400 != 0 {
			days--
		}
		return int32(days), nil
	case record.Timestamp:
		t, err := asTime(v, time.RFC3339Nano)
		if err != nil {
			return nil, err
		}
		switch f.TimeUnit {
		case "millis":
			return t.UnixMilli(), nil
		case "nanos":
			return t.UnixNano(), nil
		}
		return t.UnixMicro(), nil
	case record.Decimal:
		u, err := unscaled(v, f.Scale)
		if err != nil {
			return nil, err
		}
		if len(strings.TrimLeft(new(big.Int).Abs(u).String(), "0")) > f.Precision {
			return nil, fmt.Errorf("%v does not fit DECIMAL(%d,%d)", record.Format(v, f.Type), f.Precision, f.Scale)
		}
		switch c.phys {
		case parquet.Type_INT32:
			return int32(u.Int64()), nil
		case parquet.Type_INT64:
			return u.Int64(), nil
		}
		return string(toTwosComplement(u, c.flen)), nil
	}
	return nil, fmt.Errorf("unsupported type %v", f.Type)
}

func asTime(v record.Value, layout string) (time.Time, error) {
	switch x := v.(type) {
	case time.Time:
		return x.UTC(), nil
	case string:
		t, err := time.Parse(layout, strings.TrimSpace(x))
		if err != nil {
			return time.Time{}, fmt.Errorf("%q is not a date/time (%s)", x, layout)
		}
		return t, nil
	}
	return time.Time{}, fmt.Errorf("cannot store %T as a date/time", v)
}

// unscaled returns v × 10^scale as an integer, failing if digits would be
// lost.
func unscaled(v record.Value, scale int) (*big.Int, error) {
	var r *big.Rat
	switch x := v.(type) {
	case record.Dec:
		if x.Unscaled == nil {
			return nil, errors.New("empty decimal")
		}
		r = new(big.Rat).SetFrac(x.Unscaled, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(x.Scale)), nil))
		if x.Scale < 0 {
			r = new(big.Rat).SetInt(new(big.Int).Mul(x.Unscaled, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-x.Scale)), nil)))
		}
	case int64:
		r = new(big.Rat).SetInt64(x)
	case int32:
		r = new(big.Rat).SetInt64(int64(x))
	case float64:
		r = new(big.Rat)
		if _, ok := r.SetString(strconv.FormatFloat(x, 'f', -1, 64)); !ok {
			return nil, fmt.Errorf("%v is not a decimal", x)
		}
	case string:
		r = new(big.Rat)
		if _, ok := r.SetString(strings.TrimSpace(x)); !ok {
			return nil, fmt.Errorf("%q is not a decimal", x)
		}
	default:
		return nil, fmt.Errorf("cannot store %T as a decimal", v)
	}
	r.Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
	if !r.IsInt() {
		return nil, fmt.Errorf("%s has more than %d decimal places", record.Format(v, record.Decimal), scale)
	}
	return new(big.Int).Set(r.Num()), nil
}

// toTwosComplement encodes x big-endian in n bytes.
func toTwosComplement(x *big.Int, n int) []byte {
	b := make([]byte, n)
	if x.Sign() >= 0 {
		x.FillBytes(b)
		return b
	}
	m := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), uint(n*8)), x)
	m.FillBytes(b)
	return b
}

// Commit writes the footer, flushes, syncs and renames the output.
func (w *parquetWriter) Commit() error {
	if w.t.done {
		return w.t.commit(nil)
	}
	if err := w.pw.WriteStop(); err != nil {
		w.t.abort()
		if w.t.err != nil {
			return w.t.err
		}
		return fmt.Errorf("%s: finishing Parquet: %w", w.t.path, err)
	}
	if err := w.bw.Flush(); err != nil {
		w.t.abort()
		return err
	}
	return w.t.commit(w.opts.Protect)
}

// Abort discards the output.
func (w *parquetWriter) Abort() error { return w.t.abort() }
