package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/risk"
	"github.com/namepipe/namepipe/nameapi"
)

// riskCountry is the address and contact data of one country of the
// full-record generator (like bench/gen's).
type riskCountry struct {
	code, street, city, postal, phone, mail string
}

var riskCountries = []riskCountry{
	{"DE", "Hauptstraße", "Berlin", "10115", "+49 30 ", "web.de"},
	{"US", "Main Street", "Springfield", "62701", "+1 217 ", "gmail.com"},
	{"IT", "Via Roma", "Milano", "20121", "+39 02 ", "libero.it"},
	{"FR", "Rue de la Paix", "Paris", "75002", "+33 1 ", "orange.fr"},
	{"NL", "Kerkstraat", "Amsterdam", "1017", "+31 20 ", "ziggo.nl"},
	{"ES", "Calle Mayor", "Madrid", "28013", "+34 91 ", "hotmail.es"},
}

// fullRiskRecords returns n risk detector requests as the pipeline sends
// them for generated customer rows (see bench/gen): the whole person with
// name, email, phone, structured address (street as one string, postal
// code, locality, country), birth date and stored gender, and the row's
// country as context place. Names come from the evaluation sets; the mix
// of companies, fake records, disposable addresses, odd casing, titles,
// couples, missing contact data and impossible dates follows bench/gen.
// A few rows use the other address and age forms.
func fullRiskRecords(t testing.TB, n int) []*nameapi.InputWithPerson {
	t.Helper()
	rnd := rand.New(rand.NewPCG(7, 11))
	givens, surnames := evalNameParts(t)
	fakes := readEval(t, "risk_eval.tsv")
	var disposable []string
	for _, r := range readEval(t, "disposable-sample.txt") {
		disposable = append(disposable, r[0])
	}
	companies := []string{"Acme GmbH", "Müller & Söhne KG", "Globex Corporation", "Initech LLC", "Rossi S.p.A.", "Bakker B.V.", "Northwind Traders Ltd", "Stark Industries Inc."}
	titles := []string{"Dr. ", "Mr. ", "Herr ", "Prof. Dr. ", "Mrs. ", "Frau ", "Ms. "}
	odd := []string{"Musterstraße 1", "Sesame Street 3", "Privet Drive 4", "Teststr. 5", "asdfgh 7", "Entenhausen"}
	pick := func(s []string) string { return s[rnd.IntN(len(s))] }
	out := make([]*nameapi.InputWithPerson, 0, n)
	for i := 0; i < n; i++ {
		c := riskCountries[rnd.IntN(len(riskCountries))]
		given, sur := pick(givens), pick(surnames)
		full := given + " " + sur
		gender := []string{"M", "F"}[rnd.IntN(2)]
		local := asciiLower(given) + "." + asciiLower(strings.ReplaceAll(sur, " ", ""))
		domain := c.mail
		birth := fmt.Sprintf("%04d-%02d-%02d", 1940+rnd.IntN(65), 1+rnd.IntN(12), 1+rnd.IntN(28))
		phone := c.phone + fmt.Sprintf("%07d", rnd.IntN(10_000_000))
		typ := nameapi.TypeNaturalInputPerson
		switch k := rnd.IntN(100); {
		case k < 8:
			full, gender, birth, typ = pick(companies), "", "", nameapi.TypeLegalInputPerson
			local, domain = pick([]string{"info", "office", "sales"}), strings.ToLower(strings.Fields(full)[0])+".example"
		case k < 16:
			f := fakes[rnd.IntN(len(fakes))]
			full, gender, local = f[1], "", ""
			if len(f) > 2 && f[2] != "" {
				local, domain, _ = strings.Cut(f[2], "@")
			}
			if len(f) > 3 && f[3] != "" {
				birth = f[3]
			}
			if len(f) > 4 && f[4] != "" {
				phone = f[4]
			}
		case k < 24:
			domain = pick(disposable)
		case k < 30:
			full = sur + ", " + given
		case k < 35:
			full = strings.ToUpper(full)
		case k < 40:
			full = strings.ToLower(full)
		case k < 44:
			full = pick(titles) + full
		case k < 47:
			full = given + " and " + pick(givens) + " " + sur
			gender = ""
		case k < 50:
			local, phone = "", ""
		case k < 52:
			birth = "1985-02-31"
		}
		p := &nameapi.InputPerson{Type: typ, Gender: gender}
		p.PersonName = &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, full)}}
		if local != "" {
			switch rnd.IntN(4) {
			case 0:
				local += fmt.Sprint(1950 + rnd.IntN(60))
			case 1, 2:
				local += fmt.Sprint(rnd.IntN(10000))
			}
			p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(local + "@" + domain)}
		}
		if phone != "" {
			p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(phone)}
		}
		var y, m, d int
		if _, err := fmt.Sscanf(birth, "%d-%d-%d", &y, &m, &d); err == nil {
			p.Age = nameapi.NewBirthDate(y, m, d)
		}
		street := c.street + " " + fmt.Sprint(1+rnd.IntN(180))
		postal := c.postal
		if rnd.IntN(50) == 0 {
			street = pick(odd)
		}
		if rnd.IntN(80) == 0 {
			postal = pick([]string{"00000", "12345", "99999"})
		}
		addr := &nameapi.InputAddress{Type: nameapi.TypeStructuredAddress,
			StreetInfo: &nameapi.StreetInfo{Type: nameapi.TypeSingleStringStreetInfo, String: street},
			PlaceInfo:  &nameapi.PlaceInfo{Type: nameapi.TypeStructuredPlaceInfo, PostalCode: postal, Locality: c.city, Country: c.code}}
		switch rnd.IntN(40) {
		case 0:
			addr.StreetInfo = &nameapi.StreetInfo{Type: nameapi.TypeStructuredStreetInfo, StreetName: c.street, HouseNumber: fmt.Sprint(rnd.IntN(200))}
		case 1:
			addr = &nameapi.InputAddress{Type: nameapi.TypeSingleStringAddress, String: street + ", " + postal + " " + c.city}
		case 2:
			addr = &nameapi.InputAddress{Type: nameapi.TypeMultiLineAddress, AddressLines: []string{street, postal + " " + c.city}}
		}
		p.Addresses = []nameapi.AddressRelation{{Type: nameapi.TypeUseForAllAddressRelation, Address: addr}}
		switch rnd.IntN(60) {
		case 0:
			p.Age = nameapi.NewBirthYear(1800 + rnd.IntN(240))
		case 1:
			p.Age = &nameapi.AgeInfo{Type: nameapi.TypeBirthYearMonth, Year: int32(1950 + rnd.IntN(60)), Month: int32(rnd.IntN(14))}
		}
		out = append(out, &nameapi.InputWithPerson{Context: &nameapi.Context{Place: c.code}, InputPerson: p})
	}
	return out
}

// BenchmarkDetectRiskFullRecord measures DetectRisk on full records as the
// pipeline sends them. "memo": as in the pipeline, the name's parse is in
// the memo (put there by the row's parse call, which is not timed: the memo
// is refilled by ParsePersonName whenever the record set starts over);
// "cold": no memo, every call parses the name.
func BenchmarkDetectRiskFullRecord(b *testing.B) {
	recs := fullRiskRecords(b, 4000)
	for _, bc := range []struct {
		name string
		memo int
	}{{"memo", 8192}, {"cold", 0}} {
		b.Run(bc.name, func(b *testing.B) {
			e, err := New(WithParseMemo(bc.memo))
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			refill := func() {
				e.resetMemos()
				for _, r := range recs {
					parse := &nameapi.InputWithPerson{Context: r.Context, InputPerson: &nameapi.InputPerson{
						Type: r.InputPerson.Type, PersonName: r.InputPerson.PersonName, Gender: r.InputPerson.Gender}}
					if _, err := e.ParsePersonName(ctx, parse); err != nil {
						b.Fatal(err)
					}
				}
			}
			refill()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := e.DetectRisk(ctx, recs[i]); err != nil {
					b.Fatal(err)
				}
				i++
				if i == len(recs) {
					i = 0
					if e.parses != nil {
						b.StopTimer()
						refill()
						b.StartTimer()
					}
				}
			}
		})
	}
}

// BenchmarkDetectRiskRecurringNames measures DetectRisk on full records
// whose names recur as in CRM data (bench/gen: 138,000 distinct names in
// 1M rows): names are drawn Zipf-skewed (s = 1.1) from 2,000 of the
// records, everything else stays per row. The engine has the default
// memo and no parse call runs before (in a pipeline, the in-memory result
// cache answers the parse and genderize calls of a recurring name).
func BenchmarkDetectRiskRecurringNames(b *testing.B) {
	recs := fullRiskRecords(b, 8000)
	z := rand.NewZipf(rand.New(rand.NewPCG(9, 9)), 1.1, 2, 1999)
	for i, r := range recs {
		src := recs[z.Uint64()].InputPerson
		p := *r.InputPerson
		p.Type, p.PersonName = src.Type, src.PersonName
		recs[i] = &nameapi.InputWithPerson{Context: r.Context, InputPerson: &p}
	}
	e, err := New()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := e.DetectRisk(ctx, recs[i]); err != nil {
			b.Fatal(err)
		}
		i++
		if i == len(recs) {
			i = 0
		}
	}
}

// BenchmarkRiskParts measures the risk checks of the other data items
// (email, age, phone, address) on the full records, one at a time: each
// run keeps only that item of the person (and no name).
//
// 2026-11-24, 2 shared cores (load 4-7), 4 alternating runs of 2M calls,
// minimum, main 2191950 -> branch risk2: email 332 -> 283 ns (a domain
// facts cache of pointers to entries; with the shared sequence-locked
// domaincache.Cache that replaced it, 4 more runs: 287-317 ns against
// 261-295), age 151 -> 141 ns (days counted without a time.Time). A cache of address words' facts (one lookup per word
// instead of the shapes test and randomTyping) measured 348 -> 332 ns,
// its lookup costing about what randomTyping of a short word does: not
// kept.
func BenchmarkRiskParts(b *testing.B) {
	recs := fullRiskRecords(b, 4000)
	e, err := New()
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		part func(p *nameapi.InputPerson) *nameapi.InputPerson
	}{
		{"email", func(p *nameapi.InputPerson) *nameapi.InputPerson {
			return &nameapi.InputPerson{EmailAddresses: p.EmailAddresses}
		}},
		{"age", func(p *nameapi.InputPerson) *nameapi.InputPerson {
			return &nameapi.InputPerson{Age: p.Age, Type: p.Type}
		}},
		{"tel", func(p *nameapi.InputPerson) *nameapi.InputPerson {
			return &nameapi.InputPerson{TelNumbers: p.TelNumbers}
		}},
		{"address", func(p *nameapi.InputPerson) *nameapi.InputPerson { return &nameapi.InputPerson{Addresses: p.Addresses} }},
	} {
		parts := make([]*nameapi.InputPerson, len(recs))
		for i, r := range recs {
			parts[i] = bc.part(r.InputPerson)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e.risk.Detect(parts[i], risk.Names{})
				i++
				if i == len(parts) {
					i = 0
				}
			}
		})
	}
}
