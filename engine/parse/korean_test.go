package parse

import "testing"

func TestKoreanGivenShape(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"Min-ho", true}, {"Seo-yeon", true}, {"Mi-kyung", true}, {"Young-hee", true}, {"Jong-un", true}, {"Ji-sung", true},
		{"Jean-Claude", false}, // both parts capitalised: a Western hyphenated name
		{"Jean-claude", false}, // "claude" is no Korean syllable
		{"Anne-marie", false},
		{"min-ho", false}, // the first part not capitalised
		{"Okonjo-Iweala", false},
		{"Minho", false},
	}
	for _, tt := range tests {
		if got := koreanGivenShape(tt.in); got != tt.want {
			t.Errorf("koreanGivenShape(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
