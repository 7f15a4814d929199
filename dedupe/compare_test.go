package dedupe

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

func TestCologne(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"muller", "657"},
		{"mueller", "657"},
		{"meier", "67"},
		{"mayer", "67"},
		{"maier", "67"},
		{"schmidt", "862"},
		{"schmitt", "862"},
		{"wikipedia", "3412"},
		{"mohammed", "662"},
		{"muhammad", "662"},
		{"", ""},
	} {
		if got := cologne(tc.in); got != tc.want {
			t.Errorf("cologne(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"O'Neill", []string{"oneill"}},
		{"Müller-Lüdenscheidt", []string{"muller", "ludenscheidt"}},
		{"Mohd. Owen", []string{"mohd", "owen"}},
		{"  ", nil},
		{"José  María", []string{"jose", "maria"}},
	} {
		got := words(tc.in)
		if len(got) != len(tc.want) {
			t.Errorf("words(%q) = %q, want %q", tc.in, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("words(%q) = %q, want %q", tc.in, got, tc.want)
			}
		}
	}
}

func TestWithinEdits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		k    int
		want bool
	}{
		{"19800312", "19800312", 0, true},
		{"19800312", "19800313", 1, true},
		{"19800312", "19800321", 1, true}, // adjacent swap
		{"19800312", "19810413", 1, false},
		{"john.smith@gmail.com", "jonh.smith@gmail.com", 1, true},
		{"jonsmith@gmail.com", "johnsmyth@gmail.com", 2, true},
		{"john.smith@gmail.com", "jane.smith@gmail.com", 2, false},
		{"john.smith@gmail.com", "peter.pan@web.de", 2, false},
		{"", "ab", 2, true},
		{"", "abc", 2, false},
	} {
		if got := withinEdits(tc.a, tc.b, tc.k); got != tc.want {
			t.Errorf("withinEdits(%q, %q, %d) = %v, want %v", tc.a, tc.b, tc.k, got, tc.want)
		}
	}
}

func TestCompareFields(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		got  Level
		want Level
	}{
		{"birth equal", compareBirth(19800312, 19800312), BirthEqual},
		{"birth swapped", compareBirth(19800312, 19801203), BirthSwapped},
		{"birth digit", compareBirth(19800312, 19800314), BirthTypo},
		{"birth year off by one", compareBirth(19800312, 19810312), BirthTypo},
		{"birth year only", compareBirth(19800000, 19800312), BirthTypo},
		{"birth year only, both", compareBirth(19800000, 19800000), BirthEqual},
		{"birth year only, other year", compareBirth(19800000, 19810312), BirthDifferent},
		{"birth year and month", compareBirth(19800300, 19800312), BirthTypo},
		{"birth year and month, both", compareBirth(19800300, 19800300), BirthEqual},
		{"birth year and month, other month", compareBirth(19800300, 19800412), BirthDifferent},
		{"birth year and month against the year", compareBirth(19800300, 19800000), BirthTypo},
		{"birth year and month against 1 January", compareBirth(19800300, 19800101), BirthTypo},
		{"birth different", compareBirth(19800312, 19750101), BirthDifferent},
		{"birth missing", compareBirth(0, 19800312), Missing},
		{"email equal", compareEmail("a.b@x.de", "a.b@x.de"), Equal},
		{"email other domain", compareEmail("noah.watson@gmail.com", "noah.watson@web.de"), Close},
		{"email typo", compareEmail("isabella.cooper@gmail.com", "isabela.cooper@gmail.com"), Close},
		{"email namesake digits", compareEmail("john.smith7@gmail.com", "john.smith82@gmail.com"), Different},
		{"email different", compareEmail("a@x.de", "zzz@y.com"), Different},
		{"phone equal", comparePhone("301234567", "301234567"), Equal},
		{"phone typo", comparePhone("301234567", "301234568"), Close},
		{"phone different", comparePhone("301234567", "409876543"), Different},
		{"address equal", compareAddress(addr("Hauptstraße 5", "10115 Berlin"), addr("hauptstrasse 5", "10115 BERLIN")), Equal},
		{"address other number", compareAddress(addr("Hauptstraße 5", "10115 Berlin"), addr("Hauptstraße 7", "10115 Berlin")), Close},
		{"address other street", compareAddress(addr("Hauptstraße 5", "10115 Berlin"), addr("Lindenweg 7", "10117 Berlin")), Different},
		{"address missing", compareAddress(nil, addr("Berlin")), Missing},
		// one word changed is close however short the address
		{"postcode other inward code", compareAddress(addr("SW1A 1AA"), addr("SW1A 2BB")), Close},
		{"place other postcode", compareAddress(addr("Bath BA1"), addr("Bath BA2")), Close},
		{"two words changed", compareAddress(addr("Bath BA1 1AA"), addr("Bath BA2 2BB")), Different},
		{"one word each, different", compareAddress(addr("Bath"), addr("Wells")), Different},
		// part by part: a postal code and a town (placeAddr)
		{"postcode alone vs town alone", compareAddress(placeAddr("UX13 6FS", ""), placeAddr("", "Carson City")), Missing},
		{"postcode vs postcode and town", compareAddress(placeAddr("UX13 6FS", ""), placeAddr("UX13 6FS", "Providence")), Close},
		{"town vs postcode and town", compareAddress(placeAddr("", "Providence"), placeAddr("UX13 2AB", "Providence")), Close},
		{"town vs other postcode and town", compareAddress(placeAddr("", "Providence"), placeAddr("UX13 2AB", "Carson City")), Different},
		{"inward code and a region added", compareAddress(placeAddr("UX13 6FS", "Providence"), placeAddr("UX13 2AB", "Providence, Kent")), Close},
		{"same postcode and town", compareAddress(placeAddr("UX13 6FS", "Carson City"), placeAddr("ux13 6fs", "carson city")), Equal},
		{"postcode and town both changed", compareAddress(placeAddr("UX13 6FS", "Carson City"), placeAddr("GG14 5OX", "Carson City")), Different},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, tc.got, tc.want)
		}
	}
}

// placeAddr returns the address word hashes of a postal code and a town
// (either may be empty).
func placeAddr(postcode, town string) []uint32 {
	p := &nameapi.InputPerson{Addresses: []nameapi.AddressRelation{{Address: &nameapi.InputAddress{
		PlaceInfo: &nameapi.PlaceInfo{PostalCode: postcode, Locality: town}}}}}
	return Extract(0, p).Addr
}

// addr returns the address word hashes of single-string address lines.
func addr(lines ...string) []uint32 {
	p := &nameapi.InputPerson{}
	for _, l := range lines {
		p.Addresses = append(p.Addresses, nameapi.AddressRelation{Address: &nameapi.InputAddress{String: l}})
	}
	return Extract(0, p).Addr
}

func person(fields ...string) *nameapi.InputPerson {
	p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{}}
	for i := 0; i+1 < len(fields); i += 2 {
		p.PersonName.NameFields = append(p.PersonName.NameFields, nameapi.Field(fields[i], fields[i+1]))
	}
	return p
}

func TestExtractNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		p              *nameapi.InputPerson
		given, surname string
	}{
		{person(nameapi.FieldFullname, "Noah Watson"), "noah", "watson"},
		{person(nameapi.FieldFullname, "Watson, Noah"), "noah", "watson"},
		{person(nameapi.FieldFullname, "Dr. Anna von der Heide"), "anna", "von der heide"},
		{person(nameapi.FieldGivenname, "Petra", nameapi.FieldSurname, "Müller"), "petra", "muller"},
	} {
		f := Extract(0, tc.p)
		if g, s := join(f.Given), join(f.Surname); g != tc.given || s != tc.surname {
			t.Errorf("%v: given %q surname %q, want %q %q", tc.p.PersonName.NameFields, g, s, tc.given, tc.surname)
		}
	}
}

func join(w []string) string {
	s := ""
	for i, x := range w {
		if i > 0 {
			s += " "
		}
		s += x
	}
	return s
}

func TestCompareNamesLocal(t *testing.T) {
	t.Parallel()
	f := func(full string) *Features {
		x := Extract(0, person(nameapi.FieldFullname, full))
		return &x
	}
	for _, tc := range []struct {
		a, b string
		want Level
	}{
		{"Noah Watson", "Watson, Noah", NameEqual},
		{"Noah Watson", "oNah Watson", NameSimilar},
		{"Noah Watson", "N. Watson", NameMatching},
		{"Noah Watson", "Noah James Watson", NameMatching},
		{"Noah Watson", "Emma Watson", NameRelation},
		{"Noah Watson", "Peter Pan", NameDifferent},
		// Two edits in a word of five letters or more with the same
		// first letter: a respelling (or a typo on a typo) is still the
		// name; in a short word it is another.
		{"Sophie Watson", "Sofie Watson", NameSimilar},
		{"Stephen Jonsen", "Stefen Johnson", NameSimilar},
		{"Noah Watson", "Nora Watson", NameRelation},
		{"Noah Watson", "Nora Wattsno", NameDifferent},
	} {
		if got := compareNamesLocal(f(tc.a), f(tc.b)); got != tc.want {
			t.Errorf("%q vs %q: %s, want %s", tc.a, tc.b, FieldName.LevelName(got), FieldName.LevelName(tc.want))
		}
	}
}

func TestPatternRoundTrip(t *testing.T) {
	t.Parallel()
	for p := 0; p < NumPatterns; p++ {
		if got := Pattern(p).Vector().Pattern(); got != Pattern(p) {
			t.Fatalf("pattern %d decodes and encodes to %d", p, got)
		}
	}
}

func TestKeysAndOwnership(t *testing.T) {
	t.Parallel()
	a := Extract(0, person(nameapi.FieldFullname, "Noah Watson"))
	b := Extract(1, person(nameapi.FieldFullname, "Watson, Noah"))
	ka, kb := Keys(&a, RuleNameTokens), Keys(&b, RuleNameTokens)
	if len(ka) != 1 || len(kb) != 1 || ka[0] != kb[0] {
		t.Fatalf("swapped names: name-token keys %q and %q differ", ka, kb)
	}
	// Swapped given name and surname still share a phonetic key.
	c := Extract(2, person(nameapi.FieldGivenname, "Watson", nameapi.FieldSurname, "Noah"))
	if !shareKey(BlockKeys(&a), BlockKeys(&c), RulePhonetic) {
		t.Errorf("phonetic keys of %q and swapped %q share nothing", Keys(&a, RulePhonetic), Keys(&c, RulePhonetic))
	}
	// The pair is owned by its first shared key only.
	xa, xb := BlockKeys(&a), BlockKeys(&b)
	owners := 0
	for _, k := range xa {
		if containsKey(xb, k) && owns(xa, xb, k) {
			owners++
		}
	}
	if owners != 1 {
		t.Errorf("the pair is owned by %d keys, want 1", owners)
	}
	// A capped first key hands the pair on to the next shared key.
	for i := range xa {
		xa[i].capped = xa[i].rule == RuleNameTokens
	}
	for i := range xb {
		xb[i].capped = xb[i].rule == RuleNameTokens
	}
	owners = 0
	for _, k := range xa {
		if k.rule != RuleNameTokens && containsKey(xb, k) && owns(xa, xb, k) {
			owners++
		}
	}
	if owners != 1 {
		t.Errorf("after capping, the pair is owned by %d later keys, want 1", owners)
	}
}

func shareKey(a, b []blockKey, r Rule) bool {
	for _, x := range a {
		if x.rule == r && containsKey(b, x) {
			return true
		}
	}
	return false
}

func containsKey(list []blockKey, k blockKey) bool {
	for _, x := range list {
		if x.rule == k.rule && x.h == k.h {
			return true
		}
	}
	return false
}

// TestInitialsOnlyNames: two names that are each only initials ("N."
// with the surname empty) neither agree nor disagree; an initial against
// a whole name still matches its word.
func TestInitialsOnlyNames(t *testing.T) {
	t.Parallel()
	c := newNameComparer(nil, 0)
	for _, x := range []struct {
		a, b []string
		want Level
	}{
		{[]string{nameapi.FieldGivenname, "N."}, []string{nameapi.FieldGivenname, "N"}, Missing},
		{[]string{nameapi.FieldGivenname, "N."}, []string{nameapi.FieldGivenname, "M."}, Missing},
		{[]string{nameapi.FieldGivenname, "N."}, []string{nameapi.FieldGivenname, "Noah", nameapi.FieldSurname, "Hand"}, NameMatching},
		{[]string{nameapi.FieldGivenname, "N.", nameapi.FieldSurname, "Hand"}, []string{nameapi.FieldGivenname, "N", nameapi.FieldSurname, "Hand"}, NameEqual},
	} {
		a, b := Extract(0, person(x.a...)), Extract(1, person(x.b...))
		if got := c.compare(context.Background(), &a, &b, true); got != x.want {
			t.Errorf("%v against %v: %s, want %s", x.a, x.b, FieldName.LevelName(got), FieldName.LevelName(x.want))
		}
	}
}
