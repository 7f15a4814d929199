package engine

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

func riskEngine(t testing.TB) *Engine {
	t.Helper()
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	e, err := New(WithLexicon(newFakeLex()), WithClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestDetectRisk(t *testing.T) {
	e := riskEngine(t)
	person := func(name string) *nameapi.InputPerson {
		return nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, name))
	}
	withEmail := func(name, email string) *nameapi.InputPerson {
		p := person(name)
		p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(email)}
		return p
	}
	withAge := func(a *nameapi.AgeInfo) *nameapi.InputPerson { p := person("Petra Müller"); p.Age = a; return p }
	withTel := func(n string) *nameapi.InputPerson {
		p := person("Petra Müller")
		p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(n)}
		return p
	}
	withAddr := func(a *nameapi.InputAddress) *nameapi.InputPerson {
		p := person("Petra Müller")
		p.Addresses = []nameapi.AddressRelation{{Type: nameapi.TypeUseForAllAddressRelation, Address: a}}
		return p
	}
	tests := []struct {
		name     string
		p        *nameapi.InputPerson
		item     string // "" = no risk expected
		riskType string
	}{
		{"test test", person("test test"), nameapi.DataItemName, nameapi.RiskPlaceholder},
		{"John Doe", person("John Doe"), nameapi.DataItemName, nameapi.RiskPlaceholder},
		{"xxx", person("xxx"), nameapi.DataItemName, nameapi.RiskPlaceholder},
		{"firstname lastname", person("firstname lastname"), nameapi.DataItemName, nameapi.RiskInvalid},
		{"none of your business", person("None of your business"), nameapi.DataItemName, nameapi.RiskInvalid},
		{"asdf", person("asdf Müller"), nameapi.DataItemName, nameapi.RiskRandomTyping},
		{"qwertz", person("Peter Qwertz"), nameapi.DataItemName, nameapi.RiskRandomTyping},
		{"jkjkjk", person("jkjkjk Müller"), nameapi.DataItemName, nameapi.RiskRandomTyping},
		{"consonants", person("Peter Hrtzkl"), nameapi.DataItemName, nameapi.RiskRandomTyping},
		{"Mickey Mouse", person("Mickey Mouse"), nameapi.DataItemName, nameapi.RiskFictional},
		{"James Bond", person("James Bond"), nameapi.DataItemName, nameapi.RiskFictional},
		{"Harry Potter", person("Harry Potter"), nameapi.DataItemName, nameapi.RiskFictional},
		{"ACME", nameapi.NewLegalPerson(nameapi.Field(nameapi.FieldLegalName, "ACME"), nameapi.Field(nameapi.FieldLegalForm, "Inc.")), nameapi.DataItemName, nameapi.RiskFictional},
		{"Barack Obama", person("Barack Obama"), nameapi.DataItemName, nameapi.RiskFamous},
		{"Sandy Beach", person("Sandy Beach"), nameapi.DataItemName, nameapi.RiskHumorous},
		{"given equals surname", person("Peter Peter"), nameapi.DataItemName, nameapi.RiskStringSimilarity},
		{"spaced", person("J o h n Smith"), nameapi.DataItemName, nameapi.RiskSpacedTyping},
		{"stutter", person("Joooohn Smith"), nameapi.DataItemName, nameapi.RiskStutterTyping},
		{"padding", person("xxxPeterxxx Müller"), nameapi.DataItemName, nameapi.RiskPadding},
		{"mixed case", person("jOhN Smith"), nameapi.DataItemName, nameapi.RiskOther},
		{"leetspeak", person("J0hn Smith"), nameapi.DataItemName, nameapi.RiskOther},
		{"disposable email", withEmail("Petra Müller", "petra@10minutemail.com"), nameapi.DataItemEmail, nameapi.RiskOther},
		{"placeholder local", withEmail("Petra Müller", "test@web.de"), nameapi.DataItemEmail, nameapi.RiskPlaceholder},
		{"asdf local", withEmail("Petra Müller", "asdf@web.de"), nameapi.DataItemEmail, nameapi.RiskPlaceholder},
		{"example.com", withEmail("Petra Müller", "noreply@example.com"), nameapi.DataItemEmail, nameapi.RiskPlaceholder},
		{"not an email", withEmail("Petra Müller", "petra.mueller"), nameapi.DataItemEmail, nameapi.RiskInvalid},
		{"31 Feb", withAge(nameapi.NewBirthDate(1980, 2, 31)), nameapi.DataItemAge, nameapi.RiskInvalid},
		{"month 13", withAge(nameapi.NewBirthDate(1980, 13, 1)), nameapi.DataItemAge, nameapi.RiskInvalid},
		{"future", withAge(nameapi.NewBirthDate(2030, 1, 1)), nameapi.DataItemAge, nameapi.RiskInvalid},
		{"far past", withAge(nameapi.NewBirthYear(1850)), nameapi.DataItemAge, nameapi.RiskInvalid},
		{"1900-01-01", withAge(nameapi.NewBirthDate(1900, 1, 1)), nameapi.DataItemAge, nameapi.RiskPlaceholder},
		{"1970-01-01", withAge(nameapi.NewBirthDate(1970, 1, 1)), nameapi.DataItemAge, nameapi.RiskPlaceholder},
		{"1234567", withTel("1234567"), nameapi.DataItemTel, nameapi.RiskPlaceholder},
		{"0000000", withTel("0000000"), nameapi.DataItemTel, nameapi.RiskPlaceholder},
		{"123456789", withTel("+49 123456789"), nameapi.DataItemTel, nameapi.RiskPlaceholder},
		{"987654321", withTel("987654321"), nameapi.DataItemTel, nameapi.RiskPlaceholder},
		{"letters in tel", withTel("call me"), nameapi.DataItemTel, nameapi.RiskInvalid},
		{"Musterstraße", withAddr(&nameapi.InputAddress{Type: nameapi.TypeSingleStringAddress, String: "Musterstraße 1, 12345 Berlin"}), nameapi.DataItemAddress, nameapi.RiskPlaceholder},
		{"123 Main St", withAddr(&nameapi.InputAddress{Type: nameapi.TypeMultiLineAddress, AddressLines: []string{"123 Main St.", "Springfield"}}), nameapi.DataItemAddress, nameapi.RiskPlaceholder},
		{"Sesame Street", withAddr(&nameapi.InputAddress{Type: nameapi.TypeStructuredAddress, StreetInfo: &nameapi.StreetInfo{Type: nameapi.TypeStructuredStreetInfo, StreetName: "Sesame Street", HouseNumber: "123"}}), nameapi.DataItemAddress, nameapi.RiskFictional},
		// Real records: no risk.
		{"real name", person("Petra Müller"), "", ""},
		{"real McDonald", person("Peter McDonald"), "", ""},
		{"real O'Neill", person("Anna O'Neill"), "", ""},
		{"real caps", person("MÜLLER Petra"), "", ""},
		{"real initials", person("J. R. Smith"), "", ""},
		{"real email", withEmail("Petra Müller", "petra.mueller@web.de"), "", ""},
		{"real tel", withTel("+49 30 2847 1193"), "", ""},
		{"real age", withAge(nameapi.NewBirthDate(1984, 7, 12)), "", ""},
		{"real address", withAddr(&nameapi.InputAddress{Type: nameapi.TypeSingleStringAddress, String: "Hauptstraße 12, 10115 Berlin"}), "", ""},
		{"legal", nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Müller GmbH")), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: tt.p})
			if err != nil {
				t.Fatal(err)
			}
			if r.Risks == nil {
				t.Fatal("risks is nil")
			}
			if r.Score < -1 || r.Score > 1 {
				t.Fatalf("score %v out of range", r.Score)
			}
			for _, k := range r.Risks {
				if k.RiskScore <= 0 || k.RiskScore > 1 || k.Reason == "" || k.DataItem == "" || k.RiskType == "" {
					t.Errorf("incomplete risk %+v", k)
				}
			}
			if tt.item == "" {
				if len(r.Risks) != 0 || r.Score > 0 {
					t.Errorf("expected no risk, got score %v %+v", r.Score, r.Risks)
				}
				return
			}
			if r.Score <= 0 {
				t.Errorf("score %v, want > 0", r.Score)
			}
			for _, k := range r.Risks {
				if k.DataItem == tt.item && string(k.RiskType) == tt.riskType {
					return
				}
			}
			t.Errorf("no %s/%s risk in %+v", tt.item, tt.riskType, r.Risks)
		})
	}
}

func TestDetectRiskScore(t *testing.T) {
	e := riskEngine(t)
	good := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller"))
	good.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress("petra.mueller@web.de")}
	good.Age = nameapi.NewBirthDate(1984, 7, 12)
	r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: good})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score >= 0 || r.Score < -1 {
		t.Errorf("good record score = %v, want in [-1,0)", r.Score)
	}
	unknown := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Zorblat Quimby"))
	r, _ = e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: unknown})
	if r.Score != 0 || len(r.Risks) != 0 {
		t.Errorf("unknown name: score %v risks %+v, want 0 and none", r.Score, r.Risks)
	}
	// Several risks combine to more than the largest.
	bad := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Mickey Mouse"))
	bad.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress("x@10minutemail.com")}
	r, _ = e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: bad})
	if len(r.Risks) < 2 || r.Score <= r.Risks[0].RiskScore {
		t.Errorf("combined score %v not above the largest risk %+v", r.Score, r.Risks)
	}
	if _, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{}); !errors.As(err, new(*nameapi.Error)) {
		t.Errorf("missing person: err = %v", err)
	}
}

// TestNameRiskMemo checks that DetectRisk answers the same with the parse
// memo (which keeps the name checks) as without it, for names seen the
// first time and again, and that callers changing an answer do not change
// the next one.
func TestNameRiskMemo(t *testing.T) {
	clock := WithClock(func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) })
	plain, err := New(WithParseMemo(0), clock)
	if err != nil {
		t.Fatal(err)
	}
	memo, err := New(clock)
	if err != nil {
		t.Fatal(err)
	}
	recs := fullRiskRecords(t, 1500)
	ctx := context.Background()
	for pass := range 2 {
		for i, r := range recs {
			want, err := plain.DetectRisk(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			got, err := memo.DetectRisk(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			wj, _ := json.Marshal(want)
			gj, _ := json.Marshal(got)
			if string(wj) != string(gj) {
				t.Fatalf("pass %d, record %d: got %s, want %s", pass, i, gj, wj)
			}
			for k := range got.Risks {
				got.Risks[k].Reason = "changed by the caller"
				got.Risks[k].RiskScore = 0
			}
			got.Risks = append(got.Risks, nameapi.DetectedRisk{Reason: "added by the caller"})
		}
	}
}
