// Command gen writes sample-data/customers.csv and customers.parquet: a few hundred invented
// customer records with a realistic mix of good records, fake and
// disguised names, disposable email addresses, companies and odd casing.
// Every record is made up; names are common given names and surnames of
// each country combined at random. After them come a few planted
// duplicates: earlier people entered again with swapped name order, a
// typo, a nickname, a transliteration, a day/month swap or gaps, for
// `namepipe dedupe` (see planted). Run: go run ./sample-data/gen
package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
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
	out := flag.String("o", "sample-data/customers.csv", "output CSV file")
	pq := flag.String("parquet", "sample-data/customers.parquet", "output Parquet file with typed columns (id INT64, birth_date DATE); empty = none")
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
	var rows [][]string
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
		rows = append(rows, []string{fmt.Sprint(i), full, given, sur, company, email, phone, birth, c.code, c.street + " " + houseNo, c.postal, c.city, gender})
	}
	rows = append(rows, planted(rows)...)
	for _, row := range rows {
		must(w.Write(row))
	}
	w.Flush()
	must(w.Error())
	must(f.Close())
	if *pq != "" {
		must(writeParquet(*out, *pq))
	}
}

// Column indexes of a row.
const (
	colID = iota
	colFull
	colGiven
	colSurname
	colCompany
	colEmail
	colPhone
	colBirth
)

// nicknames are the short forms planted for some English given names.
var nicknames = map[string]string{"William": "Bill", "Robert": "Bob", "James": "Jim", "Richard": "Rick", "Joseph": "Joe",
	"Michael": "Mike", "David": "Dave", "Daniel": "Dan", "Elizabeth": "Liz", "Patricia": "Pat", "Jennifer": "Jenny", "Susan": "Sue"}

// planted returns duplicates of earlier rows, each changed one way: the
// first person (in row order, from a start row) that suits each change
// is entered again. They are deterministic, and the rows before them stay
// as they were.
func planted(rows [][]string) [][]string {
	person := func(row []string) bool {
		return row[colCompany] == "" && row[colGiven] != "" && row[colFull] == row[colGiven]+" "+row[colSurname]
	}
	changes := []struct {
		from int
		ok   func([]string) bool
		edit func([]string)
	}{
		{10, func(r []string) bool { return r[colEmail] != "" }, func(r []string) { // "Watson, Noah"
			r[colFull] = r[colSurname] + ", " + r[colGiven]
		}},
		{40, func(r []string) bool { return len(r[colGiven]) > 3 && r[colBirth] != "" }, func(r []string) { // "oNah Watson"
			g := []rune(r[colGiven])
			g[0], g[1] = g[1], g[0]
			r[colGiven] = string(g)
			r[colFull] = r[colGiven] + " " + r[colSurname]
		}},
		{70, func(r []string) bool { return len(r[colEmail]) > 12 }, func(r []string) { // email typo
			e := r[colEmail]
			r[colEmail] = e[:3] + e[4:]
		}},
		{0, func(r []string) bool { return nicknames[r[colGiven]] != "" }, func(r []string) {
			r[colGiven] = nicknames[r[colGiven]]
			r[colFull] = r[colGiven] + " " + r[colSurname]
		}},
		{0, func(r []string) bool { return strings.ContainsAny(r[colSurname], "äöüÄÖÜ") && r[colEmail] != "" }, func(r []string) { // Müller → Mueller
			r[colSurname] = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue").Replace(r[colSurname])
			r[colFull] = r[colGiven] + " " + r[colSurname]
		}},
		{120, func(r []string) bool { d := r[colBirth]; return len(d) == 10 && d[8:] <= "12" && d[5:7] != d[8:] }, func(r []string) {
			d := r[colBirth]
			r[colBirth] = d[:5] + d[8:] + "-" + d[5:7] // day and month swapped
		}},
		{160, func(r []string) bool { return r[colEmail] != "" && r[colPhone] != "" }, func(r []string) { // gaps
			r[colEmail], r[colPhone] = "", ""
		}},
		{200, func(r []string) bool { return r[colBirth] != "" }, func(r []string) { // initial: "P. Müller"
			g, _ := utf8DecodeFirst(r[colGiven])
			r[colGiven] = g + "."
			r[colFull] = r[colGiven] + " " + r[colSurname]
		}},
	}
	used := map[int]bool{}
	var out [][]string
	for _, c := range changes {
		for i := c.from; i < len(rows); i++ {
			if used[i] || !person(rows[i]) || !c.ok(rows[i]) {
				continue
			}
			used[i] = true
			dup := append([]string(nil), rows[i]...)
			c.edit(dup)
			dup[colID] = fmt.Sprint(len(rows) + len(out) + 1)
			out = append(out, dup)
			break
		}
	}
	return out
}

// utf8DecodeFirst returns the first letter of s.
func utf8DecodeFirst(s string) (string, int) {
	for i := range s {
		if i > 0 {
			return s[:i], i
		}
	}
	return s, len(s)
}

// writeParquet copies the CSV into a Parquet file with typed columns: id
// as INT64 and birth_date as a nullable DATE (an impossible date such as
// 31 February, which only text can hold, becomes NULL).
func writeParquet(csvPath, pqPath string) error {
	ctx := context.Background()
	in, err := readers.OpenCSV(ctx, csvPath, readers.CSVOptions{Delimiter: ','})
	if err != nil {
		return err
	}
	defer in.Close()
	sch := in.Schema()
	idCol, dobCol := sch.Index("id"), sch.Index("birth_date")
	sch.Fields[idCol].Type = record.Int64
	sch.Fields[dobCol].Type = record.Date
	for i := range sch.Fields {
		sch.Fields[i].Nullable = i != idCol
	}
	out, err := writers.CreateParquet(pqPath, sch, writers.ParquetOptions{Compression: "zstd"})
	if err != nil {
		return err
	}
	defer out.Abort()
	batch := make([]record.Record, 128)
	for {
		n, err := in.Read(ctx, batch)
		for _, rec := range batch[:n] {
			id, perr := strconv.ParseInt(rec.Values[idCol].(string), 10, 64)
			if perr != nil {
				return fmt.Errorf("line %d: id: %w", rec.Line, perr)
			}
			rec.Values[idCol] = id
			if d, derr := time.Parse(time.DateOnly, rec.Values[dobCol].(string)); derr == nil {
				rec.Values[dobCol] = d
			} else {
				rec.Values[dobCol] = nil
			}
			for i, v := range rec.Values {
				if v == "" {
					rec.Values[i] = nil
				}
			}
			if werr := out.Write(ctx, []record.Record{rec}); werr != nil {
				return werr
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	return out.Commit()
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
