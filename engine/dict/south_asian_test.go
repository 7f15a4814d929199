package dict

import "testing"

// TestSouthAsianData holds the South Asian model's data file to its
// shape (southAsianModel leaves the model empty on a broken file) and the
// model to what its lists show: the endings of their men's and women's
// names, their surnames and no other language's.
func TestSouthAsianData(t *testing.T) {
	d := MustDefault()
	m := southAsianModel()
	if len(m.ends) < 2500 || len(m.surnames) < 800 || len(m.typical) < 10000 {
		t.Fatalf("south-asian.txt.zst: %d endings, %d surnames, %d typicality endings; want 2,500, 800 and 10,000 or more", len(m.ends), len(m.surnames), len(m.typical))
	}
	seen := map[endKey]string{}
	for _, e := range []string{"", "a", "z", "aa", "az", "za", "ab", "ba", "aaa", "zzzz", "azzz", "zaaa"} {
		k, ok := endKeyOf(e)
		if !ok || seen[k] != "" || k == 0 && e != "" {
			t.Errorf("endKeyOf(%q) = %d, %v: want a key of its own", e, k, ok)
		}
		seen[k] = e + "."
	}
	for _, e := range []string{"abcde", "a-b", "Ab"} {
		if _, ok := endKeyOf(e); ok {
			t.Errorf("endKeyOf(%q): want not ok", e)
		}
	}
	for _, c := range []struct {
		name string
		male bool
	}{
		// Unlisted forms of the lists' endings: masculine -esh, -endra,
		// -kumar, -nath; feminine -ini, -ika, -lata, -shree.
		{"Parvesh", true}, {"Hemendra", true}, {"Ravikumar", true}, {"Somanath", true},
		{"Kamalini", false}, {"Ragika", false}, {"Hemalata", false}, {"Jayashree", false},
		{"SAI-GANESH", true},
	} {
		p, ok := d.SouthAsianMaleShare(c.name)
		if !ok || c.male && p < 0.85 || !c.male && p > 0.15 {
			t.Errorf("SouthAsianMaleShare(%q) = %.2f, %v; want male %v", c.name, p, ok, c.male)
		}
	}
	for _, s := range []string{"", "Li", "Müller", "O'Neil"} {
		if p, ok := d.SouthAsianMaleShare(s); ok {
			t.Errorf("SouthAsianMaleShare(%q) = %.2f, want no answer", s, p)
		}
	}
	for _, c := range []struct {
		surname string
		want    bool
	}{
		{"Reddy", true}, {"CHATTERJEE", true}, {"shrestha", true}, {"Iyengar", true},
		{"Khan", false}, {"Abbott", false}, {"Jang", false}, {"Smith", false}, {"", false},
	} {
		if got := d.IsSouthAsianSurname(c.surname); got != c.want {
			t.Errorf("IsSouthAsianSurname(%q) = %v, want %v", c.surname, got, c.want)
		}
	}
	for _, c := range []struct {
		name    string
		surname bool
		typical bool
	}{
		{"Venkatesh", false, true}, {"Anneliese", false, false},
		{"Ramakrishnan", true, true}, {"Gonzalez", true, false},
	} {
		f := d.SouthAsianGivenTypicality
		if c.surname {
			f = d.SouthAsianSurnameTypicality
		}
		if p, ok := f(c.name); !ok || (p >= 0.7) != c.typical {
			t.Errorf("typicality of %q = %.2f, %v; want typical %v", c.name, p, ok, c.typical)
		}
	}
}
