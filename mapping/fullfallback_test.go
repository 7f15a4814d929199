package mapping

import (
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// person.fullName beside person.givenName/surname stands in for the parts
// on the rows that lack one, and is not sent where the parts are filled.
func TestFullNameFallback(t *testing.T) {
	p := mustPlan(t, head+"person: {fullName: full, givenName: g, surname: s}\noperations: [parse]\n", schemaOf("full", "g", "s"))
	f := func(ft, s string) nameapi.NameField { return nameapi.Field(ft, s) }
	for _, tt := range []struct {
		name       string
		full, g, s string
		want       []nameapi.NameField
	}{
		{"parts filled", "riley anthony baumbach", "riley", "baumbach",
			[]nameapi.NameField{f(nameapi.FieldGivenname, "riley"), f(nameapi.FieldSurname, "baumbach")}},
		{"surname empty", "riley anthony baumbach", "riley", "",
			[]nameapi.NameField{f(nameapi.FieldFullname, "riley anthony baumbach")}},
		{"given name empty", "riley baumbach", "", "baumbach",
			[]nameapi.NameField{f(nameapi.FieldFullname, "riley baumbach")}},
		{"both parts empty", "riley baumbach", "", " ",
			[]nameapi.NameField{f(nameapi.FieldFullname, "riley baumbach")}},
		{"no full name: the parts there are", "", "riley", "",
			[]nameapi.NameField{f(nameapi.FieldGivenname, "riley")}},
		{"nothing", "", "", "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, err := p.Build(&record.Record{Line: 2, Values: []record.Value{tt.full, tt.g, tt.s}})
			if err != nil {
				t.Fatal(err)
			}
			var got []nameapi.NameField
			if req.Person.PersonName != nil {
				got = req.Person.PersonName.NameFields
			}
			if len(got) != len(tt.want) {
				t.Fatalf("name fields %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i].FieldType != tt.want[i].FieldType || got[i].String != tt.want[i].String {
					t.Errorf("name fields %v, want %v", got, tt.want)
				}
			}
		})
	}
}
