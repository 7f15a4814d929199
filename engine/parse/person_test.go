package parse

import (
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/nameapi"
)

var (
	testParserOnce sync.Once
	testParser     *Parser
	testParserErr  error
)

// newTestParser returns a parser over the embedded dictionary, as the
// engine builds it.
func newTestParser(t testing.TB) *Parser {
	t.Helper()
	testParserOnce.Do(func() {
		d, err := dict.Default()
		if err != nil {
			testParserErr = err
			return
		}
		testParser = New(d, genderize.New(d))
	})
	if testParserErr != nil {
		t.Fatal(testParserErr)
	}
	return testParser
}

// fieldsOf reads a test input: one FULLNAME, or fields "TYPE:text"
// separated by "|".
func fieldsOf(in string) []nameapi.NameField {
	if !strings.Contains(in, ":") {
		return []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, in)}
	}
	var out []nameapi.NameField
	for _, f := range strings.Split(in, "|") {
		typ, s, _ := strings.Cut(f, ":")
		out = append(out, nameapi.Field(typ, s))
	}
	return out
}

// termsText writes a parsed person's terms as "text=TYPE ...", and the
// people of a group as "{...} {...}".
func termsText(p *nameapi.ParsedPerson) string {
	var parts []string
	if n := p.OutputPersonName; n != nil {
		for _, t := range n.Terms {
			parts = append(parts, t.String+"="+t.TermType)
		}
	}
	for i := range p.People {
		parts = append(parts, "{"+termsText(&p.People[i])+"}")
	}
	return strings.Join(parts, " ")
}

// TestPersonClasses holds the parser's best reading of names of each
// class it handles: person type, gender and terms. Inputs are one FULLNAME
// or "TYPE:text|TYPE:text" fields; gender "" is not checked.
func TestPersonClasses(t *testing.T) {
	t.Parallel()
	p := newTestParser(t)
	for _, c := range []struct {
		class, in        string
		typ, gender, out string
	}{
		// Given name before surname, in every case.
		{"given first", "Petra Müller", "NATURAL", "FEMALE", "Petra=GIVENNAME Müller=SURNAME"},
		{"given first", "John Smith", "NATURAL", "MALE", "John=GIVENNAME Smith=SURNAME"},
		{"given first, lower case", "petra müller", "NATURAL", "FEMALE", "petra=GIVENNAME müller=SURNAME"},
		{"given first, upper case", "PETRA MÜLLER", "NATURAL", "FEMALE", "PETRA=GIVENNAME MÜLLER=SURNAME"},
		{"two given names", "Johann Sebastian Bach", "NATURAL", "MALE", "Johann=GIVENNAME Sebastian=GIVENNAME Bach=SURNAME"},
		{"two given names", "Anna Maria Müller", "NATURAL", "FEMALE", "Anna=GIVENNAME Maria=GIVENNAME Müller=SURNAME"},
		{"two given names, two surnames", "María José García López", "NATURAL", "FEMALE", "María=GIVENNAME José=GIVENNAME García=SURNAME López=SURNAME"},
		{"hyphenated given name", "Hans-Peter Müller", "NATURAL", "MALE", "Hans-Peter=GIVENNAME Müller=SURNAME"},
		{"hyphenated given name", "Anna-Lena Schmidt", "NATURAL", "FEMALE", "Anna-Lena=GIVENNAME Schmidt=SURNAME"},
		{"hyphenated given name", "Mary-Kate Olsen", "NATURAL", "FEMALE", "Mary-Kate=GIVENNAME Olsen=SURNAME"},
		{"double surname", "Petra Müller-Lüdenscheidt", "NATURAL", "FEMALE", "Petra=GIVENNAME Müller-Lüdenscheidt=SURNAME"},
		{"apostrophe", "Sean O'Neill", "NATURAL", "MALE", "Sean=GIVENNAME O'Neill=SURNAME"},
		{"Mc", "Ronald McDonald", "NATURAL", "MALE", "Ronald=GIVENNAME McDonald=SURNAME"},
		{"Mc, lower case", "ronald mcdonald", "NATURAL", "MALE", "ronald=GIVENNAME mcdonald=SURNAME"},
		{"name at birth", "Petra Müller geb. Weber", "NATURAL", "FEMALE", "Petra=GIVENNAME Müller=SURNAME geb.=NAMEATBIRTHINDICATOR Weber=SURNAMEATBIRTH"},
		{"given name only", "Petra", "NATURAL", "FEMALE", "Petra=GIVENNAME"},
		{"surname only", "Müller", "NATURAL", "UNKNOWN", "Müller=SURNAME"},

		// Surname first: by case, or before a comma.
		{"upper-case surname first", "MÜLLER Petra", "NATURAL", "FEMALE", "MÜLLER=SURNAME Petra=GIVENNAME"},
		{"comma form", "Müller, Petra", "NATURAL", "FEMALE", "Müller=SURNAME Petra=GIVENNAME"},
		{"comma form", "Smith, John", "NATURAL", "MALE", "Smith=SURNAME John=GIVENNAME"},
		{"comma form, upper case", "MÜLLER, PETRA", "NATURAL", "FEMALE", "MÜLLER=SURNAME PETRA=GIVENNAME"},
		{"comma form, middle name", "Smith, John Peter", "NATURAL", "MALE", "Smith=SURNAME John=GIVENNAME Peter=MIDDLENAME"},
		{"comma form, two given names", "Müller, Petra Anna", "NATURAL", "FEMALE", "Müller=SURNAME Petra=GIVENNAME Anna=GIVENNAME"},
		{"comma form, particle", "von Beethoven, Ludwig", "NATURAL", "MALE", "von Beethoven=SURNAME Ludwig=GIVENNAME"},
		{"comma form, initial", "Smith, J.", "NATURAL", "UNKNOWN", "Smith=SURNAME J.=GIVENNAMEINITIAL"},
		{"comma form, salutation", "Smith, Mr. John", "NATURAL", "MALE", "Smith=SURNAME Mr.=SALUTATION John=GIVENNAME"},
		{"comma form, qualifier", "Smith, John, Jr.", "NATURAL", "MALE", "Smith=SURNAME John=GIVENNAME Jr.=QUALIFIER"},

		// Titles, salutations and qualifiers.
		{"title", "Dr. Peter Schmidt", "NATURAL", "MALE", "Dr.=TITLE Peter=GIVENNAME Schmidt=SURNAME"},
		{"two titles", "Prof. Dr. Anna Weber", "NATURAL", "FEMALE", "Prof.=TITLE Dr.=TITLE Anna=GIVENNAME Weber=SURNAME"},
		{"title of two words", "Dr. med. Hans Meier", "NATURAL", "MALE", "Dr. med.=TITLE Hans=GIVENNAME Meier=SURNAME"},
		{"hyphenated title", "Dipl.-Ing. Klaus Weber", "NATURAL", "MALE", "Dipl.-Ing.=TITLE Klaus=GIVENNAME Weber=SURNAME"},
		{"salutation", "Herr Thomas Wagner", "NATURAL", "MALE", "Herr=SALUTATION Thomas=GIVENNAME Wagner=SURNAME"},
		{"salutation", "Mrs. Mary Johnson", "NATURAL", "FEMALE", "Mrs.=SALUTATION Mary=GIVENNAME Johnson=SURNAME"},
		{"salutation and title", "Frau Dr. Sabine Fischer", "NATURAL", "FEMALE", "Frau=SALUTATION Dr.=TITLE Sabine=GIVENNAME Fischer=SURNAME"},
		{"honorific", "Sir Elton John", "NATURAL", "MALE", "Sir=SALUTATION Elton=GIVENNAME John=SURNAME"},
		{"qualifier", "Martin Luther King Jr.", "NATURAL", "MALE", "Martin=GIVENNAME Luther=GIVENNAME King=SURNAME Jr.=QUALIFIER"},
		{"qualifier", "John Smith III", "NATURAL", "MALE", "John=GIVENNAME Smith=SURNAME III=QUALIFIER"},
		{"qualifier", "Hans Meier sen.", "NATURAL", "MALE", "Hans=GIVENNAME Meier=SURNAME sen.=QUALIFIER"},

		// Surname particles.
		{"particle", "Ludwig van Beethoven", "NATURAL", "MALE", "Ludwig=GIVENNAME van Beethoven=SURNAME"},
		{"particle", "Leonardo da Vinci", "NATURAL", "MALE", "Leonardo=GIVENNAME da Vinci=SURNAME"},
		{"particle", "Charles de Gaulle", "NATURAL", "MALE", "Charles=GIVENNAME de Gaulle=SURNAME"},
		{"particle", "Maria dos Santos", "NATURAL", "FEMALE", "Maria=GIVENNAME dos Santos=SURNAME"},
		{"particle", "Muhammad bin Salman", "NATURAL", "MALE", "Muhammad=GIVENNAME bin Salman=SURNAME"},
		{"two particles", "Ursula von der Leyen", "NATURAL", "FEMALE", "Ursula=GIVENNAME von der Leyen=SURNAME"},
		{"two particles", "Jan van der Berg", "NATURAL", "MALE", "Jan=GIVENNAME van der Berg=SURNAME"},
		{"two surnames, one term each", "GIVENNAME:Svend|SURNAME:Wiig Hansen", "NATURAL", "MALE", "Svend=GIVENNAME Wiig=SURNAME Hansen=SURNAME"},
		{"two surnames, particle with the second", "José Maria Fernández de la Torre", "NATURAL", "MALE", "José=GIVENNAME Maria=GIVENNAME Fernández=SURNAME de la Torre=SURNAME"},
		{"two surnames, particle with the second", "GIVENNAME:José Maria|SURNAME:Fernández de la Torre", "NATURAL", "MALE", "José=GIVENNAME Maria=GIVENNAME Fernández=SURNAME de la Torre=SURNAME"},
		{"compound given name", "María de los Ángeles López Sánchez", "NATURAL", "FEMALE", "María de los Ángeles=GIVENNAME López=SURNAME Sánchez=SURNAME"},
		{"compound given name, fields", "GIVENNAME:María de los Ángeles|SURNAME:López Sánchez", "NATURAL", "FEMALE", "María de los Ángeles=GIVENNAME López=SURNAME Sánchez=SURNAME"},
		{"compound given name", "Maria de Fátima Silva", "NATURAL", "FEMALE", "Maria de Fátima=GIVENNAME Silva=SURNAME"},
		{"particle before a surname, no compound", "Maria dos Santos Silva", "NATURAL", "FEMALE", "Maria=GIVENNAME dos Santos=SURNAME Silva=SURNAME"},
		{"Arabic compound given name", "حسّان عبد العزيز المصري", "NATURAL", "MALE", "حسّان=GIVENNAME عبد العزيز=GIVENNAME المصري=SURNAME"},
		{"Arabic compound given name, fields", "GIVENNAME:حسّان عبد العزيز|SURNAME:المصري", "NATURAL", "MALE", "حسّان=GIVENNAME عبد العزيز=GIVENNAME المصري=SURNAME"},
		{"surname joined by y, one term", "José Ortega y Gasset", "NATURAL", "MALE", "José=GIVENNAME Ortega y Gasset=SURNAME"},
		{"two surnames, Arabic script stays one", "برهان بن عبد الكريم", "NATURAL", "", "برهان=GIVENNAME بن عبد الكريم=SURNAME"},
		{"Irish particle", "Liam Ó Murchú", "NATURAL", "MALE", "Liam=GIVENNAME Ó Murchú=SURNAME"},
		{"Irish particle", "Tadhg Mac Cárthaigh", "NATURAL", "", "Tadhg=GIVENNAME Mac Cárthaigh=SURNAME"},
		{"Irish particle", "Sinéad Ní Mhurchú", "NATURAL", "FEMALE", "Sinéad=GIVENNAME Ní Mhurchú=SURNAME"},
		{"Irish particle", "Máire Nic Giolla Phádraig", "NATURAL", "", "Máire=GIVENNAME Nic Giolla Phádraig=SURNAME"},
		{"Irish particle, fields", "GIVENNAME:Liam|SURNAME:Ó Murchú", "NATURAL", "MALE", "Liam=GIVENNAME Ó Murchú=SURNAME"},
		{"Mac alone is a name", "Mac Miller", "NATURAL", "", "Mac=GIVENNAME Miller=SURNAME"},
		{"son of, after the name", "Marat Zhanybek uulu", "NATURAL", "MALE", "Marat=GIVENNAME Zhanybek uulu=SURNAME"},
		{"daughter of, after the name", "Aigerim Nurlan kyzy", "NATURAL", "", "Aigerim=GIVENNAME Nurlan kyzy=SURNAME"},
		{"son of, Cyrillic", "Марат Жаныбек уулу", "NATURAL", "", "Марат=GIVENNAME Жаныбек уулу=SURNAME"},

		// Initials.
		{"given initial", "J. Smith", "NATURAL", "UNKNOWN", "J.=GIVENNAMEINITIAL Smith=SURNAME"},
		{"given initial", "P. Müller", "NATURAL", "UNKNOWN", "P.=GIVENNAMEINITIAL Müller=SURNAME"},
		{"middle initial", "Peter T. Johnson", "NATURAL", "MALE", "Peter=GIVENNAME T.=GIVENNAMEINITIAL Johnson=SURNAME"},
		{"three initials", "J. R. R. Tolkien", "NATURAL", "UNKNOWN", "J.=GIVENNAMEINITIAL R.=GIVENNAMEINITIAL R.=GIVENNAMEINITIAL Tolkien=SURNAME"},

		// Couples and groups.
		{"couple, one surname", "Peter und Petra Müller", "MULTIPLE", "", "{Peter=GIVENNAME Müller=SURNAME} {Petra=GIVENNAME Müller=SURNAME}"},
		{"couple, one surname", "John and Mary Smith", "MULTIPLE", "", "{John=GIVENNAME Smith=SURNAME} {Mary=GIVENNAME Smith=SURNAME}"},
		{"couple, two names", "Peter Müller und Petra Müller", "MULTIPLE", "", "{Peter=GIVENNAME Müller=SURNAME} {Petra=GIVENNAME Müller=SURNAME}"},
		{"couple, ampersand", "Peter Müller & Petra Schmidt", "MULTIPLE", "", "{Peter=GIVENNAME Müller=SURNAME} {Petra=GIVENNAME Schmidt=SURNAME}"},
		{"couple, conjunction in random case", "InGáLVUR oG sTeInBjøRN av reYni", "MULTIPLE", "", "{InGáLVUR=GIVENNAME av reYni=SURNAME} {sTeInBjøRN=GIVENNAME av reYni=SURNAME}"},
		{"couple, German und in random case", "pEtEr uNd PeTrA mÜlLeR", "MULTIPLE", "", "{pEtEr=GIVENNAME mÜlLeR=SURNAME} {PeTrA=GIVENNAME mÜlLeR=SURNAME}"},
		{"couple, Lithuanian ir", "Jokūbas ir Dominykas Paulauskas", "MULTIPLE", "", "{Jokūbas=GIVENNAME Paulauskas=SURNAME} {Dominykas=GIVENNAME Paulauskas=SURNAME}"},
		{"couple, Lithuanian ir in fields", "GIVENNAME:Jokūbas ir Dominykas|SURNAME:Paulauskas", "MULTIPLE", "", "{Jokūbas=GIVENNAME Paulauskas=SURNAME} {Dominykas=GIVENNAME Paulauskas=SURNAME}"},
		{"couple, Latvian un", "Artūrs Bērziņš un Emīlija Bērziņa", "MULTIPLE", "", "{Artūrs=GIVENNAME Bērziņš=SURNAME} {Emīlija=GIVENNAME Bērziņa=SURNAME}"},
		{"couple, Georgian da", "Nikoloz Gelashvili da Mariami Bolkvadze", "MULTIPLE", "", "{Nikoloz=GIVENNAME Gelashvili=SURNAME} {Mariami=GIVENNAME Bolkvadze=SURNAME}"},
		{"couple, Slovenian in", "Janez in Marija Novak", "MULTIPLE", "", "{Janez=GIVENNAME Novak=SURNAME} {Marija=GIVENNAME Novak=SURNAME}"},
		{"couple, Indonesian dan", "Budi dan Siti Rahayu", "MULTIPLE", "", "{Budi=GIVENNAME Rahayu=SURNAME} {Siti=GIVENNAME Rahayu=SURNAME}"},
		{"couple, Greek kai in Latin letters", "Georgios Vlahos kai Eleni Vlahou", "MULTIPLE", "", "{Georgios=GIVENNAME Vlahos=SURNAME} {Eleni=GIVENNAME Vlahou=SURNAME}"},
		{"particle da, one person", "José da Silva Santos", "NATURAL", "MALE", "José=GIVENNAME da Silva=SURNAME Santos=SURNAME"},
		{"particle da, one person", "Maria Eduarda da Silva Santos", "NATURAL", "FEMALE", "Maria=GIVENNAME Eduarda=GIVENNAME da Silva=SURNAME Santos=SURNAME"},
		{"surname joiner, one person", "José Ortega y Gasset", "NATURAL", "MALE", "José=GIVENNAME Ortega y Gasset=SURNAME"},
		{"surname joiner, one person", "Josep Puig i Cadafalch", "NATURAL", "MALE", "Josep=GIVENNAME Puig i Cadafalch=SURNAME"},
		{"couple, salutations", "Mr. and Mrs. Smith", "MULTIPLE", "", "{Mr.=SALUTATION Smith=SURNAME} {Mrs.=SALUTATION Smith=SURNAME}"},
		{"family", "Familie Müller", "FAMILY", "", "Familie=SALUTATION Müller=SURNAME"},
		{"family", "The Smith family", "FAMILY", "", "The=SALUTATION Smith=SURNAME family=SALUTATION"},

		// Companies.
		{"legal form", "Acme GmbH", "LEGAL", "", "Acme=BUSINESSNAME GmbH=BUSINESSLEGALFORM"},
		{"legal form", "Siemens AG", "LEGAL", "", "Siemens=BUSINESSNAME AG=BUSINESSLEGALFORM"},

		// Other scripts.
		{"Cyrillic", "Иван Иванов", "NATURAL", "MALE", "Иван=GIVENNAME Иванов=SURNAME"},
		{"Cyrillic", "Анна Петрова", "NATURAL", "FEMALE", "Анна=GIVENNAME Петрова=SURNAME"},
		{"Greek", "Γιώργος Παπαδόπουλος", "NATURAL", "MALE", "Γιώργος=GIVENNAME Παπαδόπουλος=SURNAME"},
		{"CJK, Chinese", "王小明", "NATURAL", "", "王=SURNAME 小明=GIVENNAME"},
		{"CJK, Chinese", "李明", "NATURAL", "", "李=SURNAME 明=GIVENNAME"},
		{"CJK, Japanese", "山田太郎", "NATURAL", "MALE", "山田=SURNAME 太郎=GIVENNAME"},
		{"CJK, Japanese with space", "田中 花子", "NATURAL", "FEMALE", "田中=SURNAME 花子=GIVENNAME"},
		{"romanised Chinese, surname first", "Yang Xiaoyan", "NATURAL", "", "Yang=SURNAME Xiaoyan=GIVENNAME"},
		{"romanised Chinese, given first", "Xiaoyan Yang", "NATURAL", "", "Xiaoyan=GIVENNAME Yang=SURNAME"},
		{"CJK, Korean", "김민수", "NATURAL", "MALE", "김=SURNAME 민수=GIVENNAME"},

		// Separate fields.
		{"fields", "GIVENNAME:Petra|SURNAME:Müller", "NATURAL", "FEMALE", "Petra=GIVENNAME Müller=SURNAME"},
		{"fields, surname first", "SURNAME:Müller|GIVENNAME:Petra", "NATURAL", "FEMALE", "Petra=GIVENNAME Müller=SURNAME"},
		{"fields, two given names", "GIVENNAME:Peter Paul|SURNAME:Müller", "NATURAL", "MALE", "Peter=GIVENNAME Paul=GIVENNAME Müller=SURNAME"},
		{"fields, particle", "GIVENNAME:Ludwig|SURNAME:van Beethoven", "NATURAL", "MALE", "Ludwig=GIVENNAME van Beethoven=SURNAME"},
		{"fields, given name only", "GIVENNAME:Petra", "NATURAL", "FEMALE", "Petra=GIVENNAME"},
		{"fields, surname only", "SURNAME:Müller", "NATURAL", "UNKNOWN", "Müller=SURNAME"},
	} {
		t.Run(c.class+"/"+c.in, func(t *testing.T) {
			r := p.Person(nil, &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson,
				PersonName: &nameapi.InputPersonName{NameFields: fieldsOf(c.in)}})
			m := r.Best()
			if m == nil || m.ParsedPerson == nil {
				t.Fatalf("no match: %+v", r)
			}
			pp := m.ParsedPerson
			if pp.PersonType != c.typ {
				t.Errorf("person type %s, want %s", pp.PersonType, c.typ)
			}
			if c.gender != "" && (pp.Gender == nil || pp.Gender.Gender != c.gender) {
				t.Errorf("gender %+v, want %s", pp.Gender, c.gender)
			}
			if got := termsText(pp); got != c.out {
				t.Errorf("terms\n got %s\nwant %s", got, c.out)
			}
		})
	}
}
