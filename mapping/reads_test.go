package mapping

import (
	"encoding/csv"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestReads checks Reads' promise on the sample data: a row made of one
// row's cells in the columns op reads and another row's cells elsewhere
// gets op's request exactly when the first row does, with the same key.
func TestReads(t *testing.T) {
	t.Parallel()
	header, data, in := sampleData(t)
	// Every operation, a full mapping, context columns, and the second
	// name columns too (they are empty in most rows).
	p := mustPlan(t, sampleConfig(""), in)
	rec := func(cells []string) *record.Record { return cellsRecord(1, 2, cells) }
	checked := 0
	for _, op := range AllOps {
		reads := p.Reads(op)
		if len(reads) == 0 || len(reads) == len(header) && op != OpRisk {
			t.Errorf("%s reads columns %v of %d", op, reads, len(header))
		}
		for i := range data {
			a, aErr := p.Build(rec(data[i]))
			for j := i + 1; j < len(data); j += 7 {
				mixed := slices.Clone(data[j])
				for _, c := range reads {
					mixed[c] = data[i][c]
				}
				b, bErr := p.Build(rec(mixed))
				if a == nil || b == nil || aErr != nil || bErr != nil {
					continue // Build runs for every row anyway; Reads promises nothing here
				}
				if a.Applies(op) != b.Applies(op) {
					t.Fatalf("%s: rows %d and %d mixed: applies %v, want %v", op, i, j, b.Applies(op), a.Applies(op))
				}
				if a.Applies(op) && a.Key(op) != b.Key(op) {
					t.Fatalf("%s: row %d's cells in columns %v with row %d's elsewhere: another request", op, i, reads, j)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d mixed rows checked", checked)
	}
}

// TestBuilder checks that a Builder gives Plan.Build's requests and errors
// row after row, although it re-uses their memory, and that its name
// payloads are Plan.Build's.
func TestBuilder(t *testing.T) {
	t.Parallel()
	in := record.Schema{}
	for _, h := range []string{"name", "company", "email", "phone", "birth", "street", "zip", "city", "country", "gender"} {
		in.Fields = append(in.Fields, record.Field{Name: h, Type: record.String})
	}
	p := mustPlan(t, head+`
person:
  type: {column: company, legal: ["*"]}
  fullName: name
  email: email
  phone: phone
  birthDate: {column: birth, layout: "2006-01-02"}
  address: {street: street, postalCode: zip, locality: city, country: country}
  gender: gender
context:
  placeColumn: country
operations: [parse, genderize, risk, disposable, format]
`, in)
	rows := [][]record.Value{
		{"Anna Schmidt", "", "anna@example.de", "+49 30 1234567", "1980-02-03", "Hauptstr. 1", "10115", "Berlin", "DE", "f"},
		{"", "", "", "", "", "", "", "", "", ""},
		{"Acme GmbH", "Acme GmbH", "info@acme.example", "", "1980-02-30", "", "", "", "", ""},
		{"Bob Miller", "", "", "+1 555 0100", "", "1 Main St", "", "Springfield", "US", "m"},
		{"Anna Schmidt", "", "", "", "not a date", "", "", "", "", ""},
		{"María José García", "", "mj@example.es", "", "", "", "28013", "Madrid", "ES", ""},
	}
	b := p.NewBuilder()
	for round := range 2 {
		for i, vals := range rows {
			rec := &record.Record{Index: int64(i), Line: int64(i + 2), Values: vals}
			want, wantErr := p.Build(rec)
			got, gotErr := b.Build(rec)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || (got == nil) != (want == nil) {
				t.Fatalf("round %d row %d: error %v, want %v", round, i, gotErr, wantErr)
			}
			if want == nil {
				continue
			}
			if !reflect.DeepEqual(got.Person, want.Person) || !reflect.DeepEqual(got.Context, want.Context) || !reflect.DeepEqual(got.Emails, want.Emails) {
				t.Fatalf("round %d row %d: request\n%+v\nwant\n%+v", round, i, got.Person, want.Person)
			}
			for _, op := range p.Ops() {
				if got.Applies(op) != want.Applies(op) || got.Applies(op) && got.Key(op) != want.Key(op) {
					t.Fatalf("round %d row %d: %s differs", round, i, op)
				}
			}
			for _, withGender := range []bool{true, false} {
				if g, w := got.namePerson(withGender), want.namePerson(withGender); !reflect.DeepEqual(g, w) {
					t.Fatalf("round %d row %d: name person %+v, want %+v", round, i, g, w)
				}
			}
		}
	}
}

// TestBuilderCheck checks Check's promise: its error is Build's, to the
// letter, on the sample and on rows with unusable values in every kind of
// column (a legal row's gender is not read, so not checked), under both
// run.invalidValues, whatever the builder checked before.
func TestBuilderCheck(t *testing.T) {
	t.Parallel()
	header, data, in := sampleData(t)
	at := func(name string) int { return slices.Index(header, name) }
	// Each row, and the column its error must name ("" for none).
	var rows [][]string
	var wantCol, changed []string
	rows = append(rows, data...)
	wantCol = append(wantCol, make([]string, len(data))...)
	changed = append(changed, make([]string, len(data))...)
	for _, bad := range []string{"1980-02-30", "30.02.1980", "0999-01-01", "yesterday", "1980-13-01", "1980-1-1"} {
		r := slices.Clone(data[0])
		r[at("birth_date")] = bad
		rows = append(rows, r)
		wantCol = append(wantCol, "birth_date")
		changed = append(changed, "birth_date")
	}
	mapped := []string{"company", "full_name", "email", "phone", "birth_date", "street", "postal_code", "city", "country", "gender"}
	for _, c := range header {
		for _, row := range data[:20] {
			r := slices.Clone(row)
			r[at(c)] = strings.Repeat("x", 41)
			rows = append(rows, r)
			want := ""
			// A legal row's gender is not read.
			if slices.Contains(mapped, c) && (c != "gender" || strings.TrimSpace(r[at("company")]) == "") {
				want = c
			}
			wantCol = append(wantCol, want)
			changed = append(changed, c)
		}
	}
	for _, mode := range []string{"omit", "skip"} {
		p := mustPlan(t, head+`
run: {maxValueBytes: 40, invalidValues: `+mode+`}
person:
  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: {column: birth_date, layouts: ["2006-01-02", "02.01.2006"]}
  address: {street: street, postalCode: postal_code, locality: city, country: country}
  gender: gender
  nationality: country
context:
  placeColumn: country
operations: [parse, genderize, risk, disposable]
`, in)
		b := p.NewBuilder()
		good, bad := 0, 0
		for i, cells := range rows {
			rec := cellsRecord(int64(i), int64(i+2), cells)
			cerr := b.Check(rec)
			req, err := p.Build(rec)
			if fmt.Sprint(cerr) != fmt.Sprint(err) {
				t.Errorf("%s row %d %v: Check says %v, Build %v", mode, i, cells, cerr, err)
			}
			if want := wantCol[i]; want != "" && !strings.Contains(fmt.Sprint(err), fmt.Sprintf("column %q", want)) {
				t.Errorf("%s row %d %v: error %v, want one naming column %q", mode, i, cells, err, want)
			} else if c := changed[i]; want == "" && c != "" && strings.Contains(fmt.Sprint(err), fmt.Sprintf("column %q", c)) {
				t.Errorf("%s row %d %v: error %v names a column not read", mode, i, cells, err)
			}
			if cerr == nil {
				good++
				if req == nil {
					t.Errorf("%s row %d: Check passes, Build gives no request", mode, i)
				}
			} else {
				bad++
			}
		}
		if good < len(data)*8/10 || bad < 10 {
			t.Errorf("%s: %d rows pass, %d fail", mode, good, bad)
		}
	}
}

// TestFillSameAsBuild checks Fill's promise on the sample data: for every
// row Check passes, a request filled for some operations gives each
// of them the payload, keys and Applies of Build's request, whatever the
// builder built before.
func TestFillSameAsBuild(t *testing.T) {
	t.Parallel()
	_, data, in := sampleData(t)
	p := mustPlan(t, sampleConfig("  nationality: country\n  correspondenceLanguage: country\n"), in)
	sets := [][]Op{{OpParse}, {OpDisposable}, {OpParse, OpGenderize}, {OpEmailName, OpClassify}, {OpGenderize, OpDisposable}, {OpRisk}, AllOps}
	b := p.NewBuilder()
	checked := 0
	for i, cells := range data {
		rec := cellsRecord(int64(i), int64(i+2), cells)
		if b.Check(rec) != nil {
			continue
		}
		want, err := p.Build(rec)
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		for k := range sets {
			ops := sets[(i+k)%len(sets)] // another order of sets each row
			if err := b.Check(rec); err != nil {
				t.Fatalf("row %d: %v", i, err)
			}
			got, err := b.Fill(ops)
			if err != nil || got == nil {
				t.Fatalf("row %d %v: %v, %v", i, ops, got, err)
			}
			for _, op := range ops {
				if got.Applies(op) != want.Applies(op) {
					t.Fatalf("row %d %v: %s applies %v, want %v", i, ops, op, got.Applies(op), want.Applies(op))
				}
				if !want.Applies(op) {
					continue
				}
				gj, err1 := lookup(op).payloadJSON(got)
				wj, err2 := lookup(op).payloadJSON(want)
				if err1 != nil || err2 != nil || string(gj) != string(wj) {
					t.Fatalf("row %d %v: %s payload\n%s\nwant\n%s", i, ops, op, gj, wj)
				}
				if got.Key(op) != want.Key(op) {
					t.Fatalf("row %d %v: %s keys differ", i, ops, op)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d payloads checked", checked)
	}
}

// sampleData returns the sample data's header, rows and schema (text
// columns).
func sampleData(t *testing.T) (header []string, data [][]string, in record.Schema) {
	t.Helper()
	f, err := os.Open("../sample-data/customers.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range all[0] {
		in.Fields = append(in.Fields, record.Field{Name: h, Type: record.String})
	}
	return all[0], all[1:], in
}

// sampleConfig maps the columns of sample-data/customers.csv to the
// person (the name, type, email, phone, birth date, address and gender,
// and extra, more person lines) and the country to the context, for
// every operation.
func sampleConfig(extra string) string {
	return head + `
person:
  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: {column: birth_date, layout: "2006-01-02"}
  address: {street: street, postalCode: postal_code, locality: city, country: country}
  gender: gender
` + extra + `context:
  placeColumn: country
operations: [parse, genderize, risk, disposable, emailname, format, classify]
`
}

// cellsRecord is a row of string cells at index and line.
func cellsRecord(index, line int64, cells []string) *record.Record {
	r := &record.Record{Index: index, Line: line}
	for _, c := range cells {
		r.Values = append(r.Values, c)
	}
	return r
}
