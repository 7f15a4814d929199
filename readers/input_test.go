package readers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/record"
)

// bigCSV writes a CSV file several times the read buffer.
func bigCSV(t *testing.T, rows int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("id,name,email\n")
	for i := range rows {
		fmt.Fprintf(&b, "%d,Hans Dubois %d,hans.dubois%d@example.com\n", i, i, i)
	}
	p := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestInputChanged changes the input from another goroutine after the
// first rows were read: reading ends with ErrInputChanged instead of
// the end of the input, whatever the change.
func TestInputChanged(t *testing.T) {
	tests := []struct {
		name   string
		change func(p string) error
		want   string
	}{
		{"cut", func(p string) error { return os.Truncate(p, 20<<20/8) }, "its size went from"},
		{"rewritten in place, same size", func(p string) error {
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			if _, err := f.WriteAt([]byte("9"), 100); err != nil {
				return err
			}
			later := time.Now().Add(time.Second)
			return os.Chtimes(p, later, later)
		}, "it was modified at"},
		{"replaced by another file", func(p string) error {
			q := p + ".new"
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if err := os.WriteFile(q, data, 0o644); err != nil {
				return err
			}
			st, _ := os.Stat(p)
			os.Chtimes(q, st.ModTime(), st.ModTime())
			return os.Rename(q, p)
		}, "its path now names another file"},
	}
	for _, tc := range tests {
		for _, format := range []string{"csv", "jsonl"} {
			t.Run(tc.name+"/"+format, func(t *testing.T) {
				p := bigCSV(t, 100000) // ~5 MB
				open := func() (Reader, error) { return OpenCSV(context.Background(), p, CSVOptions{}) }
				if format == "jsonl" {
					data, _ := os.ReadFile(p)
					var b strings.Builder
					for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
						f := strings.Split(line, ",")
						fmt.Fprintf(&b, "{\"id\":%s,\"name\":%q,\"email\":%q}\n", f[0], f[1], f[2])
					}
					os.WriteFile(p, []byte(b.String()), 0o644)
					open = func() (Reader, error) { return OpenJSONL(context.Background(), p, JSONLOptions{}) }
				}
				r, err := open()
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				buf := make([]record.Record, 100)
				if _, err := r.Read(context.Background(), buf); err != nil {
					t.Fatal(err)
				}
				done := make(chan error)
				go func() { done <- tc.change(p) }()
				if err := <-done; err != nil {
					t.Fatal(err)
				}
				var rerr error
				for rerr == nil {
					_, rerr = r.Read(context.Background(), buf)
				}
				if !errors.Is(rerr, ErrInputChanged) || !strings.Contains(rerr.Error(), tc.want) {
					t.Fatalf("read error %v, want the input changed: %s", rerr, tc.want)
				}
				if c := r.(StatsReader).Stats().ChangeCheck; c != "" {
					t.Errorf("change check %q after a change", c)
				}
			})
		}
	}
}

// TestInputUnchanged: a file read whole says so; stdin is not checked.
func TestInputUnchanged(t *testing.T) {
	p := bigCSV(t, 1000)
	r, err := OpenCSV(context.Background(), p, CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readAll(t, r); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if c := r.(StatsReader).Stats().ChangeCheck; c != CheckUnchanged {
		t.Errorf("file: change check %q", c)
	}

	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pr, pw, _ := os.Pipe()
	go func() { io.Copy(pw, f); pw.Close() }()
	old := os.Stdin
	os.Stdin = pr
	defer func() { os.Stdin = old }()
	r, err = OpenCSV(context.Background(), "-", CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readAll(t, r); err != nil {
		t.Fatal(err)
	}
	if c := r.(StatsReader).Stats().ChangeCheck; c != CheckNotChecked {
		t.Errorf("stdin: change check %q", c)
	}
}
