package readers

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHostileCSV reads the kinds of broken CSV of the hostile-input table
// (configs/README.md) and checks the rows, their values and source text,
// their problems and the counts.
func TestHostileCSV(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      string
		opts    CSVOptions
		names   []string
		vals    [][]string // every row's values
		raw     map[[2]int]string
		problem map[int]string // row → problem after "in.csv:"
		ends    []string       // every row's line ending, when checked
		stats   Stats
	}{
		{name: "crlf inside quotes", in: "id,name\n2,\"Anna\r\nLena\"\n",
			vals: [][]string{{"2", "Anna\r\nLena"}}, raw: map[[2]int]string{{0, 1}: "\"Anna\r\nLena\""}, ends: []string{"\n"}},
		{name: "mixed line endings", in: "a,b\r\n1,2\n3,4\r\n5,6",
			vals: [][]string{{"1", "2"}, {"3", "4"}, {"5", "6"}}, ends: []string{"\n", "\r\n", ""}},
		{name: "bare quote", in: "id,name\n1,Peter \"Pete\" Meyer\n2,Bob\n",
			vals:    [][]string{{"1", `Peter "Pete" Meyer`}, {"2", "Bob"}},
			problem: map[int]string{0: `2:9: quote inside an unquoted field (kept as written; valid CSV quotes the field and doubles the quote: "")`},
			stats:   Stats{Malformed: map[string]int64{"bare_quote": 1}}},
		{name: "quote never closed, the next lines parse", in: "id,name,email\n1,\"Cy,c@x.de\n2,Dora,d@x.de\n3,\"E\nF\",e@x.de\n",
			vals:    [][]string{{"1", `"Cy`, "c@x.de"}, {"2", "Dora", "d@x.de"}, {"3", "E\nF", "e@x.de"}},
			problem: map[int]string{0: "2:3: quote never closed (the row ends with line 2 and is kept as written)"},
			stats:   Stats{Malformed: map[string]int64{"unterminated_quote": 1}}},
		{name: "quote closed by a later stray quote", in: "id,name\n1,\"Anna\n2,Bob \"B\" Jr\n",
			vals: [][]string{{"1", `"Anna`}, {"2", `Bob "B" Jr`}},
			problem: map[int]string{0: "2:3: quote never closed (the row ends with line 2 and is kept as written)",
				1: `3:7: quote inside an unquoted field (kept as written; valid CSV quotes the field and doubles the quote: "")`},
			stats: Stats{Malformed: map[string]int64{"unterminated_quote": 1, "bare_quote": 1}}},
		{name: "text after quote", in: "id,name\n1,\"Bob\" Jr\n",
			vals:    [][]string{{"1", `"Bob" Jr`}},
			problem: map[int]string{0: "2:7: text after the closing quote of a quoted field (kept as written)"},
			stats:   Stats{Malformed: map[string]int64{"text_after_quote": 1}}},
		{name: "spaces around quotes", in: "id,name,x\n1, \"Anna, A\" ,y\n",
			vals:    [][]string{{"1", "Anna, A", "y"}},
			problem: map[int]string{0: "2:3: spaces around a quoted field (left out of the value)"},
			stats:   Stats{Malformed: map[string]int64{"spaces_around_quotes": 1}}},
		{name: "blank lines, one column", in: "name\nPetra\n\nJohn\n\n",
			vals: [][]string{{"Petra"}, {""}, {"John"}, {""}}, stats: Stats{BlankLinesKept: 2}},
		{name: "blank lines, several columns", in: "\na,b\n1,2\n\r\n3,4\n\n",
			vals: [][]string{{"1", "2"}, {"3", "4"}}, stats: Stats{BlankLinesSkipped: 3}},
		{name: "trailing delimiter", in: "a,b,c,\n1,2,3,\n4,5,6\n",
			names: []string{"a", "b", "c"}, vals: [][]string{{"1", "2", "3"}, {"4", "5", "6"}},
			stats: Stats{TrailingDelimiters: 1, Notes: []string{"the header ends with a delimiter: the empty column after it is ignored"}}},
		{name: "ragged", in: "a,b,c\n1,2\n1,2,3,\"4\"\n",
			vals: [][]string{{"1", "2", ""}, {"1", "2", "3"}},
			problem: map[int]string{0: "2:4: 2 fields, header has 3",
				1: `3:7: 4 fields, header has 3; the extra fields, in no column: "\"4\""`},
			stats: Stats{Malformed: map[string]int64{"field_count": 2}}},
		{name: "ragged, quoted last cell and several extra cells", in: "id,name,email,phone\n2,John Smith,j@x.com,\"555\",EXTRA,MORE\n",
			vals:    [][]string{{"2", "John Smith", "j@x.com", "555"}},
			raw:     map[[2]int]string{{0, 3}: `"555"`},
			problem: map[int]string{0: `2:28: 6 fields, header has 4; the extra fields, in no column: "EXTRA,MORE"`},
			stats:   Stats{Malformed: map[string]int64{"field_count": 1}}},
		{name: "CR-only line endings", in: "a,b\r1,2\r3,\"x\ry\"\r",
			vals: [][]string{{"1", "2"}, {"3", "x\ry"}}, ends: []string{"\r", "\r"},
			stats: Stats{Notes: []string{"line endings are CR only (classic Mac OS); each CR is read as a line break"}}},
		{name: "Excel sep line", in: "sep=;\r\na;b\r\n1,5;2\r\n",
			names: []string{"a", "b"}, vals: [][]string{{"1,5", "2"}},
			stats: Stats{Notes: []string{"the first line sep=; (Excel) names the delimiter; it is not a row and is not written back"}}},
		{name: "single column, commas in values", in: "name\nMeyer, Peter\n\"Smith, J\"\n",
			vals: [][]string{{"Meyer, Peter"}, {"Smith, J"}}, raw: map[[2]int]string{{1, 0}: "\"Smith, J\""}},
		{name: "BOM and quoted header", in: "\xef\xbb\xbf\"id\",\"name\"\n\"1\",\"A\"\n",
			names: []string{"id", "name"}, vals: [][]string{{"1", "A"}}, raw: map[[2]int]string{{0, 0}: `"1"`, {0, 1}: `"A"`}},
		{name: "header only, no line break", in: "id,name", names: []string{"id", "name"}},
		{name: "last line without line break", in: "id,name\n1,A", vals: [][]string{{"1", "A"}}, ends: []string{""}},
		{name: "DOS end-of-file mark", in: "a,b\r\n1,2\r\n\x1a",
			vals: [][]string{{"1", "2"}}, stats: Stats{Notes: []string{"the file ends with a DOS end-of-file mark (Ctrl-Z), which is not a row"}}},
		{name: "leading space keeps its source text", in: "a,b\n x,\\.\n",
			vals: [][]string{{" x", `\.`}}, raw: map[[2]int]string{{0, 0}: " x", {0, 1}: `\.`}},
		{name: "fail mode keeps field-count flags", in: "a,b\n1\n", opts: CSVOptions{OnMalformed: MalformedFail},
			vals: [][]string{{"1", ""}}, problem: map[int]string{0: "2:2: 1 fields, header has 2"},
			stats: Stats{Malformed: map[string]int64{"field_count": 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := filepath.Join(t.TempDir(), "in.csv")
			if err := os.WriteFile(p, []byte(tc.in), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := OpenCSV(context.Background(), p, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if tc.names != nil && !slices.Equal(r.Schema().Names(), tc.names) {
				t.Errorf("names %q, want %q", r.Schema().Names(), tc.names)
			}
			recs, err := readAll(t, r)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != len(tc.vals) {
				t.Fatalf("%d rows, want %d: %+v", len(recs), len(tc.vals), recs)
			}
			for i, rec := range recs {
				for j, want := range tc.vals[i] {
					if rec.Values[j] != want {
						t.Errorf("row %d column %d = %q, want %q", i, j, rec.Values[j], want)
					}
				}
				want := ""
				if pr, ok := tc.problem[i]; ok {
					want = p + ":" + pr
				}
				if rec.Problem != want {
					t.Errorf("row %d problem\n got: %q\nwant: %q", i, rec.Problem, want)
				}
				if tc.ends != nil && rec.End != tc.ends[i] {
					t.Errorf("row %d ends with %q, want %q", i, rec.End, tc.ends[i])
				}
			}
			for rc, want := range tc.raw {
				if got := recs[rc[0]].Raw[rc[1]]; got != want {
					t.Errorf("raw %v = %q, want %q", rc, got, want)
				}
			}
			st := r.(StatsReader).Stats()
			if tc.stats.Malformed == nil {
				tc.stats.Malformed = map[string]int64{}
			}
			if !equalStats(st, tc.stats) {
				t.Errorf("stats %+v, want %+v", st, tc.stats)
			}
		})
	}
}

func equalStats(a, b Stats) bool {
	if len(a.Malformed) != len(b.Malformed) || !slices.Equal(a.Notes, b.Notes) {
		return false
	}
	for k, v := range a.Malformed {
		if b.Malformed[k] != v {
			return false
		}
	}
	a.Malformed, b.Malformed, a.Notes, b.Notes = nil, nil, nil, nil
	return a.Rejected == b.Rejected && a.BlankLinesKept == b.BlankLinesKept &&
		a.BlankLinesSkipped == b.BlankLinesSkipped && a.TrailingDelimiters == b.TrailingDelimiters
}

// TestCSVReject checks onMalformed: reject: malformed rows go to Reject
// with their text and location, the others are read.
func TestCSVReject(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "in.csv")
	in := "id,name\n1,Anna\n2,Peter \"P\" M\n3,\"open\n4,x,y\n5,Bo\n"
	if err := os.WriteFile(p, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []Rejected
	r, err := OpenCSV(context.Background(), p, CSVOptions{OnMalformed: MalformedReject, Reject: func(rj Rejected) error {
		got = append(got, rj)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	recs, err := readAll(t, r)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Values[1] != "Anna" || recs[1].Values[1] != "Bo" || recs[1].Index != 1 || recs[1].Line != 6 {
		t.Fatalf("rows %+v, want Anna and Bo", recs)
	}
	want := []Rejected{
		{Line: 3, Column: 9, Kind: "bare_quote", Text: `2,Peter "P" M`},
		{Line: 4, Column: 3, Kind: "unterminated_quote", Text: `3,"open`},
		{Line: 5, Column: 1, Kind: "field_count", Text: "4,x,y", Error: p + ":5:1: 3 fields, header has 2"},
	}
	if len(got) != len(want) {
		t.Fatalf("rejected %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if g.Line != w.Line || g.Column != w.Column || g.Kind != w.Kind || g.Text != w.Text || !strings.HasPrefix(g.Error, p+":") ||
			(w.Error != "" && g.Error != w.Error) {
			t.Errorf("rejected %d = %+v, want %+v", i, g, w)
		}
	}
	if st := r.(StatsReader).Stats(); st.Rejected != 3 || st.Malformed["field_count"] != 1 {
		t.Errorf("stats %+v", st)
	}
	if _, err := OpenCSV(context.Background(), p, CSVOptions{OnMalformed: MalformedReject}); err == nil {
		t.Error("reject without a Reject func opened")
	}
}

// TestCSVBoundedHeader: a file without line breaks is refused after
// maxHeaderBytes, with a short message, and header errors quote bounded
// values.
func TestCSVBoundedHeader(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	long := filepath.Join(dir, "long.csv")
	if err := os.WriteFile(long, bytes.Repeat([]byte("abcdefgh,"), (maxHeaderBytes+1<<20)/9), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := OpenCSV(context.Background(), long, CSVOptions{})
	if err == nil || !strings.Contains(err.Error(), "longer than 16 MiB") || len(err.Error()) > 300 {
		t.Fatalf("error %v", err)
	}
	dup := filepath.Join(dir, "dup.csv")
	name := strings.Repeat("n", 5000)
	if err := os.WriteFile(dup, []byte(name+","+name+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = OpenCSV(context.Background(), dup, CSVOptions{})
	if err == nil || !strings.Contains(err.Error(), "duplicate column name") || len(err.Error()) > 400 {
		t.Fatalf("error %.500v", err)
	}
}
