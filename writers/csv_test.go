package writers

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

func strSchema(names ...string) record.Schema {
	var s record.Schema
	for _, n := range names {
		s.Fields = append(s.Fields, record.Field{Name: n, Type: record.String})
	}
	return s
}

// writeAndRead writes rows with w, commits it and returns what is then
// at path.
func writeAndRead(t testing.TB, w Writer, path string, rows []record.Record) []byte {
	t.Helper()
	if err := w.Write(context.Background(), rows); err != nil {
		t.Fatal(err)
	}
	return commitAndRead(t, w, path)
}

// commitAndRead commits w and returns what is then at path.
func commitAndRead(t testing.TB, w Writer, path string) []byte {
	t.Helper()
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readAllRecords(t *testing.T, r readers.Reader) []record.Record {
	t.Helper()
	var out []record.Record
	for {
		buf := make([]record.Record, 4)
		n, err := r.Read(context.Background(), buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
	}
}

// TestCSVRoundTrip reads CSV inputs and writes them back, checking values
// survive and the output bytes are as expected.
func TestCSVRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  [][]string
		out   string // expected output bytes
		wopts CSVOptions
	}{
		{"quotes and newlines",
			"name,note\n\"Smith, John\",\"he said \"\"hi\"\"\"\nAnna,\"line1\nline2\"\n",
			[][]string{{"Smith, John", `he said "hi"`}, {"Anna", "line1\nline2"}},
			"name,note\n\"Smith, John\",\"he said \"\"hi\"\"\"\nAnna,\"line1\nline2\"\n", CSVOptions{}},
		{"utf8 and bom",
			"\ufeffname,city\nJosé Müller,Zürich\n李小龍,香港\nمحمد,القاهرة\n😀,x\n",
			[][]string{{"José Müller", "Zürich"}, {"李小龍", "香港"}, {"محمد", "القاهرة"}, {"😀", "x"}},
			"\ufeffname,city\nJosé Müller,Zürich\n李小龍,香港\nمحمد,القاهرة\n😀,x\n", CSVOptions{}},
		{"crlf in and out",
			"name,city\r\nAnna,Berlin\r\n\"a\r\nb\",x\r\n",
			[][]string{{"Anna", "Berlin"}, {"a\r\nb", "x"}},
			"name,city\r\nAnna,Berlin\r\n\"a\r\nb\",x\r\n", CSVOptions{CRLF: true}},
		{"crlf inside quotes, lf lines",
			"id,name\n2,\"Anna\r\nLena\"\n",
			[][]string{{"2", "Anna\r\nLena"}},
			"id,name\n2,\"Anna\r\nLena\"\n", CSVOptions{}},
		{"mixed line endings and quoting kept",
			"id,name\r\n1,\"Anna\"\n2, Bob\r\n3,\"\"\n",
			[][]string{{"1", "Anna"}, {"2", " Bob"}, {"3", ""}},
			"id,name\r\n1,\"Anna\"\n2, Bob\r\n3,\"\"\n", CSVOptions{}},
		{"source text with another delimiter",
			"a;b\nx,y;\"q\"\n",
			[][]string{{"x,y", "q"}},
			"a,b\n\"x,y\",\"q\"\n", CSVOptions{}},
		{"formula escaping wins over source text",
			"a,b\n\"=1+1\",=2\n",
			[][]string{{"=1+1", "=2"}},
			"a,b\n'=1+1,'=2\n", CSVOptions{Escape: []bool{true, true}}},
		{"malformed row written as valid CSV",
			"id,name\n1,Peter \"Pete\" Meyer\n",
			[][]string{{"1", `Peter "Pete" Meyer`}},
			"id,name\n1,\"Peter \"\"Pete\"\" Meyer\"\n", CSVOptions{}},
		{"semicolon sniffed, phone kept",
			"name;phone\nAnna;+49 30 1234\nBob;=1+1\n",
			[][]string{{"Anna", "+49 30 1234"}, {"Bob", "=1+1"}},
			"name;phone\nAnna;+49 30 1234\nBob;=1+1\n", CSVOptions{Delimiter: ';'}},
		{"tab", "a\tb\n1\t2\n", [][]string{{"1", "2"}}, "a\tb\n1\t2\n", CSVOptions{Delimiter: '\t'}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in.csv")
			out := filepath.Join(dir, "out.csv")
			if err := os.WriteFile(in, []byte(tc.in), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := readers.OpenCSV(context.Background(), in, readers.CSVOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			recs := readAllRecords(t, r)
			if len(recs) != len(tc.want) {
				t.Fatalf("%d rows, want %d", len(recs), len(tc.want))
			}
			for i, rec := range recs {
				for j, v := range tc.want[i] {
					if rec.Values[j] != v {
						t.Errorf("row %d col %d = %q, want %q", i, j, rec.Values[j], v)
					}
				}
			}
			tc.wopts.Protect = []string{in}
			if l, ok := readers.LayoutOf(r); ok {
				tc.wopts.BOM, tc.wopts.Header, tc.wopts.HeaderEnd = l.BOM, l.Header, l.HeaderEnd
			}
			w, err := CreateCSV(out, r.Schema(), tc.wopts)
			if err != nil {
				t.Fatal(err)
			}
			got := writeAndRead(t, w, out, recs)
			if string(got) != tc.out {
				t.Errorf("output\n got: %q\nwant: %q", got, tc.out)
			}
			st, _ := os.Stat(out)
			if st.Mode().Perm() != 0o644 {
				t.Errorf("mode %v, want 0644", st.Mode().Perm())
			}
			assertNoTemp(t, dir)
		})
	}
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestEscapeFormula(t *testing.T) {
	tests := []struct{ in, want string }{
		{"=SUM(A1:A2)", "'=SUM(A1:A2)"},
		{"+49 30 1234", "'+49 30 1234"},
		{"-1", "'-1"},
		{"@cmd", "'@cmd"},
		{"\tx", "'\tx"},
		{"\rx", "'\rx"},
		{"", ""},
		{"John", "John"},
		{"a=b", "a=b"},
		{"'=x", "'=x"},
	}
	for _, tc := range tests {
		if got := EscapeFormula(tc.in); got != tc.want {
			t.Errorf("EscapeFormula(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCSVEscapeColumns: only marked String columns are escaped; input
// columns (phone numbers) and typed result columns pass through.
func TestCSVEscapeColumns(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.csv")
	schema := record.Schema{Fields: []record.Field{
		{Name: "phone", Type: record.String},
		{Name: "res_name", Type: record.String},
		{Name: "res_score", Type: record.Double},
	}}
	w, err := CreateCSV(out, schema, CSVOptions{Escape: []bool{false, true, true}})
	if err != nil {
		t.Fatal(err)
	}
	recs := []record.Record{{Values: []record.Value{"+4930123", "=HYPERLINK(\"x\")", -0.5}}}
	got := writeAndRead(t, w, out, recs)
	want := "phone,res_name,res_score\n+4930123,\"'=HYPERLINK(\"\"x\"\")\",-0.5\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// failingFile fails every write after limit bytes with err.
type failingFile struct {
	*os.File
	limit int
	err   error
}

func (f *failingFile) Write(p []byte) (int, error) {
	if len(p) > f.limit {
		n, _ := f.File.Write(p[:f.limit])
		f.limit = 0
		return n, f.err
	}
	f.limit -= len(p)
	return f.File.Write(p)
}

func TestWriterFailures(t *testing.T) {
	ctx := context.Background()
	schema := strSchema("a", "b")
	rows := make([]record.Record, 50000)
	for i := range rows {
		rows[i].Values = []record.Value{"some value", "another value"}
	}
	t.Run("disk full", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.csv")
		old := createTemp
		defer func() { createTemp = old }()
		createTemp = func(dir, pattern string) (tempFile, error) {
			f, err := os.CreateTemp(dir, pattern)
			if err != nil {
				return nil, err
			}
			return &failingFile{File: f, limit: 100000, err: &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}}, nil
		}
		w, err := CreateCSV(out, schema, CSVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		err = w.Write(ctx, rows)
		if err == nil {
			err = w.Commit()
		} else {
			w.Abort()
		}
		if !errors.Is(err, syscall.ENOSPC) || !strings.HasPrefix(err.Error(), out+": disk full while writing output: ") {
			t.Fatalf("error = %v, want disk full naming %s", err, out)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("final file exists after a failed write: %v", err)
		}
		assertNoTemp(t, dir)
	})
	t.Run("abort", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.csv")
		w, err := CreateCSV(out, schema, CSVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(ctx, rows[:10]); err != nil {
			t.Fatal(err)
		}
		if err := w.Abort(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("final file exists after Abort")
		}
		assertNoTemp(t, dir)
		if err := w.Commit(); err == nil {
			t.Errorf("Commit after Abort succeeded")
		}
	})
	t.Run("abort keeps previous output", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.csv")
		os.WriteFile(out, []byte("old\n"), 0o644)
		w, err := CreateCSV(out, schema, CSVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(ctx, rows)
		w.Abort()
		if b, _ := os.ReadFile(out); string(b) != "old\n" {
			t.Errorf("previous output changed: %q", b)
		}
	})
	t.Run("missing dir", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "nope", "out.csv")
		_, err := CreateCSV(out, schema, CSVOptions{})
		want := out + ": output directory " + filepath.Dir(out) + " does not exist"
		if err == nil || err.Error() != want {
			t.Fatalf("error = %v, want %q", err, want)
		}
	})
	t.Run("unwritable dir", func(t *testing.T) {
		if os.Geteuid() == 0 || runtime.GOOS == "windows" {
			// root ignores directory permissions; use a read-only place instead.
			_, err := CreateCSV("/proc/out.csv", schema, CSVOptions{})
			if err == nil || !strings.HasPrefix(err.Error(), "/proc/out.csv: ") {
				t.Fatalf("error = %v, want one naming /proc/out.csv", err)
			}
			return
		}
		dir := t.TempDir()
		os.Chmod(dir, 0o555)
		defer os.Chmod(dir, 0o755)
		out := filepath.Join(dir, "out.csv")
		_, err := CreateCSV(out, schema, CSVOptions{})
		if err == nil || !strings.HasPrefix(err.Error(), out+": cannot write to output directory") {
			t.Fatalf("error = %v", err)
		}
	})
	t.Run("refuse to overwrite input", func(t *testing.T) {
		dir := t.TempDir()
		in := filepath.Join(dir, "in.csv")
		os.WriteFile(in, []byte("a,b\n1,2\n"), 0o644)
		link := filepath.Join(dir, "link.csv")
		if err := os.Link(in, link); err != nil {
			t.Fatal(err)
		}
		for _, out := range []string{in, filepath.Join(dir, ".", "in.csv"), link} {
			_, err := CreateCSV(out, schema, CSVOptions{FileOptions: FileOptions{Protect: []string{in}}})
			if err == nil || !strings.Contains(err.Error(), "refusing to overwrite the input") {
				t.Errorf("%s: error = %v", out, err)
			}
		}
		if b, _ := os.ReadFile(in); string(b) != "a,b\n1,2\n" {
			t.Errorf("input changed")
		}
	})
	t.Run("perm 0600", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out.csv")
		w, err := CreateCSV(out, schema, CSVOptions{FileOptions: FileOptions{Perm: 0o600}})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(out)
		if st.Mode().Perm() != 0o600 {
			t.Errorf("mode %v", st.Mode().Perm())
		}
		if err := w.Abort(); err != nil {
			t.Errorf("Abort after Commit: %v", err)
		}
		if _, err := os.Stat(out); err != nil {
			t.Errorf("Abort after Commit removed the output")
		}
	})
}

// TestCSVWritesRowText checks when a row's input cells are written from
// its Text: the Text here differs from the cells on purpose, to show
// which was written.
func TestCSVWritesRowText(t *testing.T) {
	t.Parallel()
	schema := strSchema("a", "b", "result")
	rows := []record.Record{
		{Values: []record.Value{"x", "y", "r"}, Text: "TEXT,TEXT"},
		{Values: []record.Value{"x", "y", "r"}}, // no Text
	}
	for _, tc := range []struct {
		name string
		opts CSVOptions
		want string
	}{
		{"text", CSVOptions{InputDelimiter: ',', InputColumns: 2}, "TEXT,TEXT,r\nx,y,r\n"},
		{"no input delimiter", CSVOptions{InputColumns: 2}, "x,y,r\nx,y,r\n"},
		{"another delimiter", CSVOptions{Delimiter: ';', InputDelimiter: ',', InputColumns: 2}, "x;y;r\nx;y;r\n"},
		{"results escaped", CSVOptions{InputDelimiter: ',', InputColumns: 2, Escape: []bool{false, false, true}}, "TEXT,TEXT,r\nx,y,r\n"},
		{"an input column escaped", CSVOptions{InputDelimiter: ',', InputColumns: 2, Escape: []bool{false, true, true}}, "x,y,r\nx,y,r\n"},
		{"more input columns than the schema", CSVOptions{InputDelimiter: ',', InputColumns: 4}, "x,y,r\nx,y,r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "out.csv")
			o := tc.opts
			o.NoHeader = true
			w, err := CreateCSV(path, schema, o)
			if err != nil {
				t.Fatal(err)
			}
			got := writeAndRead(t, w, path, rows)
			if string(got) != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
