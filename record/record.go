// Package record is the row model that readers produce, the pipeline and
// the mapping work on, and writers consume: a schema of typed fields and
// records of values in schema order.
//
// A Schema lists the columns (Field: name, Type, nullability, decimal and
// timestamp details). A Record holds one row's Values in schema order,
// each nil (NULL) or the Go type its field's Type names, with the row's
// position and source line for error messages and any Problem the reader
// found. Format renders a value as text, as the text formats and the
// mapping need it, and FormatOf names the file format of a path.
package record

import (
	"fmt"
	"math/big"
	"strconv"
	"time"
)

// Type is a column's logical type.
type Type int

// Column types. Readers map their format's types onto these; writers map
// them back, so a Parquet column keeps its type through a run.
const (
	String    Type = iota // Go value: string
	Int32                 // int32
	Int64                 // int64
	Float                 // float32
	Double                // float64
	Bool                  // bool
	Date                  // time.Time (UTC midnight)
	Timestamp             // time.Time (UTC)
	Decimal               // Dec
	Bytes                 // []byte
)

var typeNames = [...]string{"string", "int32", "int64", "float", "double", "bool", "date", "timestamp", "decimal", "bytes"}

// String returns the type's name, such as "int64".
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// Field describes one column.
type Field struct {
	Name     string
	Type     Type
	Nullable bool
	// Precision and Scale describe Decimal columns.
	Precision, Scale int
	// TimeUnit of a Timestamp column in its source: "millis", "micros" or "nanos".
	TimeUnit string
	// LocalTime marks a Timestamp column of wall-clock times that are not
	// adjusted to UTC (Parquet isAdjustedToUTC=false, DuckDB TIMESTAMP as
	// opposed to TIMESTAMPTZ). Its values are still time.Time in UTC; the
	// flag lets a writer keep the source's type.
	LocalTime bool
}

// Schema is the ordered list of a file's columns.
type Schema struct {
	Fields []Field
}

// Index returns the position of the column named name, or -1.
func (s Schema) Index(name string) int {
	for i, f := range s.Fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// Names returns the column names in order.
func (s Schema) Names() []string {
	out := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		out[i] = f.Name
	}
	return out
}

// Value is one cell: nil (NULL), string, int32, int64, float32, float64,
// bool, time.Time, Dec or []byte, as the field's Type says. A row that only
// its writer reads may also hold a value that writer made for itself
// (writers.CellEncoder), which no other package reads.
type Value = any

// Dec is a decimal number: Unscaled × 10^-Scale.
type Dec struct {
	Unscaled *big.Int
	Scale    int
}

// String formats the decimal in plain notation, such as "-12.50".
func (d Dec) String() string {
	if d.Unscaled == nil {
		return ""
	}
	s := new(big.Int).Abs(d.Unscaled).String()
	neg := d.Unscaled.Sign() < 0
	if d.Scale > 0 {
		for len(s) <= d.Scale {
			s = "0" + s
		}
		s = s[:len(s)-d.Scale] + "." + s[len(s)-d.Scale:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Record is one row of input or output.
type Record struct {
	// Index is the 0-based position of the data row in the input; output
	// keeps input order by it.
	Index int64
	// Line is the 1-based line (CSV, JSON Lines) or row number (Parquet)
	// in the source, for error messages.
	Line int64
	// Values holds the cells in schema order.
	Values []Value
	// Problem is a reader-detected problem with this row (ragged row,
	// invalid UTF-8, ...). The row is kept and flagged; "" when none.
	Problem string
	// Raw holds, for a row read from CSV, each cell's text exactly as it
	// was in the file (quotes and line breaks included) where a CSV writer
	// would not write the value that way by itself, so that the cell
	// comes back byte for byte; "" where it would (a plain unquoted cell)
	// or where the text cannot be written back as is (a malformed cell).
	// nil when every cell is "". For a row read from JSON Lines, Raw[i] is
	// a number's source text where formatting its value would not give
	// it back (99999999999999999999, 1e400), so that text writers write
	// it unchanged; nil for other formats. Raw[i] describes Values[i] and
	// must be cleared when the value changes. Raw is fidelity, not speed:
	// without it a CSV cell's quoting and a JSON number's digits would
	// change on the way through (FuzzCSVRoundTrip).
	Raw []string
	// End is the line ending that closed the row in a CSV file ("\n",
	// "\r\n" or "\r"); "" when unknown or at the end of the file.
	End string
	// Text is, for a row read from CSV without any problem, its source
	// text without the line ending: all its cells, as Raw would write
	// them, joined by the input's delimiter; "" otherwise. Clear it when
	// a value changes. It is the one field here for a writer's speed, not
	// fidelity (Raw gives that): a CSV writer with the same delimiter
	// writes the row's input cells from it in one piece
	// (writers.CSVOptions.InputDelimiter; writers' BenchmarkCSVWriteRowText
	// text against cells, and issue 28's profile of the bench/peers parse
	// case: the CSV writer's appendRow 0.04 s with it, 0.29 s without, of
	// 2.3 CPU-s for 200,000 rows).
	Text string
}

// Format renders a value as text for text formats and for the mapping:
// "" for NULL, dates as 2006-01-02, timestamps as RFC 3339 in UTC.
func Format(v Value, t Type) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	case float32:
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case time.Time:
		if t == Date {
			return x.UTC().Format(time.DateOnly)
		}
		return x.UTC().Format(time.RFC3339Nano)
	case Dec:
		return x.String()
	case []byte:
		return string(x)
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}
