package genderize

import "testing"

func TestSalutationGender(t *testing.T) {
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
