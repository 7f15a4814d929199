package dedupe

import (
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// keysOfText is BlockKeys spelt out: the hash of every key text of Keys,
// rule by rule.
func keysOfText(f *Features) []blockKey {
	var out []blockKey
	for r := Rule(0); r < NumRules; r++ {
		for _, k := range Keys(f, r) {
			h := hashKey(r, k)
			if r == RuleNamePlace {
				h = namePlaceHash(k)
			}
			out = append(out, blockKey{h: h, rule: r})
		}
	}
	return out
}

// namePlaceHash is the hash of a RuleNamePlace key's text (Keys): its
// hashKey, marked as BlockKeys marks it (postcodeWordKey).
func namePlaceHash(s string) uint64 {
	c, _, _ := strings.Cut(s, "|")
	return uint64(keyHash(hashKey(RuleNamePlace, s)).placeKey(strings.Contains(c, "#")))
}

// TestBlockKeysAreKeys: BlockKeys hashes exactly the key texts of Keys,
// in their order, on rows of every shape (FuzzFeatCodec checks the same
// on any input).
func TestBlockKeysAreKeys(t *testing.T) {
	t.Parallel()
	var persons []*nameapi.InputPerson
	for _, rec := range strings.Split(strings.TrimSpace(people+moreRows(200)), "\n")[1:] {
		c := strings.Split(rec, ",")
		if len(c) < 6 {
			continue
		}
		p := &nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, c[0])}}}
		p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(c[1]), nameapi.NewEmailAddress("x." + c[1])}
		p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(c[2])}
		p.Addresses = []nameapi.AddressRelation{{Address: &nameapi.InputAddress{String: c[4] + ", " + c[5]}}}
		if y, m, d, ok := parseISODate(c[3]); ok {
			p.Age = nameapi.NewBirthDate(y, m, d)
		}
		persons = append(persons, p)
	}
	persons = append(persons,
		nil,
		&nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{
			nameapi.Field(nameapi.FieldGivenname, "Anna Maria Luisa Carla Dora Eva Frida Greta Hanna"), nameapi.Field(nameapi.FieldSurname, "von der Au")}},
			EmailAddresses: []nameapi.EmailAddress{nameapi.NewEmailAddress("a.b+tag@x.de"), nameapi.NewEmailAddress("ab@y.de"), nameapi.NewEmailAddress("a.b.@z")}},
		&nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, "J. K.")}},
			Addresses: []nameapi.AddressRelation{{Address: &nameapi.InputAddress{String: "7"}}}},
		&nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, "李小龙")}},
			Age: nameapi.NewBirthDate(1940, 11, 27)},
	)
	for i, p := range persons {
		f := Extract(int32(i), p)
		if i%3 == 0 {
			f.Block = []string{"", "engineer", "x|y"}
		}
		if got, want := BlockKeys(&f), keysOfText(&f); !slices.Equal(got, want) {
			t.Fatalf("person %d (%+v): BlockKeys\n %+v\nkeys of the texts\n %+v", i, f, got, want)
		}
	}
}

// parseISODate reads YYYY-MM-DD.
func parseISODate(s string) (y, m, d int, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, 0, 0, false
	}
	num := func(t string) int {
		n := 0
		for _, c := range t {
			n = n*10 + int(c-'0')
		}
		return n
	}
	return num(s[:4]), num(s[5:7]), num(s[8:]), true
}

// TestNamePlaceKeyHoldsAddressKey: two rows that share a name_place key
// other than one of a postal code's word (postcodeWordKey) and both have
// an address key share that address key, which skipNamePlace relies on;
// over names and addresses of every shape (one word, numbers, the same
// street in other words, postal codes of one word and of two).
func TestNamePlaceKeyHoldsAddressKey(t *testing.T) {
	t.Parallel()
	names := []string{"Noah Watson", "Watson, Noah", "N. Watson", "Noah", "Wattson", "Anna-Lena van der Berg", "Lena Berg", "李小龙"}
	addrs := []string{"7", "Hamburg", "High Street 5, London", "5 High Street, London", "High Street 5", "High St. 5, London",
		"Hauptstraße 1, 10115 Berlin", "Hauptstrasse 1, Berlin", "Weg 12, Hamburg", "12, Hamburg", "London"}
	posts := [][2]string{{"London", "SW1A 1AA"}, {"London", "SW1A 2BB"}, {"", "SW1A 1AA"}, {"Berlin", "10115"}, {"Berlin", "10117"}}
	var feats []Features
	for _, n := range names {
		name := &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, n)}}
		for _, a := range addrs {
			p := &nameapi.InputPerson{PersonName: name, Addresses: []nameapi.AddressRelation{{Address: &nameapi.InputAddress{String: a}}}}
			feats = append(feats, Extract(int32(len(feats)), p))
		}
		for _, pc := range posts {
			p := &nameapi.InputPerson{PersonName: name, Addresses: []nameapi.AddressRelation{{Address: &nameapi.InputAddress{
				PlaceInfo: &nameapi.PlaceInfo{Locality: pc[0], PostalCode: pc[1]}}}}}
			feats = append(feats, Extract(int32(len(feats)), p))
		}
	}
	shared := 0
	for i := range feats {
		for j := range i {
			a, b := &feats[i], &feats[j]
			np := Keys(a, RuleNamePlace)
			if !slices.ContainsFunc(Keys(b, RuleNamePlace), func(k string) bool {
				return slices.Contains(np, k) && namePlaceHash(k)&postcodeWordKey == 0
			}) {
				continue
			}
			ka, kb := Keys(a, RuleAddress), Keys(b, RuleAddress)
			if len(ka) == 0 || len(kb) == 0 {
				continue
			}
			shared++
			if !slices.Equal(ka, kb) {
				t.Fatalf("rows %+v and %+v share a name_place key, not their address keys %q, %q", a, b, ka, kb)
			}
		}
	}
	if shared < 50 {
		t.Fatalf("%d pairs share a name_place key and have address keys: the test checks little", shared)
	}
}

// TestNamePlacePostcodeWord: rows whose postal codes of two words share
// one (the area, or by chance the unit) and whose names share a word's
// sound share a name_place key although their addresses differ; a postal
// code of one word adds no key (no pairs on files that have no others).
func TestNamePlacePostcodeWord(t *testing.T) {
	t.Parallel()
	row := func(given, surname, locality, post string) Features {
		p := &nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{
			nameapi.Field(nameapi.FieldGivenname, given), nameapi.Field(nameapi.FieldSurname, surname)}},
			Addresses: []nameapi.AddressRelation{{Address: &nameapi.InputAddress{PlaceInfo: &nameapi.PlaceInfo{Locality: locality, PostalCode: post}}}}}
		return Extract(0, p)
	}
	for _, tc := range []struct {
		a, b  Features
		share bool
	}{
		// another unit, the town written only on one row, the given
		// name typo'd: the surname's sound and the area remain
		{row("Alfred", "Whitcombe", "Ipswich", "ip4 5qr"), row("Alfrd", "Whitcombe", "", "ip4 2aa"), true},
		{row("Alfred", "Whitcombe", "Ipswich", "ip4 5qr"), row("", "Witcomb", "Ipswich, Suffolk", "ip7 5qr"), true},
		{row("Alfred", "Whitcombe", "Ipswich", "ip4 5qr"), row("Alfred", "Jones", "", "ip4 2aa"), true},
		{row("Alfred", "Whitcombe", "Ipswich", "ip4 5qr"), row("Mary", "Jones", "Ipswich", "ip4 5qr"), false},
		{row("Alfred", "Whitcombe", "", "10115"), row("Alfrd", "Whitcombe", "", "10117"), false},
	} {
		if got := shareKey(BlockKeys(&tc.a), BlockKeys(&tc.b), RuleNamePlace); got != tc.share {
			t.Errorf("%v / %v: share a name_place key %v, want %v (%q, %q)", tc.a.Tokens, tc.b.Tokens, got, tc.share,
				Keys(&tc.a, RuleNamePlace), Keys(&tc.b, RuleNamePlace))
		}
	}
	one := row("Alfred", "Whitcombe", "Berlin", "10115")
	for _, k := range Keys(&one, RuleNamePlace) {
		if strings.Contains(k, "#") {
			t.Errorf("a postal code of one word made key %q", k)
		}
	}
}
