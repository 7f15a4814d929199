package mapping

import (
	"errors"
	"reflect"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

func TestInputColumns(t *testing.T) {
	in := record.Schema{}
	for _, n := range []string{"id", "name", "mail", "mail2", "country", "kind"} {
		in.Fields = append(in.Fields, record.Field{Name: n, Type: record.String})
	}
	cases := []struct {
		name, src string
		cols      []InputColumn
		place     string
		emails    map[Op]string
	}{
		{"name only", head + "person: {fullName: name}\noperations: [parse]\n",
			[]InputColumn{{"person.fullName", "name", 1}}, "", map[Op]string{OpDisposable: ""}},
		{"emails, place, type column", head + `person:
  type: {column: kind, legal: ["*"]}
  fullName: name
  email: [mail, mail2]
context: {placeColumn: country}
operations: [parse, {op: disposable, column: mail2}, classify]
`, []InputColumn{{"person.type.column", "kind", 5}, {"person.fullName", "name", 1}, {"person.email[0]", "mail", 2},
			{"person.email[1]", "mail2", 3}, {"context.placeColumn", "country", 4}},
			"country", map[Op]string{OpDisposable: "mail2", OpClassify: "mail", OpEmailName: ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustPlan(t, c.src, in)
			if got := p.InputColumns(); !reflect.DeepEqual(got, c.cols) {
				t.Errorf("InputColumns = %+v, want %+v", got, c.cols)
			}
			pc, ok := p.PlaceColumn()
			if ok != (c.place != "") || pc.Name != c.place {
				t.Errorf("PlaceColumn = %+v, %v; want %q", pc, ok, c.place)
			}
			for op, want := range c.emails {
				ec, ok := p.EmailColumn(op)
				if ok != (want != "") || ec.Name != want {
					t.Errorf("EmailColumn(%s) = %+v, %v; want %q", op, ec, ok, want)
				}
			}
		})
	}
}

func TestErrorTextRedactsKey(t *testing.T) {
	p := &Plan{secret: "sekrit-key"}
	got := p.ErrorText(errors.New("bad\nkey sekrit-key"))
	if got != "bad key "+nameapi.RedactedKey {
		t.Errorf("ErrorText = %q", got)
	}
	if p.ErrorText(nil) != "" {
		t.Error("ErrorText(nil) is not empty")
	}
}
