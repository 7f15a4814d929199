package dict

import "testing"

// TestGapFilledNames holds the given names that only the gap-filling
// lists hold (GapSuffix): they answer in the scope of their language and
// of all data, the parser knows them, and the models do not count them.
func TestGapFilledNames(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	tests := []struct {
		name, place string
		male, ok    bool
	}{
		{"salve", "LT", false, true}, // php-faker lt_LT: a woman's name
		{"salve", "NO", true, true},  // php-faker nb_NO: a man's name
		{"salve", "DE", false, false},
		{"vladeta", "", true, true}, // php-faker me_ME
		{"vladeta", "ME", true, true},
		{"eetu", "FI", true, true}, // php-faker and python3-fake-factory fi_FI
		{"adalberts", "lv", true, true},
	}
	for _, tt := range tests {
		p, ok := d.MaleProportion(tt.name, tt.place)
		if ok != tt.ok || (ok && (p >= 0.5) != tt.male) {
			t.Errorf("MaleProportion(%q, %q) = %.2f, %v; want male=%v ok=%v", tt.name, tt.place, p, ok, tt.male, tt.ok)
		}
	}
	for _, n := range []string{"vladeta", "eetu", "adalberts"} {
		if !d.IsGivenName(n) {
			t.Errorf("IsGivenName(%q) = false", n)
		}
		sp, ok := d.givenEntry(n)
		if !ok {
			t.Fatalf("%q not listed", n)
		}
		if sv := d.modelSexVotes(sp); sv.m+sv.f != 0 {
			t.Errorf("%q: model votes %+v, want none", n, sv)
		}
	}
	for i, l := range d.langs {
		if d.gapFilled[i] && (l == "" || l[len(l)-1:] == GapSuffix) {
			t.Errorf("language %d %q keeps its mark", i, l)
		}
	}
}
