package readers

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"time"

	"github.com/xitongsys/parquet-go-source/local"
	"github.com/xitongsys/parquet-go/parquet"
	"github.com/xitongsys/parquet-go/reader"
	"github.com/xitongsys/parquet-go/schema"
	"github.com/xitongsys/parquet-go/source"

	"github.com/namepipe/namepipe/record"
)

// This file keeps, for BenchmarkParquetLibs and TestParquetLibsAgree only,
// the Parquet reader namepipe had on github.com/xitongsys/parquet-go
// (ReadColumnByPath) before OpenParquet moved to
// github.com/parquet-go/parquet-go: the benchmark measures the two on the
// same file, the test holds the new one to the old one's schemas, values
// and errors.

// openParquetXitongsys opens path as OpenParquet did on xitongsys.
func openParquetXitongsys(ctx context.Context, path string) (rd Reader, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if path == "-" {
		return nil, errors.New("stdin: Parquet input cannot be read from standard input (it needs random access): pass a file path")
	}
	in, err := openInput(path)
	if err != nil {
		return nil, err
	}
	_, err = checkParquetFrame(in.f, path, in.size)
	in.Close()
	if err != nil {
		return nil, err
	}
	f, err := local.NewLocalFileReader(path)
	if err != nil {
		return nil, fmt.Errorf("%s: opening input: %w", path, err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: corrupt Parquet file: %v", path, p)
		}
		if err != nil {
			f.Close()
		}
	}()
	r := &xtReader{name: path, file: f}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

// xtColumn is one flat input column and how to convert its values.
type xtColumn struct {
	path    string // internal path for ReadColumnByPath
	field   record.Field
	conv    pqConv
	maxDef  int32
	elem    *parquet.SchemaElement
	physLen int
}

type xtReader struct {
	name  string
	file  source.ParquetFile
	pr    *reader.ParquetReader
	cols  []xtColumn
	total int64
	done  int64
	err   error
}

func (r *xtReader) open() error {
	pr := &reader.ParquetReader{NP: 1, PFile: r.file}
	if err := pr.ReadFooter(); err != nil {
		return fmt.Errorf("%s: corrupt Parquet footer: %w", r.name, err)
	}
	elems := pr.Footer.GetSchema()
	if len(elems) < 1 {
		return fmt.Errorf("%s: Parquet file has no schema", r.name)
	}
	// Reject nested and repeated columns before handing the schema to the
	// library; name them with the user's names.
	root := elems[0]
	pos := 1
	for c := int32(0); c < root.GetNumChildren(); c++ {
		if pos >= len(elems) {
			return fmt.Errorf("%s: corrupt Parquet schema", r.name)
		}
		e := elems[pos]
		if e.GetNumChildren() > 0 {
			return fmt.Errorf("%s: column %q is nested (a group, list, map or struct); namepipe reads flat columns only: flatten it first", r.name, clip(e.GetName()))
		}
		if e.GetRepetitionType() == parquet.FieldRepetitionType_REPEATED {
			return fmt.Errorf("%s: column %q is repeated (a list); namepipe reads flat columns only: flatten it first", r.name, clip(e.GetName()))
		}
		pos++
	}
	if pos != len(elems) {
		return fmt.Errorf("%s: corrupt Parquet schema", r.name)
	}
	// parquet-go derives internal names by capitalising the column names,
	// which collide for "name" and "Name"; give it unique internal names
	// and keep the file's names as the external ones.
	internal := make([]*parquet.SchemaElement, len(elems))
	for i, e := range elems {
		c := *e
		nm := "root"
		if i > 0 {
			nm = "c" + strconv.Itoa(i)
		}
		c.Name = nm
		internal[i] = &c
	}
	sh := schema.NewSchemaHandlerFromSchemaList(internal)
	for i, e := range elems {
		sh.Infos[i].ExName = e.GetName()
	}
	sh.CreateInExMap()
	pr.SchemaHandler = sh
	pr.ColumnBuffers = make(map[string]*reader.ColumnBufferType)
	pr.RenameSchema()
	r.pr = pr

	seen := map[string]bool{}
	for i := 1; i < len(elems); i++ {
		e := elems[i]
		name := sh.Infos[i].ExName
		if seen[name] {
			return fmt.Errorf("%s: duplicate column name %q", r.name, clip(name))
		}
		seen[name] = true
		col, err := xtColumnFor(e, name)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		col.path = sh.IndexMap[int32(i)]
		if e.GetRepetitionType() == parquet.FieldRepetitionType_OPTIONAL {
			col.maxDef = 1
		}
		r.cols = append(r.cols, col)
	}
	r.total = pr.GetNumRows()
	return nil
}

// xtColumnFor maps a Parquet leaf to a record field and a conversion.
func xtColumnFor(e *parquet.SchemaElement, name string) (xtColumn, error) {
	f := record.Field{Name: name, Nullable: e.GetRepetitionType() == parquet.FieldRepetitionType_OPTIONAL}
	col := xtColumn{elem: e, physLen: int(e.GetTypeLength())}
	lt := e.GetLogicalType()
	ct := e.ConvertedType
	isCT := func(c parquet.ConvertedType) bool { return ct != nil && *ct == c }
	decimal := isCT(parquet.ConvertedType_DECIMAL) || (lt != nil && lt.IsSetDECIMAL())
	if decimal {
		f.Type = record.Decimal
		f.Precision, f.Scale = int(e.GetPrecision()), int(e.GetScale())
		if lt != nil && lt.IsSetDECIMAL() {
			f.Precision, f.Scale = int(lt.DECIMAL.Precision), int(lt.DECIMAL.Scale)
		}
	}
	if e.Type == nil {
		return col, fmt.Errorf("column %q has no physical type", clip(name))
	}
	switch *e.Type {
	case parquet.Type_BOOLEAN:
		f.Type = record.Bool
	case parquet.Type_INT32:
		switch {
		case decimal:
			col.conv = convDecInt32
		case isCT(parquet.ConvertedType_DATE) || (lt != nil && lt.IsSetDATE()):
			f.Type, col.conv = record.Date, convDate
		case isCT(parquet.ConvertedType_UINT_32) || (lt != nil && lt.IsSetINTEGER() && !lt.INTEGER.IsSigned && lt.INTEGER.BitWidth == 32):
			f.Type, col.conv = record.Int64, convUint32
		case isCT(parquet.ConvertedType_TIME_MILLIS) || (lt != nil && lt.IsSetTIME()):
			f.Type, col.conv = record.String, convTimeMillis
		default:
			f.Type = record.Int32
		}
	case parquet.Type_INT64:
		switch {
		case decimal:
			col.conv = convDecInt64
		case isCT(parquet.ConvertedType_TIMESTAMP_MILLIS):
			f.Type, f.TimeUnit, col.conv = record.Timestamp, "millis", convTSMillis
		case isCT(parquet.ConvertedType_TIMESTAMP_MICROS):
			f.Type, f.TimeUnit, col.conv = record.Timestamp, "micros", convTSMicros
		case lt != nil && lt.IsSetTIMESTAMP():
			f.Type = record.Timestamp
			switch u := lt.TIMESTAMP.Unit; {
			case u.IsSetMILLIS():
				f.TimeUnit, col.conv = "millis", convTSMillis
			case u.IsSetMICROS():
				f.TimeUnit, col.conv = "micros", convTSMicros
			default:
				f.TimeUnit, col.conv = "nanos", convTSNanos
			}
		case isCT(parquet.ConvertedType_TIME_MICROS):
			f.Type, col.conv = record.String, convTimeMicros
		case lt != nil && lt.IsSetTIME():
			f.Type, col.conv = record.String, convTimeMicros
			if lt.TIME.Unit.IsSetNANOS() {
				col.conv = convTimeNanos
			}
		case isCT(parquet.ConvertedType_UINT_64) || (lt != nil && lt.IsSetINTEGER() && !lt.INTEGER.IsSigned):
			f.Type, f.Precision, col.conv = record.Decimal, 20, convUint64
		default:
			f.Type = record.Int64
		}
	case parquet.Type_INT96:
		f.Type, f.TimeUnit, col.conv = record.Timestamp, "nanos", convInt96
	case parquet.Type_FLOAT:
		f.Type = record.Float
	case parquet.Type_DOUBLE:
		f.Type = record.Double
	case parquet.Type_BYTE_ARRAY, parquet.Type_FIXED_LEN_BYTE_ARRAY:
		switch {
		case decimal:
			col.conv = convDecBytes
		case isCT(parquet.ConvertedType_UTF8), isCT(parquet.ConvertedType_ENUM), isCT(parquet.ConvertedType_JSON),
			lt != nil && (lt.IsSetSTRING() || lt.IsSetENUM() || lt.IsSetJSON()):
			f.Type = record.String
		default:
			f.Type, col.conv = record.Bytes, convBytes
		}
	default:
		return col, fmt.Errorf("column %q has an unsupported Parquet type %v", clip(name), *e.Type)
	}
	if f.Type == record.Timestamp && lt != nil && lt.IsSetTIMESTAMP() {
		f.LocalTime = !lt.TIMESTAMP.IsAdjustedToUTC
	}
	col.field = f
	return col, nil
}

func (r *xtReader) Schema() record.Schema {
	fields := make([]record.Field, len(r.cols))
	for i, c := range r.cols {
		fields[i] = c.field
	}
	return record.Schema{Fields: fields}
}

func (r *xtReader) Progress() (done, total int64) { return r.done, r.total }

func (r *xtReader) Close() error {
	if r.pr != nil {
		r.pr.ReadStop()
	}
	return r.file.Close()
}

// Read reads up to len(dst) rows, column by column.
func (r *xtReader) Read(ctx context.Context, dst []record.Record) (n int, err error) {
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
	prepareRows(dst[:m], r.done, width)
	for c := range r.cols {
		col := &r.cols[c]
		vals, _, dls, err := r.pr.ReadColumnByPath(col.path, want)
		if err != nil {
			r.err = fmt.Errorf("%s: column %q near row %d: %w", r.name, clip(col.field.Name), r.done+1, err)
			return 0, r.err
		}
		if len(vals) != m {
			r.err = fmt.Errorf("%s: column %q: corrupt or truncated data: got %d values for rows %d–%d", r.name, clip(col.field.Name), len(vals), r.done+1, r.done+want)
			return 0, r.err
		}
		for i, v := range vals {
			if v == nil || (col.maxDef > 0 && i < len(dls) && dls[i] < col.maxDef) {
				dst[i].Values[c] = nil
				continue
			}
			cv, err := xtConvert(v, col)
			if err != nil {
				r.err = fmt.Errorf("%s: row %d, column %q: %w", r.name, r.done+int64(i)+1, clip(col.field.Name), err)
				return 0, r.err
			}
			dst[i].Values[c] = cv
		}
	}
	r.done += want
	return m, nil
}

// xtConvert turns a physical value into the record value for col.
func xtConvert(v any, col *xtColumn) (record.Value, error) {
	bad := func() (record.Value, error) {
		return nil, fmt.Errorf("unexpected value of type %T", v)
	}
	switch col.conv {
	case convNone:
		return v, nil
	case convBytes:
		s, ok := v.(string)
		if !ok {
			return bad()
		}
		return []byte(s), nil
	case convDate:
		d, ok := v.(int32)
		if !ok {
			return bad()
		}
		return time.Unix(int64(d)*86400, 0).UTC(), nil
	case convTSMillis, convTSMicros, convTSNanos:
		x, ok := v.(int64)
		if !ok {
			return bad()
		}
		switch col.conv {
		case convTSMillis:
			return time.UnixMilli(x).UTC(), nil
		case convTSMicros:
			return time.UnixMicro(x).UTC(), nil
		}
		return time.Unix(0, x).UTC(), nil
	case convInt96:
		s, ok := v.(string)
		if !ok || len(s) != 12 {
			return bad()
		}
		nanos := int64(binary.LittleEndian.Uint64([]byte(s[:8])))
		julian := int64(binary.LittleEndian.Uint32([]byte(s[8:])))
		return time.Unix((julian-2440588)*86400, nanos).UTC(), nil
	case convDecInt32:
		x, ok := v.(int32)
		if !ok {
			return bad()
		}
		return record.Dec{Unscaled: big.NewInt(int64(x)), Scale: col.field.Scale}, nil
	case convDecInt64:
		x, ok := v.(int64)
		if !ok {
			return bad()
		}
		return record.Dec{Unscaled: big.NewInt(x), Scale: col.field.Scale}, nil
	case convDecBytes:
		s, ok := v.(string)
		if !ok {
			return bad()
		}
		return record.Dec{Unscaled: twosComplement([]byte(s)), Scale: col.field.Scale}, nil
	case convUint32:
		x, ok := v.(int32)
		if !ok {
			return bad()
		}
		return int64(uint32(x)), nil
	case convUint64:
		x, ok := v.(int64)
		if !ok {
			return bad()
		}
		return record.Dec{Unscaled: new(big.Int).SetUint64(uint64(x))}, nil
	case convTimeMillis:
		x, ok := v.(int32)
		if !ok {
			return bad()
		}
		return time.UnixMilli(int64(x)).UTC().Format("15:04:05.000"), nil
	case convTimeMicros:
		x, ok := v.(int64)
		if !ok {
			return bad()
		}
		return time.UnixMicro(x).UTC().Format("15:04:05.000000"), nil
	case convTimeNanos:
		x, ok := v.(int64)
		if !ok {
			return bad()
		}
		return time.Unix(0, x).UTC().Format("15:04:05.000000000"), nil
	}
	return bad()
}
