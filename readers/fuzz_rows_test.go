package readers

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/namepipe/namepipe/record"
)

// fuzzDelims are the delimiter settings FuzzCSVReader chooses among: 0
// sniffs the delimiter.
var fuzzDelims = []rune{0, ',', ';', '\t', '|'}

// FuzzCSVRows complements FuzzCSVReader with stricter row checks. It
// reads arbitrary bytes as a CSV file, with a sniffed or a fixed
// delimiter, with and without a header row. Whatever the bytes:
// no panic, in each malformed-row mode; every record has exactly the
// schema's width; a rejected row has a location and a kind; indexes count
// from 0 without gaps and lines only grow; a row with invalid UTF-8 or a
// NUL byte is flagged (file:line in the problem); and every error names
// the file, an error that stops reading also the line.
func FuzzCSVRows(f *testing.F) {
	for _, seed := range []string{
		"name,email\nAnna,a@x.de\n",
		"name;email;city\nAnna;a@x.de;Köln\nBob;b@y.com\n",
		"a\tb\n1\t2\t3\n",
		"a|b\n\"x\ny\"|z\n",
		"\xef\xbb\xbfname,email\nA,B\n",
		"\xff\xfen\x00a\x00",
		"name,email\n\"unterminated\n",
		"name,email\nab\"c,d\n",
		"name,name\n1,2\n",
		"a,,c\n",
		"",
		"\n\n\n",
		"name\nJos\xe9\n",
		"name\nA\x00B\n",
		"1,2,3\n4,5,6\n",
		"anna@example.com,Anna\n",
	} {
		for i := range fuzzDelims {
			f.Add([]byte(seed), uint8(i), i%2 == 1)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, delimSel uint8, headerless bool) {
		path := filepath.Join(t.TempDir(), "in.csv")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		opts := CSVOptions{Delimiter: fuzzDelims[int(delimSel)%len(fuzzDelims)]}
		// The higher bits choose the malformed-row mode.
		switch int(delimSel) / len(fuzzDelims) % 3 {
		case 1:
			opts.OnMalformed = MalformedFail
		case 2:
			opts.OnMalformed = MalformedReject
			opts.Reject = func(rj Rejected) error {
				if rj.Line < 1 || rj.Column < 1 || !strings.HasPrefix(rj.Error, path+":") || rj.Kind == "" {
					t.Fatalf("rejected row %+v", rj)
				}
				return nil
			}
		}
		if headerless {
			opts.Columns = []string{"c1", "c2", "c3"}
		}
		r, err := OpenCSV(context.Background(), path, opts)
		if err != nil {
			if !strings.HasPrefix(err.Error(), path+":") {
				t.Fatalf("open error does not name the file: %v", err)
			}
			return
		}
		defer r.Close()
		width := len(r.Schema().Fields)
		if width == 0 {
			t.Fatal("opened with an empty schema")
		}
		if headerless && width != 3 {
			t.Fatalf("schema width %d, want the 3 configured columns", width)
		}
		lineRE := regexp.MustCompile("^" + regexp.QuoteMeta(path) + `:\d+`)
		var next int64
		var lastLine int64
		buf := make([]record.Record, 7)
		for {
			n, err := r.Read(context.Background(), buf)
			for _, rec := range buf[:n] {
				if len(rec.Values) != width {
					t.Fatalf("row %d has %d values, schema has %d", rec.Index, len(rec.Values), width)
				}
				if rec.Index != next {
					t.Fatalf("row index %d, want %d", rec.Index, next)
				}
				next++
				if rec.Line < 1 || rec.Line < lastLine {
					t.Fatalf("row %d on line %d after line %d", rec.Index, rec.Line, lastLine)
				}
				lastLine = rec.Line
				bad := false
				for i, v := range rec.Values {
					s, ok := v.(string)
					if !ok {
						t.Fatalf("row %d column %d is %T, want string", rec.Index, i, v)
					}
					if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
						bad = true
					}
				}
				if bad && rec.Problem == "" {
					t.Fatalf("row %d has invalid UTF-8 or NUL but no problem: %q", rec.Index, rec.Values)
				}
				if rec.Problem != "" && !lineRE.MatchString(rec.Problem) {
					t.Fatalf("problem does not name file:line: %q", rec.Problem)
				}
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				if !lineRE.MatchString(err.Error()) {
					t.Fatalf("read error does not name file:line: %v", err)
				}
				// The error is sticky.
				if n2, err2 := r.Read(context.Background(), buf); n2 != 0 || err2 == nil {
					t.Fatalf("after error %v, Read gave %d, %v", err, n2, err2)
				}
				break
			}
			if n == 0 {
				t.Fatal("Read returned 0 rows without an error")
			}
		}
	})
}
