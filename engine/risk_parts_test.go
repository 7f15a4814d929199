package engine

import (
	"context"
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

// The PHP client's test: one risk for each of NAME, EMAIL, TEL and
// ADDRESS, the fictional name first (≥ 0.9), overall ≥ 0.95; each
// suspicious part is named in its item's reason.
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
	if len(r.Risks) != 4 {
		t.Fatalf("%d risks, want 4: %+v", len(r.Risks), r.Risks)
	}
	if k := r.Risks[0]; k.DataItem != nameapi.DataItemName || k.RiskType != nameapi.RiskFictional || k.RiskScore < 0.9 {
		t.Errorf("worst risk %+v, want NAME FICTIONAL ≥ 0.9", k)
	}
	reasons := map[string]string{}
	for i, k := range r.Risks {
		if i > 0 && k.RiskScore > r.Risks[i-1].RiskScore {
			t.Errorf("risks not worst first: %+v", r.Risks)
		}
		reasons[k.DataItem] = k.Reason
	}
	for item, parts := range map[string][]string{
		nameapi.DataItemName:    {"Donald Duck"},
		nameapi.DataItemEmail:   {"example.com", `"info"`},
		nameapi.DataItemTel:     {"999 999 999"},
		nameapi.DataItemAddress: {"atlantis", "55555"},
	} {
		for _, p := range parts {
			if !strings.Contains(reasons[item], p) {
				t.Errorf("%s reason %q does not name %s", item, reasons[item], p)
			}
		}
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
		{"placeholder domain", withEmail("petra@example.com"), nameapi.DataItemEmail, nameapi.RiskPlaceholder},
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
