package writers

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/namepipe/namepipe/record"
)

// TestCompressedOutput writes the same rows plain and compressed (by the
// extension, and by FileOptions.Compression under a plain name): the
// files start with their format's magic bytes and decompress to the plain
// output; an aborted compressed output leaves nothing.
func TestCompressedOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	schema := strSchema("name", "note")
	rows := make([]record.Record, 30000)
	for i := range rows {
		rows[i] = record.Record{Index: int64(i), Values: []record.Value{"Ann " + strings.Repeat("x", i%50), "a, \"quoted\" note"}}
	}
	write := func(path string, o Options) []byte {
		w, err := Create(path, schema, o)
		if err != nil {
			t.Fatal(err)
		}
		return writeAndRead(t, w, path, rows)
	}
	plain := write(filepath.Join(dir, "plain.csv"), Options{})
	plainJSONL := write(filepath.Join(dir, "plain.jsonl"), Options{})
	unzip := func(kind string, b []byte) []byte {
		var r io.Reader
		var err error
		switch kind {
		case "gzip":
			r, err = gzip.NewReader(bytes.NewReader(b))
		case "zstd":
			r, err = zstd.NewReader(bytes.NewReader(b))
		}
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, tc := range []struct {
		name, kind string
		opts       Options
		want       []byte
	}{
		{"o.csv.gz", "gzip", Options{}, plain},
		{"o.csv.zst", "zstd", Options{}, plain},
		{"o.jsonl.gz", "gzip", Options{}, plainJSONL},
		{"o.csv", "zstd", Options{FileOptions: FileOptions{Compression: record.CompressionZstd}}, plain},
	} {
		got := write(filepath.Join(dir, tc.name), tc.opts)
		if len(got) >= len(tc.want)/2 {
			t.Errorf("%s: %d bytes, plain %d: not compressed", tc.name, len(got), len(tc.want))
		}
		if d := unzip(tc.kind, got); !bytes.Equal(d, tc.want) {
			t.Errorf("%s: decompressed output differs from the plain one (%d vs %d bytes)", tc.name, len(d), len(tc.want))
		}
	}

	p := filepath.Join(dir, "aborted.csv.gz")
	w, err := Create(p, schema, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(context.Background(), rows)
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 6 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("files after abort: %v", names)
	}
}
