package readers

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/namepipe/namepipe/record"
)

// Formats the readers understand.
const (
	FormatCSV     = record.FormatCSV
	FormatTSV     = record.FormatTSV
	FormatJSONL   = record.FormatJSONL
	FormatParquet = record.FormatParquet
	FormatXLSX    = record.FormatXLSX
)

// Options choose and configure the reader that Open uses.
type Options struct {
	// Format is "csv", "tsv", "jsonl" (alias "ndjson"), "parquet" or
	// "xlsx"; "" picks it from the file extension (.csv .tsv .jsonl
	// .ndjson .parquet .xlsx, also under .gz or .zst). Standard input
	// ("-") defaults to CSV. CSV and JSON Lines compressed with gzip or
	// Zstandard are decompressed, told by their first bytes.
	Format  string
	CSV     CSVOptions
	JSONL   JSONLOptions
	Parquet ParquetOptions
	XLSX    XLSXOptions
}

// FormatOf returns the format named by path's extension, or "" (see
// record.FormatOf).
func FormatOf(path string) string {
	if path == "-" {
		return ""
	}
	return record.FormatOf(path)
}

// Open opens path with the reader for opts.Format or, when that is
// empty, for the file's extension. TSV is CSV with a tab delimiter.
func Open(ctx context.Context, path string, opts Options) (Reader, error) {
	format := strings.ToLower(opts.Format)
	if format == "" {
		format = FormatOf(path)
		if format == "" && path == "-" {
			format = FormatCSV
		}
	}
	switch format {
	case FormatCSV:
		return OpenCSV(ctx, path, opts.CSV)
	case FormatTSV:
		o := opts.CSV
		if o.Delimiter == 0 {
			o.Delimiter = '\t'
		}
		return OpenCSV(ctx, path, o)
	case FormatJSONL, "ndjson":
		return OpenJSONL(ctx, path, opts.JSONL)
	case FormatParquet:
		return OpenParquet(ctx, path, opts.Parquet)
	case FormatXLSX:
		return OpenXLSX(ctx, path, opts.XLSX)
	case "":
		return nil, fmt.Errorf("%s: cannot tell the input format from the extension %q: set the format (csv, tsv, jsonl, parquet or xlsx)", path, filepath.Ext(path))
	}
	return nil, fmt.Errorf("%s: unknown input format %q (use csv, tsv, jsonl, parquet or xlsx)", path, opts.Format)
}
