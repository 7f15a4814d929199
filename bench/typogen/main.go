// Command typogen writes people with planted duplicates that are typo'd
// and partly empty, to measure dedupe's recall where it is weakest. It is
// independent of bench/dupgen and bench/heldout: its own name lists (the
// commonest given names and surnames of several countries, written down
// here), its own error model and its own formats:
//
//   - typo: a letter of a name changed, inserted or dropped
//   - transposition: two adjacent letters of a name swapped
//   - dropped: one to three of email, phone, birth date and city empty
//   - nickname: the given name as its short form (William → Bill)
//   - swapped: given name and surname in each other's columns
//   - format: the birth date written as 12.03.1985 or 03/12/1985, the
//     phone as 030-1234567, (030) 123 4567 or +49 30 1234567
//
// A duplicate gets one to three of them; every row, original or not,
// loses each of email, phone, birth date and city with probability
// -missing. Columns: id, person (the truth), kind (the first corruption
// of a duplicate, "original" for a person's first row), given_name,
// surname, email, phone, birth_date, city.
//
// Usage:
//
//	go run ./bench/typogen -n 10000 -o /tmp/typo.csv
//	namepipe dedupe --config bench/configs/typogen.yaml --input /tmp/typo.csv --output /tmp/typo.out.csv
//	go run ./bench/typogen -score /tmp/typo.out.csv
package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/bench/internal/pairscore"
)

var given = []string{"James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth",
	"David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen", "Daniel", "Nancy",
	"Matthew", "Margaret", "Anthony", "Katherine", "Andreas", "Sabine", "Stefan", "Claudia", "Jürgen", "Monika", "Pierre",
	"Camille", "Nicolas", "Sophie", "Giuseppe", "Giulia", "Alessandro", "Francesca", "Javier", "Lucía", "Alejandro", "Carmen",
	"Jan", "Anna", "Piotr", "Katarzyna", "Lars", "Ingrid", "Mehmet", "Ayşe", "Mohammed", "Fatima", "Alexander", "Olga",
	"Dmitri", "Natalia", "Henrik", "Astrid", "Joanna", "Tomasz", "Isabel", "Rafael", "Beatriz", "Pedro", "Emma", "Noah"}

var surnames = []string{"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
	"Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Müller", "Schmidt",
	"Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Schulz", "Dubois", "Bernard", "Moreau",
	"Laurent", "Lefebvre", "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Fernández", "López", "González",
	"Sánchez", "Pérez", "Nowak", "Kowalski", "Wiśniewski", "Jensen", "Nielsen", "Hansen", "Andersson", "Johansson",
	"Yılmaz", "Kaya", "Demir", "Ivanov", "Smirnov", "Kuznetsov", "Novak", "Horvat", "Kovač", "Silva", "Santos", "Oliveira",
	"Pereira", "Costa", "de Vries", "van Dijk", "Bakker", "Janssen", "Visser", "O'Brien", "Murphy", "Kelly", "Walsh"}

var cities = []string{"Berlin", "Hamburg", "München", "Köln", "Paris", "Lyon", "Marseille", "Roma", "Milano", "Napoli", "Madrid",
	"Barcelona", "Sevilla", "Warszawa", "Kraków", "København", "Stockholm", "İstanbul", "Ankara", "London", "Manchester",
	"Dublin", "Amsterdam", "Rotterdam", "Lisboa", "Porto", "Wien", "Zürich", "Praha", "Budapest", "New York", "Chicago"}

var nicknames = map[string]string{"William": "Bill", "Robert": "Bob", "Richard": "Dick", "Michael": "Mike", "James": "Jim",
	"Joseph": "Joe", "Thomas": "Tom", "Charles": "Charlie", "Daniel": "Dan", "Matthew": "Matt", "Anthony": "Tony",
	"Elizabeth": "Liz", "Margaret": "Maggie", "Katherine": "Kate", "Jennifer": "Jen", "Patricia": "Pat", "Susan": "Sue",
	"Jessica": "Jess", "Alexander": "Alex", "Alessandro": "Sandro", "Francesca": "Franca", "Giuseppe": "Beppe",
	"Alejandro": "Álex", "Andreas": "Andi", "Stefan": "Steffi", "Nicolas": "Nico", "Dmitri": "Dima", "Natalia": "Natasha",
	"Joanna": "Asia", "Tomasz": "Tomek", "Katarzyna": "Kasia", "Mohammed": "Mo", "Rafael": "Rafa", "Beatriz": "Bea"}

var domains = []string{"gmail.com", "yahoo.com", "outlook.com", "web.de", "gmx.de", "orange.fr", "libero.it", "hotmail.es",
	"wp.pl", "mail.ru", "icloud.com", "proton.me"}

type person struct {
	given, surname, email, phone, birth, city string
	cc, area, number                          string
	y, m, d                                   int
}

var kinds = []string{"typo", "transposition", "dropped", "nickname", "swapped", "format"}

func main() {
	n := flag.Int("n", 10000, "rows to write")
	out := flag.String("o", "-", "output CSV file (- = stdout)")
	seed := flag.Uint64("seed", 3, "random seed")
	missing := flag.Float64("missing", 0.2, "chance that a row lacks each of email, phone, birth date and city")
	dupShare := flag.Float64("dups", 0.4, "share of rows that are duplicates")
	score := flag.String("score", "", "score this dedupe output (with person, kind and np_cluster_id columns) instead")
	flag.Parse()
	err := pairscore.ScoreOrWrite(*score, "person", *out, func(w io.Writer) error {
		return write(w, *n, *seed, *missing, *dupShare)
	})
	if err != nil {
		log.Fatal(err)
	}
}

func write(w io.Writer, n int, seed uint64, missing, dupShare float64) error {
	r := rand.New(rand.NewPCG(seed, 0x7970))
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"id", "person", "kind", "given_name", "surname", "email", "phone", "birth_date", "city"}); err != nil {
		return err
	}
	taken := map[string]bool{}
	var people []person
	type row struct {
		p    int
		kind string
	}
	var rows []row
	for len(rows) < n {
		if len(people) > 0 && r.Float64() < dupShare {
			rows = append(rows, row{p: r.IntN(len(people)), kind: "dup"})
			continue
		}
		people = append(people, newPerson(r, taken))
		rows = append(rows, row{p: len(people) - 1, kind: "original"})
	}
	// A duplicate of a person who has no original row yet cannot come
	// first: rows are written in order, so each person's first row is its
	// original.
	seen := map[int]bool{}
	for i, x := range rows {
		p := people[x.p]
		kind := "original"
		if seen[x.p] {
			kind = kinds[r.IntN(len(kinds))]
			first := kind
			p = corrupt(r, p, kind)
			for range r.IntN(3) {
				p = corrupt(r, p, kinds[r.IntN(len(kinds))])
			}
			kind = first
		}
		seen[x.p] = true
		for _, f := range []*string{&p.email, &p.phone, &p.birth, &p.city} {
			if r.Float64() < missing {
				*f = ""
			}
		}
		if err := cw.Write([]string{strconv.Itoa(i + 1), strconv.Itoa(x.p), kind, p.given, p.surname, p.email, p.phone, p.birth, p.city}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// zipf draws an index below n, the first ones far more often (names
// recur as real ones do).
func zipf(r *rand.Rand, n int) int {
	for {
		i := int(float64(n) * r.Float64() * r.Float64())
		if i < n {
			return i
		}
	}
}

func newPerson(r *rand.Rand, taken map[string]bool) person {
	p := person{given: given[zipf(r, len(given))], surname: surnames[zipf(r, len(surnames))], city: cities[zipf(r, len(cities))]}
	p.y, p.m, p.d = 1930+r.IntN(75), 1+r.IntN(12), 1+r.IntN(28)
	p.birth = fmt.Sprintf("%04d-%02d-%02d", p.y, p.m, p.d)
	p.cc, p.area, p.number = strconv.Itoa(1+r.IntN(98)), strconv.Itoa(20+r.IntN(79)), strconv.Itoa(1000000+r.IntN(8999999))
	p.phone = "+" + p.cc + " " + p.area + " " + p.number
	local := strings.ToLower(ascii(p.given) + "." + ascii(strings.ReplaceAll(p.surname, " ", "")))
	switch r.IntN(3) {
	case 0:
		local = strings.ToLower(ascii(p.given)[:1] + ascii(strings.ReplaceAll(p.surname, " ", "")))
	case 1:
		local += strconv.Itoa(r.IntN(100))
	}
	email := local + "@" + domains[r.IntN(len(domains))]
	for taken[email] {
		email = local + strconv.Itoa(r.IntN(10000)) + "@" + domains[r.IntN(len(domains))]
	}
	taken[email] = true
	p.email = email
	return p
}

// ascii drops the accents of the few letters the lists have.
func ascii(s string) string {
	return strings.NewReplacer("ü", "u", "ö", "o", "ä", "a", "é", "e", "í", "i", "á", "a", "ó", "o", "ş", "s", "ı", "i",
		"ś", "s", "č", "c", "ç", "c", "Ü", "U", "Ö", "O", "Á", "A", "'", "").Replace(s)
}

func corrupt(r *rand.Rand, p person, kind string) person {
	name := func() *string {
		if r.IntN(2) == 0 {
			return &p.given
		}
		return &p.surname
	}
	switch kind {
	case "typo":
		f := name()
		*f = typo(r, *f)
	case "transposition":
		f := name()
		if rs := []rune(*f); len(rs) >= 3 {
			i := r.IntN(len(rs) - 1)
			rs[i], rs[i+1] = rs[i+1], rs[i]
			*f = string(rs)
		}
	case "dropped":
		fields := []*string{&p.email, &p.phone, &p.birth, &p.city}
		r.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		for _, f := range fields[:1+r.IntN(3)] {
			*f = ""
		}
	case "nickname":
		if nick, ok := nicknames[p.given]; ok {
			p.given = nick
		} else {
			p.given = typo(r, p.given)
		}
	case "swapped":
		p.given, p.surname = p.surname, p.given
	case "format":
		if p.birth != "" && r.IntN(2) == 0 {
			if r.IntN(2) == 0 {
				p.birth = fmt.Sprintf("%02d.%02d.%04d", p.d, p.m, p.y)
			} else {
				p.birth = fmt.Sprintf("%02d/%02d/%04d", p.m, p.d, p.y)
			}
		} else if p.phone != "" {
			switch r.IntN(3) {
			case 0:
				p.phone = "0" + p.area + "-" + p.number
			case 1:
				p.phone = "(0" + p.area + ") " + p.number[:3] + " " + p.number[3:]
			default:
				p.phone = "00" + p.cc + p.area + p.number
			}
		}
	}
	return p
}

// typo changes, inserts or drops one letter (not the first).
func typo(r *rand.Rand, s string) string {
	rs := []rune(s)
	if len(rs) < 3 {
		return s
	}
	i := 1 + r.IntN(len(rs)-1)
	c := rune('a' + r.IntN(26))
	switch r.IntN(3) {
	case 0:
		rs[i] = c
	case 1:
		rs = append(rs[:i], append([]rune{c}, rs[i:]...)...)
	default:
		rs = append(rs[:i], rs[i+1:]...)
	}
	return string(rs)
}
