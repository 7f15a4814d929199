package dedupe

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// recordingWriter keeps the rows written (as their input row numbers
// and dedupe cells) and fails its failAt-th Write (from 1; 0: never).
type recordingWriter struct {
	rows   []string
	writes int
	failAt int
}

var errWriteFailed = errors.New("disk full")

func (w *recordingWriter) Write(_ context.Context, recs []record.Record) error {
	if w.writes++; w.writes == w.failAt {
		return errWriteFailed
	}
	for _, r := range recs {
		var b strings.Builder
		for _, v := range r.Values {
			b.WriteString(fmt.Sprint(v))
			b.WriteByte('|')
		}
		w.rows = append(w.rows, b.String())
	}
	return nil
}
func (w *recordingWriter) Commit() error { return nil }
func (w *recordingWriter) Abort() error  { return nil }

// TestWriteOutput: every row comes out once, in order, with its own
// dedupe cells, through batches of several sizes; an input that grew or
// shrank since the run, or a failing writer, is an error (and no
// goroutine is left waiting: the call returns).
func TestWriteOutput(t *testing.T) {
	t.Parallel()
	in := people + moreRows(3*batchSize+17)
	res := runOn(t, in, "", nil, 0)
	cfg := parseConfig(t, testConfig)
	write := func(data string, w *recordingWriter) error {
		rd, _ := openCSV(t, cfg, data)
		return WriteOutput(context.Background(), rd, w, res, nil)
	}
	var w recordingWriter
	if err := write(in, &w); err != nil {
		t.Fatal(err)
	}
	if len(w.rows) != res.NumRows() {
		t.Fatalf("%d rows written, want %d", len(w.rows), res.NumRows())
	}
	lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")[1:]
	for i, row := range w.rows {
		var want strings.Builder
		for _, v := range res.Values(i) {
			want.WriteString(fmt.Sprint(v))
			want.WriteByte('|')
		}
		if !strings.HasSuffix(row, want.String()) {
			t.Fatalf("row %d ends %q, want its cells %q", i, row, want.String())
		}
		if name := strings.SplitN(lines[i], ",", 2)[0]; name != "" && !strings.Contains(row, strings.Trim(name, `"`)) {
			t.Fatalf("row %d is %q, not input row %q", i, row, lines[i])
		}
	}
	for _, tc := range []struct {
		name, data string
		failAt     int
		want       string
	}{
		{"more rows", in + "Zoe Zed,zz@example.org,,,,\n", 0, "more than"},
		{"fewer rows", strings.Join(append([]string{"name,email,phone,dob,street,city"}, lines[:len(lines)-1]...), "\n") + "\n", 0, "first read"},
		{"writer fails", in, 2, errWriteFailed.Error()},
	} {
		err := write(tc.data, &recordingWriter{failAt: tc.failAt})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
