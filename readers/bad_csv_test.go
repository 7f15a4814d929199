package readers

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// readAll reads every record of r in batches of 3.
func readAll(t *testing.T, r Reader) ([]record.Record, error) {
	t.Helper()
	var out []record.Record
	buf := make([]record.Record, 3)
	for {
		n, err := r.Read(context.Background(), buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		buf = make([]record.Record, 3)
	}
}

// TestBadCSVCorpus runs every file of testdata/bad/*.csv and checks the
// exact error, or the rows and problems, it must give.
func TestBadCSVCorpus(t *testing.T) {
	t.Parallel()
	bad := func(f string) string { return filepath.Join("testdata", "bad", f) }
	tests := []struct {
		file    string
		opts    CSVOptions
		openErr string   // error OpenCSV must give ("" = opens)
		readErr string   // error Read must give after the rows
		names   []string // expected schema
		rows    int      // rows read before EOF or readErr
		lines   []int64  // Record.Line of each row, when checked
		problem map[int]string
		value   map[[2]int]string // (row, col) → exact value
	}{
		{file: "wrong_delimiter.csv", opts: CSVOptions{Delimiter: ','},
			openErr: bad("wrong_delimiter.csv") + `:1: header has a single column with delimiter ',', but the file looks ';'-delimited (3 columns): check the delimiter setting`},
		{file: "wrong_delimiter.csv", names: []string{"name", "email", "city"}, rows: 2},
		{file: "missing_header.csv",
			openErr: bad("missing_header.csv") + `:1: header column 2 "anna@example.com" looks like data, not a column name: if the file has no header row, name the columns in the config`},
		{file: "missing_header.csv", opts: CSVOptions{Columns: []string{"name", "email", "city"}},
			names: []string{"name", "email", "city"}, rows: 2, lines: []int64{1, 2},
			value: map[[2]int]string{{0, 0}: "Anna Schmidt"}},
		{file: "duplicate_header.csv",
			openErr: bad("duplicate_header.csv") + `:1: duplicate column name "name" (columns 1 and 3)`},
		{file: "empty_column_name.csv",
			openErr: bad("empty_column_name.csv") + `:1: column 2 has an empty name`},
		{file: "ragged.csv", names: []string{"name", "email", "city", "phone"}, rows: 4, lines: []int64{2, 3, 4, 5},
			problem: map[int]string{
				1: bad("ragged.csv") + `:3:18: 2 fields, header has 4`,
				2: bad("ragged.csv") + `:4:31: 5 fields, header has 4; the extra fields, in no column: "extra"`,
			},
			value: map[[2]int]string{{1, 2}: "", {2, 3}: "+39 06", {0, 3}: "+4930123"}},
		{file: "unterminated_quote.csv", opts: CSVOptions{OnMalformed: MalformedFail}, rows: 1,
			readErr: bad("unterminated_quote.csv") + `:3: unterminated quoted field (the quote opened on line 3 is never closed before the end of the file): extraneous or missing " in quoted-field`},
		{file: "unterminated_quote.csv", rows: 3,
			problem: map[int]string{1: bad("unterminated_quote.csv") + `:3:5: quote never closed (the row ends with line 3 and is kept as written)`},
			value:   map[[2]int]string{{1, 1}: `"never closed`, {2, 0}: "Carl", {2, 1}: "x"}},
		{file: "bare_quote.csv", opts: CSVOptions{OnMalformed: MalformedFail}, rows: 0,
			readErr: bad("bare_quote.csv") + `:2:8: a quote inside an unquoted field (quote the field and double the quote: ""): bare " in non-quoted-field`},
		{file: "bare_quote.csv", rows: 1,
			problem: map[int]string{0: bad("bare_quote.csv") + `:2:8: quote inside an unquoted field (kept as written; valid CSV quotes the field and doubles the quote: "")`},
			value:   map[[2]int]string{{0, 1}: `ab"cd`}},
		{file: "invalid_utf8.csv", names: []string{"name", "city"}, rows: 3,
			problem: map[int]string{1: bad("invalid_utf8.csv") + `:3: invalid UTF-8 in column "name"; ` + bad("invalid_utf8.csv") + `:3: invalid UTF-8 in column "city"`},
			value:   map[[2]int]string{{1, 0}: "Jos\xe9", {1, 1}: "M\xfcnchen"}},
		{file: "nul_in_row.csv", rows: 2,
			problem: map[int]string{0: bad("nul_in_row.csv") + `:2: NUL byte in column "city"`},
			value:   map[[2]int]string{{0, 1}: "Ber\x00lin"}},
		{file: "nul_in_header.csv",
			openErr: bad("nul_in_header.csv") + `:1: header contains NUL bytes: the file is probably UTF-16 without a BOM, or binary; convert it to UTF-8`},
		{file: "empty.csv",
			openErr: bad("empty.csv") + `: empty file: no header row (name the columns in the config if the file has no header)`},
		{file: "blank_lines_only.csv",
			openErr: bad("blank_lines_only.csv") + `: empty file: no header row (name the columns in the config if the file has no header)`},
		{file: "empty.csv", opts: CSVOptions{Columns: []string{"a"}}, names: []string{"a"}, rows: 0},
		{file: "bom_utf8.csv", names: []string{"name", "city"}, rows: 1, lines: []int64{2}},
		{file: "bom_double.csv", names: []string{"name", "city"}, rows: 1},
		{file: "bom_utf16le.csv",
			openErr: bad("bom_utf16le.csv") + `: the file is UTF-16 encoded (byte-order mark); convert it to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)`},
		{file: "bom_utf16be.csv",
			openErr: bad("bom_utf16be.csv") + `: the file is UTF-16 encoded (byte-order mark); convert it to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)`},
		{file: "no_such_file.csv",
			openErr: bad("no_such_file.csv") + `: input file not found: open ` + bad("no_such_file.csv") + `: no such file or directory`},
	}
	for _, tc := range tests {
		t.Run(tc.file+"/"+strconv.QuoteRune(tc.opts.Delimiter)+tc.opts.OnMalformed, func(t *testing.T) {
			r, err := OpenCSV(context.Background(), bad(tc.file), tc.opts)
			if tc.openErr != "" {
				if err == nil {
					r.Close()
					t.Fatalf("OpenCSV: no error, want %q", tc.openErr)
				}
				if err.Error() != tc.openErr {
					t.Fatalf("OpenCSV error\n got: %s\nwant: %s", err, tc.openErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("OpenCSV: %v", err)
			}
			defer r.Close()
			if tc.names != nil && !slices.Equal(r.Schema().Names(), tc.names) {
				t.Errorf("names = %q, want %q", r.Schema().Names(), tc.names)
			}
			recs, err := readAll(t, r)
			switch {
			case tc.readErr == "" && err != nil:
				t.Fatalf("Read: %v", err)
			case tc.readErr != "" && err == nil:
				t.Fatalf("Read: no error, want %q", tc.readErr)
			case tc.readErr != "" && err.Error() != tc.readErr:
				t.Fatalf("Read error\n got: %s\nwant: %s", err, tc.readErr)
			}
			if len(recs) != tc.rows {
				t.Fatalf("got %d rows, want %d", len(recs), tc.rows)
			}
			for i, rec := range recs {
				if rec.Index != int64(i) {
					t.Errorf("row %d: Index = %d", i, rec.Index)
				}
				if len(rec.Values) != len(r.Schema().Fields) {
					t.Errorf("row %d: %d values, schema has %d", i, len(rec.Values), len(r.Schema().Fields))
				}
				if tc.lines != nil && rec.Line != tc.lines[i] {
					t.Errorf("row %d: Line = %d, want %d", i, rec.Line, tc.lines[i])
				}
				if rec.Problem != tc.problem[i] {
					t.Errorf("row %d: Problem\n got: %q\nwant: %q", i, rec.Problem, tc.problem[i])
				}
			}
			for rc, want := range tc.value {
				if got := recs[rc[0]].Values[rc[1]]; got != want {
					t.Errorf("value %v = %q, want %q", rc, got, want)
				}
			}
		})
	}
}

// TestCSVHugeInputs covers a 10 MB field and 100,000 columns, generated
// rather than committed.
func TestCSVHugeInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	big := strings.Repeat("x", 10<<20)
	var wide bytes.Buffer
	for i := range 100000 {
		if i > 0 {
			wide.WriteByte(',')
		}
		wide.WriteString("c" + strconv.Itoa(i))
	}
	wide.WriteByte('\n')
	for i := range 100000 {
		if i > 0 {
			wide.WriteByte(',')
		}
		wide.WriteString(strconv.Itoa(i))
	}
	wide.WriteByte('\n')
	tests := []struct {
		name    string
		content string
		width   int
		check   func(t *testing.T, rec record.Record)
	}{
		{"field10mb.csv", "id,blob\n1,\"" + big + "\"\n2,small\n", 2, func(t *testing.T, rec record.Record) {
			if rec.Values[1] != big {
				t.Errorf("10 MB field not read back intact (len %d)", len(rec.Values[1].(string)))
			}
		}},
		{"wide.csv", wide.String(), 100000, func(t *testing.T, rec record.Record) {
			if rec.Values[99999] != "99999" {
				t.Errorf("last column = %q", rec.Values[99999])
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name)
			if err := os.WriteFile(p, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := OpenCSV(context.Background(), p, CSVOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if got := len(r.Schema().Fields); got != tc.width {
				t.Fatalf("width %d, want %d", got, tc.width)
			}
			recs, err := readAll(t, r)
			if err != nil {
				t.Fatal(err)
			}
			if recs[0].Problem != "" {
				t.Errorf("problem: %s", recs[0].Problem)
			}
			tc.check(t, recs[0])
			if done, total := r.Progress(); done != total || total != int64(len(tc.content)) {
				t.Errorf("progress %d/%d, want %d", done, total, len(tc.content))
			}
		})
	}
}

func TestCSVContextCancelled(t *testing.T) {
	t.Parallel()
	r, err := OpenCSV(context.Background(), filepath.Join("testdata", "bad", "ragged.csv"), CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Read(ctx, make([]record.Record, 2)); !errors.Is(err, context.Canceled) {
		t.Fatalf("Read with cancelled context: %v", err)
	}
}
