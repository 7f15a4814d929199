package genderize

import (
	"slices"
	"testing"
)

func TestKoreanParts(t *testing.T) {
	tests := []struct {
		given []string
		want  []string
	}{
		{[]string{"A", "Reum"}, []string{"A", "Reum"}},
		{[]string{"Geon U"}, []string{"Geon", "U"}},
		{[]string{"A.", "Reum"}, []string{"Reum"}},
		{[]string{"J", "Hae"}, []string{"Hae"}},
		{[]string{"(Min)", "Ji"}, []string{"Min", "Ji"}},
	}
	for _, tt := range tests {
		if got := slices.Collect(koreanParts(tt.given)); !slices.Equal(got, tt.want) {
			t.Errorf("koreanParts(%q) = %q, want %q", tt.given, got, tt.want)
		}
	}
}
