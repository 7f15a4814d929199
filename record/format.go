package record

import (
	"path/filepath"
	"strings"
)

// File formats that namepipe reads and writes. TSV is CSV with a tab
// delimiter.
const (
	FormatCSV     = "csv"
	FormatTSV     = "tsv"
	FormatJSONL   = "jsonl"
	FormatParquet = "parquet"
)

// FormatOf returns the format named by path's extension (.csv .txt, .tsv
// .tab, .jsonl .ndjson, .parquet .pq), FormatCSV for "-" (standard input
// or output), or "" when the extension says nothing.
func FormatOf(path string) string {
	if path == "-" {
		return FormatCSV
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv", ".txt":
		return FormatCSV
	case ".tsv", ".tab":
		return FormatTSV
	case ".jsonl", ".ndjson":
		return FormatJSONL
	case ".parquet", ".pq":
		return FormatParquet
	}
	return ""
}
