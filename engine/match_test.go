package engine

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/namepipe/namepipe/engine/internal/corpus"
	"github.com/namepipe/namepipe/engine/match"
	"github.com/namepipe/namepipe/nameapi"
)

func TestMatchPersons(t *testing.T) {
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	full := func(s string) *nameapi.InputPerson {
		return nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, s))
	}
	aged := func(s string, a *nameapi.AgeInfo) *nameapi.InputPerson { p := full(s); p.Age = a; return p }
	tests := []struct {
		name             string
		a, b             *nameapi.InputPerson
		match, nameMatch string
		composition      string
	}{
		{"transliteration", full("Petra Müller"), full("Petra Mueller"), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
		{"initial and double surname", full("Petra K. Müller"), full("Petra Mueller-Meyer"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionIntersection},
		{"extra middle initial", full("Petra K. Müller"), full("Petra Müller"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionPartial},
		{"case and order", full("MÜLLER, Petra"), full("petra müller"), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
		{"surname first, informally", full("Müller Petra"), full("Petra Müller"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"Vietnamese name in its two orders", full("Nguyễn Quang Dũng"), full("Quang Dung Nguyen"), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
		{"Vietnamese name in its two orders 2", full("Minh Tuan Le"), full("Lê Minh Tuấn"), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
		{"nickname", full("Bill Clinton"), full("William Clinton"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"nickname Peggy", full("Peggy Smith"), full("Margaret Smith"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"given initial", full("P. Müller"), full("Petra Müller"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"short form", full("Manu Fernandes"), full("Manuel Fernandes"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"short form -i", full("Ursi Konzett"), full("Ursula Konzett"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"diminutive ending", full("Piotruś Brożek"), full("Piotr Brożek"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"pet form of a compound's first name", full("Alinuţa Popescu"), full("Alina-Victoria Popescu"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"pet form of a compound's first name -i", full("Hans-Peter Gruber"), full("Hansi Gruber"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"not a pet form of a compound: other sex", full("Paula Meyer"), full("Paul-Henri Meyer"), nameapi.MatchRelation, nameapi.MatchPartial, nameapi.CompositionNotApplicable},
		{"not a pet form of a compound", full("Annika Becker"), full("Anna-Lena Becker"), nameapi.MatchRelation, nameapi.MatchPartial, nameapi.CompositionNotApplicable},
		{"nickname on one side", full(`Kristýna "Týna" Nováková`), full("Kristýna Nováková"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"nickname in parentheses on one side", full("Danfeng (Daphne) Yao"), full("Danfeng Yao"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"the same nickname on both sides", full(`Robert "Bob" Smith`), full(`Robert "Bob" Smith`), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
		{"apostrophe left out", full("Ethan O'Neil"), full("Ethan Oneil"), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
		{"surname written together", full("Tadhg Mac Cárthaigh"), full("Tadhg MacCárthaigh"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"surname written together, with initial", full("Ana De la Cruz"), full("A. Delacruz"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"goes by middle name", full("Fatimah Madani"), full("Anousheh Fatimah Madani"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionPartial},
		{"initial of middle name", full("T. van Rijswijck"), full("Jan Theodoor van Rijswijck"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionPartial},
		{"not a short form: other sex (a typo apart)", full("Andrea Wagner"), full("Andreas Wagner"), nameapi.MatchSimilar, nameapi.MatchSimilar, nameapi.CompositionFull},
		{"not a short form", full("Christian Weber"), full("Christopher Weber"), nameapi.MatchRelation, nameapi.MatchPartial, nameapi.CompositionNotApplicable},
		{"typo surname", full("Petra Müller"), full("Petra Müler"), nameapi.MatchSimilar, nameapi.MatchSimilar, nameapi.CompositionFull},
		{"typo given", full("Christina Schmidt"), full("Christian Schmidt"), nameapi.MatchDifferent, nameapi.MatchSimilar, nameapi.CompositionNotApplicable},
		{"swapped fields", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "Schmidt"), nameapi.Field("SURNAME", "Peter")), full("Peter Schmidt"), nameapi.MatchMatching, nameapi.MatchMatching, nameapi.CompositionFull},
		{"relation", full("Peter Meyer"), full("Maria Meyer"), nameapi.MatchRelation, nameapi.MatchPartial, nameapi.CompositionNotApplicable},
		{"jr sr", full("John Smith Jr."), full("John Smith Sr."), nameapi.MatchRelation, nameapi.MatchEqual, nameapi.CompositionNotApplicable},
		{"different", full("Peter Schmidt"), full("Anna Becker"), nameapi.MatchDifferent, nameapi.MatchDifferent, nameapi.CompositionNotApplicable},
		{"gender conflict", full("Herr Andrea Rossi"), full("Frau Andrea Rossi"), nameapi.MatchDifferent, nameapi.MatchEqual, nameapi.CompositionNotApplicable},
		{"same birth date", aged("Petra Müller", nameapi.NewBirthDate(1980, 5, 17)), aged("Petra Mueller", nameapi.NewBirthDate(1980, 5, 17)), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
		{"partial birth date", aged("Petra Müller", nameapi.NewBirthYear(1980)), aged("Petra Müller", nameapi.NewBirthDate(1980, 5, 17)), nameapi.MatchMatching, nameapi.MatchEqual, nameapi.CompositionFull},
		{"different birth date", aged("Petra Müller", nameapi.NewBirthDate(1980, 5, 17)), aged("Petra Müller", nameapi.NewBirthDate(1975, 1, 2)), nameapi.MatchDifferent, nameapi.MatchEqual, nameapi.CompositionNotApplicable},
		{"legal", nameapi.NewLegalPerson(nameapi.Field("LEGAL_NAME", "Acme"), nameapi.Field("LEGAL_FORM", "GmbH")), full("ACME GmbH"), nameapi.MatchEqual, nameapi.MatchEqual, nameapi.CompositionFull},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := e.MatchPersons(context.Background(), &nameapi.InputWithTwoPeople{InputPerson1: tt.a, InputPerson2: tt.b})
			if err != nil {
				t.Fatal(err)
			}
			if r.MatchType != tt.match || r.PersonNameMatcherResult.MatchType != tt.nameMatch || r.PersonMatchComposition != tt.composition {
				t.Errorf("got %s/name %s/%s, want %s/name %s/%s (points %v)", r.MatchType, r.PersonNameMatcherResult.MatchType,
					r.PersonMatchComposition, tt.match, tt.nameMatch, tt.composition, r.Points)
			}
			if r.Points < -1 || r.Points > 1 || r.Confidence <= 0 || r.Confidence > 1 {
				t.Errorf("points %v confidence %v out of range", r.Points, r.Confidence)
			}
			if (r.MatchType == nameapi.MatchDifferent) != (r.Points < 0) && r.MatchType != nameapi.MatchRelation {
				t.Errorf("points %v do not fit %s", r.Points, r.MatchType)
			}
			if r.GenderMatcherResult.MatchType == "" || r.AgeMatcherResult.MatchType == "" {
				t.Errorf("sub-results without matchType: %+v", r)
			}
		})
	}
}

func TestMatchPersonsInvalid(t *testing.T) {
	e := fakeEngine(t)
	ok := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller"))
	bad := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller"))
	bad.Age = nameapi.NewBirthDate(1980, 13, 1)
	feb := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller"))
	feb.Age = nameapi.NewBirthDate(1980, 2, 31)
	for name, in := range map[string]*nameapi.InputWithTwoPeople{
		"nil":      nil,
		"one":      {InputPerson1: ok},
		"month 13": {InputPerson1: ok, InputPerson2: bad},
		"31 Feb":   {InputPerson1: feb, InputPerson2: ok},
		"no name":  {InputPerson1: ok, InputPerson2: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}},
	} {
		_, err := e.MatchPersons(context.Background(), in)
		var ne *nameapi.Error
		if !errors.As(err, &ne) || !ne.InvalidInput() {
			t.Errorf("%s: err = %v, want invalid input", name, err)
		}
	}
}

// TestMatchPersonsPunctuationOnly is a regression test: name fields of
// punctuation only (".") fold to nothing and made the matcher index an
// empty initials list (a panic, served as 500). Found by the conformance
// corpus.
func TestMatchPersonsPunctuationOnly(t *testing.T) {
	e := fakeEngine(t)
	dots := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, "."), nameapi.Field(nameapi.FieldSurname, "."))
	for _, other := range []*nameapi.InputPerson{dots, nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "P. Müller")),
		nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, "-"), nameapi.Field(nameapi.FieldSurname, "Müller"))} {
		r, err := e.MatchPersons(context.Background(), &nameapi.InputWithTwoPeople{InputPerson1: dots, InputPerson2: other})
		if err != nil {
			t.Fatalf("%v: %v", other.PersonName.NameFields, err)
		}
		if r.MatchType == "" || r.PersonNameMatcherResult.MatchType == "" || r.Points < -1 || r.Points > 1 {
			t.Errorf("%v: %+v", other.PersonName.NameFields, r)
		}
	}
}

// TestMatchPersonsThroughMemo: MatchPersons, which parses through the
// engine's memo of parses, answers as match.Persons with a parse of its
// own for every call, over a sample of the invariant corpus: each name
// against itself, its neighbour and a name of its own surname or given
// name, as a full name and as fields, with and without an input gender
// and a context (which the memo's attrs must tell apart), every pair
// asked twice and either way round, so that most parses come from the
// memo; the memo is small enough to evict.
func TestMatchPersonsThroughMemo(t *testing.T) {
	t.Parallel()
	e, err := New(WithParseMemo(512))
	if err != nil {
		t.Fatal(err)
	}
	names, err := corpusNames()
	if err != nil {
		t.Fatal(err)
	}
	names = corpus.Sample(names, 3000)
	person := func(i int) *nameapi.InputPerson {
		n := &names[i%len(names)]
		var p *nameapi.InputPerson
		if i%2 == 0 || n.Surname == "" {
			p = fullPerson(n.Full())
		} else {
			p = nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, n.Given), nameapi.Field(nameapi.FieldSurname, n.Surname))
		}
		switch i % 5 {
		case 1:
			p.Gender = nameapi.GenderFemale
		case 2:
			p.Gender = nameapi.GenderMale
		}
		return p
	}
	bySurname := map[string]int{}
	asked := 0
	for i := range names {
		js := []int{i, i + 1}
		if j, ok := bySurname[names[i].Surname]; ok && names[i].Surname != "" {
			js = append(js, j)
		}
		bySurname[names[i].Surname] = i
		for _, j := range js {
			for round := range 2 {
				in := &nameapi.InputWithTwoPeople{InputPerson1: person(i), InputPerson2: person(j)}
				if round == 1 {
					in.InputPerson1, in.InputPerson2 = in.InputPerson2, in.InputPerson1
					in.Context = &nameapi.Context{Place: "DE"}
				}
				got, gotErr := e.MatchPersons(context.Background(), in)
				want, wantErr := match.Persons(in, e.parser.Person)
				if (gotErr == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
					t.Fatalf("%q and %q: through the memo %+v (%v), parsed anew %+v (%v)", names[i].Full(), names[j%len(names)].Full(), got, gotErr, want, wantErr)
				}
				asked++
			}
		}
	}
	remembered := e.parses.len()
	if asked < 10_000 || remembered == 0 {
		t.Fatalf("%d pairs asked, %d parses remembered: the case tests too little", asked, remembered)
	}
}

// BenchmarkMatchPersonsBlocks measures MatchPersons as dedupe asks it:
// each of 2,000 corpus names against the 16 names after it (a block's
// rows meet again and again), through the engine's memo of parses
// (DefaultParseMemo) against parsing both names on every call, as
// MatchPersons did before it used the memo.
func BenchmarkMatchPersonsBlocks(b *testing.B) {
	names, err := corpusNames()
	if err != nil {
		b.Fatal(err)
	}
	names = corpus.Sample(names, 2000)
	var pairs []nameapi.InputWithTwoPeople
	for i := range names {
		for j := 1; j <= 16; j++ {
			pairs = append(pairs, nameapi.InputWithTwoPeople{InputPerson1: fullPerson(names[i].Full()), InputPerson2: fullPerson(names[(i+j)%len(names)].Full())})
		}
	}
	e, err := New()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		match func(in *nameapi.InputWithTwoPeople) (*nameapi.PersonMatcherResult, error)
	}{
		{"memo", func(in *nameapi.InputWithTwoPeople) (*nameapi.PersonMatcherResult, error) {
			return e.MatchPersons(context.Background(), in)
		}},
		{"parse", func(in *nameapi.InputWithTwoPeople) (*nameapi.PersonMatcherResult, error) {
			return match.Persons(in, e.parser.Person)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := c.match(&pairs[i%len(pairs)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
