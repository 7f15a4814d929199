package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

func newTestEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(WithSeed(1))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return e
}

func TestGenderizePerson(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	nat := nameapi.NewNaturalPerson
	f := nameapi.Field
	tests := []struct {
		name string
		in   *nameapi.InputWithPerson
		want string
	}{
		{"fullname", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldFullname, "Petra Müller"))}, nameapi.GenderFemale},
		{"fullname surname first", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldFullname, "Müller, Peter"))}, nameapi.GenderMale},
		{"fullname with salutation", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldFullname, "Herr Dr. Andrea Rossi"))}, nameapi.GenderMale},
		{"fullname Andrea in Italy", &nameapi.InputWithPerson{Context: &nameapi.Context{Place: "IT"}, InputPerson: nat(f(nameapi.FieldFullname, "Andrea Rossi"))}, nameapi.GenderMale},
		{"fullname Andrea in Germany", &nameapi.InputWithPerson{Context: &nameapi.Context{Place: "DE"}, InputPerson: nat(f(nameapi.FieldFullname, "Andrea Schmidt"))}, nameapi.GenderFemale},
		{"structured", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldGivenname, "John"), f(nameapi.FieldSurname, "Smith"))}, nameapi.GenderMale},
		{"structured salutation", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldSalutation, "Frau"), f(nameapi.FieldSurname, "Meyer"))}, nameapi.GenderFemale},
		{"surname only", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldSurname, "Meyer"))}, nameapi.GenderUnknown},
		{"unknown name", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldGivenname, "Xqzvbt"))}, nameapi.GenderUnknown},
		{"legal person", &nameapi.InputWithPerson{InputPerson: nameapi.NewLegalPerson(f(nameapi.FieldLegalName, "Acme GmbH"))}, nameapi.GenderUnknown},
		{"company in fullname", &nameapi.InputWithPerson{InputPerson: nat(f(nameapi.FieldFullname, "Acme GmbH"))}, nameapi.GenderUnknown},
		{"gender field only", &nameapi.InputWithPerson{InputPerson: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, Gender: "FEMALE"}}, nameapi.GenderFemale},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := e.GenderizePerson(ctx, tt.in)
			if err != nil {
				t.Fatalf("GenderizePerson: %v", err)
			}
			if r.Gender != tt.want {
				t.Errorf("gender = %s (%.2f), want %s", r.Gender, r.Confidence, tt.want)
			}
			if r.Gender == nameapi.GenderUnknown && r.Confidence != 0 {
				t.Errorf("UNKNOWN with confidence %.2f", r.Confidence)
			}
		})
	}
}

func TestGenderizePersonInvalid(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	for _, in := range []*nameapi.InputWithPerson{
		nil,
		{},
		{InputPerson: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}},
		{InputPerson: &nameapi.InputPerson{Type: "Robot", PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field("GIVENNAME", "Peter")}}}},
	} {
		_, err := e.GenderizePerson(ctx, in)
		var ae *nameapi.Error
		if !errors.As(err, &ae) || !ae.InvalidInput() {
			t.Errorf("GenderizePerson(%+v) err = %v, want invalid input", in, err)
		}
	}
}

func BenchmarkGenderizePersonFullname(b *testing.B) {
	e := benchEngine(b)
	in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller"))}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.GenderizePerson(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenderizePersonStructured(b *testing.B) {
	e := benchEngine(b)
	in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, "Petra"), nameapi.Field(nameapi.FieldSurname, "Müller"))}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.GenderizePerson(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}

func TestGenderizeGroup(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	tests := map[string]string{
		"Peter und Hans Meyer":   nameapi.GenderMale,
		"Peter and Maria Meyer":  nameapi.GenderIndeterminable,
		"Anna and Maria Schmidt": nameapi.GenderFemale,
	}
	for full, want := range tests {
		in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, full))}
		pr, err := e.ParsePersonName(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if b := pr.Best(); b == nil || len(b.ParsedPerson.People) < 2 {
			t.Fatalf("%s: parser did not read two people", full)
		}
		r, err := e.GenderizePerson(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if r.Gender != want {
			t.Errorf("%s: gender %s, want %s", full, r.Gender, want)
		}
	}
}
