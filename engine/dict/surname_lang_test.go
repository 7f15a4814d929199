package dict

import (
	"runtime"
	"testing"
)

// TestSurnameLanguage holds the surname index to the languages its lists
// give: a surname listed in one language's lists, one of several
// languages' (none), an unlisted one by its ending, a double surname,
// particles, Chinese and Korean surnames (none).
func TestSurnameLanguage(t *testing.T) {
	d := MustDefault()
	for _, c := range []struct {
		surname, want string
	}{
		{"Lappalainen", "fi"},    // listed
		{"LAPPALAINEN", "fi"},    // capitals
		{"Kivimäki", "fi"},       // diacritics as written
		{"Kivimaki", "fi"},       // and folded
		{"Rossi", "it"},          // in Italian lists mostly, in some French and Finnish ones
		{"Martin", ""},           // in many languages' lists
		{"Vasilescu", "ro"},      // listed
		{"Zzzescu", "ro"},        // unlisted: the ending -scu
		{"Xyzinen", "fi"},        // unlisted: -nen
		{"García Márquez", "es"}, // both words Spanish
		{"de Graaf", ""},         // a particle tells nothing, Graaf is unlisted
		{"Lee", ""},              // a Korean and Chinese surname
		{"Zhang", ""},
		{"", ""},
	} {
		got, ok := d.SurnameLanguage(c.surname)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("SurnameLanguage(%q) = %q, %v; want %q", c.surname, got, ok, c.want)
		}
	}
	// Whether only endings told the language (the genderizer's vote bar
	// is higher then).
	for _, c := range []struct {
		surname, want string
		byEnding      bool
	}{
		{"Lappalainen", "fi", false},
		{"Augustijn", "nl", true},            // -ijn; Ruby Faker's nl list, no source here
		{"Xyzinen Lappalainen", "fi", false}, // one word listed
		{"Xyzinen", "fi", true},
	} {
		got, byEnding, ok := d.SurnameLanguageBy(c.surname)
		if got != c.want || byEnding != c.byEnding || !ok {
			t.Errorf("SurnameLanguageBy(%q) = %q, %v, %v; want %q, %v, true", c.surname, got, byEnding, ok, c.want, c.byEnding)
		}
	}
	if n := d.MaxLanguageVotes("en"); n < 3 {
		t.Errorf("MaxLanguageVotes(en) = %d, want 3 or more (several English lists)", n)
	}
	if n := d.MaxLanguageVotes("xx"); n != 0 {
		t.Errorf("MaxLanguageVotes(xx) = %d, want 0", n)
	}
	// The generator's counts are the loaded data's: per language (its
	// gap-filling votes with it), the most votes of one name.
	most := map[string]int{}
	for _, sp := range d.givenNames() {
		sum := map[string]int{}
		for _, st := range d.stats[sp.start : sp.start+uint32(sp.n)] {
			sum[d.langs[st.lang]] += int(st.votes)
		}
		for l, v := range sum {
			most[l] = max(most[l], v)
		}
	}
	for l, n := range most {
		if got := d.MaxLanguageVotes(l); got != n {
			t.Errorf("MaxLanguageVotes(%q) = %d, the data's %d: rerun the generator", l, got, n)
		}
	}
}

// BenchmarkSurnameLanguagesLoad measures what the first name NEUTRAL across
// languages pays: reading surname-lang.tsv.zst into the index; MB-heap is
// the heap the index keeps.
func BenchmarkSurnameLanguagesLoad(b *testing.B) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var x *surnameLangs
	for b.Loop() {
		var err error
		if x, err = loadSurnameLangs("data/surname-lang.tsv.zst"); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/1e6, "MB-heap")
	runtime.KeepAlive(x)
}

// BenchmarkSurnameLanguage measures one look-up of a listed surname.
func BenchmarkSurnameLanguage(b *testing.B) {
	d := MustDefault()
	for b.Loop() {
		if _, ok := d.SurnameLanguage("Lappalainen"); !ok {
			b.Fatal("not found")
		}
	}
}
