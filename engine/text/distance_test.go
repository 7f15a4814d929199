package text

import "testing"

func TestStringDistances(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"muller", "muler", 1}, {"peter", "petre", 1}, {"ca", "abc", 3}, {"kitten", "sitting", 3}} {
		if got := DamerauLevenshtein(tt.a, tt.b); got != tt.d {
			t.Errorf("DL(%q,%q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
	if jw := JaroWinkler("martha", "marhta"); jw < 0.96 || jw > 0.962 {
		t.Errorf("JW(martha, marhta) = %v, want 0.961", jw)
	}
	if JaroWinkler("abc", "xyz") != 0 || JaroWinkler("same", "same") != 1 {
		t.Error("JW bounds wrong")
	}
}
