package main

import (
	"bufio"
	_ "embed"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/bench/internal/zipf"
)

//go:embed data/names.tsv
var namesTSV string

// culture is one locale's lists, each with Zipf-distributed picks.
type culture struct {
	locale                         string
	male, female, surnames, cities *zipf.Dist
	domains                        []string
}

// cultureWeights are the shares of people by locale.
var cultureWeights = []struct {
	locale  string
	weight  float64
	domains []string
}{
	{"en", 0.50, []string{"gmail.com", "yahoo.com", "hotmail.com", "aol.com", "outlook.com", "comcast.net"}},
	{"de", 0.15, []string{"gmx.de", "web.de", "t-online.de", "gmail.com"}},
	{"fr", 0.10, []string{"orange.fr", "free.fr", "laposte.net", "gmail.com"}},
	{"es", 0.13, []string{"hotmail.es", "gmail.com", "yahoo.es", "telefonica.net"}},
	{"it", 0.12, []string{"libero.it", "virgilio.it", "gmail.com", "tiscali.it"}},
}

// loadCultures reads the embedded lists. The shuffle that ranks them is
// seeded independently of the rows, so that a name's frequency is fixed.
func loadCultures() []culture {
	lists := map[string]map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(namesTSV))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			continue
		}
		if lists[f[0]] == nil {
			lists[f[0]] = map[string][]string{}
		}
		lists[f[0]][f[1]] = append(lists[f[0]][f[1]], f[2])
	}
	r := rand.New(rand.NewPCG(2024, 7))
	var out []culture
	for _, cw := range cultureWeights {
		l := lists[cw.locale]
		out = append(out, culture{
			locale: cw.locale,
			// Given names are more concentrated than surnames (the top
			// name is a few per cent of people, the top surname ~1 %).
			male:     zipf.New(append(l["given_m"], l["given_x"]...), 1.05, r),
			female:   zipf.New(append(l["given_f"], l["given_x"]...), 1.05, r),
			surnames: zipf.New(l["surname"], 0.9, r),
			cities:   zipf.New(l["city"], 1.1, r),
			domains:  cw.domains,
		})
	}
	return out
}

// person is one row's values ("" is null).
type person struct {
	first, surname, dob, city, email string
}

// row is a generated row with its truth.
type row struct {
	cluster int
	kind    string
	person
}

// set describes one generated data set.
type set struct {
	name string
	// null is the chance that any one field of any row is empty.
	null float64
	// changes is the number of corruptions of a duplicate (min, max).
	changes [2]int
	// sizes are the weights of cluster sizes 1, 2, ….
	sizes []float64
}

// Sets: clean is shaped like Splink's fake_1000 (few gaps, one change per
// duplicate); hard like its historical_50k or FEBRL's harder sets (many
// gaps, up to three changes per duplicate, names swapped often).
var sets = map[string]set{
	"clean": {name: "clean", null: 0.06, changes: [2]int{1, 1}, sizes: []float64{0.45, 0.25, 0.15, 0.09, 0.04, 0.02}},
	"hard":  {name: "hard", null: 0.30, changes: [2]int{1, 3}, sizes: []float64{0.40, 0.25, 0.15, 0.10, 0.06, 0.04}},
}

// Kinds are the corruptions of a duplicate (a row's kind is its first).
var Kinds = []string{"ocr", "keyboard", "phonetic", "edit", "swap", "nickname", "date", "moved", "email", "missing"}

// kindWeights: the hard set swaps names more often.
func kindWeight(s set, k string) float64 {
	if k == "swap" && s.name == "hard" {
		return 3
	}
	return 1
}

// generate returns n rows of the set, shuffled.
func generate(s set, n int, seed uint64) []row {
	cultures := loadCultures()
	r := rand.New(rand.NewPCG(seed, 0x4e1d))
	rows := make([]row, 0, n)
	var total float64
	for _, w := range s.sizes {
		total += w
	}
	var kindTotal float64
	for _, k := range Kinds {
		kindTotal += kindWeight(s, k)
	}
	used := map[string]int{} // address → the cluster (person) holding it
	pickKind := func() string {
		x := r.Float64() * kindTotal
		for _, k := range Kinds {
			if x -= kindWeight(s, k); x < 0 {
				return k
			}
		}
		return Kinds[len(Kinds)-1]
	}
	for c := 1; len(rows) < n; c++ {
		x, size := r.Float64()*total, 1
		for i, w := range s.sizes {
			if x -= w; x < 0 {
				size = i + 1
				break
			}
		}
		p := newPerson(r, cultures)
		p.email = unique(r, p.email, c, used)
		for i := 0; i < size && len(rows) < n; i++ {
			q, kind := p, "original"
			if i > 0 {
				k := s.changes[0] + r.IntN(s.changes[1]-s.changes[0]+1)
				for j := range k {
					kk := pickKind()
					if j == 0 {
						kind = kk
					}
					q = corrupt(r, q, kk, cultures)
					if kk == "moved" || kk == "email" {
						q.email = unique(r, q.email, c, used)
					}
				}
			}
			for _, f := range []*string{&q.first, &q.surname, &q.dob, &q.city, &q.email} {
				if r.Float64() < s.null {
					*f = ""
				}
			}
			rows = append(rows, row{cluster: c, kind: kind, person: q})
		}
	}
	r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	return rows
}

func pickCulture(r *rand.Rand, cs []culture) *culture {
	x := r.Float64()
	for i, cw := range cultureWeights {
		if x -= cw.weight; x < 0 {
			return &cs[i]
		}
	}
	return &cs[0]
}

func newPerson(r *rand.Rand, cs []culture) person {
	c := pickCulture(r, cs)
	var p person
	if r.IntN(2) == 0 {
		p.first = c.male.Pick(r)
	} else {
		p.first = c.female.Pick(r)
	}
	p.surname = c.surnames.Pick(r)
	p.dob = fmt.Sprintf("%04d-%02d-%02d", 1930+r.IntN(76), 1+r.IntN(12), 1+r.IntN(28))
	p.city = c.cities.Pick(r)
	p.email = newEmail(r, p.first, p.surname, c)
	return p
}

// unique returns the address, or (when another person has it) the address
// with digits added to its local part, as a mail provider makes a new
// user do: an address belongs to one person (who may give it again).
func unique(r *rand.Rand, email string, cluster int, used map[string]int) string {
	if email == "" {
		return ""
	}
	for {
		owner, taken := used[email]
		if !taken || owner == cluster {
			break
		}
		local, domain, _ := strings.Cut(email, "@")
		email = local + strconv.Itoa(r.IntN(100)) + "@" + domain
	}
	used[email] = cluster
	return email
}

// newEmail makes an address from the name most of the time, else a
// handle unrelated to it.
func newEmail(r *rand.Rand, first, surname string, c *culture) string {
	f, s := plain(first), plain(surname)
	if f == "" {
		f = "x"
	}
	var local string
	switch r.IntN(6) {
	case 0:
		local = f + "." + s
	case 1:
		local = f[:1] + s + strconv.Itoa(r.IntN(100))
	case 2:
		local = f + s[:min(len(s), 1)] + strconv.Itoa(1930+r.IntN(76))
	case 3:
		local = s + "." + f
	case 4:
		local = f + "_" + strconv.Itoa(r.IntN(10000))
	default:
		handles := []string{"sunny", "blue", "tiger", "happy", "star", "rocket", "moon", "wolf", "angel", "dragon"}
		local = handles[r.IntN(len(handles))] + handles[r.IntN(len(handles))] + strconv.Itoa(r.IntN(1000))
	}
	return local + "@" + c.domains[r.IntN(len(c.domains))]
}

// plain lower-cases a name and keeps ASCII letters only.
func plain(s string) string {
	s = strings.ToLower(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			b.WriteRune(r)
		case strings.ContainsRune("àáâäã", r):
			b.WriteByte('a')
		case strings.ContainsRune("èéêë", r):
			b.WriteByte('e')
		case strings.ContainsRune("ìíîï", r):
			b.WriteByte('i')
		case strings.ContainsRune("òóôöõ", r):
			b.WriteByte('o')
		case strings.ContainsRune("ùúûü", r):
			b.WriteByte('u')
		case r == 'ñ':
			b.WriteByte('n')
		case r == 'ç':
			b.WriteByte('c')
		case r == 'ß':
			b.WriteString("ss")
		}
	}
	return b.String()
}
