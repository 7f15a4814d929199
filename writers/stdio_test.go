package writers

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/readers"
)

// TestStdinStdout: "-" reads standard input and writes standard output.
func TestStdinStdout(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.jsonl")
	os.WriteFile(in, []byte("name;city\nAnna;Berlin\n"), 0o644)
	fin, _ := os.Open(in)
	fout, _ := os.Create(out)
	oldIn, oldOut := os.Stdin, os.Stdout
	os.Stdin, os.Stdout = fin, fout
	defer func() { os.Stdin, os.Stdout = oldIn, oldOut; fin.Close(); fout.Close() }()

	r, err := readers.Open(context.Background(), "-", readers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := Create("-", r.Schema(), Options{Format: "jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	recs := readAllRecords(t, r)
	if err := w.Write(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if done, total := r.Progress(); done != total || total == 0 {
		t.Errorf("progress %d/%d", done, total)
	}
	r.Close()
	got, _ := os.ReadFile(out)
	if want := "{\"name\":\"Anna\",\"city\":\"Berlin\"}\n"; string(got) != want {
		t.Errorf("stdout got %q, want %q", got, want)
	}
}
