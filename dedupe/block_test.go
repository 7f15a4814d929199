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
			out = append(out, blockKey{h: hashKey(r, k), rule: r})
		}
	}
	return out
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
// and both have an address key share that address key, which
// skipNamePlace relies on; over names and addresses of every shape (one
// word, numbers, the same street in other words).
func TestNamePlaceKeyHoldsAddressKey(t *testing.T) {
	t.Parallel()
	names := []string{"Noah Watson", "Watson, Noah", "N. Watson", "Noah", "Wattson", "Anna-Lena van der Berg", "Lena Berg", "李小龙"}
	addrs := []string{"7", "Hamburg", "High Street 5, London", "5 High Street, London", "High Street 5", "High St. 5, London",
		"Hauptstraße 1, 10115 Berlin", "Hauptstrasse 1, Berlin", "Weg 12, Hamburg", "12, Hamburg", "London"}
	var feats []Features
	for _, n := range names {
		for _, a := range addrs {
			p := &nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, n)}},
				Addresses: []nameapi.AddressRelation{{Address: &nameapi.InputAddress{String: a}}}}
			feats = append(feats, Extract(int32(len(feats)), p))
		}
	}
	shared := 0
	for i := range feats {
		for j := range i {
			a, b := &feats[i], &feats[j]
			np := Keys(a, RuleNamePlace)
			if !slices.ContainsFunc(Keys(b, RuleNamePlace), func(k string) bool { return slices.Contains(np, k) }) {
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
