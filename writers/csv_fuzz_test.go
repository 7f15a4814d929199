package writers

import (
	"bytes"
	"encoding/csv"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// FuzzCSVWriterFields holds the CSV writer's quoting to encoding/csv's
// Writer: for values without source text, the file is the one
// encoding/csv writes of the same header and rows (with EscapeFormula
// applied to the escaped column), whatever the delimiter, line endings,
// and the values.
func FuzzCSVWriterFields(f *testing.F) {
	for _, s := range []string{"", "plain", " lead", "\t", `\.`, "a,b", `say "hi"`, "line\nbreak", "cr\rlf\r\n", "=1+2", "-3", "+49 30", "@x", "\rx", "§", "a§b", " ", "\u00a0nbsp", "\u2028"} {
		f.Add(s, "=HYPERLINK(\"x\")", uint8(0))
	}
	f.Add("x;y", "\ty", uint8(5))
	f.Add("x\ty", "a|b", uint8(6))
	f.Fuzz(func(t *testing.T, a, b string, sel uint8) {
		delims := []rune{',', ';', '\t', '|', '§'}
		delim := delims[int(sel)%len(delims)]
		crlf := sel&8 != 0
		escape := sel&16 != 0
		path := filepath.Join(t.TempDir(), "out.csv")
		sch := strSchema("a", "b", "c")
		w, err := CreateCSV(path, sch, CSVOptions{Delimiter: delim, CRLF: crlf, Escape: []bool{false, escape}})
		if err != nil {
			t.Fatal(err)
		}
		rows := [][]string{{a, b, "x"}, {b, a, ""}, {"", "", a}}
		recs := make([]record.Record, len(rows))
		for i, row := range rows {
			recs[i].Values = []record.Value{row[0], row[1], row[2]}
		}
		got := writeAndRead(t, w, path, recs)
		var want bytes.Buffer
		cw := csv.NewWriter(&want)
		cw.Comma, cw.UseCRLF = delim, crlf
		cw.Write([]string{"a", "b", "c"})
		for _, row := range rows {
			if escape {
				row[1] = EscapeFormula(row[1])
			}
			cw.Write(row)
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("delimiter %q, crlf %v, escape %v:\n got %q\nwant %q", delim, crlf, escape, got, want.Bytes())
		}
	})
}
