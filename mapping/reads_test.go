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
	p := mustPlan(t, head+`
person:
  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: {column: birth_date, layout: "2006-01-02"}
  address: {street: street, postalCode: postal_code, locality: city, country: country}
  gender: gender
context:
  placeColumn: country
operations: [parse, genderize, risk, disposable, emailname, format, classify]
`, in)
	rec := func(cells []string) *record.Record {
		r := &record.Record{Index: 1, Line: 2}
		for _, c := range cells {
			r.Values = append(r.Values, c)
		}
		return r
	}
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
				if a.Applies(op) && a.RunKey(op) != b.RunKey(op) {
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
				if got.Applies(op) != want.Applies(op) || got.Applies(op) && got.RunKey(op) != want.RunKey(op) {
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

// TestBuilderValid checks Valid's promise: a row it passes gets a request
// and no error from Build. It must pass most of the sample and none of
// the rows with an unusable value.
func TestBuilderValid(t *testing.T) {
	t.Parallel()
	header, data, in := sampleData(t)
	col := slices.Index(header, "birth_date")
	name := slices.Index(header, "full_name")
	p := mustPlan(t, head+`
run: {maxValueBytes: 40}
person:
  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: {column: birth_date, layouts: ["2006-01-02", "02.01.2006"]}
  address: {street: street, postalCode: postal_code, locality: city, country: country}
  gender: gender
context:
  placeColumn: country
operations: [parse, genderize, risk, disposable]
`, in)
	b := p.NewBuilder()
	var rows [][]string
	rows = append(rows, data...)
	for _, bad := range []string{"1980-02-30", "30.02.1980", "0999-01-01", "yesterday", "1980-13-01"} {
		r := slices.Clone(data[0])
		r[col] = bad
		rows = append(rows, r)
	}
	long := slices.Clone(data[1])
	long[name] = strings.Repeat("x", 41)
	rows = append(rows, long)
	valid := 0
	for i, cells := range rows {
		rec := &record.Record{Index: int64(i), Line: int64(i + 2)}
		for _, c := range cells {
			rec.Values = append(rec.Values, c)
		}
		ok := b.Valid(rec)
		req, err := p.Build(rec)
		if ok && (req == nil || err != nil) {
			t.Errorf("row %d %v: valid, but Build gives %v, %v", i, cells, req, err)
		}
		if i >= len(data) && ok {
			t.Errorf("row %d %v: valid", i, cells)
		}
		if ok {
			valid++
		}
	}
	if valid < len(data)*8/10 {
		t.Errorf("%d of %d sample rows valid", valid, len(data))
	}
}

// TestBuildForSameAsBuild checks BuildFor's promise on the sample data: for
// every row Valid passes, a request built for some operations gives each
// of them the payload, keys and Applies of Build's request, whatever the
// builder built before.
func TestBuildForSameAsBuild(t *testing.T) {
	t.Parallel()
	_, data, in := sampleData(t)
	p := mustPlan(t, head+`
person:
  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: {column: birth_date, layout: "2006-01-02"}
  address: {street: street, postalCode: postal_code, locality: city, country: country}
  gender: gender
  nationality: country
  correspondenceLanguage: country
context:
  placeColumn: country
operations: [parse, genderize, risk, disposable, emailname, format, classify]
`, in)
	sets := [][]Op{{OpParse}, {OpDisposable}, {OpParse, OpGenderize}, {OpEmailName, OpClassify}, {OpGenderize, OpDisposable}, {OpRisk}, AllOps}
	b := p.NewBuilder()
	checked := 0
	for i, cells := range data {
		rec := &record.Record{Index: int64(i), Line: int64(i + 2)}
		for _, c := range cells {
			rec.Values = append(rec.Values, c)
		}
		if !b.Valid(rec) {
			continue
		}
		want, err := p.Build(rec)
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		for k := range sets {
			ops := sets[(i+k)%len(sets)] // another order of sets each row
			got, err := b.BuildFor(rec, ops)
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
				if got.Key(op) != want.Key(op) || got.RunKey(op) != want.RunKey(op) {
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
