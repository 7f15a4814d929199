package writers

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/namepipe/namepipe/record"
)

// Formats the writers produce.
const (
	FormatCSV     = record.FormatCSV
	FormatTSV     = record.FormatTSV
	FormatJSONL   = record.FormatJSONL
	FormatParquet = record.FormatParquet
)

// Options choose and configure the writer that Create uses. FileOptions
// apply to every format (they override the per-format ones when set).
type Options struct {
	// Format is "csv", "tsv", "jsonl" (alias "ndjson") or "parquet"; ""
	// picks it from the extension of path (.csv .tsv .jsonl .ndjson
	// .parquet, also under .gz or .zst, which compress CSV and JSON
	// Lines); standard output ("-") defaults to CSV.
	Format string
	FileOptions
	CSV     CSVOptions
	JSONL   JSONLOptions
	Parquet ParquetOptions
}

// FormatOf returns the format named by path's extension, or "" (see
// record.FormatOf).
func FormatOf(path string) string {
	if path == "-" {
		return ""
	}
	return record.FormatOf(path)
}

// Create starts an output at path in opts.Format or, when that is empty,
// the format of the file's extension, independently of the input's
// format. TSV is CSV with a tab delimiter.
func Create(path string, schema record.Schema, opts Options) (Writer, error) {
	format := strings.ToLower(opts.Format)
	if format == "" {
		format = FormatOf(path)
		if format == "" && path == "-" {
			format = FormatCSV
		}
	}
	merge := func(fo FileOptions) FileOptions {
		if opts.Perm != 0 {
			fo.Perm = opts.Perm
		}
		fo.Protect = append(append([]string(nil), fo.Protect...), opts.Protect...)
		fo.Atomic = fo.Atomic || opts.Atomic
		if opts.Compression != "" {
			fo.Compression = opts.Compression
		}
		if fo.Compression == "" && path != "-" {
			fo.Compression = record.CompressionOf(path)
		}
		return fo
	}
	switch format {
	case FormatCSV, FormatTSV:
		o := opts.CSV
		o.FileOptions = merge(o.FileOptions)
		if format == FormatTSV && o.Delimiter == 0 {
			o.Delimiter = '\t'
		}
		return CreateCSV(path, schema, o)
	case FormatJSONL, "ndjson":
		o := opts.JSONL
		o.FileOptions = merge(o.FileOptions)
		return CreateJSONL(path, schema, o)
	case FormatParquet:
		o := opts.Parquet
		o.FileOptions = merge(o.FileOptions)
		if o.FileOptions.Compression != "" {
			return nil, fmt.Errorf("%s: a Parquet file compresses its own pages; name it .parquet, without .gz or .zst", path)
		}
		return CreateParquet(path, schema, o)
	case record.FormatXLSX:
		return nil, fmt.Errorf("%s: namepipe reads Excel workbooks but does not write them: write csv (Excel opens it) or parquet", path)
	case "":
		return nil, fmt.Errorf("%s: cannot tell the output format from the extension %q: set the format (csv, tsv, jsonl or parquet)", path, filepath.Ext(path))
	}
	return nil, fmt.Errorf("%s: unknown output format %q (use csv, tsv, jsonl or parquet)", path, opts.Format)
}
