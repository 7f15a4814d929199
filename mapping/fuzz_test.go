package mapping

import (
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// fuzzConfig maps every kind of column, so that a random row exercises
// every conversion of Build.
const fuzzConfig = `input: {path: in.csv}
output: {path: out.csv}
run: {maxValueBytes: 4096}
person:
  type: {column: kind, legal: [company, "*"], natural: [person]}
  fullName: name
  legalName: company
  email: [email]
  phone: phone
  birthDate: {column: dob, layouts: ["2006-01-02", "02.01.2006"]}
  birthYear: year
  ageRange: range
  address: {street: street, houseNumber: house, postalCode: zip, locality: city, country: country}
  gender: gender
  maritalStatus: marital
  nationality: nat
  nativeLanguage: lang
context: {placeColumn: country, language: de}
operations: [parse, genderize, risk, disposable, emailname, format, classify]
`

var fuzzCols = []string{"kind", "name", "company", "email", "phone", "dob", "year", "range", "street", "house", "zip", "city", "country", "gender", "marital", "nat", "lang"}

// FuzzBuild maps a random row (the fuzz input split on '|' into the
// columns) to an InputPerson: it must never panic, and a successful Build
// must give a request whose every payload marshals to JSON and whose keys
// are stable.
func FuzzBuild(f *testing.F) {
	cfg, err := Parse([]byte(fuzzConfig), "fuzz.yaml")
	if err != nil {
		f.Fatal(err)
	}
	p, err := NewPlan(cfg, schemaOf(fuzzCols...))
	if err != nil {
		f.Fatal(err)
	}
	f.Add("person|Petra Müller||petra@example.com|+49 30 1|1980-02-29|1980|1980-1990|Hauptstr.|5|10115|Berlin|de|f|married|DE|de")
	f.Add("company||Acme GmbH|info@acme.test|||||||||||||")
	f.Add("|x||||31.02.1980|abc|1990-1980|||||||||")
	f.Add("person|Jan de Vries||||1856-03|||||||||||")
	f.Add("person|Jan de Vries||||1856|||||||||||")
	f.Fuzz(func(t *testing.T, line string) {
		parts := strings.Split(line, "|")
		vals := make([]record.Value, len(fuzzCols))
		for i := range vals {
			if i < len(parts) {
				vals[i] = parts[i]
			}
		}
		rec := &record.Record{Index: 3, Line: 5, Values: vals}
		req, buildErr := p.Build(rec)
		if err := buildErr; err != nil {
			// Under the default invalidValues: omit, the unusable values
			// are left out and the rest of the row is still sent.
			if req == nil {
				t.Fatal("no request under invalidValues: omit")
			}
			if !strings.Contains(err.Error(), "row 4 (line 5), column ") {
				t.Fatalf("row error does not name row and column: %v", err)
			}
			_ = p.Apply(nil, err)
		}
		for _, op := range p.Ops() {
			if !req.Applies(op) {
				continue
			}
			if _, err := lookup(op).payloadJSON(req); err != nil {
				t.Fatalf("%s payload: %v", op, err)
			}
			again, err := p.Build(rec)
			if (err == nil) != (buildErr == nil) || again.Key(op) != req.Key(op) {
				t.Fatalf("%s key not deterministic", op)
			}
		}
	})
}
