package lexicon

import "testing"

func TestSurnameShaped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"McDonald", true}, {"MacKenzie", true}, {"O'Neill", true}, {"O’Brien", true}, {"FitzGerald", true},
		{"Mack", false}, {"Macy", false}, {"Mcx", false}, {"MCDONALD", false}, {"Oscar", false}, {"Fitz", false},
	}
	for _, tt := range tests {
		if got := surnameShaped(tt.in); got != tt.want {
			t.Errorf("surnameShaped(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
