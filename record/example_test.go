package record_test

import (
	"fmt"
	"math/big"
	"time"

	"github.com/namepipe/namepipe/record"
)

// Format renders a cell as the text formats write it and as the mapping
// reads it; a time.Time is a date or a timestamp depending on the column's
// type.
func ExampleFormat() {
	born := time.Date(1987, 2, 14, 0, 0, 0, 0, time.UTC)
	cells := []struct {
		v record.Value
		t record.Type
	}{
		{nil, record.String},
		{"Petra Müller", record.String},
		{int64(42), record.Int64},
		{1.5, record.Double},
		{true, record.Bool},
		{born, record.Date},
		{born.Add(90 * time.Minute), record.Timestamp},
		{record.Dec{Unscaled: big.NewInt(-1250), Scale: 2}, record.Decimal},
	}
	for _, c := range cells {
		fmt.Printf("%-9s %q\n", c.t, record.Format(c.v, c.t))
	}
	// Output:
	// string    ""
	// string    "Petra Müller"
	// int64     "42"
	// double    "1.5"
	// bool      "true"
	// date      "1987-02-14"
	// timestamp "1987-02-14T01:30:00Z"
	// decimal   "-12.50"
}

// FormatOf tells the file format from a path's extension.
func ExampleFormatOf() {
	for _, p := range []string{"customers.csv", "export.TSV", "rows.ndjson", "typed.parquet", "-", "notes.xlsx", "day2.csv.gz", "notes.doc"} {
		fmt.Printf("%-14s %q\n", p, record.FormatOf(p))
	}
	// Output:
	// customers.csv  "csv"
	// export.TSV     "tsv"
	// rows.ndjson    "jsonl"
	// typed.parquet  "parquet"
	// -              "csv"
	// notes.xlsx     "xlsx"
	// day2.csv.gz    "csv"
	// notes.doc      ""
}
