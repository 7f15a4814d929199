package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderizeGapFilledNames holds given names that only the gap-filling
// lists hold (php-faker and python3-fake-factory, engine/internal/gen),
// examples taken from those lists: Latvian, Norwegian, Swedish, Finnish,
// German, Serbian and Montenegrin, South African and Indian names, names
// in Thai, Arabic and Greek script, and a name whose sex depends on the
// culture (Salve: a Lithuanian woman's name, a Norwegian man's).
func TestGenderizeGapFilledNames(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	tests := []struct {
		name, place, want string
	}{
		{"Adalberts Ozols", "", nameapi.GenderMale},        // php-faker lv_LV
		{"Agnar Haugen", "", nameapi.GenderMale},           // php-faker nb_NO
		{"Assar Lindqvist", "", nameapi.GenderMale},        // php-faker sv_SE
		{"Eetu Virtanen", "", nameapi.GenderMale},          // php-faker fi_FI
		{"Burghard Schulze", "", nameapi.GenderMale},       // php-faker and python3-fake-factory de_DE
		{"Vladeta Jovanović", "", nameapi.GenderMale},      // php-faker me_ME
		{"Bongani Dlamini", "", nameapi.GenderMale},        // php-faker en_ZA
		{"Ajinkya Deshpande", "", nameapi.GenderMale},      // php-faker en_IN
		{"Salve Jankauskienė", "LT", nameapi.GenderFemale}, // php-faker lt_LT
		{"Salve Hansen", "NO", nameapi.GenderMale},         // php-faker nb_NO
		{"สมชาย ติณสูลานนท์", "", nameapi.GenderMale},      // php-faker th_TH
		{"Αγαμέμνων Παπαδόπουλος", "", nameapi.GenderMale}, // php-faker el_GR
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.place, func(t *testing.T) {
			in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, tt.name))}
			if tt.place != "" {
				in.Context = &nameapi.Context{Place: tt.place}
			}
			r, err := e.GenderizePerson(ctx, in)
			if err != nil {
				t.Fatalf("GenderizePerson: %v", err)
			}
			if r.Gender != tt.want {
				t.Errorf("gender = %s (%.2f), want %s", r.Gender, r.Confidence, tt.want)
			}
		})
	}
}
