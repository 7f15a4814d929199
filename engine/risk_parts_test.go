package engine

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// phpAllValues is the person of the official PHP client's risk test
// (testDetect_allValues): a fictional name, a role address at a
// placeholder domain, a repeated-digit phone number and a fictional
// locality with a placeholder postal code.
func phpAllValues() *nameapi.InputPerson {
	p := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, "Donald"), nameapi.Field(nameapi.FieldSurname, "Duck"))
	p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress("info@example.com")}
	p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber("999 999 999")}
	p.Addresses = []nameapi.AddressRelation{{Type: "UseForAllAddressRelation", Address: &nameapi.InputAddress{
		Type:       nameapi.TypeStructuredAddress,
		StreetInfo: &nameapi.StreetInfo{Type: nameapi.TypeStructuredStreetInfo, StreetName: "Winzenheimer Str.", HouseNumber: "5"},
		PlaceInfo:  &nameapi.PlaceInfo{Type: "StructuredPlaceInfo", PostalCode: "55555", Locality: "Atlantis"},
	}}}
	return p
}

// The PHP client's person: each independent finding is a risk of its
// own, worst first, the fictional name first (≥ 0.9), overall ≥ 0.95.
// Seven findings, as the client's newest revision asserts: the name; the
// phone number of one repeated digit; of the address, the domain that
// stands in for a real one, the same domain receiving no mail (reserved
// by RFC 2606, null MX) and the role mailbox; the fictional locality and
// the placeholder postal code (docs/protocol.md).
func TestDetectRiskPHPAllValues(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: phpAllValues()})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score < 0.95 || r.Score > 1 {
		t.Errorf("score %v, want 0.95..1", r.Score)
	}
	want := []struct {
		item string
		typ  nameapi.RiskType
		part string // named in the reason
	}{
		{nameapi.DataItemName, nameapi.RiskFictional, "Donald Duck"},
		{nameapi.DataItemTel, nameapi.RiskPlaceholder, "999 999 999"},
		{nameapi.DataItemEmail, nameapi.RiskPlaceholder, "example.com"},
		{nameapi.DataItemAddress, nameapi.RiskFictional, "atlantis"},
		{nameapi.DataItemEmail, nameapi.RiskInvalid, "not a deliverable address"},
		{nameapi.DataItemAddress, nameapi.RiskPlaceholder, "55555"},
		{nameapi.DataItemEmail, nameapi.RiskOther, `"info"`},
	}
	if len(r.Risks) != len(want) {
		t.Fatalf("%d risks, want %d: %+v", len(r.Risks), len(want), r.Risks)
	}
	for i, k := range r.Risks {
		if i > 0 && k.RiskScore > r.Risks[i-1].RiskScore {
			t.Errorf("risks not worst first: %+v", r.Risks)
		}
		w := want[i]
		if k.DataItem != w.item || k.RiskType != w.typ || !strings.Contains(k.Reason, w.part) {
			t.Errorf("risk %d %+v, want %s %s naming %s", i, k, w.item, w.typ, w.part)
		}
	}
	if k := r.Risks[0]; k.RiskScore < 0.9 {
		t.Errorf("worst risk %+v, want ≥ 0.9", k)
	}
}

// Each suspicious part alone is a risk of its item; real data is none.
func TestDetectRiskParts(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	base := func() *nameapi.InputPerson {
		return nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller"))
	}
	withTel := func(n string) *nameapi.InputPerson {
		p := base()
		p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(n)}
		return p
	}
	withEmail := func(a string) *nameapi.InputPerson {
		p := base()
		p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(a)}
		return p
	}
	withPlace := func(pc, loc string) *nameapi.InputPerson {
		p := base()
		p.Addresses = []nameapi.AddressRelation{{Type: "UseForAllAddressRelation", Address: &nameapi.InputAddress{
			Type:       nameapi.TypeStructuredAddress,
			StreetInfo: &nameapi.StreetInfo{Type: nameapi.TypeStructuredStreetInfo, StreetName: "Hauptstraße", HouseNumber: "12"},
			PlaceInfo:  &nameapi.PlaceInfo{Type: "StructuredPlaceInfo", PostalCode: pc, Locality: loc},
		}}}
		return p
	}
	tests := []struct {
		name      string
		p         *nameapi.InputPerson
		item, typ string // "" = no risk at all
	}{
		{"Berlin number", withTel("+49 30 1234567"), "", ""},
		{"Berlin number with trunk", withTel("030 1234567"), "", ""},
		{"run after country code", withTel("+49 123456789"), nameapi.DataItemTel, nameapi.RiskPlaceholder},
		{"whole run", withTel("0123456789"), nameapi.DataItemTel, nameapi.RiskPlaceholder},
		{"repeated digits", withTel("999 999 999"), nameapi.DataItemTel, nameapi.RiskPlaceholder},
		{"role address alone", withEmail("info@mueller-bau.de"), nameapi.DataItemEmail, nameapi.RiskOther},
		{"placeholder domain that receives mail", withEmail("petra@test.com"), nameapi.DataItemEmail, nameapi.RiskPlaceholder},
		{"private-use domain", withEmail("petra@corp.internal"), nameapi.DataItemEmail, nameapi.RiskInvalid},
		{"link-local domain", withEmail("petra@nas.local"), nameapi.DataItemEmail, nameapi.RiskInvalid},
		{"placeholder postal code", withPlace("55555", "Mainz"), nameapi.DataItemAddress, nameapi.RiskPlaceholder},
		{"counting postal code", withPlace("12345", "Mainz"), nameapi.DataItemAddress, nameapi.RiskPlaceholder},
		{"fictional locality", withPlace("55122", "Atlantis"), nameapi.DataItemAddress, nameapi.RiskFictional},
		{"real address", withPlace("55122", "Mainz"), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: tt.p})
			if err != nil {
				t.Fatal(err)
			}
			if tt.item == "" {
				if len(r.Risks) != 0 {
					t.Errorf("risks %+v, want none", r.Risks)
				}
				return
			}
			if len(r.Risks) != 1 || r.Risks[0].DataItem != tt.item || string(r.Risks[0].RiskType) != tt.typ {
				t.Errorf("risks %+v, want one %s %s", r.Risks, tt.item, tt.typ)
			}
		})
	}
}

// Independent findings on one data item are risks of their own; one check
// firing on several parts of an item is one.
func TestDetectRiskFindings(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	person := func(name, email, street, pc, loc string) *nameapi.InputPerson {
		p := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, name))
		if email != "" {
			p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(email)}
		}
		if street != "" || pc != "" {
			p.Addresses = []nameapi.AddressRelation{{Type: "UseForAllAddressRelation", Address: &nameapi.InputAddress{
				Type:       nameapi.TypeStructuredAddress,
				StreetInfo: &nameapi.StreetInfo{Type: nameapi.TypeStructuredStreetInfo, StreetName: street, HouseNumber: "1"},
				PlaceInfo:  &nameapi.PlaceInfo{Type: "StructuredPlaceInfo", PostalCode: pc, Locality: loc},
			}}}
		}
		return p
	}
	tests := []struct {
		name string
		p    *nameapi.InputPerson
		want []string // item/type of each risk, worst first
	}{
		{"reserved domain and placeholder local part", person("Petra Müller", "test@example.com", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER", "EMAIL/INVALID", "EMAIL/PLACEHOLDER"}},
		{"reserved domain and role mailbox", person("Petra Müller", "office@example.org", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER", "EMAIL/INVALID", "EMAIL/OTHER"}},
		{"reserved domain alone", person("Petra Müller", "petra.mueller@example.net", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER", "EMAIL/INVALID"}},
		{"name under a reserved domain", person("Petra Müller", "petra@mail.example.com", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER", "EMAIL/INVALID"}},
		{"reserved test TLD", person("Petra Müller", "petra@shop.test", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER", "EMAIL/INVALID"}},
		{"reserved invalid TLD", person("Petra Müller", "petra@mueller.invalid", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER", "EMAIL/INVALID"}},
		{"localhost", person("Petra Müller", "petra@localhost", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER", "EMAIL/INVALID"}},
		{"registered placeholder domain receives mail", person("Petra Müller", "petra@test.com", "", "", ""),
			[]string{"EMAIL/PLACEHOLDER"}},
		{"invalid host name and placeholder local part", person("Petra Müller", "test@q.q", "", "", ""),
			[]string{"EMAIL/INVALID", "EMAIL/PLACEHOLDER"}},
		{"invalid host name and role mailbox", person("Petra Müller", "info@-mueller.de", "", "", ""),
			[]string{"EMAIL/INVALID", "EMAIL/OTHER"}},
		{"role mailbox alone", person("Petra Müller", "kontakt@mueller-bau.de", "", "", ""),
			[]string{"EMAIL/OTHER"}},
		{"placeholder street, fictional locality, placeholder postal code", person("Petra Müller", "", "Musterstraße", "11111", "Atlantis"),
			[]string{"ADDRESS/PLACEHOLDER", "ADDRESS/FICTIONAL", "ADDRESS/PLACEHOLDER"}},
		{"counting postal code alone", person("Petra Müller", "", "Hauptstraße", "98765", "Mainz"),
			[]string{"ADDRESS/PLACEHOLDER"}},
		{"two placeholder words are one finding", person("Test Test", "", "", "", ""),
			[]string{"NAME/PLACEHOLDER", "NAME/STRING_SIMILARITY"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: tt.p})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			keep := 1.0
			for i, k := range r.Risks {
				got = append(got, k.DataItem+"/"+string(k.RiskType))
				if i > 0 && k.RiskScore > r.Risks[i-1].RiskScore {
					t.Errorf("risks not worst first: %+v", r.Risks)
				}
				keep *= 1 - k.RiskScore
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("risks %v, want %v: %+v", got, tt.want, r.Risks)
			}
			if want := math.Round((1-keep)*1000) / 1000; len(r.Risks) > 0 && math.Abs(r.Score-want) > 0.0015 {
				t.Errorf("score %v, want 1-Π(1-riskScore) = %v", r.Score, want)
			}
		})
	}
}
