package cache

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// rowsSchema is the input of the tests' plans.
var rowsSchema = record.Schema{Fields: []record.Field{{Name: "name"}, {Name: "email"}, {Name: "dob"}}}

// rowsPlan returns a plan of the columns name, email and dob (birth date)
// running ops.
func rowsPlan(t testing.TB, ops string) *mapping.Plan {
	t.Helper()
	cfg, err := mapping.Parse([]byte(`input: {path: in.csv}
output: {path: out.csv}
person:
  fullName: name
  email: email
  birthDate: {column: dob, layout: "2006-01-02"}
operations: [`+ops+`]
`), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := mapping.NewPlan(cfg, rowsSchema)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fakeCalls answers the operations from the request alone, counting the
// calls per operation and key. A name starting with "ERR" gets an error
// from genderize that would come again, one starting with "TRANSIENT" one
// that would not (rowsReusable).
type fakeCalls struct {
	p     *mapping.Plan
	mu    sync.Mutex
	calls map[string]int
	quiet bool         // count no calls (benchmarks)
	clock atomic.Int64 // moves a millisecond a call: a hit always pays
}

func (f *fakeCalls) call(req *mapping.Request, j int) mapping.Outcome {
	op := f.p.Ops()[j]
	name := ""
	if req.Person != nil && req.Person.PersonName != nil {
		name = req.Person.PersonName.NameFields[0].String
	}
	if !f.quiet {
		f.mu.Lock()
		if f.calls == nil {
			f.calls = map[string]int{}
		}
		f.calls[string(op)+"|"+name+"|"+req.Emails.Of(op)]++
		f.mu.Unlock()
	}
	f.clock.Add(int64(time.Millisecond))
	switch op {
	case mapping.OpParse:
		return mapping.Outcome{Value: mapping.Parser.Result(&nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{{
			ParsedPerson: &nameapi.ParsedPerson{PersonType: "NATURAL", OutputPersonName: &nameapi.OutputPersonName{
				Terms: []nameapi.Term{{String: strings.ToUpper(name), TermType: nameapi.TermGivenname}}}},
			Confidence: 0.5}}})}
	case mapping.OpGenderize:
		switch {
		case strings.HasPrefix(name, "ERR"):
			return mapping.Outcome{Err: errors.New("no gender for " + name)}
		case strings.HasPrefix(name, "TRANSIENT"):
			return mapping.Outcome{Err: errors.New("transient trouble")}
		}
		g := "MALE"
		if len(name)%2 == 1 {
			g = "FEMALE"
		}
		return mapping.Outcome{Value: mapping.Genderizer.Result(&nameapi.GenderizerResult{Gender: g, Confidence: float64(len(name)) / 100})}
	case mapping.OpDisposable:
		d := "NO"
		if strings.Contains(req.Emails.Of(op), "trash") {
			d = "YES"
		}
		return mapping.Outcome{Value: mapping.DisposableDetector.Result(&nameapi.DisposableEmailAddressDetectorResult{Disposable: d})}
	case mapping.OpRisk:
		return mapping.Outcome{Value: mapping.RiskDetector.Result(&nameapi.RiskDetectorResult{Score: -1})}
	}
	return mapping.Outcome{Err: fmt.Errorf("no fake for %s", op)}
}

func (f *fakeCalls) now() time.Time { return time.Unix(0, f.clock.Load()) }

func rowsReusable(o mapping.Outcome) bool {
	return o.Err == nil || !strings.Contains(o.Err.Error(), "transient")
}

// rowsInput returns n rows whose names repeat (7 of them, one failing
// genderize for good and one for now, one empty), whose emails never
// repeat (some empty), with a bad birth date or a reader's problem now
// and then, some of them ragged.
func rowsInput(n int) []record.Record {
	names := []string{"Ann Lee", "Bo Chen", "ERR Cho", "TRANSIENT Tan", "", "  Ann   Lee ", `O"Brien, Pat`}
	recs := make([]record.Record, n)
	for i := range recs {
		email := fmt.Sprintf("user%d@example.com", i)
		switch i % 11 {
		case 0:
			email = ""
		case 5:
			email = fmt.Sprintf("x%d@trashmail.com", i)
		}
		dob := "1980-02-03"
		if i%13 == 0 {
			dob = "1980-02-30"
		}
		recs[i] = record.Record{Index: int64(i), Line: int64(i + 2), Values: []record.Value{names[i%len(names)], email, dob}}
		if i%17 == 0 {
			recs[i].Problem = fmt.Sprintf("in.csv:%d: a problem", i+2)
		}
		if i%19 == 0 {
			recs[i].Values = recs[i].Values[:2]
		}
	}
	return recs
}

// TestRowsSameAsBuildAndCall checks that the rows answered through Rows,
// with a memo or without, have the cells, errors and kept outcomes of
// building each row and calling every operation that applies
// (mapping.Plan.ApplyInto of those outcomes); that a repeated name is
// computed once (one worker), an error that would come again too, one
// that would not each time; that the group whose cells never repeat (the
// emails) stops being memoised; and that the hits are counted.
func TestRowsSameAsBuildAndCall(t *testing.T) {
	t.Parallel()
	p := rowsPlan(t, "parse, genderize, disposable")
	ops := p.Ops()
	n := 3 * ProbeLookups
	recs := rowsInput(n)
	// What building and calling gives.
	oracle := &fakeCalls{p: p}
	want := make([][]record.Value, n)
	wantOut := make([][]mapping.Outcome, n)
	wantErr := make([]string, n)
	wantBad := make([]bool, n)
	for i := range recs {
		rec := &recs[i]
		var rowErr error
		if rec.Problem != "" {
			rowErr = errors.New(rec.Problem)
		}
		req, err := p.Build(rec)
		rowErr, wantBad[i] = errors.Join(rowErr, err), err != nil
		wantOut[i] = make([]mapping.Outcome, len(ops))
		for j, op := range ops {
			if req != nil && req.Applies(op) {
				wantOut[i][j] = oracle.call(req, j)
			}
		}
		want[i] = make([]record.Value, p.ResultColumns())
		p.ApplyInto(want[i], wantOut[i], rowErr)
		wantErr[i] = fmt.Sprint(rowErr)
	}
	for _, tc := range []struct {
		name string
		size int
	}{{"memo", 1000}, {"none", -1}} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeCalls{p: p}
			keep := []bool{true, true, true}
			w := NewRows(p, RowsOptions{Size: tc.size, Workers: 1, Width: len(rowsSchema.Fields), Keep: keep, Reusable: rowsReusable, Now: f.now}).Worker()
			hits := 0
			for i := range recs {
				outcomes := make([]mapping.Outcome, len(ops))
				dst := make([]record.Value, p.ResultColumns())
				for k := range dst {
					dst[k] = "stale"
				}
				h, bad, rowErr := w.Row(&recs[i], f.call, outcomes, dst)
				hits += h
				if !reflect.DeepEqual(dst, want[i]) {
					t.Fatalf("row %d %v: cells\n%q\nwant\n%q", i, recs[i].Values, dst, want[i])
				}
				if fmt.Sprint(rowErr) != wantErr[i] || bad != wantBad[i] {
					t.Fatalf("row %d: error %v (bad %v), want %s", i, rowErr, bad, wantErr[i])
				}
				for j := range outcomes {
					if fmt.Sprint(outcomes[j].Err) != fmt.Sprint(wantOut[i][j].Err) || !reflect.DeepEqual(outcomes[j].Value, wantOut[i][j].Value) {
						t.Fatalf("row %d: %s outcome %+v, want %+v", i, ops[j], outcomes[j], wantOut[i][j])
					}
				}
			}
			calls := map[mapping.Op]int{}
			for k, c := range f.calls {
				op, key, _ := strings.Cut(k, "|")
				calls[mapping.Op(op)] += c
				if tc.size > 0 && op != "disposable" && !strings.HasPrefix(key, "TRANSIENT") && c != 1 {
					t.Errorf("%s computed %d times", k, c)
				}
			}
			total := 0
			for _, c := range oracle.calls {
				total += c
			}
			if got := calls["parse"] + calls["genderize"] + calls["disposable"] + hits; got != total {
				t.Errorf("%d calls and %d hits, want %d answers", got-hits, hits, total)
			}
			if tc.size > 0 && calls["disposable"] != oracle.callsOf("disposable") {
				t.Errorf("disposable computed %d times, want every time (%d)", calls["disposable"], oracle.callsOf("disposable"))
			}
			if tc.size < 0 && hits != 0 || tc.size > 0 && hits < n {
				t.Errorf("%d hits", hits)
			}
		})
	}
}

func (f *fakeCalls) callsOf(op string) (n int) {
	for k, c := range f.calls {
		if strings.HasPrefix(k, op+"|") {
			n += c
		}
	}
	return n
}

// TestAppendCells checks that the encoding of cells is equal exactly when
// the cells are.
func TestAppendCells(t *testing.T) {
	t.Parallel()
	rows := [][]record.Value{
		{"ab", "c"}, {"a", "bc"}, {"abc", ""}, {"abc", nil}, {"abc"}, {"", "abc"}, {nil, "abc"},
		{int64(1), "x"}, {int32(1), "x"}, {"1", "x"}, {1.5, "x"}, {true, "x"},
	}
	seen := map[string]int{}
	for i, r := range rows {
		k := string(appendCells(nil, r, []int{0, 1}))
		if j, dup := seen[k]; dup {
			t.Errorf("rows %v and %v encode alike", rows[j], r)
		}
		seen[k] = i
		if again := string(appendCells(nil, slices.Clone(r), []int{0, 1})); again != k {
			t.Errorf("row %v encodes two ways", r)
		}
	}
	if string(appendCells(nil, []record.Value{"a", "b"}, []int{0})) != string(appendCells(nil, []record.Value{"a", "z"}, []int{0})) {
		t.Error("a column not read changed the encoding")
	}
}

// TestRowsGroups checks that operations reading the same cells share one
// memo of the given size, and that a group's result cells are one run in
// the output (col) only when its operations' cells follow one another.
func TestRowsGroups(t *testing.T) {
	t.Parallel()
	p := rowsPlan(t, "parse, disposable, genderize")
	m := NewRows(p, RowsOptions{Size: 32, Workers: 1, Width: 3})
	var got [][]int
	var cols []int
	for _, g := range m.groups {
		got = append(got, g.ops)
		cols = append(cols, g.col)
		if g.memo == nil || g.memo.Cap() != 32 {
			t.Errorf("group %v: memo %v, want one of 32 entries", g.ops, g.memo)
		}
	}
	if want := [][]int{{0, 2}, {1}}; !reflect.DeepEqual(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
	// parse's cells and genderize's are apart (disposable's between);
	// disposable's follow parse's after the 3 input columns.
	if want := []int{-1, 3 + len(p.ResultColumnsOf(mapping.OpParse))}; !reflect.DeepEqual(cols, want) {
		t.Errorf("groups' first output columns %v, want %v", cols, want)
	}
}

// TestRowsLetGo checks that a group's memo goes once every worker's
// probe has switched it off, and stays while one still uses it.
func TestRowsLetGo(t *testing.T) {
	t.Parallel()
	m := NewRows(rowsPlan(t, "parse, disposable"), RowsOptions{Size: 64, Workers: 2, Width: 3})
	names, emails := m.groups[0], m.groups[1]
	probeAll := func(w *RowWorker, g int, hit bool) {
		for range ProbeLookups {
			w.groups[g].count(hit, time.Microsecond, time.Millisecond)
		}
	}
	w1, w2 := m.Worker(), m.Worker()
	probeAll(w1, 1, false) // w1: the emails never repeat
	if emails.memo == nil {
		t.Fatal("the memo of emails went while the second worker still probes it")
	}
	probeAll(w2, 1, false)
	if emails.memo != nil {
		t.Error("the memo of emails stayed after both workers switched it off")
	}
	probeAll(w1, 0, true) // the names repeat: the memo pays
	probeAll(w2, 0, false)
	if names.memo == nil || w1.groups[0].probe.Off || !w2.groups[0].probe.Off {
		t.Errorf("names: memo %p, probes off %v and %v; want the memo kept for the first worker",
			names.memo, w1.groups[0].probe.Off, w2.groups[0].probe.Off)
	}
}

// TestRowsEncodesAhead checks that rows the memo answers carry their
// group's result cells as the CSV writer encoded them (Cells), and that
// the file is byte for byte the one written cell by cell: with names that
// repeat, need quoting or formula escaping, fail to build, fail, or are
// empty (parse and genderize do not apply), and ragged rows.
func TestRowsEncodesAhead(t *testing.T) {
	t.Parallel()
	p := rowsPlan(t, "parse, genderize, disposable")
	recs := rowsInput(3000)
	for i := range recs {
		if i%3 == 0 {
			recs[i].Values[0] = []string{"=cmd", "Smith, John", "Łódź"}[i%9/3]
		}
	}
	run := func(t *testing.T, encode bool) (string, int) {
		path := filepath.Join(t.TempDir(), "out.csv")
		schema := p.OutputSchema()
		escape := make([]bool, len(schema.Fields))
		for j := 3; j < len(escape); j++ {
			escape[j] = true
		}
		cw, err := writers.CreateCSV(path, schema, writers.CSVOptions{Escape: escape})
		if err != nil {
			t.Fatal(err)
		}
		made := map[record.Value]bool{}
		var cells Cells
		if encode {
			enc := CellsOf(cw)
			cells = func(first int, vals []record.Value) (record.Value, bool) {
				v, ok := enc(first, vals)
				if ok {
					made[v] = true
				}
				return v, ok
			}
		}
		f := &fakeCalls{p: p}
		w := NewRows(p, RowsOptions{Size: 1000, Workers: 1, Width: 3, Cells: cells, Reusable: rowsReusable, Now: f.now}).Worker()
		carried := 0
		for i := range recs {
			rec := recs[i]
			dst := make([]record.Value, p.ResultColumns())
			w.Row(&rec, f.call, make([]mapping.Outcome, len(p.Ops())), dst)
			if slices.ContainsFunc(dst, func(v record.Value) bool { _, ok := made[v]; return ok }) {
				carried++
			}
			rec.Values = append(slices.Clone(rec.Values), dst...)
			if err := cw.Write(context.Background(), []record.Record{rec}); err != nil {
				t.Fatal(err)
			}
		}
		if err := cw.Commit(); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), carried
	}
	plain, _ := run(t, false)
	encoded, carried := run(t, true)
	if encoded != plain {
		t.Errorf("output with cells encoded ahead differs:\n%.800s\ncell by cell:\n%.800s", encoded, plain)
	}
	// The names' group of most rows comes from the memo.
	if carried < 2000 {
		t.Errorf("%d of 3000 rows had cells encoded ahead, want most", carried)
	}
}
