package mapping

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/record"
)

func mustPlan(t *testing.T, src string, in record.Schema, opts ...PlanOption) *Plan {
	t.Helper()
	cfg, err := Parse([]byte(src), "t.yaml")
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	p, err := NewPlan(cfg, in, opts...)
	if err != nil {
		t.Fatalf("NewPlan: %v", err)
	}
	return p
}

func row(vals ...record.Value) *record.Record {
	return &record.Record{Index: 16, Line: 18, Values: vals}
}

const head = "input: {path: in.csv}\noutput: {path: out.csv}\n"

func TestNewPlanColumnErrors(t *testing.T) {
	cases := []struct {
		name string
		src  string
		in   record.Schema
		want []string
	}{
		{"unknown column", head + "person:\n  fullName: ful_name\noperations: [parse]\n", schemaOf("id", "full_name", "email"),
			[]string{`t.yaml:4: person.fullName: column "ful_name" is not in the input (did you mean "full_name"?); available columns: id, full_name, email`}},
		{"unknown email column in list", head + "person:\n  fullName: full_name\n  email: [email, email2]\noperations: [parse]\n", schemaOf("full_name", "email"),
			[]string{`t.yaml:5: person.email[1]: column "email2" is not in the input`}},
		{"unknown single email", head + "person:\n  fullName: full_name\n  email: mail\noperations: [disposable]\n", schemaOf("full_name", "email"),
			[]string{`t.yaml:5: person.email: column "mail" is not in the input (did you mean "email"?)`}},
		{"birth date column", head + "person:\n  fullName: n\n  birthDate:\n    column: dob\noperations: [parse]\n", schemaOf("n"),
			[]string{`t.yaml:6: person.birthDate.column: column "dob" is not in the input`}},
		{"place column", head + "person: {fullName: n}\ncontext:\n  placeColumn: land\noperations: [parse]\n", schemaOf("n"),
			[]string{`t.yaml:5: context.placeColumn: column "land"`}},
		{"op column", head + "person: {fullName: n}\noperations:\n  - {op: classify, column: mail}\n", schemaOf("n"),
			[]string{`t.yaml:5: operations[0].column: column "mail"`}},
		{"name column of wrong type", head + "person: {fullName: n}\noperations: [parse]\n",
			record.Schema{Fields: []record.Field{{Name: "n", Type: record.Double}}},
			[]string{`person.fullName: column "n" has type double, which person.fullName cannot use (needs text)`}},
		{"birth date bool", head + "person: {fullName: n, birthDate: d}\noperations: [parse]\n",
			record.Schema{Fields: []record.Field{{Name: "n"}, {Name: "d", Type: record.Bool}}},
			[]string{`column "d" has type bool`}},
		{"result column clash", head + "output: {path: out.csv, prefix: \"\"}\nperson: {fullName: n}\noperations: [genderize]\n", schemaOf("n", "gender"),
			[]string{"output.onExisting: result column(s) gender already exist in the input", "onExisting: replace", `such as "np_"`}},
		{"default prefix clash", head + "person: {fullName: n}\noperations: [genderize]\n", schemaOf("n", "np_error"),
			[]string{"np_error already exist", `"np2_"`}},
		{"all problems at once", head + "person:\n  fullName: a\n  email: b\noperations: [parse, disposable]\n", schemaOf("x"),
			[]string{`t.yaml:4: person.fullName: column "a"`, `t.yaml:5: person.email: column "b"`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src
			if strings.Count(src, "output:") > 1 { // the case overrides output
				src = strings.Replace(src, "output: {path: out.csv}\n", "", 1)
			}
			cfg, err := Parse([]byte(src), "t.yaml")
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			_, err = NewPlan(cfg, tc.in)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestOutputSchema(t *testing.T) {
	src := head + "person: {fullName: n, email: e}\noperations:\n  - {op: genderize, fields: [gender_confidence, gender]}\n  - disposable\n  - {op: format}\n"
	p := mustPlan(t, src, schemaOf("n", "e"))
	var names []string
	var types []record.Type
	for _, f := range p.OutputSchema().Fields {
		names = append(names, f.Name)
		types = append(types, f.Type)
	}
	want := []string{"n", "e", "np_gender", "np_gender_confidence", "np_disposable_email", "np_formatted_name", "np_format_unknown", "np_error"}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Fatalf("columns %v, want %v", names, want)
	}
	wantT := []record.Type{record.String, record.String, record.String, record.Double, record.String, record.String, record.Bool, record.String}
	for i := range wantT {
		if types[i] != wantT[i] {
			t.Errorf("column %s type %s, want %s", names[i], types[i], wantT[i])
		}
	}
	if p.ResultColumns() != 6 {
		t.Errorf("ResultColumns = %d", p.ResultColumns())
	}
	if got := p.Ops(); len(got) != 3 || got[0] != OpGenderize || got[2] != OpFormat {
		t.Errorf("Ops = %v", got)
	}
	if c, ok := p.Column(OpGenderize, "gender"); !ok || c != "np_gender" {
		t.Errorf("Column = %q %v", c, ok)
	}
}

// TestBuildMappings maps one row per mapping kind and compares the
// InputPerson (and context) JSON with the expected (golden) JSON.
func TestBuildMappings(t *testing.T) {
	cases := []struct {
		name   string
		person string // the person: section body (indented by 2) and more sections
		cols   []string
		vals   []record.Value
		want   string // InputPerson JSON
		ctx    string // context JSON, "" for none
	}{
		{"fullname", "  fullName: n\n", []string{"n"}, []record.Value{"Petra Müller"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra Müller","fieldType":"FULLNAME"}]}}`, ""},
		{"given and surname", "  givenName: g\n  surname: s\n", []string{"g", "s"}, []record.Value{"Petra", "Müller"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra","fieldType":"GIVENNAME"},{"string":"Müller","fieldType":"SURNAME"}]}}`, ""},
		{"arabic fields", "  names:\n    - {column: a, fieldType: ISM}\n    - {column: b, fieldType: NASAB}\n    - {column: c, fieldType: LAQAB}\n", []string{"a", "b", "c"},
			[]record.Value{"محمد", "بن عبد الله", ""},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"محمد","fieldType":"ISM"},{"string":"بن عبد الله","fieldType":"NASAB"}]}}`, ""},
		{"legal fixed", "  type: legal\n  names:\n    - {column: a, fieldType: LEGAL_NAME}\n    - {column: b, fieldType: LEGAL_FORM}\n", []string{"a", "b"},
			[]record.Value{"Acme", "GmbH"},
			`{"type":"LegalInputPerson","personName":{"nameFields":[{"string":"Acme","fieldType":"LEGAL_NAME"},{"string":"GmbH","fieldType":"LEGAL_FORM"}]}}`, ""},
		{"type per row legal", "  type: {column: kind, legal: [company, ORG]}\n  fullName: n\n  legalName: co\n  gender: g\n", []string{"kind", "n", "co", "g"},
			[]record.Value{" Org ", "Jane Doe", "Acme GmbH", "f"},
			`{"type":"LegalInputPerson","personName":{"nameFields":[{"string":"Acme GmbH","fieldType":"LEGAL_NAME"}]}}`, ""},
		{"type per row natural", "  type: {column: kind, legal: [company, ORG]}\n  fullName: n\n  legalName: co\n  gender: g\n", []string{"kind", "n", "co", "g"},
			[]record.Value{"person", "Jane Doe", "Acme GmbH", "F"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Jane Doe","fieldType":"FULLNAME"}]},"gender":"FEMALE"}`, ""},
		{"type wildcard", "  type: {column: co, legal: [\"*\"]}\n  fullName: n\n", []string{"co", "n"},
			[]record.Value{"anything", "Acme Corp"},
			`{"type":"LegalInputPerson","personName":{"nameFields":[{"string":"Acme Corp","fieldType":"FULLNAME"}]}}`, ""},
		{"type bool column", "  type: {column: is_company, legal: [\"true\"]}\n  fullName: n\n", []string{"is_company", "n"},
			[]record.Value{true, "Acme Corp"},
			`{"type":"LegalInputPerson","personName":{"nameFields":[{"string":"Acme Corp","fieldType":"FULLNAME"}]}}`, ""},
		{"emails and phones", "  fullName: n\n  email: [e1, e2]\n  phone: [p1, p2]\n", []string{"n", "e1", "e2", "p1", "p2"},
			[]record.Value{"X Y", " a@b.test ", "", "+49 30 123", int64(4930123)},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X Y","fieldType":"FULLNAME"}]},"emailAddresses":[{"type":"EmailAddressImpl","emailAddress":"a@b.test"}],"telNumbers":[{"type":"SimpleTelNumber","fullNumber":"+49 30 123"},{"type":"SimpleTelNumber","fullNumber":"4930123"}]}`, ""},
		{"birth date layout list", "  fullName: n\n  birthDate: {column: d, layouts: [\"02.01.2006\", \"2006-01-02\"]}\n", []string{"n", "d"},
			[]record.Value{"X", "1987-11-23"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthDate","year":1987,"month":11,"day":23}}`, ""},
		{"birth date typed", "  fullName: n\n  birthDate: d\n", []string{"n", "d:date"},
			[]record.Value{"X", time.Date(1990, 2, 28, 0, 0, 0, 0, time.UTC)},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthDate","year":1990,"month":2,"day":28}}`, ""},
		{"birth year int", "  fullName: n\n  birthYear: y\n", []string{"n", "y:int32"}, []record.Value{"X", int32(1975)},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthYear","year":1975}}`, ""},
		{"birth year decimal", "  fullName: n\n  birthYear: y\n", []string{"n", "y:decimal"}, []record.Value{"X", record.Dec{Unscaled: big.NewInt(197500), Scale: 2}},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthYear","year":1975}}`, ""},
		{"date falls back to year", "  fullName: n\n  birthDate: d\n  birthYear: y\n", []string{"n", "d", "y"}, []record.Value{"X", "", "1975"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthYear","year":1975}}`, ""},
		{"age range string", "  fullName: n\n  ageRange: r\n", []string{"n", "r"}, []record.Value{"X", "1980 – 1990"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthYearRange","yearRange":{"startIncluding":1980,"endIncluding":1990}}}`, ""},
		{"age range open", "  fullName: n\n  ageRange: r\n", []string{"n", "r"}, []record.Value{"X", "-1990"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthYearRange","yearRange":{"endIncluding":1990}}}`, ""},
		{"age range columns", "  fullName: n\n  ageRange: {yearStart: a, yearEnd: b}\n", []string{"n", "a", "b:int64"}, []record.Value{"X", "1970", int64(1979)},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"age":{"type":"BirthYearRange","yearRange":{"startIncluding":1970,"endIncluding":1979}}}`, ""},
		{"structured address", "  fullName: n\n  address: {street: st, houseNumber: hn, postalCode: pc, locality: city, region: r, country: cc}\n",
			[]string{"n", "st", "hn", "pc:int32", "city", "r", "cc"}, []record.Value{"X", "Hauptstraße", "5a", int32(10115), "Berlin", "", "DE"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"addresses":[{"type":"UseForAllAddressRelation","address":{"type":"StructuredAddress","streetInfo":{"type":"StructuredStreetInfo","streetName":"Hauptstraße","houseNumber":"5a"},"placeInfo":{"type":"StructuredPlaceInfo","locality":"Berlin","postalCode":"10115","country":"DE"}}}]}`, ""},
		{"street without number column", "  fullName: n\n  address: {street: st, locality: city, usage: delivery}\n",
			[]string{"n", "st", "city"}, []record.Value{"X", "Hauptstraße 5", "Berlin"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"addresses":[{"type":"SpecificUsageAddressRelation","address":{"type":"StructuredAddress","streetInfo":{"type":"SingleStringStreetInfo","string":"Hauptstraße 5"},"placeInfo":{"type":"StructuredPlaceInfo","locality":"Berlin"}},"usage":"DELIVERY"}]}`, ""},
		{"single string address", "  fullName: n\n  addresses:\n    - {string: a}\n    - {lines: [l1, l2]}\n", []string{"n", "a", "l1", "l2"},
			[]record.Value{"X", "Hauptstr. 5\n10115 Berlin", "PO Box 7", ""},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"addresses":[{"type":"UseForAllAddressRelation","address":{"type":"SingleStringAddress","string":"Hauptstr. 5 10115 Berlin"}},{"type":"UseForAllAddressRelation","address":{"type":"MultiLineAddress","addressLines":["PO Box 7"]}}]}`, ""},
		{"empty address omitted", "  fullName: n\n  address: {street: st, locality: city}\n", []string{"n", "st", "city"}, []record.Value{"X", " ", nil},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`, ""},
		{"gender value map and demographics", "  fullName: n\n  gender: {column: g, values: {\"1\": male, \"2\": female}}\n  maritalStatus: ms\n  nationality: nat\n  nativeLanguage: nl\n  correspondenceLanguage: cl\n  religion: rel\n",
			[]string{"n", "g", "ms", "nat", "nl", "cl", "rel"}, []record.Value{"X", "2", "married", "de, at;ch", "DE", "EN", "rc.rc"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]},"gender":"FEMALE","maritalStatus":"MARRIED","nationalities":["DE","AT","CH"],"nativeLanguages":["de"],"religion":"rc.rc","correspondenceLanguage":"en"}`, ""},
		{"unknown gender value left out", "  fullName: n\n  gender: g\n", []string{"n", "g"}, []record.Value{"X", "divers"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`, ""},
		{"context per run and row", "  fullName: n\ncontext:\n  priority: REALTIME\n  place: DE\n  language: de\n  textCase: UPPER_CASE\n  writingSystems: [Latn]\n  properties: {b: \"2\", a: \"1\"}\n  placeColumn: cc\n  languageColumn: lang\n",
			[]string{"n", "cc", "lang"}, []record.Value{"X", "at", ""},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`,
			`{"priority":"REALTIME","place":"AT","language":"de","writingSystems":["Latn"],"textCase":"UPPER_CASE","properties":[{"name":"a","value":"1"},{"name":"b","value":"2"}]}`},
		{"context place by name", "  fullName: n\ncontext:\n  place: DE\n  placeColumn: cc\n",
			[]string{"n", "cc"}, []record.Value{"X", "Italy"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`, `{"place":"IT","properties":[]}`},
		{"context place by name, empty cell", "  fullName: n\ncontext:\n  place: DE\n  placeColumn: cc\n",
			[]string{"n", "cc"}, []record.Value{"X", " "},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`, `{"place":"DE","properties":[]}`},
		{"context place ISO-3", "  fullName: n\ncontext:\n  placeColumn: cc\n",
			[]string{"n", "cc"}, []record.Value{"X", "USA"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`, `{"place":"US","properties":[]}`},
		{"context place unknown kept", "  fullName: n\ncontext:\n  placeColumn: cc\n",
			[]string{"n", "cc"}, []record.Value{"X", "Atlantis"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`, `{"place":"Atlantis","properties":[]}`},
		{"ragged row", "  fullName: n\n  email: e\n", []string{"n", "e"}, []record.Value{"X"},
			`{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"X","fieldType":"FULLNAME"}]}}`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := head + "person:\n" + tc.person
			if !strings.Contains(src, "operations:") {
				src += "operations: [risk]\n"
			}
			p := mustPlan(t, src, typedSchema(tc.cols...))
			req, err := p.Build(row(tc.vals...))
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			assertJSON(t, req.Person, tc.want)
			if tc.ctx == "" {
				if req.Context != nil {
					t.Errorf("context = %+v, want none", req.Context)
				}
			} else {
				assertJSON(t, req.Context, tc.ctx)
			}
		})
	}
}

// typedSchema builds a schema from "name" or "name:type" entries.
func typedSchema(cols ...string) record.Schema {
	types := map[string]record.Type{"date": record.Date, "int32": record.Int32, "int64": record.Int64, "decimal": record.Decimal, "double": record.Double, "bool": record.Bool}
	var s record.Schema
	for _, c := range cols {
		name, typ, _ := strings.Cut(c, ":")
		f := record.Field{Name: name, Type: record.String, Nullable: true}
		if typ != "" {
			f.Type = types[typ]
		}
		s.Fields = append(s.Fields, f)
	}
	return s
}

func assertJSON(t *testing.T, v any, want string) {
	t.Helper()
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &b); err != nil {
		t.Fatalf("bad want JSON: %v", err)
	}
	ga, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	if !bytes.Equal(ga, gb) {
		t.Errorf("JSON mismatch\n got: %s\nwant: %s", got, want)
	}
}

func TestBuildValueErrors(t *testing.T) {
	src := head + "run: {maxValueBytes: 1000}\nperson:\n  fullName: n\n  birthDate: {column: dob, layout: \"02.01.2006\"}\n  birthYear: by\n  ageRange: r\noperations: [parse]\n"
	p := mustPlan(t, src, typedSchema("n", "dob", "by", "r", "d:double"))
	cases := []struct {
		name string
		vals []record.Value
		want string // "" = no error
	}{
		{"31 Feb", []record.Value{"X", "31.02.1980", nil, nil}, `row 17 (line 18), column "dob": "31.02.1980": day out of range`},
		{"month 13", []record.Value{"X", "01.13.1980", nil, nil}, `column "dob": "01.13.1980": month out of range`},
		{"not a date", []record.Value{"X", "yesterday", nil, nil}, `column "dob": "yesterday" is not a date in layout "02.01.2006"`},
		{"non-numeric year", []record.Value{"X", nil, "nineteen-eighty", nil}, `column "by": "nineteen-eighty" is not a number`},
		{"two-digit year", []record.Value{"X", nil, "80", nil}, `column "by": 80 is not a four-digit year`},
		{"bad range", []record.Value{"X", nil, nil, "eighties"}, `column "r": "eighties" is not a year range`},
		{"reversed range", []record.Value{"X", nil, nil, "1990-1980"}, `the range ends before it starts`},
		{"too long", []record.Value{strings.Repeat("a", 1001), nil, nil, nil}, `column "n": value is 1001 bytes long, more than run.maxValueBytes (1000)`},
		{"ok", []record.Value{"X", "29.02.1980", nil, nil}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := p.Build(row(tc.vals...))
			if tc.want == "" {
				if err != nil || req == nil {
					t.Fatalf("Build: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			var re *RowError
			if !errors.As(err, &re) || re.Row != 17 || re.Line != 18 {
				t.Errorf("not a RowError with row/line: %#v", err)
			}
			// The error column carries it.
			vals := p.Apply(nil, err)
			if got, _ := vals[len(vals)-1].(string); !strings.Contains(got, tc.want) {
				t.Errorf("error column %q", got)
			}
		})
	}
}

// TestInvalidValuesPolicy: under "omit" (default) an unusable value is left
// out and the rest of the row is still sent; under "skip" nothing is sent.
func TestInvalidValuesPolicy(t *testing.T) {
	person := "person:\n  fullName: n\n  email: e\n  birthDate: dob\noperations: [parse, risk, disposable]\n"
	cases := []struct {
		name     string
		run      string
		wantReq  bool
		wantJSON string
	}{
		{"default omits", "", true, `{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra Müller","fieldType":"FULLNAME"}]},"emailAddresses":[{"type":"EmailAddressImpl","emailAddress":"petra@web.de"}]}`},
		{"explicit omit", "run: {invalidValues: omit}\n", true, `{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra Müller","fieldType":"FULLNAME"}]},"emailAddresses":[{"type":"EmailAddressImpl","emailAddress":"petra@web.de"}]}`},
		{"skip", "run: {invalidValues: skip}\n", false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPlan(t, head+tc.run+person, schemaOf("n", "e", "dob"))
			req, err := p.Build(row("Petra Müller", "petra@web.de", "1985-02-31"))
			if err == nil || !strings.Contains(err.Error(), `column "dob": "1985-02-31": day out of range`) {
				t.Fatalf("error = %v, want the impossible date named", err)
			}
			if (req != nil) != tc.wantReq {
				t.Fatalf("request = %v, want one: %v", req, tc.wantReq)
			}
			if req == nil {
				return
			}
			assertJSON(t, req.Person, tc.wantJSON)
			for _, op := range []Op{OpParse, OpRisk, OpDisposable} {
				if !req.Applies(op) {
					t.Errorf("%s does not apply to the rest of the row", op)
				}
			}
		})
	}
	if _, err := Parse([]byte(head+"run: {invalidValues: drop}\n"+person), "c.yaml"); err == nil || !strings.Contains(err.Error(), "c.yaml:3: run.invalidValues") {
		t.Errorf("bad policy: error %v, want it named with its line", err)
	}
}

func TestBuildHostileValues(t *testing.T) {
	p := mustPlan(t, head+"person: {fullName: n, email: e}\noperations: [parse, disposable]\n", schemaOf("n", "e"))
	big := strings.Repeat("Ü", 1<<19) // 1 MB
	cases := []struct {
		name   string
		n      string
		wantOK bool
	}{
		{"control chars", "Pe\x00tra\x1b[31m Mü\tller\r\n", true},
		{"rtl", "\u202eمحمد بن سلمان\u202c", true},
		{"emoji", "Petra 👩‍💻 Müller", true},
		{"invalid utf8", "Pe\xfftra", true},
		{"1 MB name", big, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := p.Build(row(tc.n, "x@y.test"))
			if tc.wantOK != (err == nil) {
				t.Fatalf("Build err = %v", err)
			}
			if err != nil {
				if len(err.Error()) > 500 {
					t.Errorf("error message is %d bytes long: the value is echoed", len(err.Error()))
				}
				return
			}
			if _, err := json.Marshal(Parser.PayloadFor(req)); err != nil {
				t.Fatalf("payload does not marshal: %v", err)
			}
			if req.Key(OpParse) == "" {
				t.Fatal("empty key")
			}
		})
	}
}

func TestKey(t *testing.T) {
	src := head + "person: {fullName: n, email: e}\noperations: [parse, genderize, risk, disposable, emailname, format, classify]\n"
	p := mustPlan(t, src, schemaOf("n", "e"))
	key := func(op Op, n, e string) string {
		t.Helper()
		req, err := p.Build(row(n, e))
		if err != nil {
			t.Fatal(err)
		}
		return req.Key(op)
	}
	same := []struct {
		op   Op
		a, b [2]string
	}{
		{OpParse, [2]string{"Petra  Müller ", "a@b.test"}, [2]string{" Petra Müller", "other@c.test"}},
		{OpFormat, [2]string{"petra\tmüller", ""}, [2]string{"petra müller", ""}},
		{OpGenderize, [2]string{"PETRA MÜLLER", ""}, [2]string{"petra  müller", ""}},
		{OpDisposable, [2]string{"x", " Foo@Mailinator.COM"}, [2]string{"y", "foo@mailinator.com"}},
		{OpEmailName, [2]string{"x", "John.Doe@GMAIL.com"}, [2]string{"y", "John.Doe@gmail.com "}},
		{OpClassify, [2]string{"x", "john@GMAIL.com"}, [2]string{"y", "mary@gmail.com"}},
		{OpRisk, [2]string{"Petra Müller", "a@b.test"}, [2]string{"Petra Müller", "a@b.test"}},
	}
	for _, c := range same {
		if ka, kb := key(c.op, c.a[0], c.a[1]), key(c.op, c.b[0], c.b[1]); ka != kb {
			t.Errorf("%s: %q and %q should share a key", c.op, c.a, c.b)
		}
	}
	diff := []struct {
		op   Op
		a, b [2]string
	}{
		{OpParse, [2]string{"Petra Müller", ""}, [2]string{"petra müller", ""}},
		{OpParse, [2]string{"Petra Müller", ""}, [2]string{"Petra Mueller", ""}},
		{OpGenderize, [2]string{"Andrea", ""}, [2]string{"Andreas", ""}},
		{OpRisk, [2]string{"Petra Müller", ""}, [2]string{"Petra  Müller", ""}},
		{OpRisk, [2]string{"Petra Müller", "a@b.test"}, [2]string{"Petra Müller", "c@b.test"}},
		{OpDisposable, [2]string{"x", "a@b.test"}, [2]string{"x", "a@c.test"}},
		{OpEmailName, [2]string{"x", "John.Doe@gmail.com"}, [2]string{"x", "john.doe@gmail.com"}},
		{OpClassify, [2]string{"x", "a@gmail.com"}, [2]string{"x", "a@gmx.de"}},
	}
	for _, c := range diff {
		if ka, kb := key(c.op, c.a[0], c.a[1]), key(c.op, c.b[0], c.b[1]); ka == kb {
			t.Errorf("%s: %q and %q must not share a key", c.op, c.a, c.b)
		}
	}
	// Keys of different ops never collide, and carry no personal data.
	k1, k2 := key(OpParse, "Petra", ""), key(OpFormat, "Petra", "")
	if k1 == k2 || strings.Contains(k1, "Petra") || !strings.HasPrefix(k1, "parse:"+keyVersion+":") {
		t.Errorf("keys %q %q", k1, k2)
	}
	// Context is part of the key.
	p2 := mustPlan(t, src+"context: {place: AT}\n", schemaOf("n", "e"))
	r2, _ := p2.Build(row("Petra Müller", ""))
	if r2.Key(OpGenderize) == key(OpGenderize, "Petra Müller", "") {
		t.Error("context ignored in key")
	}
}

func TestApplies(t *testing.T) {
	src := head + "person: {fullName: n, email: e}\noperations: [parse, genderize, risk, disposable, emailname, format, classify]\n"
	p := mustPlan(t, src, schemaOf("n", "e"))
	cases := []struct {
		n, e string
		want map[Op]bool
	}{
		{"Petra", "", map[Op]bool{OpParse: true, OpGenderize: true, OpRisk: true, OpFormat: true}},
		{"", "a@b.test", map[Op]bool{OpRisk: true, OpDisposable: true, OpEmailName: true, OpClassify: true}},
		{" ", "  ", map[Op]bool{}},
	}
	for _, c := range cases {
		req, err := p.Build(row(c.n, c.e))
		if err != nil {
			t.Fatal(err)
		}
		for _, op := range AllOps {
			if req.Applies(op) != c.want[op] {
				t.Errorf("row (%q, %q): Applies(%s) = %v", c.n, c.e, op, !c.want[op])
			}
		}
	}
}
