package pgio

import (
	"context"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/namepipe/namepipe/record"
)

// Column is one column of a query's result as the source maps it.
type Column struct {
	// Name is the result column's name, which the mapping names.
	Name string
	// PGType is the PostgreSQL type, such as "numeric(10,2)".
	PGType string
	// Field is the column in the row model.
	Field record.Field
}

// decoder turns one cell's text (PostgreSQL's text output) into a value.
type decoder func(b []byte) (record.Value, error)

// mapColumns maps the result columns of a described statement to the row
// model, looking up types it does not know by OID in pg_type (domains,
// enums, citext). An unmappable type is an error naming the column.
func mapColumns(ctx context.Context, conn *pgx.Conn, fields []pgconn.FieldDescription, what string) ([]Column, []decoder, error) {
	cols := make([]Column, len(fields))
	decs := make([]decoder, len(fields))
	seen := map[string]bool{}
	for i, fd := range fields {
		var typeName string
		if err := conn.QueryRow(ctx, "SELECT format_type($1::oid, $2::int4)", fd.DataTypeOID, fd.TypeModifier).Scan(&typeName); err != nil {
			return nil, nil, fmt.Errorf("%s: column %s: looking up its type: %w", what, fd.Name, err)
		}
		if seen[fd.Name] {
			return nil, nil, fmt.Errorf("%s: column %q appears twice in the result: give each column its own name (AS …)", what, fd.Name)
		}
		seen[fd.Name] = true
		f, dec, ok := mapOID(fd.DataTypeOID, fd.TypeModifier)
		if !ok {
			base, cat, err := baseType(ctx, conn, fd.DataTypeOID)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: column %s: looking up type %s: %w", what, fd.Name, typeName, err)
			}
			if f, dec, ok = mapOID(base, -1); !ok && (cat == "S" || cat == "E") {
				f, dec, ok = record.Field{Type: record.String}, decodeString, true
			}
		}
		if !ok {
			return nil, nil, fmt.Errorf("%s: column %s has type %s, which namepipe cannot map to a value: cast it in a query (input.postgres.query: SELECT …, %s::text AS %s …)", what, fd.Name, typeName, quoteCol(fd.Name), quoteCol(fd.Name))
		}
		f.Name, f.Nullable = fd.Name, true
		cols[i] = Column{Name: fd.Name, PGType: typeName, Field: f}
		decs[i] = dec
	}
	return cols, decs, nil
}

// baseType returns the base type of a domain (or the type itself) and the
// type category (pg_type.typcategory: S string, E enum, …).
func baseType(ctx context.Context, conn *pgx.Conn, oid uint32) (uint32, string, error) {
	var base uint32
	var cat string
	err := conn.QueryRow(ctx, `WITH RECURSIVE t(oid, base, cat) AS (
  SELECT oid, typbasetype, typcategory::text FROM pg_type WHERE oid = $1
  UNION ALL SELECT p.oid, p.typbasetype, p.typcategory::text FROM pg_type p JOIN t ON p.oid = t.base WHERE t.base <> 0)
SELECT oid, cat FROM t WHERE base = 0`, oid).Scan(&base, &cat)
	return base, cat, err
}

// mapOID maps a built-in type to a field and its text decoder.
func mapOID(oid uint32, typmod int32) (record.Field, decoder, bool) {
	switch oid {
	case pgtype.TextOID, pgtype.VarcharOID, pgtype.BPCharOID, pgtype.NameOID, pgtype.UUIDOID,
		pgtype.JSONOID, pgtype.JSONBOID, pgtype.XMLOID, pgtype.CIDROID, pgtype.InetOID, pgtype.MacaddrOID:
		return record.Field{Type: record.String}, decodeString, true
	case pgtype.Int2OID, pgtype.Int4OID:
		return record.Field{Type: record.Int32}, decodeInt32, true
	case pgtype.Int8OID, pgtype.OIDOID:
		return record.Field{Type: record.Int64}, decodeInt64, true
	case pgtype.Float4OID:
		return record.Field{Type: record.Float}, decodeFloat32, true
	case pgtype.Float8OID:
		return record.Field{Type: record.Double}, decodeFloat64, true
	case pgtype.BoolOID:
		return record.Field{Type: record.Bool}, decodeBool, true
	case pgtype.DateOID:
		return record.Field{Type: record.Date}, decodeDate, true
	case pgtype.TimestampOID:
		return record.Field{Type: record.Timestamp, TimeUnit: "micros", LocalTime: true}, decodeTimestamp, true
	case pgtype.TimestamptzOID:
		return record.Field{Type: record.Timestamp, TimeUnit: "micros"}, decodeTimestamp, true
	case pgtype.ByteaOID:
		return record.Field{Type: record.Bytes}, decodeBytea, true
	case pgtype.NumericOID:
		if typmod < 4 {
			// Unconstrained: no scale to give every value; keep the exact text.
			return record.Field{Type: record.String}, decodeString, true
		}
		p, s := int((typmod-4)>>16)&0xffff, int(typmod-4)&0xffff
		if p > 38 || s > p {
			return record.Field{Type: record.String}, decodeString, true
		}
		return record.Field{Type: record.Decimal, Precision: p, Scale: s}, decodeNumeric(s), true
	}
	return record.Field{}, nil, false
}

func decodeString(b []byte) (record.Value, error) { return string(b), nil }

func decodeInt32(b []byte) (record.Value, error) {
	n, err := strconv.ParseInt(string(b), 10, 32)
	return int32(n), err
}

func decodeInt64(b []byte) (record.Value, error) {
	n, err := strconv.ParseInt(string(b), 10, 64)
	return n, err
}

func decodeFloat32(b []byte) (record.Value, error) {
	f, err := strconv.ParseFloat(pgFloat(string(b)), 32)
	return float32(f), err
}

func decodeFloat64(b []byte) (record.Value, error) {
	return strconv.ParseFloat(pgFloat(string(b)), 64)
}

// pgFloat spells PostgreSQL's infinities as strconv reads them.
func pgFloat(s string) string {
	switch s {
	case "Infinity":
		return "+Inf"
	case "-Infinity":
		return "-Inf"
	}
	return s
}

func decodeBool(b []byte) (record.Value, error) {
	switch string(b) {
	case "t":
		return true, nil
	case "f":
		return false, nil
	}
	return nil, fmt.Errorf("boolean %q", b)
}

func decodeDate(b []byte) (record.Value, error) {
	t, err := time.Parse(time.DateOnly, string(b))
	if err != nil {
		return nil, fmt.Errorf("date %q is outside what namepipe reads (years 1 to 9999)", b)
	}
	return t, nil
}

// decodeTimestamp reads timestamp ("2006-01-02 15:04:05.999999") and, in
// the session's UTC, timestamptz ("…+00") text.
func decodeTimestamp(b []byte) (record.Value, error) {
	s := string(b)
	s = strings.TrimSuffix(s, "+00")
	t, err := time.Parse("2006-01-02 15:04:05.999999", s)
	if err != nil {
		return nil, fmt.Errorf("timestamp %q is outside what namepipe reads (years 1 to 9999)", b)
	}
	return t, nil
}

func decodeBytea(b []byte) (record.Value, error) {
	s, ok := strings.CutPrefix(string(b), `\x`)
	if !ok {
		return nil, fmt.Errorf("bytea not in hex format")
	}
	return hex.DecodeString(s)
}

// decodeNumeric reads a numeric(p,s) value, whose text has exactly s
// decimal places.
func decodeNumeric(scale int) decoder {
	return func(b []byte) (record.Value, error) {
		s := string(b)
		if s == "NaN" || strings.Contains(s, "Infinity") {
			return nil, fmt.Errorf("numeric %s has no decimal value", s)
		}
		intPart, frac, _ := strings.Cut(s, ".")
		for len(frac) < scale {
			frac += "0"
		}
		u, ok := new(big.Int).SetString(intPart+frac[:scale], 10)
		if !ok {
			return nil, fmt.Errorf("numeric %q", s)
		}
		return record.Dec{Unscaled: u, Scale: scale}, nil
	}
}

// pgTypeOf is the column type a created table gives a field.
func pgTypeOf(f record.Field) string {
	switch f.Type {
	case record.Int32:
		return "integer"
	case record.Int64:
		return "bigint"
	case record.Float:
		return "real"
	case record.Double:
		return "double precision"
	case record.Bool:
		return "boolean"
	case record.Date:
		return "date"
	case record.Timestamp:
		if f.LocalTime {
			return "timestamp"
		}
		return "timestamptz"
	case record.Decimal:
		if f.Precision >= 1 && f.Precision <= 1000 && f.Scale >= 0 && f.Scale <= f.Precision {
			return fmt.Sprintf("numeric(%d,%d)", f.Precision, f.Scale)
		}
		return "numeric"
	case record.Bytes:
		return "bytea"
	}
	return "text"
}

// appendCopyText appends v as one cell of COPY's text format: \N for
// NULL, backslash escapes for backslash, tab, newline and carriage
// return. NUL bytes, which PostgreSQL text cannot hold, are an error.
func appendCopyText(buf []byte, v record.Value, f record.Field) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(buf, `\N`...), nil
	case string:
		return appendEscaped(buf, x)
	case int32:
		return strconv.AppendInt(buf, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(buf, x, 10), nil
	case float32:
		return appendFloat(buf, float64(x), 32), nil
	case float64:
		return appendFloat(buf, x, 64), nil
	case bool:
		if x {
			return append(buf, 't'), nil
		}
		return append(buf, 'f'), nil
	case time.Time:
		switch {
		case f.Type == record.Date:
			return x.UTC().AppendFormat(buf, time.DateOnly), nil
		case f.LocalTime:
			return x.UTC().AppendFormat(buf, "2006-01-02 15:04:05.999999"), nil
		}
		return x.UTC().AppendFormat(buf, "2006-01-02 15:04:05.999999Z07:00"), nil
	case []byte:
		if f.Type == record.Bytes {
			buf = append(buf, `\\x`...)
			return hex.AppendEncode(buf, x), nil
		}
		return appendEscaped(buf, string(x))
	}
	return appendEscaped(buf, record.Format(v, f.Type))
}

func appendFloat(buf []byte, f float64, bits int) []byte {
	switch {
	case math.IsInf(f, 1):
		return append(buf, "Infinity"...)
	case math.IsInf(f, -1):
		return append(buf, "-Infinity"...)
	}
	return strconv.AppendFloat(buf, f, 'g', -1, bits)
}

func appendEscaped(buf []byte, s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			buf = append(buf, `\\`...)
		case '\t':
			buf = append(buf, `\t`...)
		case '\n':
			buf = append(buf, `\n`...)
		case '\r':
			buf = append(buf, `\r`...)
		case 0:
			return buf, fmt.Errorf("a NUL byte, which PostgreSQL text cannot hold")
		default:
			buf = append(buf, c)
		}
	}
	return buf, nil
}
