package main

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSummaryUnwritable: a summary that cannot be written fails the run
// with exit 1, after the output was committed. The summary goes to a
// /dev/full-like device made at the test's own path (root only).
func TestSummaryUnwritable(t *testing.T) {
	e := newEnv(t, 20, testConfig)
	full := filepath.Join(e.dir, "full")
	if err := syscall.Mknod(full, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		if errors.Is(err, syscall.EPERM) {
			t.Skip("creating a device node needs CAP_MKNOD (root)")
		}
		t.Fatal(err)
	}
	code, _, stderr := e.run(context.Background(), "run", "--config", e.config, "--summary", full)
	if code != exitFailed || !strings.Contains(stderr, "write summary "+full) || !strings.Contains(stderr, "was written and committed") {
		t.Fatalf("exit %d, stderr %q; want %d: the summary could not be written, the output was committed", code, stderr, exitFailed)
	}
	if !e.writer.committed || len(e.writer.rows) != 20 {
		t.Errorf("output committed %v with %d rows, want committed with 20", e.writer.committed, len(e.writer.rows))
	}
	if st, err := os.Lstat(full); err != nil || st.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("the device is no longer a device: %v %v", st, err)
	}
}

// TestSummaryToFIFO: a summary written to a FIFO reaches its reader and
// the FIFO stays a FIFO.
func TestSummaryToFIFO(t *testing.T) {
	e := newEnv(t, 5, testConfig)
	fifo := filepath.Join(e.dir, "summary.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	code, _, stderr := e.run(context.Background(), "run", "--config", e.config, "--summary", fifo)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if s := <-got; !strings.Contains(s, `"rows_in": 5`) {
		t.Errorf("the FIFO's reader got %q", s)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is no longer a FIFO: %v %v", st, err)
	}
}
