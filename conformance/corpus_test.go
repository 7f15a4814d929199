package conformance

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// corpus is the varied input of the strict validation.
type corpus struct {
	people []*nameapi.InputWithPerson
	emails []string
}

// readTSV returns the tab-separated fields of every non-comment line.
func readTSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// birthDate turns yyyy-mm-dd into a BirthDate (nil when empty or bad).
func birthDate(s string) *nameapi.AgeInfo {
	parts := strings.Split(strings.TrimSpace(s), "-")
	if len(parts) != 3 {
		return nil
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return nil
		}
		n[i] = v
	}
	return nameapi.NewBirthDate(n[0], n[1], n[2])
}

func withContact(p *nameapi.InputPerson, email, phone, birth string) {
	if email != "" {
		p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(email)}
	}
	if phone != "" {
		p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(phone)}
	}
	p.Age = birthDate(birth)
}

// hardNames are inputs that stress the engine's edges.
func hardNames() []string {
	kb := strings.Repeat("Abcdefghij ", 93) // 1 KB
	return []string{
		"", " ", "   \t ", ".", "-", ",", "&", "and", "Dr.", "Mr.", "Herr", "Frau Dr.", "Prof. Dr. med.", "jr", "III",
		"Mr. & Mrs.", "Mr. & Mrs. J. Smith", "Peter and Maria Meyer", "Familie Müller", "The Smith Family", "Hans, Eva und Paul Meier",
		"Google Inc.", "ACME GmbH", "Siemens AG", "Foo Bar LLC", "Fernández y Asociados S.A.", "GmbH", "Inc.", "Müller & Söhne GmbH & Co. KG",
		"😀", "Petra 😀 Müller", "👨‍👩‍👧 Family", "محمد بن سلمان", "אברהם כהן", "王小明", "Иван Петров", "Nguyễn Văn An", "Ὀδυσσεύς",
		"A", "A.", "A. B.", "J. R. R. Tolkien", "X Æ A-12", "O'Neill", "McDonald", "d'Artagnan", "van", "van der", "de la Cruz",
		"Smith,", ", John", "Smith, John, Jr., PhD", "SMITH JOHN", "john smith", "jOhN sMiTh", "J o h n   S m i t h", "Joooohn Smiiith",
		"xxxPeterxxx", "asdfghjkl", "qwertz uiop", "1234567", "Peter 2nd", "Peter3 Müller", "\"Bob\"", "(Bob)", "Bob (Robert) Miller",
		"Peter\u00a0Müller", "Peter\u200bMüller", "Peter\tMüller", "Peter\nMüller", "a\u0308nne", strings.Repeat("a", 300),
		kb, kb[:500] + ", " + kb[:400], strings.Repeat("Dr. ", 100), strings.Repeat("and ", 100), strings.Repeat("van ", 50) + "Berg",
		"Altin dhe Sidorela Hoxha", "Burger Hans U. u. Spinner-Burger Barbara", "Mr. & Mrs. John and Jane Smith", "Herr und Frau",
		"Maria Schmidt geb. Weber", "née", "Anton Mosimann, Malermeister", "Kovács János úr", "y e i a", strings.Repeat("y ", 60),
		"José Ortega y Gasset", "Лев Николаевич Толстой", "Prof. Dr. Dr. Klaus Weber", "Doamna Ana Dumitru și D-l Vasile Dumitru",
	}
}

// buildCorpus composes a few hundred varied records.
func buildCorpus(t *testing.T) corpus {
	t.Helper()
	var c corpus
	ctxFor := func(place string) *nameapi.Context {
		return &nameapi.Context{Priority: nameapi.PriorityRealtime, Place: place}
	}

	// Every row of the sample customers: split name fields, or FULLNAME,
	// or a legal person, with contact data and the country as place.
	f, err := os.Open(filepath.Join("..", "sample-data", "customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows[1:] {
		full, given, sur, company, email, phone, birth, country := r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]
		var p *nameapi.InputPerson
		switch {
		case company != "":
			p = nameapi.NewLegalPerson(nameapi.Field(nameapi.FieldLegalName, company))
		case given != "" && i%3 != 0:
			p = nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, given), nameapi.Field(nameapi.FieldSurname, sur))
			switch r[12] {
			case "M":
				p.Gender = nameapi.StorageGenderMale
			case "F":
				p.Gender = nameapi.StorageGenderFemale
			}
		default:
			p = nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, full))
		}
		withContact(p, email, phone, birth)
		p.Addresses = []nameapi.AddressRelation{{Type: nameapi.TypeUseForAllAddressRelation, Address: &nameapi.InputAddress{
			Type:       nameapi.TypeStructuredAddress,
			StreetInfo: &nameapi.StreetInfo{Type: nameapi.TypeSingleStringStreetInfo, String: r[9]},
			PlaceInfo:  &nameapi.PlaceInfo{Type: nameapi.TypeStructuredPlaceInfo, PostalCode: r[10], Locality: r[11], Country: country},
		}}}
		c.people = append(c.people, &nameapi.InputWithPerson{Context: ctxFor(country), InputPerson: p})
		if email != "" {
			c.emails = append(c.emails, email)
		}
	}
	// Every fourth name of the parser evaluation set, and all hard cases.
	for i, r := range readTSV(t, filepath.Join("..", "engine", "testdata", "names_eval.tsv")) {
		if i%4 == 0 {
			c.people = append(c.people, person(full(r[0])))
		}
	}
	for _, r := range readTSV(t, filepath.Join("..", "engine", "testdata", "names_hard.tsv")) {
		c.people = append(c.people, person(full(r[0])))
	}
	// The labelled fake and real records of the risk evaluation.
	for _, r := range readTSV(t, filepath.Join("..", "engine", "testdata", "risk_eval.tsv")) {
		for len(r) < 5 {
			r = append(r, "")
		}
		p := nameapi.NewNaturalPerson()
		if r[1] != "" {
			p = nameapi.NewNaturalPerson(full(r[1]))
		}
		withContact(p, r[2], r[4], r[3])
		c.people = append(c.people, &nameapi.InputWithPerson{InputPerson: p})
		if r[2] != "" {
			c.emails = append(c.emails, r[2])
		}
	}
	// Given names of the gender set with their country.
	for i, r := range readTSV(t, filepath.Join("..", "engine", "testdata", "gender-eval.tsv")) {
		if i%20 == 0 {
			in := person(nameapi.Field(nameapi.FieldGivenname, r[0]))
			in.Context = ctxFor(r[1])
			c.people = append(c.people, in)
		}
	}
	// Hard names as FULLNAME, as split fields and as legal names; empty
	// and odd field sets.
	for _, s := range hardNames() {
		c.people = append(c.people,
			person(full(s)),
			person(nameapi.Field(nameapi.FieldGivenname, s), nameapi.Field(nameapi.FieldSurname, s)),
			&nameapi.InputWithPerson{InputPerson: nameapi.NewLegalPerson(nameapi.Field(nameapi.FieldLegalName, s))})
	}
	odd := []*nameapi.InputPerson{
		{Type: nameapi.TypeNaturalInputPerson},
		{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{}},
		{Type: nameapi.TypeLegalInputPerson},
		{Type: ""},
		nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldTitle, "Dr."), nameapi.Field(nameapi.FieldSalutation, "Herr")),
		nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldSurname, "Müller")),
		nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, "Petra")),
		nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, "Petra"), nameapi.Field(nameapi.FieldMiddlename, "K."), nameapi.Field(nameapi.FieldSurname, "Müller"), nameapi.Field(nameapi.FieldNameSuffix, "PhD"), nameapi.Field(nameapi.FieldNickname, "Pete")),
		nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldIsm, "Muhammad"), nameapi.Field(nameapi.FieldNasab, "ibn Abdullah"), nameapi.Field(nameapi.FieldLaqab, "al-Amin")),
		nameapi.NewNaturalPerson(nameapi.Field("NO_SUCH_FIELD", "Petra Müller")),
		nameapi.NewLegalPerson(nameapi.Field(nameapi.FieldLegalName, "ACME"), nameapi.Field(nameapi.FieldLegalForm, "Inc.")),
		nameapi.NewLegalPerson(nameapi.Field(nameapi.FieldLegalForm, "GmbH")),
		nameapi.NewNaturalPerson(full("Petra Müller"), full("Peter Meyer")),
	}
	ages := []*nameapi.AgeInfo{nil, {Type: nameapi.TypeNullAgeInfo}, nameapi.NewBirthYear(1900), nameapi.NewBirthYear(2999),
		nameapi.NewBirthYearRange(1950, 1940), nameapi.NewBirthYearMonth(1980, 13), nameapi.NewBirthDate(1900, 1, 1), {Type: "FutureAgeKind", Year: 1980}}
	for i, p := range odd {
		p.Age = ages[i%len(ages)]
		p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress([]string{"", "not-an-email", "a@b", "x@mailinator.com"}[i%4])}
		p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber([]string{"", "0000000", "+", "☎"}[i%4])}
		c.people = append(c.people, &nameapi.InputWithPerson{InputPerson: p})
	}
	// Addresses: the email evaluation set and odd ones.
	for _, r := range readTSV(t, filepath.Join("..", "engine", "testdata", "email-eval.tsv")) {
		c.emails = append(c.emails, r[0])
	}
	c.emails = append(c.emails, "", "@", "a@", "@b.com", "no-at-sign", "a@b", "a..b@c.com", "ü@müller.de", "😀@example.com",
		"info@example.com", "webmaster@example.com", "j.smith1984@gmail.com", "jsmith@gmail.com", "smith.john@gmail.com",
		"x@sub.mailinator.com", "<john@gmail.com>", "mailto:john@gmail.com", strings.Repeat("a", 70)+"@gmail.com", "a@"+strings.Repeat("b", 300)+".com")
	return c
}

// violations gathers the violations of a corpus run by operation and
// message, with the first input that showed each.
type violations struct {
	seen  map[string]int
	first map[string]string
}

func (v *violations) add(o op, input string, errs []string) {
	for _, e := range errs {
		// Group array indices together.
		key := o.String() + ": " + stripIndices(e)
		if v.seen == nil {
			v.seen, v.first = map[string]int{}, map[string]string{}
		}
		if v.seen[key] == 0 {
			v.first[key] = input
		}
		v.seen[key]++
	}
}

func stripIndices(s string) string {
	var b strings.Builder
	skip := false
	for _, r := range s {
		switch {
		case r == '[':
			skip = true
			b.WriteString("[]")
		case r == ']':
			skip = false
		case !skip:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (v *violations) report(t *testing.T) {
	keys := make([]string, 0, len(v.seen))
	for k := range v.seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("%d× %s\n\tfirst input: %.300s", v.seen[k], k, v.first[k])
	}
}

func describe(in any) string {
	switch v := in.(type) {
	case *nameapi.InputWithPerson:
		if v.InputPerson == nil || v.InputPerson.PersonName == nil {
			return fmt.Sprintf("%+v", v.InputPerson)
		}
		return fmt.Sprintf("%s %q", v.InputPerson.Type, v.InputPerson.PersonName.NameFields)
	}
	return fmt.Sprint(in)
}

// TestCorpusStrictlyValid runs a few hundred varied records through every
// operation of serve with the real client and validates each raw answer
// against what the official clients require. Every violation is a bug of
// the engine or the server.
func TestCorpusStrictlyValid(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	c := buildCorpus(t)
	ctx := context.Background()
	var v violations
	calls := 0
	refused := map[op]int{}
	check := func(o op, input string, err error) {
		calls++
		if err != nil {
			// Invalid input may be refused, with a proper 400; anything
			// else is a failure of the stack.
			var e *nameapi.Error
			if ae, ok := err.(*nameapi.Error); ok {
				e = ae
			}
			if e == nil || !e.InvalidInput() || e.Retryable() {
				v.add(o, input, []string{"call failed: " + err.Error()})
			}
			refused[o]++
			if testing.Verbose() && refused[o] <= 5 {
				t.Logf("%s refused %.120s: %v", o, input, err)
			}
			return
		}
		v.add(o, input, validate(o, s.cap.last(t).body))
	}
	for i, in := range c.people {
		d := describe(in)
		_, err := s.client.ParsePersonName(ctx, in)
		check(opParse, d, err)
		_, err = s.client.GenderizePerson(ctx, in)
		check(opGenderize, d, err)
		_, err = s.client.DetectRisk(ctx, in)
		check(opRisk, d, err)
		_, err = s.client.FormatPersonName(ctx, &nameapi.PersonNameFormatterInput{Context: in.Context, InputPerson: in.InputPerson})
		check(opFormat, d, err)
		// Each record against itself and against its neighbour.
		other := c.people[(i+1)%len(c.people)]
		for _, p2 := range []*nameapi.InputWithPerson{in, other} {
			_, err = s.client.MatchPersons(ctx, &nameapi.InputWithTwoPeople{Context: in.Context, InputPerson1: in.InputPerson, InputPerson2: p2.InputPerson})
			check(opMatch, d+" vs "+describe(p2), err)
		}
	}
	for _, addr := range c.emails {
		_, err := s.client.DetectDisposableEmail(ctx, addr)
		check(opDisposable, addr, err)
		_, err = s.client.ParseEmailName(ctx, &nameapi.InputWithEmail{EmailAddress: addr})
		check(opEmailName, addr, err)
		_, err = s.client.ParseEmailNameGET(ctx, addr)
		check(opEmailName, addr, err)
	}
	v.report(t)
	t.Logf("%d records, %d addresses, %d calls, %d kinds of violation; refused as invalid input: %v", len(c.people), len(c.emails), calls, len(v.seen), refused)
}
