// Command dupgen writes invented customer records with planted duplicates
// of known truth, for the dedupe tests and benchmarks, and scores a dedupe
// output against that truth.
//
// Every row has an entity column (rows of one person share it) and a kind
// column: "original" for a person's first row, else the corruption its
// duplicate went through: typo, swapped (given name and surname
// exchanged), missing (two of email, phone, birth date and address left
// out), nickname (Bill for William, an initial when there is none),
// transliteration (Muhammad for Mohammed, Mueller for Müller), date_typo
// (day and month swapped, or one digit changed) and email_changed (a new
// address). Independently of that, some rows of everybody lack an email,
// a phone or a birth date, and names recur (many different people share
// a name), as in real customer data.
//
// Usage:
//
//	go run ./bench/dupgen -n 100000 -o /tmp/people.csv
//	namepipe dedupe --config bench/configs/dedupe.yaml --input /tmp/people.csv --output /tmp/out.csv
//	go run ./bench/dupgen -score /tmp/out.csv
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
	"unicode/utf8"

	"github.com/namepipe/namepipe/bench/internal/pairscore"
)

func main() {
	n := flag.Int("n", 10000, "rows to write")
	out := flag.String("o", "-", "output CSV file (- = stdout)")
	seed := flag.Uint64("seed", 1, "random seed")
	dups := flag.Float64("dups", 0.3, "share of people entered more than once")
	hard := flag.Bool("hard", false, "harder data: every field of every row missing with probability 0.35, and each duplicate changed two ways (its kind names the first)")
	score := flag.String("score", "", "score this dedupe output (with entity, kind and np_cluster_id columns) instead")
	flag.Parse()
	err := pairscore.ScoreOrWrite(*score, "entity", *out, func(w io.Writer) error {
		rows := generate(*n, *dups, *seed)
		if *hard {
			rows = harden(rows, *seed)
		}
		return writeCSV(w, rows)
	})
	if err != nil {
		log.Fatal(err)
	}
}

// person is one row's data.
type person struct {
	given, surname, email, phone, birth, street, postal, city string
}

// row is a generated row with its truth.
type row struct {
	entity int
	kind   string
	person
}

// Kinds are the corruptions of a duplicate.
var Kinds = []string{"typo", "swapped", "missing", "nickname", "transliteration", "date_typo", "email_changed"}

var header = []string{"id", "entity", "kind", "given_name", "surname", "email", "phone", "birth_date", "street", "postal_code", "city"}

func writeCSV(w io.Writer, rows []row) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for i, r := range rows {
		rec := []string{strconv.Itoa(i + 1), strconv.Itoa(r.entity), r.kind, r.given, r.surname, r.email, r.phone, r.birth, r.street, r.postal, r.city}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// generate returns n rows: people, a share dups of them entered again
// (a tenth of those twice), in shuffled order.
func generate(n int, dups float64, seed uint64) []row {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	rows := make([]row, 0, n+2)
	for entity := 1; len(rows) < n; entity++ {
		p := newPerson(r)
		rows = append(rows, row{entity: entity, kind: "original", person: p})
		if r.Float64() < dups {
			copies := 1
			if r.IntN(10) == 0 {
				copies = 2
			}
			for range copies {
				if len(rows) >= n {
					break
				}
				kind := Kinds[r.IntN(len(Kinds))]
				rows = append(rows, row{entity: entity, kind: kind, person: corrupt(r, p, kind)})
			}
		}
	}
	r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	return rows
}

// harden blanks fields at random and changes every duplicate a second
// way, for a set like the hard public ones (many gaps, swapped names).
func harden(rows []row, seed uint64) []row {
	r := rand.New(rand.NewPCG(seed, 0x4a7d))
	for i := range rows {
		p := &rows[i].person
		if rows[i].kind != "original" {
			*p = corrupt(r, *p, Kinds[r.IntN(len(Kinds))])
		}
		for _, f := range []*string{&p.email, &p.phone, &p.birth, &p.street} {
			if r.Float64() < 0.35 {
				if f == &p.street {
					p.postal, p.city = "", ""
				}
				*f = ""
			}
		}
	}
	return rows
}

// pick draws from list with a skew towards the front (names recur).
func pick(r *rand.Rand, list []string) string {
	x := r.Float64()
	return list[int(x*x*float64(len(list)))]
}

func newPerson(r *rand.Rand) person {
	c := cultures[r.IntN(len(cultures))]
	p := person{given: pick(r, c.given), surname: pick(r, c.surnames)}
	if r.IntN(8) == 0 {
		p.given += " " + pick(r, c.given)
	}
	y, m, d := 1940+r.IntN(66), 1+r.IntN(12), 1+r.IntN(28)
	p.birth = fmt.Sprintf("%04d-%02d-%02d", y, m, d)
	p.email = newEmail(r, p, c.domain)
	p.phone = fmt.Sprintf("+%d %03d %07d", 1+r.IntN(98), r.IntN(1000), r.IntN(10_000_000))
	p.street = fmt.Sprintf("%s %d", c.street, 1+r.IntN(200))
	p.postal = strconv.Itoa(c.postal + r.IntN(900))
	p.city = c.city
	// Everybody's data has gaps.
	if r.IntN(10) == 0 {
		p.email = ""
	}
	if r.IntN(5) == 0 {
		p.phone = ""
	}
	if r.IntN(20) == 0 {
		p.birth = ""
	}
	return p
}

var domains = []string{"gmail.com", "yahoo.com", "web.de", "gmx.net", "outlook.com", "icloud.com", "hotmail.es", "libero.it", "orange.fr"}

func newEmail(r *rand.Rand, p person, domain string) string {
	g, s := asciiFold(firstWord(p.given)), asciiFold(p.surname)
	var local string
	switch r.IntN(4) {
	case 0:
		local = g + "." + s
	case 1:
		local = g[:1] + s
	case 2:
		local = g + "_" + s + strconv.Itoa(r.IntN(100))
	default:
		local = s + strconv.Itoa(1950+r.IntN(60))
	}
	if r.IntN(3) == 0 {
		domain = domains[r.IntN(len(domains))]
	}
	return local + strconv.Itoa(r.IntN(1000)) + "@" + domain
}

func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// corrupt returns a copy of p as entered again, changed by kind.
func corrupt(r *rand.Rand, p person, kind string) person {
	q := p
	switch kind {
	case "typo":
		if r.IntN(2) == 0 {
			q.given = typo(r, q.given)
		} else {
			q.surname = typo(r, q.surname)
		}
		if q.email != "" && r.IntN(2) == 0 {
			q.email = typo(r, q.email)
		}
	case "swapped":
		q.given, q.surname = q.surname, q.given
	case "missing":
		fields := []*string{&q.email, &q.phone, &q.birth, &q.street}
		r.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		for _, f := range fields[:2] {
			if f == &q.street {
				q.postal, q.city = "", ""
			}
			*f = ""
		}
	case "nickname":
		g := firstWord(q.given)
		if nn := nicknames[g]; len(nn) > 0 {
			q.given = nn[r.IntN(len(nn))]
		} else {
			r0, _ := utf8.DecodeRuneInString(g)
			q.given = string(r0) + "."
		}
	case "transliteration":
		changed := false
		for _, f := range []*string{&q.given, &q.surname} {
			if tt := transliterations[*f]; len(tt) > 0 {
				*f = tt[r.IntN(len(tt))]
				changed = true
			} else if t := expandUmlauts(*f); t != *f {
				*f = t
				changed = true
			}
		}
		if !changed {
			q.given, q.surname = strings.ToUpper(q.given), strings.ToUpper(q.surname)
		}
	case "date_typo":
		if q.birth == "" {
			q.birth = p.birth
			break
		}
		y, m, d := q.birth[:4], q.birth[5:7], q.birth[8:10]
		if m != d && d <= "12" && r.IntN(2) == 0 {
			q.birth = y + "-" + d + "-" + m
		} else {
			b := []byte(q.birth)
			pos := []int{2, 3, 9}[r.IntN(3)]
			b[pos] = byte('0' + (int(b[pos]-'0')+1+r.IntN(8))%10)
			if pos == 9 && b[8] == '0' && b[9] == '0' {
				b[9] = '1'
			}
			q.birth = string(b)
		}
	case "email_changed":
		c := cultures[r.IntN(len(cultures))]
		q.email = newEmail(r, q, c.domain)
	}
	return q
}

// typo makes one keyboard slip: a letter replaced, dropped, doubled or
// two letters swapped.
func typo(r *rand.Rand, s string) string {
	rs := []rune(s)
	if len(rs) < 3 {
		return s
	}
	i := 1 + r.IntN(len(rs)-2)
	switch r.IntN(4) {
	case 0:
		rs[i] = rune('a' + r.IntN(26))
	case 1:
		rs = append(rs[:i], rs[i+1:]...)
	case 2:
		rs = append(rs[:i+1], rs[i:]...)
	default:
		rs[i], rs[i+1] = rs[i+1], rs[i]
	}
	return string(rs)
}

var umlauts = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss",
	"á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ñ", "n", "Á", "A", "É", "E", "Í", "I", "Ó", "O", "Ú", "U",
	"è", "e", "ê", "e", "ë", "e", "ï", "i", "ç", "c", "ç", "c")

func expandUmlauts(s string) string { return umlauts.Replace(s) }

var asciiFoldR = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "á", "a", "é", "e", "í", "i", "ó", "o",
	"ú", "u", "ñ", "n", "è", "e", "ê", "e", "ë", "e", "ï", "i", "ç", "c", "à", "a", "ô", "o", "î", "i")

func asciiFold(s string) string {
	s = asciiFoldR.Replace(strings.ToLower(s))
	return strings.ReplaceAll(s, " ", "")
}
