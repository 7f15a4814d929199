package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// FuzzDetectRisk feeds arbitrary names, email addresses, phone numbers,
// birth dates and addresses to the risk detector and the disposable
// check: none may panic; the score is in [-1, 1], positive exactly when
// there are risks, which come highest score first, each with a data item,
// a type and a reason; and an engine that answers from its memo of name
// checks (the second call) answers as one without a memo.
func FuzzDetectRisk(f *testing.F) {
	f.Add("Peter Müller", "peter.mueller1234@web.de", "+49 30 1234567", int32(1985), int32(2), int32(31), "Hauptstraße 49", "10115", "Berlin", false)
	f.Add("test test", "test@example.com", "1234567", int32(1900), int32(1), int32(1), "Musterstraße 1", "12345", "Musterstadt", false)
	f.Add("Acme GmbH", "info@acme.example", "", int32(0), int32(0), int32(0), "123 Main St", "00000", "Springfield", true)
	f.Add("P e t e r  M ü l l e r", "asdf.qwer+x@mailinator.com", "555-0123", int32(2099), int32(13), int32(1), "Sesame Street 3", "55555", "Entenhausen", false)
	f.Add("Joooohn Sm1th", "JOHN.SMITH@Gmail.COM.", "(0)30/123-45", int32(1970), int32(1), int32(1), "asdfgh 7", "1017", "Amsterdam", false)
	clock := WithClock(func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) })
	memo, err := New(clock, WithParseMemo(64), WithReadOnlyResults())
	if err != nil {
		f.Fatal(err)
	}
	cold, err := New(clock, WithParseMemo(0))
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, name, email, tel string, y, m, d int32, street, postal, city string, legal bool) {
		if len(name)+len(email)+len(tel)+len(street)+len(postal)+len(city) > 400 {
			return
		}
		p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}
		if legal {
			p.Type = nameapi.TypeLegalInputPerson
		}
		if name != "" {
			p.PersonName = &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, name)}}
		}
		if email != "" {
			p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(email)}
		}
		if tel != "" {
			p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(tel)}
		}
		if y != 0 || m != 0 || d != 0 {
			p.Age = &nameapi.AgeInfo{Type: nameapi.TypeBirthDate, Year: y, Month: m, Day: d}
		}
		p.Addresses = []nameapi.AddressRelation{{Type: nameapi.TypeUseForAllAddressRelation, Address: &nameapi.InputAddress{
			Type:       nameapi.TypeStructuredAddress,
			StreetInfo: &nameapi.StreetInfo{Type: nameapi.TypeSingleStringStreetInfo, String: street},
			PlaceInfo:  &nameapi.PlaceInfo{Type: nameapi.TypeStructuredPlaceInfo, PostalCode: postal, Locality: city},
		}}}
		in := &nameapi.InputWithPerson{InputPerson: p}
		want, err := cold.DetectRisk(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if want.Score < -1 || want.Score > 1 || (want.Score > 0) != (len(want.Risks) > 0) {
			t.Fatalf("score %v with %d risks", want.Score, len(want.Risks))
		}
		if !slices.IsSortedFunc(want.Risks, func(a, b nameapi.DetectedRisk) int {
			return cmp.Compare(b.RiskScore, a.RiskScore)
		}) {
			t.Fatalf("risks not highest score first: %+v", want.Risks)
		}
		for _, k := range want.Risks {
			if k.DataItem == "" || k.RiskType == "" || k.Reason == "" || k.RiskScore <= 0 || k.RiskScore > 1 {
				t.Fatalf("risk %+v", k)
			}
		}
		wantJSON, _ := json.Marshal(want)
		for range 2 { // the second call answers from the memo
			got, err := memo.DetectRisk(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			if gotJSON, _ := json.Marshal(got); string(gotJSON) != string(wantJSON) {
				t.Fatalf("with the memo:\n%s\nwithout:\n%s", gotJSON, wantJSON)
			}
		}
		if email != "" {
			a, _ := cold.DetectDisposableEmail(ctx, email)
			b, _ := memo.DetectDisposableEmail(ctx, email)
			if a.Disposable != b.Disposable {
				t.Fatalf("disposable %q: %s, shared %s", email, a.Disposable, b.Disposable)
			}
		}
	})
}
