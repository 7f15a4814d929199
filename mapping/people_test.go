package mapping

import (
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// A MULTIPLE parse writes one value per person in every name column (see
// perPerson and configs/README.md, "Result columns").
func TestApplyMultiplePeople(t *testing.T) {
	p := mustPlan(t, head+"person: {fullName: n}\noperations: [parse]\n", schemaOf("n"))
	person := func(g string, terms ...string) nameapi.ParsedPerson {
		pp := nameapi.ParsedPerson{PersonType: nameapi.PersonTypeNatural, OutputPersonName: &nameapi.OutputPersonName{}}
		for i := 0; i+1 < len(terms); i += 2 {
			pp.OutputPersonName.Terms = append(pp.OutputPersonName.Terms, nameapi.Term{TermType: terms[i], String: terms[i+1]})
		}
		if g != "" {
			pp.Gender = &nameapi.GenderizerResult{Gender: g}
		}
		return pp
	}
	col := map[string]int{} // result column → index in Apply's values
	fields := p.OutputSchema().Fields
	first := len(fields) - p.ResultColumns()
	for i, f := range fields[first:] {
		col[f.Name] = i
	}
	tests := []struct {
		name   string
		people []nameapi.ParsedPerson
		want   map[string]any // column → value (nil: empty)
	}{
		{"shared surname", []nameapi.ParsedPerson{
			person("MALE", "GIVENNAME", "Altin", "SURNAME", "Hoxha"),
			person("FEMALE", "GIVENNAME", "Sidorela", "SURNAME", "Hoxha")},
			map[string]any{"np_given_name": "Altin; Sidorela", "np_surname": "Hoxha", "np_salutation": nil, "np_parsed_gender": "MALE; FEMALE"}},
		{"two full names", []nameapi.ParsedPerson{
			person("MALE", "GIVENNAME", "Petr", "SURNAME", "Novák"),
			person("FEMALE", "GIVENNAME", "Jana", "SURNAME", "Svobodová")},
			map[string]any{"np_given_name": "Petr; Jana", "np_surname": "Novák; Svobodová"}},
		{"a part only one person has keeps its place", []nameapi.ParsedPerson{
			person("MALE", "SALUTATION", "Mr.", "GIVENNAME", "Robert", "SURNAME", "Taylor"),
			person("FEMALE", "SALUTATION", "Mrs.", "SURNAME", "Taylor")},
			map[string]any{"np_given_name": "Robert; ", "np_surname": "Taylor", "np_salutation": "Mr.; Mrs.", "np_parsed_gender": "MALE; FEMALE"}},
		{"second person's part only", []nameapi.ParsedPerson{
			person("", "SURNAME", "Becker"),
			person("FEMALE", "GIVENNAME", "Anna", "SURNAME", "Becker")},
			map[string]any{"np_given_name": "; Anna", "np_parsed_gender": "; FEMALE"}},
		{"same gender once", []nameapi.ParsedPerson{
			person("MALE", "GIVENNAME", "Ahmet", "SURNAME", "Yılmaz"),
			person("MALE", "GIVENNAME", "Mehmet", "SURNAME", "Yılmaz")},
			map[string]any{"np_parsed_gender": "MALE", "np_person_type": nameapi.PersonTypeMultiple}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{{ParsedPerson: &nameapi.ParsedPerson{
				PersonType: nameapi.PersonTypeMultiple, People: tt.people}}}}
			vals := p.Apply(map[Op]Outcome{OpParse: {Value: Parser.Result(res)}}, nil)
			for c, want := range tt.want {
				i, ok := col[c]
				if !ok {
					t.Fatalf("no column %s", c)
				}
				if got := vals[i]; got != want && !(want == nil && got == nil) {
					t.Errorf("%s = %#v, want %#v", c, got, want)
				}
			}
		})
	}
}

// TestGivenInitialColumns holds where a GIVENNAMEINITIAL goes: before any
// other given name it is the given name ("J. Kenneth Kline"), after one
// it is a middle initial ("John F. Kennedy": the real service and the
// engine type "F." GIVENNAMEINITIAL, and the columns read as before).
func TestGivenInitialColumns(t *testing.T) {
	p := mustPlan(t, head+"person: {fullName: n}\noperations: [parse]\n", schemaOf("n"))
	col := map[string]int{}
	fields := p.OutputSchema().Fields
	first := len(fields) - p.ResultColumns()
	for i, f := range fields[first:] {
		col[f.Name] = i
	}
	for _, tt := range []struct {
		terms         []string // type, text, type, text ...
		given, middle any
	}{
		{[]string{"GIVENNAME", "John", "GIVENNAMEINITIAL", "F.", "SURNAME", "Kennedy"}, "John", "F."},
		{[]string{"GIVENNAME", "John", "MIDDLENAMEINITIAL", "F.", "SURNAME", "Kennedy"}, "John", "F."},
		{[]string{"GIVENNAMEINITIAL", "J.", "MIDDLENAME", "Kenneth", "SURNAME", "Kline"}, "J.", "Kenneth"},
		{[]string{"GIVENNAMEINITIAL", "J.", "GIVENNAMEINITIAL", "R.", "GIVENNAMEINITIAL", "R.", "SURNAME", "Tolkien"}, "J.", "R. R."},
		{[]string{"SURNAME", "Smith", "GIVENNAMEINITIAL", "J.", "GIVENNAMEINITIAL", "R."}, "J.", "R."},
		{[]string{"GIVENNAME", "Anna", "GIVENNAMEINITIAL", "E.", "GIVENNAME", "Maria", "SURNAME", "Rossi"}, "Anna Maria", "E."},
		{[]string{"GIVENNAME", "José", "GIVENNAME", "Maria", "SURNAME", "Fernández"}, "José Maria", nil},
	} {
		pp := &nameapi.ParsedPerson{PersonType: nameapi.PersonTypeNatural, OutputPersonName: &nameapi.OutputPersonName{}}
		for i := 0; i+1 < len(tt.terms); i += 2 {
			pp.OutputPersonName.Terms = append(pp.OutputPersonName.Terms, nameapi.Term{TermType: tt.terms[i], String: tt.terms[i+1]})
		}
		res := &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{{ParsedPerson: pp}}}
		vals := p.Apply(map[Op]Outcome{OpParse: {Value: Parser.Result(res)}}, nil)
		if g, m := vals[col["np_given_name"]], vals[col["np_middle_name"]]; g != tt.given || m != tt.middle {
			t.Errorf("%v: given %#v middle %#v, want %#v %#v", tt.terms, g, m, tt.given, tt.middle)
		}
	}
}
