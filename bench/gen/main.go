// Command gen writes N invented customer records for the benchmarks in
// bench/, as CSV or Parquet (through namepipe's own writers), quickly and
// reproducibly.
//
// The rows look like CRM data: names recur (they are drawn with a skewed,
// Zipf-like distribution from per-country pools, with middle names and
// double-barrelled surnames for variety), while emails, phones, birth dates
// and house numbers vary per row. The same share of companies, fake and
// disguised names, disposable addresses, odd casing, couples, missing
// contact data and impossible dates as sample-data/customers.csv is mixed
// in.
//
// Usage:
//
//	go run ./bench/gen -n 1000000 -o /tmp/customers.csv
//	go run ./bench/gen -n 1000000 -o /tmp/customers.parquet
//
// In Parquet output, id is INT64 and birth_date a nullable DATE (an
// impossible date becomes NULL); every other column is a string.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

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
		words("Peter Thomas Andreas Michael Stefan Jürgen Klaus Lukas Jonas Felix Wolfgang Frank Uwe Dieter Matthias Christian Tobias Sebastian Florian Maximilian Leon Paul Ben Elias Niklas"),
		words("Petra Sabine Andrea Julia Katrin Ursula Anna Lena Sophie Birgit Monika Karin Gabriele Claudia Susanne Stefanie Nicole Melanie Hannah Laura Lea Marie Mia Emilia Johanna"),
		words("Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Krause Meier Lehmann Köhler"),
		"+49 30 ", "web.de"},
	{"US", "Main Street", "Springfield", "62701",
		words("James John Robert Michael William David Richard Joseph Charles Daniel Thomas Christopher Matthew Anthony Mark Donald Steven Paul Andrew Joshua Kevin Brian George Edward Ryan"),
		words("Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Nancy Lisa Betty Margaret Sandra Ashley Kimberly Emily Donna Michelle Dorothy Carol Amanda Melissa Deborah"),
		words("Smith Johnson Williams Brown Jones Garcia Miller Davis McDonald O'Neill Wilson Anderson Taylor Moore Jackson Martin Lee Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Green"),
		"+1 217 ", "gmail.com"},
	{"IT", "Via Roma", "Milano", "20121",
		words("Andrea Marco Luca Giuseppe Francesco Alessandro Matteo Lorenzo Simone Nicola Giovanni Antonio Mario Roberto Stefano Paolo Davide Riccardo Federico Gabriele Tommaso Leonardo Filippo Edoardo Pietro"),
		words("Giulia Francesca Chiara Sara Valentina Elena Alessia Martina Federica Silvia Anna Laura Paola Roberta Maria Sofia Aurora Giorgia Alice Greta Beatrice Ginevra Emma Noemi Ilaria"),
		words("Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Costa Giordano Mancini Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone Longo"),
		"+39 02 ", "libero.it"},
	{"FR", "Rue de la Paix", "Paris", "75002",
		words("Jean Pierre Michel Nicolas Louis Paul Philippe Antoine Julien François Alain Patrick Christophe Laurent Stéphane Sébastien Thierry Olivier Hugo Lucas Gabriel Arthur Raphaël Mathieu Vincent"),
		words("Marie Nathalie Isabelle Sylvie Catherine Camille Claire Céline Émilie Juliette Sandrine Valérie Christine Sophie Stéphanie Aurélie Julie Chloé Léa Manon Inès Jade Louise Alice Margaux"),
		words("Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel Garcia David Bertrand Roux Vincent Fournier Morel Girard André Lefèvre Mercier Dupont Lambert Bonnet François Martinez"),
		"+33 1 ", "orange.fr"},
	{"NL", "Kerkstraat", "Amsterdam", "1017",
		words("Jan Pieter Willem Hendrik Daan Sem Bram Thijs Lucas Finn Jesse Ruben Lars Niels Koen Joost Sander Wouter Martijn Jeroen"),
		words("Anna Emma Sanne Lotte Fleur Eva Anouk Maaike Julia Sophie Tess Zoë Lisa Iris Femke Inge Marieke Esther Ingrid Linda"),
		words("Jansen Bakker Visser Smit Meijer Mulder Bos Vos Peters Hendriks Dekker Brouwer Dijkstra Smits Janssen"),
		"+31 20 ", "ziggo.nl"},
	{"ES", "Calle Mayor", "Madrid", "28013",
		words("José Antonio Manuel Francisco David Javier Carlos Miguel Juan Pedro Alejandro Rafael Daniel Fernando Pablo Jorge Luis Sergio Alberto Álvaro"),
		words("María Carmen Ana Laura Isabel Lucía Marta Elena Pilar Dolores Cristina Paula Raquel Rosa Sara Andrea Teresa Beatriz Silvia Nuria"),
		words("García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Navarro Torres Domínguez Vázquez Ramos Gil"),
		"+34 91 ", "hotmail.es"},
}

// particled are multi-word surnames of each country, used now and then.
var particled = map[string][]string{
	"DE": {"von Brandt", "von der Heide", "Schulz-Hartmann"},
	"US": {"Van Buren", "De La Cruz"},
	"IT": {"De Luca", "Di Stefano", "Dalla Costa"},
	"FR": {"de la Fontaine", "Le Gall", "du Pont"},
	"NL": {"de Jong", "de Vries", "van den Berg", "van Dijk", "van der Meer", "de Boer"},
	"ES": {"de la Torre", "del Río"},
}

var disposableDomains = words("mailinator.com 10minutemail.com guerrillamail.com yopmail.com trashmail.com sharklasers.com temp-mail.org")

var companies = []string{"Acme GmbH", "Müller & Söhne KG", "Globex Corporation", "Initech LLC", "Rossi S.p.A.", "Bakker B.V.", "Dubois SARL", "Northwind Traders Ltd", "Umbrella Inc.", "Fernández y Asociados S.A.", "Hoffmann AG", "Stark Industries Inc.", "Schneider Logistik GmbH", "Fontana Design S.r.l.", "Visser Bouw B.V.", "Martin & Fils SA", "Green Valley Farms LLC", "Navarro Consultores S.L."}

// fakes are records a risk screen should flag; each is {full name, email local part}.
var fakes = [][2]string{
	{"test test", "test"}, {"asdf asdf", "asdf"}, {"Mickey Mouse", "mickey"}, {"Max Mustermann", "max.mustermann"},
	{"John Doe", "john.doe"}, {"qwertz uiop", "qwertz"}, {"Donald Duck", "donald"}, {"xxx xxx", "xxx"},
	{"James Bond", "007"}, {"P e t e r  M ü l l e r", "peter"}, {"Joooohn Smiiith", "john"}, {"firstname lastname", "firstname"},
	{"Harry Potter", "hp"}, {"Sandy Beach", "sandy"}, {"jOhN sMiTh", "jsmith"}, {"Santa Claus", "santa"},
}

var columns = words("id full_name given_name surname company email phone birth_date country street postal_code city gender")

func words(s string) []string { return strings.Fields(s) }

func main() {
	out := flag.String("o", "", "output file; .csv or .parquet (required)")
	n := flag.Int("n", 1_000_000, "number of records")
	seed := flag.Uint64("seed", 20261122, "random seed")
	flag.Parse()
	if *out == "" {
		log.Fatal("gen: -o is required")
	}
	if err := generate(*out, *n, *seed); err != nil {
		log.Fatal(err)
	}
}

func generate(path string, n int, seed uint64) error {
	parquet := writers.FormatOf(path) == writers.FormatParquet
	sch := record.Schema{}
	for _, c := range columns {
		f := record.Field{Name: c, Type: record.String}
		if parquet {
			switch c {
			case "id":
				f.Type = record.Int64
			case "birth_date":
				f.Type, f.Nullable = record.Date, true
			}
		}
		sch.Fields = append(sch.Fields, f)
	}
	w, err := writers.Create(path, sch, writers.Options{})
	if err != nil {
		return err
	}
	g := newGen(seed)
	ctx := context.Background()
	const batch = 4096
	recs := make([]record.Record, 0, batch)
	for i := 1; i <= n; i++ {
		vals := g.row(i)
		if parquet {
			vals[0] = int64(i)
			if t, err := time.Parse(time.DateOnly, vals[7].(string)); err == nil {
				vals[7] = t
			} else {
				vals[7] = nil
			}
		}
		recs = append(recs, record.Record{Index: int64(i - 1), Line: int64(i + 1), Values: vals})
		if len(recs) == batch || i == n {
			if err := w.Write(ctx, recs); err != nil {
				_ = w.Abort()
				return err
			}
			recs = recs[:0]
		}
	}
	if err := w.Commit(); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	return nil
}

type gen struct {
	r    *rand.Rand
	fold *strings.Replacer
	// zipf draws a skewed index into a name list: a few names are very
	// common, most are rare, as in real customer files.
	zipf map[int]*rand.Zipf
}

func newGen(seed uint64) *gen {
	return &gen{
		r:    rand.New(rand.NewPCG(seed, 1)),
		fold: strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "é", "e", "è", "e", "ë", "e", "ç", "c", "á", "a", "à", "a", "í", "i", "ó", "o", "ú", "u", "ñ", "n", "'", "", "É", "e", "Á", "a", "ï", "i", "-", ""),
		zipf: map[int]*rand.Zipf{},
	}
}

func (g *gen) pick(s []string) string { return s[g.r.IntN(len(s))] }

// common picks from s with a Zipf-like skew.
func (g *gen) common(s []string) string {
	z := g.zipf[len(s)]
	if z == nil {
		z = rand.NewZipf(g.r, 1.1, 2, uint64(len(s)-1))
		g.zipf[len(s)] = z
	}
	return s[z.Uint64()]
}

// row returns the values of record i, all strings.
func (g *gen) row(i int) []record.Value {
	r := g.r
	c := &countries[r.IntN(len(countries))]
	male := r.IntN(2) == 0
	names, gender := c.female, "F"
	if male {
		names, gender = c.male, "M"
	}
	given := g.common(names)
	givenFull := given
	if r.IntN(10) == 0 { // a middle name
		givenFull += " " + g.common(names)
	}
	sur := g.common(c.surnames)
	switch k := r.IntN(100); {
	case k < 6:
		sur = g.pick(particled[c.code])
	case k < 9:
		sur += "-" + g.common(c.surnames)
	}
	full := givenFull + " " + sur
	local := g.fold.Replace(strings.ToLower(given)) + "." + g.fold.Replace(strings.ToLower(strings.ReplaceAll(sur, " ", "")))
	domain := c.mailDomain
	company := ""
	birth := fmt.Sprintf("%04d-%02d-%02d", 1940+r.IntN(65), 1+r.IntN(12), 1+r.IntN(28))
	phone := c.phonePrefix + fmt.Sprintf("%07d", r.IntN(10_000_000))
	switch k := r.IntN(100); {
	case k < 8: // company record
		company = g.pick(companies)
		full, givenFull, sur, gender, birth = company, "", "", "", ""
		local, domain = g.pick([]string{"info", "office", "sales", "contact"}), strings.ToLower(g.fold.Replace(strings.Fields(company)[0]))+".example"
	case k < 16: // fake or disguised person
		fk := fakes[r.IntN(len(fakes))]
		full, givenFull, sur, gender = fk[0], "", "", ""
		local = fk[1]
		if r.IntN(2) == 0 {
			birth = "1900-01-01"
		}
		if r.IntN(2) == 0 {
			phone = "1234567"
		}
	case k < 24: // disposable address
		domain = g.pick(disposableDomains)
	case k < 30: // "Surname, Given" order
		full = sur + ", " + givenFull
	case k < 35: // upper case
		full = strings.ToUpper(full)
	case k < 40: // lower case
		full = strings.ToLower(full)
	case k < 44: // title and salutation
		if male {
			full = g.pick([]string{"Dr. ", "Mr. ", "Herr ", "Prof. Dr. "}) + full
		} else {
			full = g.pick([]string{"Dr. ", "Mrs. ", "Frau ", "Ms. "}) + full
		}
	case k < 47: // couple
		other := g.common(c.female)
		if !male {
			other = g.common(c.male)
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
		// Real addresses are rarely just given.surname: most carry a
		// number or a year that makes them unique.
		if domain == c.mailDomain || !strings.HasSuffix(domain, ".example") {
			switch r.IntN(4) {
			case 0:
				local += strconv.Itoa(1950 + r.IntN(60))
			case 1, 2:
				local += strconv.Itoa(r.IntN(10000))
			}
		}
		email = local + "@" + domain
	}
	houseNo := strconv.Itoa(1 + r.IntN(180))
	return []record.Value{strconv.Itoa(i), full, givenFull, sur, company, email, phone, birth, c.code, c.street + " " + houseNo, c.postal, c.city, gender}
}
