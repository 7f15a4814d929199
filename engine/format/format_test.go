package format

import (
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/engine/parse"
	"github.com/namepipe/namepipe/nameapi"
)

var testParse = sync.OnceValues(func() (func(*nameapi.Context, *nameapi.InputPerson) *nameapi.PersonNameParserResult, error) {
	d, err := dict.Default()
	if err != nil {
		return nil, err
	}
	return parse.New(d, genderize.New(d)).Person, nil
})

// TestPerson holds the formatter's answers, with the engine's parser, for
// each thing it does: letter case from any input case (Mc/Mac, O', d',
// particles, hyphens, several scripts), the culture's order, titles and
// qualifiers, couples, families, companies' legal forms, and Unknown for
// what is no name. Inputs are one FULLNAME, or "TYPE:text" fields
// separated by "|".
func TestPerson(t *testing.T) {
	t.Parallel()
	parseFn, err := testParse()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		class, in, want string
		unknown         bool
	}{
		{"lower case", "petra müller", "Petra Müller", false},
		{"upper case", "PETRA MÜLLER", "Petra Müller", false},
		{"inverted case", "pETER mÜLLER", "Peter Müller", false},
		{"comma form", "müller, petra", "Petra Müller", false},
		{"upper-case surname first", "MÜLLER Petra", "Petra Müller", false},
		{"Mc", "john mcdonald", "John McDonald", false},
		{"Mac", "JOHN MACLEOD", "John MacLeod", false},
		{"O'", "anna o'neill", "Anna O'Neill", false},
		{"d'", "charles d'artagnan", "Charles d'Artagnan", false},
		{"lower-case start before an apostrophe, Uzbek", "ikRom o'Ktamovich nAzaRov", "Ikrom O'ktamovich Nazarov", false},
		{"lower-case start before an apostrophe, Irish", "anna o'Neill", "Anna O'Neill", false},
		{"lower-case start before an apostrophe, French", "Charles d'artagnan", "Charles d'Artagnan", false},
		{"deliberate apostrophe case kept", "Anna O'Neill", "Anna O'Neill", false},
		{"deliberate case kept", "Danny DeVito", "Danny DeVito", false},
		{"deliberate case kept", "Ronald MacLeod", "Ronald MacLeod", false},
		{"particles", "ANNA VAN DER BERG", "Anna van der Berg", false},
		{"particles", "LUDWIG VAN BEETHOVEN", "Ludwig van Beethoven", false},
		{"particles", "maria dos santos", "Maria dos Santos", false},
		{"particles", "MUHAMMAD BIN SALMAN", "Muhammad bin Salman", false},
		{"hyphens", "jean-pierre dupont", "Jean-Pierre Dupont", false},
		{"hyphens", "hans-peter müller-lüdenscheidt", "Hans-Peter Müller-Lüdenscheidt", false},
		{"title, initial, qualifier", "dr. peter t johnson jr", "Dr. Peter T. Johnson Jr.", false},
		{"titles", "prof. dr. anna weber", "Prof. Dr. Anna Weber", false},
		{"salutation", "HERR THOMAS WAGNER", "Herr Thomas Wagner", false},
		{"roman numeral", "john smith iii", "John Smith III", false},
		{"fields", "GIVENNAME:petra|SURNAME:MUELLER-MEYER", "Petra Mueller-Meyer", false},
		{"fields", "GIVENNAME:PETER|SURNAME:MÜLLER", "Peter Müller", false},
		{"couple", "peter and daniela meyer", "Peter and Daniela Meyer", false},
		{"couple", "peter und petra müller", "Peter und Petra Müller", false},
		{"family", "familie müller", "Familie Müller", false},
		{"legal form", "acme gmbh", "Acme GmbH", false},
		{"legal form", "GOOGLE LLC", "Google LLC", false},
		{"Cyrillic", "иван иванов", "Иван Иванов", false},
		{"Cyrillic", "аНАХИТ", "Анахит", false},
		{"Greek", "ΓΙΏΡΓΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ", "Γιώργος Παπαδόπουλος", false},
		{"Chinese", "王小明", "王小明", false},
		{"Japanese: surname first, no space", "山田 太郎", "山田太郎", false},
		{"Korean", "김민수", "김민수", false},
		{"order kept where the surname is unclear", "Jigme tenzin", "Jigme Tenzin", false},
		{"no name", "12345 !!!", "12345 !!!", true},
	} {
		t.Run(c.class+"/"+c.in, func(t *testing.T) {
			p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{}}
			if !strings.Contains(c.in, ":") {
				p.PersonName.NameFields = []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, c.in)}
			} else {
				for _, f := range strings.Split(c.in, "|") {
					typ, s, _ := strings.Cut(f, ":")
					p.PersonName.NameFields = append(p.PersonName.NameFields, nameapi.Field(typ, s))
				}
			}
			r := Person(&nameapi.PersonNameFormatterInput{InputPerson: p}, parseFn)
			if r.Formatted != c.want || r.Unknown != c.unknown {
				t.Errorf("got %q unknown=%v, want %q unknown=%v", r.Formatted, r.Unknown, c.want, c.unknown)
			}
			// Formatting is a fixed point.
			if !c.unknown {
				again := Person(&nameapi.PersonNameFormatterInput{InputPerson: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson,
					PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, r.Formatted)}}}}, parseFn)
				if again.Formatted != r.Formatted {
					t.Errorf("formatting %q again gives %q", r.Formatted, again.Formatted)
				}
			}
		})
	}
}

// TestPersonMissing checks that a missing person or name formats to ""
// with Unknown set.
func TestPersonMissing(t *testing.T) {
	t.Parallel()
	parseFn, err := testParse()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []*nameapi.PersonNameFormatterInput{
		nil,
		{},
		{InputPerson: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}},
		{InputPerson: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{}}},
	} {
		if r := Person(in, parseFn); r.Formatted != "" || !r.Unknown {
			t.Errorf("%+v: got %q unknown=%v, want \"\" unknown=true", in, r.Formatted, r.Unknown)
		}
	}
}
