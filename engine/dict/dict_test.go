package dict

import (
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/text"
)

func mustDict(t testing.TB) *Dict {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatalf("Default: %v", err)
	}
	return d
}

func TestMaleProportionByPlace(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	tests := []struct {
		name, where string
		male        bool // want p > 0.8 (true) or p < 0.2 (false)
	}{
		{"Andrea", "IT", true},
		{"Andrea", "it", true},
		{"Andrea", "DE", false},
		{"Andrea", "de", false},
		{"Andrea", "en", false},
		{"Jean", "FR", true},
		{"Pierre", "fr", true},
		{"Paul", "fr", true},
		{"Louis", "FR", true},
		{"Michel", "fr", true},
		{"Nicolas", "fr", true},
		{"Maria", "", false},
		{"Peter", "", true},
		{"Petra", "DE", false},
		{"Jörg", "DE", true},
		{"JÖRG", "de", true},
		{"Jorg", "de", true},
		{"René", "fr", true},
		{"Mehmet", "TR", true},
		{"Ayşe", "TR", false},
		{"Giuseppe", "", true},
		{"Olga", "RU", false}, // Latin spelling: falls back to other data below
	}
	for _, tt := range tests {
		p, ok := d.MaleProportion(tt.name, tt.where)
		if !ok && tt.where != "" {
			p, ok = d.MaleProportion(tt.name, "")
		}
		if !ok {
			t.Errorf("MaleProportion(%q, %q): unknown", tt.name, tt.where)
			continue
		}
		if tt.male && p <= 0.8 || !tt.male && p >= 0.2 {
			t.Errorf("MaleProportion(%q, %q) = %.2f, want male=%v", tt.name, tt.where, p, tt.male)
		}
	}
}

func TestMaleProportionUnknown(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	for _, n := range []string{"", "Xqzvbt", "asdfgh"} {
		if p, ok := d.MaleProportion(n, ""); ok {
			t.Errorf("MaleProportion(%q) = %v, ok; want unknown", n, p)
		}
	}
	if _, ok := d.MaleProportion("Andrea", "XX"); ok {
		t.Errorf("unknown country XX should give ok=false")
	}
}

func TestNamesAndSurnames(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	for _, n := range []string{"John", "Petra", "Müller", "Mueller", "Smith", "Rossi", "Dubois", "Schmidt"} {
		if n == "Mueller" || n == "Müller" || n == "Smith" || n == "Rossi" || n == "Dubois" || n == "Schmidt" {
			if !d.IsSurname(n) && n != "Mueller" {
				t.Errorf("IsSurname(%q) = false", n)
			}
			continue
		}
		if !d.IsGivenName(n) {
			t.Errorf("IsGivenName(%q) = false", n)
		}
	}
	if !d.IsSurname("Muller") {
		t.Errorf("folded Muller should be a surname (from Müller)")
	}
	if d.IsGivenName("Xqzvbt") || d.IsSurname("Xqzvbt") {
		t.Errorf("nonsense known as a name")
	}
}

func TestDomains(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	tests := []struct {
		domain           string
		disposable, free bool
	}{
		{"10minutemail.com", true, false},
		{"mailinator.com", true, false},
		{"sub.mailinator.com", true, false},
		{"MAILINATOR.COM", true, false},
		{"gmail.com", false, true},
		{"yahoo.co.uk", false, true},
		{"amazon.com", false, false},
		{"com", false, false},
		{"", false, false},
	}
	for _, tt := range tests {
		if got := d.IsDisposableDomain(tt.domain); got != tt.disposable {
			t.Errorf("IsDisposableDomain(%q) = %v, want %v", tt.domain, got, tt.disposable)
		}
		if got := d.IsFreemailDomain(tt.domain); got != tt.free {
			t.Errorf("IsFreemailDomain(%q) = %v, want %v", tt.domain, got, tt.free)
		}
	}
	if !d.IsISPDomain("t-online.de") || d.IsISPDomain("gmail.com") {
		t.Errorf("ISP list wrong")
	}
}

func TestTopProvidersNeverDisposable(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	top := d.TopProviders()
	if len(top) < 100 {
		t.Fatalf("top providers: %d, want >= 100", len(top))
	}
	for _, p := range top {
		if d.IsDisposableDomain(p) {
			t.Errorf("top provider %s is marked disposable", p)
		}
	}
}

func TestEveryDisposableEntryDetected(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	l, err := ReadLines("disposable.txt.zst")
	if err != nil {
		t.Fatal(err)
	}
	if len(l) < 100000 {
		t.Fatalf("disposable list has %d entries, want > 100000", len(l))
	}
	for _, dom := range l {
		if !d.IsDisposableDomain(dom) || !d.IsDisposableDomain("x."+dom) {
			t.Fatalf("list entry %s not detected", dom)
		}
	}
}

func TestHeadersNameSources(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"given.tsv.zst", "surnames.txt.zst", "disposable.txt.zst", "freemail.txt.zst"} {
		h, err := Header(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(h, "MIT") || !strings.ContainsAny(h, "0123456789") {
			t.Errorf("%s header lacks source version/licence: %q", f, h)
		}
	}
}

func TestFoldedFormsPresent(t *testing.T) {
	t.Parallel()
	l, err := ReadLines("given.tsv.zst")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, x := range l {
		n, _, _ := strings.Cut(x, "\t")
		names[n] = true
	}
	missing := 0
	for n := range names {
		if f := text.Strip(n); !names[f] {
			missing++
			if missing < 5 {
				t.Errorf("folded form %q of %q missing", f, n)
			}
		}
	}
}

func TestLanguages(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"IT": "it", "it": "it", "DE": "de", "de-AT": "de", "de_CH": "de,fr,it", "CH": "de,fr,it",
		"at": "de", "": "", "XX": "", " de ": "de", "De": "de", "eo": "eo", " IT": "it", "12": "", "Ä": "",
	}
	for in, want := range tests {
		if got := strings.Join(Languages(in), ","); got != want {
			t.Errorf("Languages(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLanguagesOfCountryCodes checks the array of the country codes
// against the map it is built from, for every code of two letters.
func TestLanguagesOfCountryCodes(t *testing.T) {
	t.Parallel()
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			code := string([]rune{a, b})
			if got, want := Languages(code), countryLanguages[code]; !slices.Equal(got, want) {
				t.Errorf("Languages(%q) = %q, want %q", code, got, want)
			}
		}
	}
}

// TestNameWord checks the one-lookup answer against GivenVotes, IsSurname
// and IsCJKSurname, on every 100th name of the data in several spellings.
func TestNameWord(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	words := []string{"", " ", "-", "Peter", " Müller ", "MÜLLER", "Min-jun", "min-jun", "Jean-Pierre", "Allen-Jackson",
		"Ji-hoon", "O'Neill", "Nováková", "Ivanova", "王", "อรุณี", "Георгий", "x-", "-x", "Guo", " KIM ", "Lee"}
	i := 0
	for k := range d.words.all() {
		if i++; i%100 == 0 {
			words = append(words, k, strings.ToUpper(k), " "+k, k+"-"+words[len(words)-1])
		}
	}
	for _, w := range words {
		votes, known, surname, cjk := d.NameWord(w)
		wv, wk := d.GivenVotes(w)
		if votes != wv || known != wk || surname != d.IsSurname(w) || cjk != d.IsCJKSurname(w) {
			t.Errorf("NameWord(%q) = %d, %v, %v, %v; want %d, %v, %v, %v", w, votes, known, surname, cjk, wv, wk, d.IsSurname(w), d.IsCJKSurname(w))
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMaleProportion(b *testing.B) {
	d := mustDict(b)
	b.ReportAllocs()
	for b.Loop() {
		d.MaleProportion("Andrea", "IT")
	}
}

func BenchmarkIsDisposableDomain(b *testing.B) {
	d := mustDict(b)
	b.ReportAllocs()
	for b.Loop() {
		d.IsDisposableDomain("mail.example.co.uk")
	}
}

// TestGivenVotesMatchesSeparateLookups checks that the combined lookup
// answers exactly like IsGivenName plus GenderVotes(s, "").
func TestGivenVotesMatchesSeparateLookups(t *testing.T) {
	t.Parallel()
	d := MustDefault()
	for _, s := range []string{"Peter", "peter", " Maria ", "Müller", "Jörg", "Joerg", "María", "Jürgen", "René", "Andrea", "Xqzvbn", "", "Jean-Pierre", "Smith", "Kim"} {
		votes, known := d.GivenVotes(s)
		if want := d.IsGivenName(s); known != want {
			t.Errorf("GivenVotes(%q) known = %v, IsGivenName = %v", s, known, want)
		}
		_, wantVotes, _ := d.GenderVotes(s, "")
		if f := text.Strip(strings.ToLower(strings.TrimSpace(s))); f != strings.ToLower(strings.TrimSpace(s)) {
			// Accented spellings take the better-backed of both spellings
			// (GenderVotes only when both agree on the sex).
			_, fv, _ := d.GenderVotes(f, "")
			if votes < wantVotes || votes != max(votes, fv) {
				t.Errorf("GivenVotes(%q) votes = %d, want the larger of %d and %d", s, votes, wantVotes, fv)
			}
			continue
		}
		if votes != wantVotes {
			t.Errorf("GivenVotes(%q) votes = %d, GenderVotes = %d", s, votes, wantVotes)
		}
	}
	// "María" alone is listed by one source; "Maria" by many.
	if v, ok := d.GivenVotes("María"); !ok || v < 5 {
		t.Errorf("GivenVotes(María) = %d, %v; want the votes of Maria", v, ok)
	}
	if v, ok := d.GivenVotes("Peter"); !ok || v < 5 {
		t.Errorf("GivenVotes(Peter) = %d, %v; want a well-backed name", v, ok)
	}
}
