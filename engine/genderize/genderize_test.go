package genderize

import (
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

func TestSalutationGender(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"Mr": "MALE", "MR.": "MALE", "mrs.": "FEMALE", "Herr": "MALE", "Frau": "FEMALE",
		"Sehr geehrter Herr": "MALE", "Dear Mrs": "FEMALE", "Mr. & Mrs.": "", "Dr.": "", "": "",
		"Sig.ra": "FEMALE", "Mevrouw": "FEMALE",
	}
	for in, want := range tests {
		if got := SalutationGender(in); got != want {
			t.Errorf("SalutationGender(%q) = %q, want %q", in, got, want)
		}
	}
}
func TestGenderForNames(t *testing.T) {
	t.Parallel()
	e := realGenderizer(t)
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
			got := e.ForNames(tt.given, tt.sal, tt.ctx, tt.p)
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
	t.Parallel()
	e := realGenderizer(t)
	// Maria is listed female by many locales; a rare name by one source.
	common := e.ForNames([]string{"Maria"}, "", nil, nil)
	rare := e.ForNames([]string{"Aabriella"}, "", nil, nil)
	if common.Gender != nameapi.GenderFemale || rare.Gender != nameapi.GenderFemale {
		t.Fatalf("genders %s, %s; want FEMALE twice", common.Gender, rare.Gender)
	}
	if !(common.Confidence > rare.Confidence) {
		t.Errorf("confidence common %.3f should exceed rare %.3f", common.Confidence, rare.Confidence)
	}
}

func BenchmarkGenderForNames(b *testing.B) {
	e := realGenderizer(b)
	c := &nameapi.Context{Place: "DE"}
	b.ReportAllocs()
	for b.Loop() {
		e.ForNames([]string{"Hans-Peter", "Maria"}, "Herr", c, nil)
	}
}

// realGenderizer returns a genderizer over the embedded data.
func realGenderizer(t testing.TB) *Genderizer {
	t.Helper()
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	return New(d)
}
