package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// termsString renders terms as "TYPE=text|TYPE=text" for compact tables.
func termsString(pp *nameapi.ParsedPerson) string {
	if pp == nil || pp.OutputPersonName == nil {
		return ""
	}
	var b []string
	for _, t := range pp.OutputPersonName.Terms {
		b = append(b, t.TermType+"="+t.String)
	}
	return strings.Join(b, "|")
}

func fullname(s string) *nameapi.InputWithPerson {
	return &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, s))}
}

func fakeEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(WithLexicon(newFakeLex()))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// checkMatchInvariants asserts what real clients require of every answer.
func checkMatchInvariants(t *testing.T, r *nameapi.PersonNameParserResult) {
	t.Helper()
	if r == nil || len(r.Matches) == 0 {
		t.Fatal("no matches")
	}
	var check func(pp *nameapi.ParsedPerson)
	check = func(pp *nameapi.ParsedPerson) {
		if pp.PersonType == "" || pp.PersonRole == "" {
			t.Errorf("parsed person without type/role: %+v", pp)
		}
		for i := range pp.People {
			check(&pp.People[i])
		}
	}
	for i, m := range r.Matches {
		if m.ParsedPerson == nil || m.ParserDisputes == nil {
			t.Fatalf("match %d lacks parsedPerson or parserDisputes", i)
		}
		if m.Likeliness <= 0 || m.Likeliness > 1 || m.Confidence < 0 || m.Confidence > 1 {
			t.Errorf("match %d: likeliness %v confidence %v out of range", i, m.Likeliness, m.Confidence)
		}
		if i > 0 && m.Likeliness > r.Matches[i-1].Likeliness {
			t.Errorf("matches not sorted by likeliness")
		}
		check(m.ParsedPerson)
	}
}

func TestParseFullname(t *testing.T) {
	e := fakeEngine(t)
	tests := []struct {
		in, want string
		typ      string
	}{
		{"Petra Müller", "GIVENNAME=Petra|SURNAME=Müller", "NATURAL"},
		{"Dr. Peter T. Johnson jr", "TITLE=Dr.|GIVENNAME=Peter|GIVENNAMEINITIAL=T.|SURNAME=Johnson|QUALIFIER=jr", "NATURAL"},
		{"Müller, Petra", "SURNAME=Müller|GIVENNAME=Petra", "NATURAL"},
		{"Müller,Petra", "SURNAME=Müller|GIVENNAME=Petra", "NATURAL"},
		{"MÜLLER Petra", "SURNAME=MÜLLER|GIVENNAME=Petra", "NATURAL"},
		{"Petra MÜLLER", "GIVENNAME=Petra|SURNAME=MÜLLER", "NATURAL"},
		{"Müller Petra", "SURNAME=Müller|GIVENNAME=Petra", "NATURAL"},
		{"Ludwig van Beethoven", "GIVENNAME=Ludwig|SURNAME=van Beethoven", "NATURAL"},
		{"van Beethoven, Ludwig", "SURNAME=van Beethoven|GIVENNAME=Ludwig", "NATURAL"},
		{"Anna van der Berg", "GIVENNAME=Anna|SURNAME=van der Berg", "NATURAL"},
		{"Maria de la Cruz", "GIVENNAME=Maria|SURNAME=de la Cruz", "NATURAL"},
		{"Juan Carlos García Márquez", "GIVENNAME=Juan|GIVENNAME=Carlos|SURNAME=García|SURNAME=Márquez", "NATURAL"},
		{"Petra Mueller-Meyer", "GIVENNAME=Petra|SURNAME=Mueller-Meyer", "NATURAL"},
		{"Jean-Pierre Dupont", "GIVENNAME=Jean-Pierre|SURNAME=Dupont", "NATURAL"},
		{"J. Smith", "GIVENNAMEINITIAL=J.|SURNAME=Smith", "NATURAL"},
		{"J.R.R. Tolkien", "GIVENNAMEINITIAL=J.|GIVENNAMEINITIAL=R.|GIVENNAMEINITIAL=R.|SURNAME=Tolkien", "NATURAL"},
		{"Peter M.", "GIVENNAME=Peter|SURNAMEINITIAL=M.", "NATURAL"},
		{"Robert \"Bob\" Smith", "GIVENNAME=Robert|NICKNAME=Bob|SURNAME=Smith", "NATURAL"},
		{"Robert (Bob) Smith", "GIVENNAME=Robert|NICKNAME=Bob|SURNAME=Smith", "NATURAL"},
		{"Prof. Dr. med. Hans Müller", "TITLE=Prof.|TITLE=Dr. med.|GIVENNAME=Hans|SURNAME=Müller", "NATURAL"},
		{"Herr Peter Schmidt", "SALUTATION=Herr|GIVENNAME=Peter|SURNAME=Schmidt", "NATURAL"},
		{"Mrs. Smith", "SALUTATION=Mrs.|SURNAME=Smith", "NATURAL"},
		{"Frau Dr. Müller", "SALUTATION=Frau|TITLE=Dr.|SURNAME=Müller", "NATURAL"},
		{"Smith, John, Jr.", "SURNAME=Smith|GIVENNAME=John|QUALIFIER=Jr.", "NATURAL"},
		{"John Smith III", "GIVENNAME=John|SURNAME=Smith|QUALIFIER=III", "NATURAL"},
		{"John Smith, PhD", "GIVENNAME=John|SURNAME=Smith|SUFFIX=PhD", "NATURAL"},
		{"Sarah Miller MBA", "GIVENNAME=Sarah|SURNAME=Miller|SUFFIX=MBA", "NATURAL"},
		{"Müller, Dr. Petra", "SURNAME=Müller|TITLE=Dr.|GIVENNAME=Petra", "NATURAL"},
		{"Peter", "GIVENNAME=Peter", "NATURAL"},
		{"Schmidt", "SURNAME=Schmidt", "NATURAL"},
		{"Dr.Peter Schmidt", "TITLE=Dr.|GIVENNAME=Peter|SURNAME=Schmidt", "NATURAL"},
		{"Google Inc.", "BUSINESSNAME=Google|BUSINESSLEGALFORM=Inc.", "LEGAL"},
		{"Acme GmbH", "BUSINESSNAME=Acme|BUSINESSLEGALFORM=GmbH", "LEGAL"},
		{"Acme GmbH & Co. KG", "BUSINESSNAME=Acme|BUSINESSLEGALFORM=GmbH & Co. KG", "LEGAL"},
		{"Fiat S.p.A.", "BUSINESSNAME=Fiat|BUSINESSLEGALFORM=S.p.A.", "LEGAL"},
		{"Shell plc", "BUSINESSNAME=Shell|BUSINESSLEGALFORM=plc", "LEGAL"},
		{"Acme, Inc.", "BUSINESSNAME=Acme|BUSINESSLEGALFORM=Inc.", "LEGAL"},
		{"Philips N.V.", "BUSINESSNAME=Philips|BUSINESSLEGALFORM=N.V.", "LEGAL"},
		{"Renault SA", "BUSINESSNAME=Renault|BUSINESSLEGALFORM=SA", "LEGAL"},
		{"Deutsche Bank", "BUSINESSNAME=Deutsche Bank", "LEGAL"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			best := r.Best().ParsedPerson
			if got := termsString(best); got != tt.want {
				t.Errorf("terms = %s, want %s", got, tt.want)
			}
			if best.PersonType != tt.typ {
				t.Errorf("personType = %s, want %s", best.PersonType, tt.typ)
			}
		})
	}
}

func TestParseMultiple(t *testing.T) {
	e := fakeEngine(t)
	tests := []struct {
		in   string
		want []string
	}{
		{"Peter and Daniela Meyer", []string{"GIVENNAME=Peter|SURNAME=Meyer", "GIVENNAME=Daniela|SURNAME=Meyer"}},
		{"Peter und Maria Meyer", []string{"GIVENNAME=Peter|SURNAME=Meyer", "GIVENNAME=Maria|SURNAME=Meyer"}},
		{"Peter & Maria Meyer", []string{"GIVENNAME=Peter|SURNAME=Meyer", "GIVENNAME=Maria|SURNAME=Meyer"}},
		{"John Smith and Jane Doe", []string{"GIVENNAME=John|SURNAME=Smith", "GIVENNAME=Jane|SURNAME=Doe"}},
		{"Mr. & Mrs. J. Smith", []string{"SALUTATION=Mr.|GIVENNAMEINITIAL=J.|SURNAME=Smith", "SALUTATION=Mrs.|SURNAME=Smith"}},
		{"Herr und Frau Müller", []string{"SALUTATION=Herr|SURNAME=Müller", "SALUTATION=Frau|SURNAME=Müller"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			pp := r.Best().ParsedPerson
			if pp.PersonType != nameapi.PersonTypeMultiple || pp.PersonRole != nameapi.RoleGroup {
				t.Fatalf("type/role = %s/%s", pp.PersonType, pp.PersonRole)
			}
			if len(pp.People) != len(tt.want) {
				t.Fatalf("people = %d, want %d", len(pp.People), len(tt.want))
			}
			for i, w := range tt.want {
				p := pp.People[i]
				if got := termsString(&p); got != w {
					t.Errorf("person %d = %s, want %s", i, got, w)
				}
				if p.PersonType != nameapi.PersonTypeNatural || p.PersonRole != nameapi.RolePrimary || p.Gender == nil {
					t.Errorf("person %d: type %s role %s gender %v", i, p.PersonType, p.PersonRole, p.Gender)
				}
			}
		})
	}
}

func TestParseGenderAndDisputes(t *testing.T) {
	e := fakeEngine(t)
	tests := []struct {
		in, gender, dispute string
	}{
		{"Petra Müller", nameapi.GenderFemale, ""},
		{"Peter Müller", nameapi.GenderMale, ""},
		{"Frau Müller", nameapi.GenderFemale, ""},
		{"Pet3r Mül!er", "", nameapi.DisputeSyntax},
		{"Peter \"Pete Müller", "", nameapi.DisputeSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			m := r.Best()
			if tt.gender != "" && (m.ParsedPerson.Gender == nil || m.ParsedPerson.Gender.Gender != tt.gender) {
				t.Errorf("gender = %+v, want %s", m.ParsedPerson.Gender, tt.gender)
			}
			found := tt.dispute == ""
			for _, d := range m.ParserDisputes {
				if d.DisputeType == tt.dispute {
					found = true
				}
				if tt.dispute == "" {
					t.Errorf("unexpected dispute %+v", d)
				}
			}
			if !found {
				t.Errorf("no %s dispute in %+v", tt.dispute, m.ParserDisputes)
			}
		})
	}
}

func TestParseAmbiguousOrder(t *testing.T) {
	e := fakeEngine(t)
	// Both words are given names: both readings, neither sure.
	r, err := e.ParsePersonName(context.Background(), fullname("Thomas Michael"))
	if err != nil {
		t.Fatal(err)
	}
	checkMatchInvariants(t, r)
	if len(r.Matches) != 2 {
		t.Fatalf("matches = %d, want 2 alternatives", len(r.Matches))
	}
	if r.Matches[0].Likeliness > 0.8 {
		t.Errorf("ambiguous order got likeliness %v", r.Matches[0].Likeliness)
	}
	if got := r.Matches[0].ParsedPerson.AddressingGivenName; got != "Thomas" {
		t.Errorf("best reading should keep the western order, given = %q", got)
	}
	// A clear case has one confident reading.
	r, _ = e.ParsePersonName(context.Background(), fullname("Petra Müller"))
	if len(r.Matches) != 1 || r.Matches[0].Confidence < 0.8 {
		t.Errorf("clear case: %d matches, confidence %v", len(r.Matches), r.Matches[0].Confidence)
	}
}

func TestParseStructuredAndLegalFields(t *testing.T) {
	e := fakeEngine(t)
	tests := []struct {
		name   string
		person *nameapi.InputPerson
		want   string
		typ    string
	}{
		{"given+surname", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "Petra"), nameapi.Field("SURNAME", "Müller")), "GIVENNAME=Petra|SURNAME=Müller", "NATURAL"},
		{"with prefix fields", nameapi.NewNaturalPerson(nameapi.Field("SALUTATION", "Frau"), nameapi.Field("TITLE", "Dr."), nameapi.Field("GIVENNAME", "Petra"), nameapi.Field("MIDDLENAME", "K."), nameapi.Field("SURNAME", "Müller"), nameapi.Field("QUALIFIER", "jr")),
			"SALUTATION=Frau|TITLE=Dr.|GIVENNAME=Petra|MIDDLENAME=K.|SURNAME=Müller|QUALIFIER=jr", "NATURAL"},
		{"particle surname", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "Ludwig"), nameapi.Field("SURNAME", "van Beethoven")), "GIVENNAME=Ludwig|SURNAME=van Beethoven", "NATURAL"},
		// A family word as the given name, a birth name in the surname field.
		{"family word as given name", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "Familie"), nameapi.Field("SURNAME", "Jensen")), "SALUTATION=Familie|SURNAME=Jensen", "FAMILY"},
		{"birth name in surname field", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "Maria"), nameapi.Field("SURNAME", "Schmidt geb. Weber")), "GIVENNAME=Maria|SURNAME=Schmidt|NAMEATBIRTHINDICATOR=geb.|SURNAMEATBIRTH=Weber", "NATURAL"},
		// One Han or Hangul character is a whole surname, not an initial.
		{"one-character Han surname", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "海东"), nameapi.Field("SURNAME", "李")), "GIVENNAME=海东|SURNAME=李", "NATURAL"},
		{"one-character Hangul surname", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "동수"), nameapi.Field("SURNAME", "박")), "GIVENNAME=동수|SURNAME=박", "NATURAL"},
		{"one-character kanji given name", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "武"), nameapi.Field("SURNAME", "山元")), "GIVENNAME=武|SURNAME=山元", "NATURAL"},
		{"swapped fields", nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "Müller"), nameapi.Field("SURNAME", "Petra")), "SURNAME=Müller|GIVENNAME=Petra", "NATURAL"},
		{"legal person", nameapi.NewLegalPerson(nameapi.Field("LEGAL_NAME", "Google"), nameapi.Field("LEGAL_FORM", "Inc.")), "BUSINESSNAME=Google|BUSINESSLEGALFORM=Inc.", "LEGAL"},
		{"legal person fullname", nameapi.NewLegalPerson(nameapi.Field("FULLNAME", "Google Inc.")), "BUSINESSNAME=Google|BUSINESSLEGALFORM=Inc.", "LEGAL"},
		{"legal name field on natural", nameapi.NewNaturalPerson(nameapi.Field("LEGAL_NAME", "Acme AG")), "BUSINESSNAME=Acme|BUSINESSLEGALFORM=AG", "LEGAL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), &nameapi.InputWithPerson{InputPerson: tt.person})
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			best := r.Best().ParsedPerson
			if got := termsString(best); got != tt.want {
				t.Errorf("terms = %s, want %s", got, tt.want)
			}
			if best.PersonType != tt.typ {
				t.Errorf("type = %s", best.PersonType)
			}
		})
	}
}

func TestParseInvalidInput(t *testing.T) {
	e := fakeEngine(t)
	for name, in := range map[string]*nameapi.InputWithPerson{
		"nil":       nil,
		"no person": {},
		"no name":   {InputPerson: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}},
	} {
		_, err := e.ParsePersonName(context.Background(), in)
		var ne *nameapi.Error
		if !errors.As(err, &ne) || !ne.InvalidInput() {
			t.Errorf("%s: err = %v, want invalid input", name, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.ParsePersonName(ctx, fullname("Petra Müller")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

// TestParseRealDictionary runs the public examples against the embedded data.
func TestParseRealDictionary(t *testing.T) {
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want, gender string }{
		{"Petra Müller", "GIVENNAME=Petra|SURNAME=Müller", nameapi.GenderFemale},
		{"Dr. Peter T. Johnson jr", "TITLE=Dr.|GIVENNAME=Peter|GIVENNAMEINITIAL=T.|SURNAME=Johnson|QUALIFIER=jr", nameapi.GenderMale},
		{"Müller Petra", "SURNAME=Müller|GIVENNAME=Petra", nameapi.GenderFemale},
		{"Smith John", "SURNAME=Smith|GIVENNAME=John", nameapi.GenderMale},
		{"Gabriel García Márquez", "GIVENNAME=Gabriel|SURNAME=García|SURNAME=Márquez", nameapi.GenderMale},
	}
	for _, tt := range tests {
		r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		checkMatchInvariants(t, r)
		if got := termsString(r.Best().ParsedPerson); got != tt.want {
			t.Errorf("%s: terms = %s, want %s", tt.in, got, tt.want)
		}
		if g := r.Best().ParsedPerson.Gender; g == nil || g.Gender != tt.gender {
			t.Errorf("%s: gender = %+v, want %s", tt.in, g, tt.gender)
		}
	}
	r, _ := e.ParsePersonName(context.Background(), fullname("Herr Petra Müller"))
	if m := r.Best(); m.ParsedPerson.Gender.Gender != nameapi.GenderConflict || len(m.ParserDisputes) != 1 || m.ParserDisputes[0].DisputeType != nameapi.DisputeGender {
		t.Errorf("Herr Petra Müller: gender %+v disputes %+v", m.ParsedPerson.Gender, m.ParserDisputes)
	}
	r, _ = e.ParsePersonName(context.Background(), fullname("Peter and Daniela Meyer"))
	if pp := r.Best().ParsedPerson; pp.PersonType != nameapi.PersonTypeMultiple || len(pp.People) != 2 {
		t.Errorf("Peter and Daniela Meyer: %s with %d people", pp.PersonType, len(pp.People))
	}
}
