package parse

import "testing"

func TestDespace(t *testing.T) {
	tests := []struct{ in, want string }{
		{"P e t e r  M ü l l e r", "Peter Müller"},
		{"P e t e r M ü l l e r", "Peter Müller"},
		{"J o h n Smith", "John Smith"},
		{"A B C D", "ABCD"},
		{"J R R Tolkien", "J R R Tolkien"},
		{"J. R. R. Tolkien", "J. R. R. Tolkien"},
		{"Li Na", "Li Na"},
		{"x", "x"},
	}
	for _, tt := range tests {
		if got, _ := despace(tt.in); got != tt.want {
			t.Errorf("despace(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
