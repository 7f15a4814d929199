package risk

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/engine/parse"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// TestNameRisksFoldedParts checks that the folded given name and surname
// that CheckNames returns (sliced from the folded full name when it is
// "given surname") equal FoldSpace of the parsed terms.
func TestNameRisksFoldedParts(t *testing.T) {
	t.Parallel()
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	e := New(d, time.Now)
	parser := parse.New(d, genderize.New(d))
	for _, full := range []string{
		"Peter Müller", "JÖRG Weiß", "Anne-Marie  O'Neill", "Müller, Jörg", "Dr. Hans Peter Schmidt",
		"Peter and Maria Meyer", "José María García López", "Ærø Łukasz", "Mr. Smith", "Petra",
	} {
		p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson,
			PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, full)}}}
		res := parser.Person(nil, p)
		var rs riskSet
		given, surname := e.checkName(rawName(p.PersonName.NameFields), res, &rs)
		pp := res.Best().ParsedPerson
		if len(pp.People) > 0 {
			pp = &pp.People[0]
		}
		wantG := text.FoldSpace(pp.OutputPersonName.First(nameapi.TermGivenname))
		wantS := text.FoldSpace(surnameOf(pp.OutputPersonName))
		if given != wantG || surname != wantS {
			t.Errorf("%q: got %q %q, want %q %q", full, given, surname, wantG, wantS)
		}
	}
}

// TestOneEdit checks oneEdit against text.DamerauLevenshtein on random pairs of
// similar words.
func TestOneEdit(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(5, 6))
	letters := []string{"a", "b", "c", "ä"}
	word := func() string {
		var b strings.Builder
		for range rnd.IntN(6) {
			b.WriteString(letters[rnd.IntN(len(letters))])
		}
		return b.String()
	}
	ones := 0
	for range 200000 {
		a, b := word(), word()
		if rnd.IntN(2) == 0 { // ASCII only, more often close
			a, b = strings.ReplaceAll(a, "ä", "c"), strings.ReplaceAll(b, "ä", "c")
		}
		want := text.DamerauLevenshtein(a, b) == 1
		if got := oneEdit(a, b); got != want {
			t.Fatalf("oneEdit(%q, %q) = %v, want %v", a, b, got, want)
		}
		if want {
			ones++
		}
	}
	if ones < 1000 {
		t.Fatalf("only %d pairs one edit apart", ones)
	}
}

// TestMailEvidence checks the email checks' keys kept in a Names (in its
// own bytes when they fit, else taken from the given name and surname)
// against the rule they implement: 0.2 when the local part holds the last
// word of the surname without hyphens, else 0.1 when it holds the given
// name, each looked for only when three bytes or longer.
func TestMailEvidence(t *testing.T) {
	t.Parallel()
	want := func(given, surname, local string) float64 {
		switch {
		case len(surname) >= 3 && strings.Contains(local, strings.ReplaceAll(text.LastWord(surname), "-", "")):
			return 0.2
		case len(given) >= 3 && strings.Contains(local, given):
			return 0.1
		}
		return 0
	}
	var zero Names // a person without a name
	if got := zero.mailEvidence("peter"); got != 0 || zero.named {
		t.Errorf("zero Names: evidence %v, named %v", got, zero.named)
	}
	long := "maximilianalexander"
	for _, gs := range [][2]string{
		{"peter", "müller"}, {"anne", "schulz-hartmann"}, {"jo", "li"}, {"", "mueller"}, {"peter", ""}, {"", ""},
		{"abc", "-"}, {"abc", "x -"}, {long, "von der " + long}, {long, long + "-" + long}, {"bob", "de la " + long},
	} {
		n := newNames(nil, 0, gs[0], gs[1])
		for _, local := range []string{"peter.mueller12", "peter.müller", "schulzhartmann", "anne", "jo.li", "", "x",
			"abc", long, long + "." + long, "bob"} {
			if got, w := n.mailEvidence(local), want(gs[0], gs[1], local); got != w {
				t.Errorf("given %q surname %q, local part %q: %v, want %v", gs[0], gs[1], local, got, w)
			}
		}
	}
}

// TestFoldedParts holds foldedParts, which takes the folded given name and
// surname from the folded name where it can, to text.FoldSpace of each
// part: for every split of the evaluation names and names of the lists
// into a given name, middle words and a surname (and some with initials,
// dots, commas and letters that fold to two).
func TestFoldedParts(t *testing.T) {
	t.Parallel()
	names := []string{"Anna", "Anna Maria Müller", "J. R. R. Tolkien", "Dr. Hans-Peter Müller, jr.", "Straße Groß",
		"Ærø Øster Åse", "ÆØ ß", "Zoë  Ångström", "a .", ". b", "王 小明", "Anna\u00a0Maria Schmidt", "Łukasz Żółć"}
	data, err := os.ReadFile("../testdata/names_eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if full, _, _ := strings.Cut(line, "\t"); full != "" {
			names = append(names, full)
		}
	}
	for k := range text.Lists().Famous {
		names = append(names, k)
	}
	for _, name := range names {
		words := strings.Split(name, " ")
		shown := strings.Join(words, " ")
		full := text.FoldSpace(shown)
		for i := 0; i <= len(words); i++ {
			for j := i; j <= len(words); j++ {
				g, sn := strings.Join(words[:i], " "), strings.Join(words[j:], " ")
				for _, p := range [][2]string{{g, sn}, {g, ""}, {"", sn}, {sn, g}} {
					given, surname := foldedParts(shown, full, p[0], p[1])
					if want := text.FoldSpace(p[0]); given != want {
						t.Errorf("foldedParts(%q, %q, %q, %q) given %q; want %q", shown, full, p[0], p[1], given, want)
					}
					if want := text.FoldSpace(p[1]); surname != want {
						t.Errorf("foldedParts(%q, %q, %q, %q) surname %q; want %q", shown, full, p[0], p[1], surname, want)
					}
				}
			}
		}
	}
}
