package wiring

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/outfile"
	"github.com/namepipe/namepipe/record"
)

// TestShardOutputAtomic: a namepipe-beam shard (ShardParts) must commit
// its output atomically, so a FIFO there is refused before anything is
// written, and the FIFO stays a FIFO; a regular file is written through a
// temporary file and committed as usual.
func TestShardOutputAtomic(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	// A reader on the FIFO, so that a wrong open for writing fails the
	// test rather than blocking it.
	rd, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	schema := record.Schema{Fields: []record.Field{{Name: "name", Type: record.String}}}
	settings := func(out string) *config.Settings {
		return &config.Settings{Input: config.Input{Path: filepath.Join(dir, "in.csv")}, Output: config.Output{Path: out, Format: record.FormatCSV}}
	}
	create := ShardParts("test").CreateOutput
	_, err = create(context.Background(), settings(fifo), schema, job.OutputColumns{Input: 1}, nil)
	var refused *outfile.RefusedError
	if !errors.As(err, &refused) {
		t.Fatalf("shard output to a FIFO: error %v, want *outfile.RefusedError", err)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO is no longer a FIFO: %v %v", st.Mode(), err)
	}

	file := filepath.Join(dir, "shard.csv")
	w, err := create(context.Background(), settings(file), schema, job.OutputColumns{Input: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(context.Background(), []record.Record{{Values: []record.Value{"Ada"}}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "name\nAda\n" {
		t.Fatalf("shard output %q, %v", b, err)
	}
}
