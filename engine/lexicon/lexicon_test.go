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

// surnameShapedSlow is surnameShaped without its cheap rejects.
func surnameShapedSlow(w string) bool { return surnameShapedEnd(w) || surnameShapedPrefix(w) }

func FuzzSurnameShaped(f *testing.F) {
	for _, s := range []string{"", "McDonald", "O’Neill", "Jónsdóttir", "GRÍMSSON", "FitzGerald", "Macron", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		if got, want := surnameShaped(w), surnameShapedSlow(w); got != want {
			t.Errorf("surnameShaped(%q) = %v, want %v", w, got, want)
		}
	})
}
