// Command gen writes sample-data/customers.csv: a few hundred invented
// customer records with a realistic mix of good records, fake and
// disguised names, disposable email addresses, companies and odd casing.
// Every record is made up; names are common given names and surnames of
// each country combined at random. Run: go run ./sample-data/gen
package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"strings"
)

type country struct {
	code, street, city, postal string
	male, female, surnames     []string
	phonePrefix, mailDomain    string
}

var countries = []country{
	{"DE", "Hauptstraße", "Berlin", "10115",
		[]string{"Peter", "Thomas", "Andreas", "Michael", "Stefan", "Jürgen", "Klaus", "Lukas", "Jonas", "Felix"},
		[]string{"Petra", "Sabine", "Andrea", "Julia", "Katrin", "Ursula", "Anna", "Lena", "Sophie", "Birgit"},
		[]string{"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Schäfer", "von Brandt", "Schulz-Hartmann"},
		"+49 30 ", "web.de"},
	{"US", "Main Street", "Springfield", "62701",
		[]string{"James", "John", "Robert", "Michael", "William", "David", "Richard", "Joseph", "Charles", "Daniel"},
		[]string{"Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan", "Jessica", "Sarah", "Karen"},
		[]string{"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "McDonald", "O'Neill"},
		"+1 217 ", "gmail.com"},
	{"IT", "Via Roma", "Milano", "20121",
		[]string{"Andrea", "Marco", "Luca", "Giuseppe", "Francesco", "Alessandro", "Matteo", "Lorenzo", "Simone", "Nicola"},
		[]string{"Giulia", "Francesca", "Chiara", "Sara", "Valentina", "Elena", "Alessia", "Martina", "Federica", "Silvia"},
		[]string{"Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "De Luca"},
		"+39 02 ", "libero.it"},
	{"FR", "Rue de la Paix", "Paris", "75002",
		[]string{"Jean", "Pierre", "Michel", "Nicolas", "Louis", "Paul", "Philippe", "Antoine", "Julien", "François"},
		[]string{"Marie", "Nathalie", "Isabelle", "Sylvie", "Catherine", "Camille", "Claire", "Céline", "Émilie", "Juliette"},
		[]string{"Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "de la Fontaine"},
		"+33 1 ", "orange.fr"},
	{"NL", "Kerkstraat", "Amsterdam", "1017",
		[]string{"Jan", "Pieter", "Willem", "Hendrik", "Daan", "Sem", "Bram", "Thijs"},
		[]string{"Anna", "Emma", "Sanne", "Lotte", "Fleur", "Eva", "Anouk", "Maaike"},
		[]string{"de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Visser", "Smit"},
		"+31 20 ", "ziggo.nl"},
	{"ES", "Calle Mayor", "Madrid", "28013",
		[]string{"José", "Antonio", "Manuel", "Francisco", "David", "Javier", "Carlos", "Miguel"},
		[]string{"María", "Carmen", "Ana", "Laura", "Isabel", "Lucía", "Marta", "Elena"},
		[]string{"García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez"},
		"+34 91 ", "hotmail.es"},
}

var disposableDomains = []string{"mailinator.com", "10minutemail.com", "guerrillamail.com", "yopmail.com", "trashmail.com", "sharklasers.com", "temp-mail.org"}

var companies = []string{"Acme GmbH", "Müller & Söhne KG", "Globex Corporation", "Initech LLC", "Rossi S.p.A.", "Bakker B.V.", "Dubois SARL", "Northwind Traders Ltd", "Umbrella Inc.", "Fernández y Asociados S.A.", "Hoffmann AG", "Stark Industries Inc."}

// fakes are records a risk screen should flag; each is {full name, email local part}.
var fakes = [][2]string{
	{"test test", "test"}, {"asdf asdf", "asdf"}, {"Mickey Mouse", "mickey"}, {"Max Mustermann", "max.mustermann"},
	{"John Doe", "john.doe"}, {"qwertz uiop", "qwertz"}, {"Donald Duck", "donald"}, {"xxx xxx", "xxx"},
	{"James Bond", "007"}, {"P e t e r  M ü l l e r", "peter"}, {"Joooohn Smiiith", "john"}, {"firstname lastname", "firstname"},
	{"Harry Potter", "hp"}, {"Sandy Beach", "sandy"}, {"jOhN sMiTh", "jsmith"}, {"Santa Claus", "santa"},
}

func main() {
	out := flag.String("o", "sample-data/customers.csv", "output file")
	n := flag.Int("n", 300, "number of records")
	seed := flag.Uint64("seed", 20261122, "random seed")
	flag.Parse()
	r := rand.New(rand.NewPCG(*seed, 1))
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	w := csv.NewWriter(f)
	must(w.Write([]string{"id", "full_name", "given_name", "surname", "company", "email", "phone", "birth_date", "country", "street", "postal_code", "city", "gender"}))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	for i := 1; i <= *n; i++ {
		c := countries[r.IntN(len(countries))]
		male := r.IntN(2) == 0
		given := pick(c.female)
		gender := "F"
		if male {
			given, gender = pick(c.male), "M"
		}
		sur := pick(c.surnames)
		full := given + " " + sur
		local := fold(given) + "." + fold(strings.ReplaceAll(sur, " ", ""))
		domain := c.mailDomain
		company := ""
		birth := fmt.Sprintf("%04d-%02d-%02d", 1940+r.IntN(65), 1+r.IntN(12), 1+r.IntN(28))
		phone := c.phonePrefix + fmt.Sprintf("%07d", r.IntN(10_000_000))
		switch k := r.IntN(100); {
		case k < 8: // company record
			company = pick(companies)
			full, given, sur, gender, birth = company, "", "", "", ""
			local, domain = "info", companyDomain(company)
		case k < 16: // fake or disguised person
			fk := fakes[r.IntN(len(fakes))]
			full, given, sur, gender = fk[0], "", "", ""
			local = fk[1]
			if r.IntN(2) == 0 {
				birth = "1900-01-01"
			}
			if r.IntN(2) == 0 {
				phone = "1234567"
			}
		case k < 24: // disposable address
			domain = pick(disposableDomains)
		case k < 30: // "Surname, Given" order
			full = sur + ", " + given
		case k < 35: // upper case
			full = strings.ToUpper(full)
		case k < 40: // lower case
			full = strings.ToLower(full)
		case k < 44: // title and salutation
			if male {
				full = pick([]string{"Dr. ", "Mr. ", "Herr ", "Prof. Dr. "}) + full
			} else {
				full = pick([]string{"Dr. ", "Mrs. ", "Frau ", "Ms. "}) + full
			}
		case k < 47: // couple
			other := pick(c.female)
			if !male {
				other = pick(c.male)
			}
			full = given + " and " + other + " " + sur
			gender = ""
		case k < 50: // missing email and phone
			local, phone = "", ""
		case k < 52: // impossible birth date
			birth = "1985-02-31"
		}
		email := ""
		if local != "" {
			if r.IntN(4) == 0 && domain == c.mailDomain {
				local += fmt.Sprint(1950 + r.IntN(60))
			}
			email = local + "@" + domain
		}
		houseNo := fmt.Sprint(1 + r.IntN(120))
		must(w.Write([]string{fmt.Sprint(i), full, given, sur, company, email, phone, birth, c.code, c.street + " " + houseNo, c.postal, c.city, gender}))
	}
	w.Flush()
	must(w.Error())
	must(f.Close())
}

// companyDomain invents a plausible domain for a company from its first
// word, such as "northwind.com" for "Northwind Traders Ltd".
func companyDomain(company string) string {
	name := strings.Map(func(r rune) rune {
		if r == '-' || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			return r
		}
		return -1
	}, strings.Fields(fold(company))[0])
	return name + ".com"
}

// fold lower-cases a name and spells umlauts and accents the way people
// write them in email addresses.
func fold(s string) string {
	repl := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "é", "e", "è", "e", "ç", "c", "á", "a", "í", "i", "ó", "o", "ú", "u", "ñ", "n", "'", "", "É", "e")
	return repl.Replace(strings.ToLower(s))
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
