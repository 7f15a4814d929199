package readers

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestJSONLLongLine: a line over MaxLineBytes is cut, kept as a row with
// no values and flagged, and counted; the lines around it read whole.
func TestJSONLLongLine(t *testing.T) {
	p := filepath.Join(t.TempDir(), "in.jsonl")
	long := `{"name":"` + strings.Repeat("x", 5000) + `","n":1}`
	os.WriteFile(p, []byte("{\"name\":\"a\",\"n\":1}\n"+long+"\n{\"name\":\"b\",\"n\":2}\n"), 0o644)
	r, err := OpenJSONL(context.Background(), p, JSONLOptions{MaxLineBytes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	recs, err := readAll(t, r)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0].Values[0] != "a" || recs[2].Values[0] != "b" || recs[1].Values[0] != nil {
		t.Fatalf("rows %+v", recs)
	}
	want := p + ":2: the line is " + strconv.Itoa(len(long)+1) + " bytes, over the limit of 1000 bytes per line: cut, its values are not read"
	if recs[1].Problem != want {
		t.Errorf("problem\n got: %s\nwant: %s", recs[1].Problem, want)
	}
	if st := r.(StatsReader).Stats(); st.ValuesCut != 1 || st.ChangeCheck != CheckUnchanged {
		t.Errorf("stats %+v", st)
	}
	if _, err := OpenJSONL(context.Background(), p, JSONLOptions{MaxLineBytes: 10}); err == nil || !strings.Contains(err.Error(), "the first object, which gives the columns, is 19 bytes, over the limit of 10 bytes") {
		t.Errorf("first line over the limit: %v", err)
	}
}

// TestJSONLLineMemory bounds what reading one hostile line allocates: a
// value under the limit costs about three times its size in all (its
// pieces, the joined line and the value; at most two of them alive at
// once), one over it no more than the limit, whatever its size.
func TestJSONLLineMemory(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name     string
		value    int // bytes of the one string value
		limit    int
		maxAlloc int
	}{
		{"under the limit", 8 << 20, 0, 27 << 20},
		{"over the limit", 48 << 20, 4 << 20, 12 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, "in.jsonl")
			f, _ := os.Create(p)
			f.WriteString("{\"id\":1,\"note\":\"a\"}\n{\"id\":2,\"note\":\"")
			chunk := strings.Repeat("y", 1<<20)
			for range tc.value >> 20 {
				f.WriteString(chunk)
			}
			f.WriteString("\"}\n")
			f.Close()
			r, err := OpenJSONL(context.Background(), p, JSONLOptions{MaxLineBytes: tc.limit})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			buf := make([]record.Record, 1)
			r.Read(context.Background(), buf)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			if _, err := r.Read(context.Background(), buf); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > uint64(tc.maxAlloc) {
				t.Errorf("reading a line with a %d-byte value allocated %d bytes, want at most %d", tc.value, got, tc.maxAlloc)
			} else {
				t.Logf("reading a line with a %d-byte value allocated %d bytes", tc.value, got)
			}
			if tc.limit == 0 && len(buf[0].Values[1].(string)) != tc.value {
				t.Errorf("value of %d bytes read", len(buf[0].Values[1].(string)))
			}
		})
	}
}
