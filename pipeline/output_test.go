package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/namepipe/namepipe/writers"
)

// TestSummaryOutput: the summary says how the output was written, a run
// logs in one line the temporary files of killed runs it removed, and an
// output written to a FIFO is named as written directly.
func TestSummaryOutput(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	left := filepath.Join(dir, fmt.Sprintf(".out.csv.tmp-%d-1", dead.Process.Pid))
	os.WriteFile(left, []byte("half"), 0o644)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() { // the FIFO's reader
		f, err := os.Open(fifo)
		if err == nil {
			io.Copy(io.Discard, f)
			f.Close()
		}
	}()
	for _, tc := range []struct {
		path, written, log string
	}{
		{filepath.Join(dir, "out.csv"), "temporary file renamed into place", "removed temporary files of earlier runs that were killed"},
		{fifo, "written directly (a device or FIFO: no temporary file, no rename)", ""},
	} {
		p := &fakePlan{ops: []Op{"parse"}, call: echo}
		w, err := writers.CreateCSV(tc.path, p.OutputSchema(), writers.CSVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var logs bytes.Buffer
		rd := newMemReader(10, func(i int) string { return "Ann" })
		o := Options{Reader: rd, Writer: w, Plan: p, Service: inProcessService{}, LogEvery: -1, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
		sum, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		if sum.Output == nil || sum.Output.Written != tc.written {
			t.Errorf("%s: summary output %+v, want %q", tc.path, sum.Output, tc.written)
		}
		if got := strings.Count(logs.String(), "removed temporary files"); tc.log != "" && (got != 1 || !strings.Contains(logs.String(), left)) {
			t.Errorf("%s: log\n%s\nwant one line naming %s", tc.path, logs.String(), left)
		}
		if tc.log != "" && (len(sum.Output.LeftoversRemoved) != 1 || sum.Output.LeftoversRemoved[0] != left) {
			t.Errorf("leftovers %v", sum.Output.LeftoversRemoved)
		}
		if tc.log == "" && !strings.Contains(sum.String(), "output written directly") {
			t.Errorf("summary line %q does not say the output was written directly", sum.String())
		}
	}
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Errorf("leftover still there: %v", err)
	}
}
