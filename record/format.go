package record

import (
	"path/filepath"
	"strings"
)

// File formats that namepipe reads and writes. TSV is CSV with a tab
// delimiter; XLSX (an Excel workbook) is read only.
const (
	FormatCSV     = "csv"
	FormatTSV     = "tsv"
	FormatJSONL   = "jsonl"
	FormatParquet = "parquet"
	FormatXLSX    = "xlsx"
)

// Compressions of text files, named by their last extension.
const (
	CompressionGzip = "gzip"
	CompressionZstd = "zstd"
)

// CompressionOf returns the compression named by path's last extension
// (.gz .gzip → gzip, .zst .zstd → zstd), or "".
func CompressionOf(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".gz", ".gzip":
		return CompressionGzip
	case ".zst", ".zstd":
		return CompressionZstd
	}
	return ""
}

// TrimCompression returns path without the extension of its compression
// (contacts.csv.gz → contacts.csv).
func TrimCompression(path string) string {
	if CompressionOf(path) == "" {
		return path
	}
	return strings.TrimSuffix(path, filepath.Ext(path))
}

// FormatOf returns the format named by path's extension (.csv .txt, .tsv
// .tab, .jsonl .ndjson, .parquet .pq, .xlsx), looking through a
// compression extension (.csv.gz is CSV, .jsonl.zst JSON Lines);
// FormatCSV for "-" (standard input or output), or "" when the extension
// says nothing.
func FormatOf(path string) string {
	if path == "-" {
		return FormatCSV
	}
	switch strings.ToLower(filepath.Ext(TrimCompression(path))) {
	case ".csv", ".txt":
		return FormatCSV
	case ".tsv", ".tab":
		return FormatTSV
	case ".jsonl", ".ndjson":
		return FormatJSONL
	case ".parquet", ".pq":
		return FormatParquet
	case ".xlsx", ".xlsm":
		return FormatXLSX
	}
	return ""
}
