package mapping

import (
	"encoding/csv"
	"os"
	"slices"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestReads checks Reads' promise on the sample data: a row made of one
// row's cells in the columns op reads and another row's cells elsewhere
// gets op's request exactly when the first row does, with the same key.
func TestReads(t *testing.T) {
	t.Parallel()
	f, err := os.Open("../sample-data/customers.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header, data := all[0], all[1:]
	in := record.Schema{}
	for _, h := range header {
		in.Fields = append(in.Fields, record.Field{Name: h, Type: record.String})
	}
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
