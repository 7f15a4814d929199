package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// Several people in one field, in many languages: each person with their
// own terms and gender, the group INDETERMINABLE when the genders differ.
func TestParseMultiplePeopleWorld(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct {
		in      string
		people  []string // each person's terms
		genders []string // each person's gender
		group   string   // the group's gender
	}{
		{"Altin dhe Sidorela Hoxha", []string{"GIVENNAME=Altin|SURNAME=Hoxha", "GIVENNAME=Sidorela|SURNAME=Hoxha"}, nil, ""},
		{"Anahit isk Narek Hovhannisyan", []string{"GIVENNAME=Anahit|SURNAME=Hovhannisyan", "GIVENNAME=Narek|SURNAME=Hovhannisyan"}, nil, ""},
		{"Juan y María García", []string{"GIVENNAME=Juan|SURNAME=García", "GIVENNAME=María|SURNAME=García"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"João e Maria Silva", []string{"GIVENNAME=João|SURNAME=Silva", "GIVENNAME=Maria|SURNAME=Silva"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Luca Bianchi e Sara Romano", []string{"GIVENNAME=Luca|SURNAME=Bianchi", "GIVENNAME=Sara|SURNAME=Romano"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Petr Novák a Jana Svobodová", []string{"GIVENNAME=Petr|SURNAME=Novák", "GIVENNAME=Jana|SURNAME=Svobodová"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Piotr i Katarzyna Nowak", []string{"GIVENNAME=Piotr|SURNAME=Nowak", "GIVENNAME=Katarzyna|SURNAME=Nowak"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Matti ja Liisa Virtanen", []string{"GIVENNAME=Matti|SURNAME=Virtanen", "GIVENNAME=Liisa|SURNAME=Virtanen"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Ahmet ve Mehmet Yılmaz", []string{"GIVENNAME=Ahmet|SURNAME=Yılmaz", "GIVENNAME=Mehmet|SURNAME=Yılmaz"}, []string{"MALE", "MALE"}, "MALE"},
		{"Anna och Karin Berg", []string{"GIVENNAME=Anna|SURNAME=Berg", "GIVENNAME=Karin|SURNAME=Berg"}, []string{"FEMALE", "FEMALE"}, "FEMALE"},
		{"Иван и Мария Петровы", []string{"GIVENNAME=Иван|SURNAME=Петровы", "GIVENNAME=Мария|SURNAME=Петровы"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Тарас та Оксана Шевченко", []string{"GIVENNAME=Тарас|SURNAME=Шевченко", "GIVENNAME=Оксана|SURNAME=Шевченко"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Péter és Anna Kovács", []string{"GIVENNAME=Péter|SURNAME=Kovács", "GIVENNAME=Anna|SURNAME=Kovács"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Andrei și Elena Ionescu", []string{"GIVENNAME=Andrei|SURNAME=Ionescu", "GIVENNAME=Elena|SURNAME=Ionescu"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Jan en Anna de Vries", []string{"GIVENNAME=Jan|SURNAME=de Vries", "GIVENNAME=Anna|SURNAME=de Vries"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Lars og Mette Hansen", []string{"GIVENNAME=Lars|SURNAME=Hansen", "GIVENNAME=Mette|SURNAME=Hansen"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Tom + Anna Brown", []string{"GIVENNAME=Tom|SURNAME=Brown", "GIVENNAME=Anna|SURNAME=Brown"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Burger Hans U. u. Spinner-Burger Barbara", []string{"SURNAME=Burger|GIVENNAME=Hans|GIVENNAMEINITIAL=U.", "SURNAME=Spinner-Burger|GIVENNAME=Barbara"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Mr. and Mrs. Robert Taylor", []string{"SALUTATION=Mr.|GIVENNAME=Robert|SURNAME=Taylor", "SALUTATION=Mrs.|SURNAME=Taylor"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Herr und Frau Becker", []string{"SALUTATION=Herr|SURNAME=Becker", "SALUTATION=Frau|SURNAME=Becker"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Mr. & Mrs. John and Jane Smith", []string{"SALUTATION=Mr.|GIVENNAME=John|SURNAME=Smith", "SALUTATION=Mrs.|GIVENNAME=Jane|SURNAME=Smith"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Sr. y Sra. García", []string{"SALUTATION=Sr.|SURNAME=García", "SALUTATION=Sra.|SURNAME=García"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Pan i Pani Kowalscy", []string{"SALUTATION=Pan|SURNAME=Kowalscy", "SALUTATION=Pani|SURNAME=Kowalscy"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Maria José e João Pedro Silva", []string{"GIVENNAME=Maria|GIVENNAME=José|SURNAME=Silva", "GIVENNAME=João|GIVENNAME=Pedro|SURNAME=Silva"}, []string{"FEMALE", "MALE"}, "INDETERMINABLE"},
		{"Meyer, Peter und Daniela", []string{"SURNAME=Meyer|GIVENNAME=Peter", "SURNAME=Meyer|GIVENNAME=Daniela"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"MATTI JA ANNA VIRTANEN", []string{"GIVENNAME=MATTI|SURNAME=VIRTANEN", "GIVENNAME=ANNA|SURNAME=VIRTANEN"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"JEAN ET MARIE DUPONT", []string{"GIVENNAME=JEAN|SURNAME=DUPONT", "GIVENNAME=MARIE|SURNAME=DUPONT"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"JUAN Y MARIA GARCIA", []string{"GIVENNAME=JUAN|SURNAME=GARCIA", "GIVENNAME=MARIA|SURNAME=GARCIA"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Carlos y Ana", []string{"GIVENNAME=Carlos", "GIVENNAME=Ana"}, []string{"MALE", "FEMALE"}, "INDETERMINABLE"},
		{"Ana Dumitru și Vasile Dumitru", []string{"GIVENNAME=Ana|SURNAME=Dumitru", "GIVENNAME=Vasile|SURNAME=Dumitru"}, []string{"FEMALE", "MALE"}, "INDETERMINABLE"},
		{"Doamna Ana Dumitru și D-l Vasile Dumitru", []string{"SALUTATION=Doamna|GIVENNAME=Ana|SURNAME=Dumitru", "SALUTATION=D-l|GIVENNAME=Vasile|SURNAME=Dumitru"}, []string{"FEMALE", "MALE"}, "INDETERMINABLE"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			pp := r.Best().ParsedPerson
			if pp.PersonType != nameapi.PersonTypeMultiple || len(pp.People) != len(tt.people) {
				t.Fatalf("%s with %d people, want MULTIPLE with %d", pp.PersonType, len(pp.People), len(tt.people))
			}
			for i, w := range tt.people {
				if got := termsString(&pp.People[i]); got != w {
					t.Errorf("person %d = %s, want %s", i, got, w)
				}
				if tt.genders != nil && (pp.People[i].Gender == nil || pp.People[i].Gender.Gender != tt.genders[i]) {
					t.Errorf("person %d gender = %+v, want %s", i, pp.People[i].Gender, tt.genders[i])
				}
			}
			if tt.group == "" {
				return
			}
			g, err := e.GenderizePerson(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if g.Gender != tt.group {
				t.Errorf("genderize = %s, want %s", g.Gender, tt.group)
			}
		})
	}
}

// In the given-name field every word is a given name: a weak "and"
// between two whole words joins two people ("Domenica e Luca" +
// "Giordano", though Luca is also a surname); a capital letter alone stays
// an initial.
func TestParseWeakConjunctionInGivenField(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	for _, tt := range []struct {
		given, surname string
		people         int
	}{
		{"Domenica e Luca", "Giordano", 2},
		{"Anahit isk Narek", "Hovhannisyan", 2},
		{"Anna E Maria", "Rossi", 0},
	} {
		r, err := e.ParsePersonName(context.Background(), &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(
			nameapi.Field(nameapi.FieldGivenname, tt.given), nameapi.Field(nameapi.FieldSurname, tt.surname))})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(r.Best().ParsedPerson.People); got != tt.people {
			t.Errorf("%s + %s: %d people, want %d", tt.given, tt.surname, got, tt.people)
		}
	}
}

// A word that is "and" in some language but a name part here does not
// split the name: surname joiners, initials, particles.
func TestParseWeakConjunctionStaysOnePerson(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	for _, in := range []string{
		"José Ortega y Gasset",
		"Santiago Ramón y Cajal",
		"Josep Puig i Cadafalch",
		"Maria da Silva e Costa",
		"john a smith",
		"Peter A. Smith",
		"Anna E. Miller",
		"Juan Y. García",
		"Kim Ja Young",
		"JOHN A SMITH",
		"Le Van A",
	} {
		t.Run(in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(in))
			if err != nil {
				t.Fatal(err)
			}
			if pp := r.Best().ParsedPerson; pp.PersonType != nameapi.PersonTypeNatural {
				t.Errorf("%s with %d people, want one NATURAL person", pp.PersonType, len(pp.People))
			}
		})
	}
}

// The formatter writes several people with the input's own "and", and
// keeps salutations in front when they name the people.
func TestFormatMultiplePeople(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	for in, want := range map[string]string{
		"peter und daniela meyer":     "Peter und Daniela Meyer",
		"ALTIN DHE SIDORELA HOXHA":    "Altin dhe Sidorela Hoxha",
		"juan y maría garcía":         "Juan y María García",
		"petr novák a jana svobodová": "Petr Novák a Jana Svobodová",
		"Peter & Maria Meyer":         "Peter & Maria Meyer",
		"mr. and mrs. robert taylor":  "Mr. and Mrs. Robert Taylor",
		"Herr und Frau Becker":        "Herr und Frau Becker",
	} {
		f, err := e.FormatPersonName(context.Background(), &nameapi.PersonNameFormatterInput{InputPerson: fullname(in).InputPerson})
		if err != nil {
			t.Fatal(err)
		}
		if f.Formatted != want || f.Unknown {
			t.Errorf("format %q = %q (unknown %v), want %q", in, f.Formatted, f.Unknown, want)
		}
	}
}
