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

func TestGenderForNames(t *testing.T) {
	e := newTestEngine(t)
	male := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, Gender: "MALE"}
	female := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, Gender: "FEMALE"}
	tests := []struct {
		name    string
		given   []string
		sal     string
		ctx     *nameapi.Context
		p       *nameapi.InputPerson
		want    string
		minConf float64
		maxConf float64
	}{
		{"male name", []string{"Peter"}, "", nil, nil, nameapi.GenderMale, 0.8, 1},
		{"female name", []string{"Petra"}, "", nil, nil, nameapi.GenderFemale, 0.8, 1},
		{"accented", []string{"Jörg"}, "", nil, nil, nameapi.GenderMale, 0.7, 1},
		{"upper case", []string{"MARIA"}, "", nil, nil, nameapi.GenderFemale, 0.8, 1},
		{"Andrea in Italy", []string{"Andrea"}, "", &nameapi.Context{Place: "IT"}, nil, nameapi.GenderMale, 0.7, 1},
		{"Andrea in Germany", []string{"Andrea"}, "", &nameapi.Context{Place: "DE"}, nil, nameapi.GenderFemale, 0.7, 1},
		{"Andrea, lower-case place", []string{"Andrea"}, "", &nameapi.Context{Place: "it"}, nil, nameapi.GenderMale, 0.7, 1},
		{"Andrea, Italian correspondence", []string{"Andrea"}, "", nil, &nameapi.InputPerson{CorrespondenceLanguage: "it"}, nameapi.GenderMale, 0.7, 1},
		{"Andrea, context language", []string{"Andrea"}, "", &nameapi.Context{Language: "de"}, nil, nameapi.GenderFemale, 0.7, 1},
		{"Andrea, place beats language", []string{"Andrea"}, "", &nameapi.Context{Place: "IT", Language: "de"}, nil, nameapi.GenderMale, 0.7, 1},
		{"French Jean", []string{"Jean"}, "", &nameapi.Context{Place: "FR"}, nil, nameapi.GenderMale, 0.7, 1},
		{"French Pierre", []string{"Pierre"}, "", &nameapi.Context{Place: "FR"}, nil, nameapi.GenderMale, 0.7, 1},
		{"unknown place falls back", []string{"Peter"}, "", &nameapi.Context{Place: "XX"}, nil, nameapi.GenderMale, 0.7, 1},
		{"first name dominates", []string{"Maria", "Peter"}, "", nil, nil, nameapi.GenderFemale, 0.6, 1},
		{"first name dominates 2", []string{"Peter Maria"}, "", nil, nil, nameapi.GenderMale, 0.6, 1},
		{"Jean-Marie whole or first part", []string{"Jean-Marie"}, "", &nameapi.Context{Place: "FR"}, nil, nameapi.GenderMale, 0.5, 1},
		{"unknown first, known second", []string{"Xqzvbt Anna"}, "", nil, nil, nameapi.GenderFemale, 0.6, 1},
		{"initials ignored", []string{"J.", "Anna"}, "", nil, nil, nameapi.GenderFemale, 0.6, 1},
		{"unknown", []string{"Xqzvbt"}, "", nil, nil, nameapi.GenderUnknown, 0, 0},
		{"nothing", nil, "", nil, nil, nameapi.GenderUnknown, 0, 0},
		{"neutral", []string{"Kim"}, "", &nameapi.Context{Place: "FR"}, nil, nameapi.GenderNeutral, 0.3, 0.9},
		{"salutation alone Mr", nil, "Mr.", nil, nil, nameapi.GenderMale, 0.85, 1},
		{"salutation alone Frau", []string{"Xqzvbt"}, "Frau", nil, nil, nameapi.GenderFemale, 0.85, 1},
		{"salutation Sra.", nil, "Sra.", nil, nil, nameapi.GenderFemale, 0.85, 1},
		{"salutation Monsieur", nil, "Monsieur", nil, nil, nameapi.GenderMale, 0.85, 1},
		{"salutation agrees", []string{"Peter"}, "Herr", nil, nil, nameapi.GenderMale, 0.95, 1},
		{"salutation decides neutral", []string{"Kim"}, "Mrs", &nameapi.Context{Place: "FR"}, nil, nameapi.GenderFemale, 0.85, 1},
		{"salutation conflicts strong data", []string{"Peter"}, "Mrs", nil, nil, nameapi.GenderConflict, 0.5, 1},
		{"Mr & Mrs gives nothing", nil, "Mr. & Mrs.", nil, nil, nameapi.GenderUnknown, 0, 0},
		{"input gender alone", []string{"Xqzvbt"}, "", nil, female, nameapi.GenderFemale, 0.9, 1},
		{"input gender agrees", []string{"Peter"}, "", nil, male, nameapi.GenderMale, 0.95, 1},
		{"input gender conflicts", []string{"Peter"}, "", nil, female, nameapi.GenderConflict, 0.5, 1},
		{"input gender vs salutation", nil, "Mr", nil, female, nameapi.GenderConflict, 0.5, 1},
		{"input gender UNKNOWN ignored", []string{"Petra"}, "", nil, &nameapi.InputPerson{Gender: "UNKNOWN"}, nameapi.GenderFemale, 0.8, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := e.gz.ForNames(tt.given, tt.sal, tt.ctx, tt.p)
			if got == nil {
				t.Fatal("nil result")
			}
			if got.Gender != tt.want {
				t.Fatalf("gender = %s (conf %.3f), want %s", got.Gender, got.Confidence, tt.want)
			}
			if got.Confidence < tt.minConf || got.Confidence > tt.maxConf {
				t.Errorf("confidence = %.3f, want in [%.2f, %.2f]", got.Confidence, tt.minConf, tt.maxConf)
			}
			if (got.MaleProportion != nil) != (got.Gender == nameapi.GenderNeutral) {
				t.Errorf("maleProportion %v with gender %s", got.MaleProportion, got.Gender)
			}
			if mp := got.MaleProportion; mp != nil && (*mp <= 0.2 || *mp >= 0.8) {
				t.Errorf("neutral maleProportion %.3f outside (0.2, 0.8)", *mp)
			}
		})
	}
}

func TestGenderConfidenceGrowsWithData(t *testing.T) {
	e := newTestEngine(t)
	// Maria is listed female by many locales; a rare name by one source.
	common := e.gz.ForNames([]string{"Maria"}, "", nil, nil)
	rare := e.gz.ForNames([]string{"Aabriella"}, "", nil, nil)
	if common.Gender != nameapi.GenderFemale || rare.Gender != nameapi.GenderFemale {
		t.Fatalf("genders %s, %s; want FEMALE twice", common.Gender, rare.Gender)
	}
	if !(common.Confidence > rare.Confidence) {
		t.Errorf("confidence common %.3f should exceed rare %.3f", common.Confidence, rare.Confidence)
	}
}

func BenchmarkGenderForNames(b *testing.B) {
	e := benchEngine(b)
	c := &nameapi.Context{Place: "DE"}
	b.ReportAllocs()
	for b.Loop() {
		e.gz.ForNames([]string{"Hans-Peter", "Maria"}, "Herr", c, nil)
	}
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
