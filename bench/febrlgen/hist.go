package main

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
)

var histHead = []string{"unique_id", "person", "kind", "full_name", "first_and_surname", "first_name", "surname", "dob",
	"birth_place", "postcode_fake", "gender", "occupation"}

// occupations are the commonest occupations of people in encyclopedias
// of the past (written down here).
var occupations = []string{"politician", "priest", "painter", "writer", "poet", "composer", "soldier", "military officer",
	"cricketer", "footballer", "rugby player", "engineer", "physician", "surgeon", "lawyer", "judge", "barrister",
	"architect", "sculptor", "actor", "singer", "teacher", "bishop", "merchant", "banker", "farmer", "botanist",
	"chemist", "mathematician", "historian", "journalist", "missionary", "nurse", "sailor", "naval officer", "explorer",
	"librarian", "publisher", "printer", "inventor", "economist", "philosopher", "novelist", "organist", "astronomer",
	"physicist", "clergyman", "diplomat", "businessperson", "trade unionist", "civil servant", "artist", "engraver",
	"photographer", "theologian", "university teacher", "zoologist", "geologist", "landowner", "magistrate"}

// histPerson is one person: the name parts and the true values.
type histPerson struct {
	given, middle, surname string
	dob                    ymd
	place, region          string
	postcode               string
	gender                 string
	occ                    []string
}

type histWorld struct {
	given    map[string][2]*freq
	surname  map[string]*freq
	places   *freq
	regions  []string
	jobFreq  *freq
	locales  []string
	localeWt []float64
}

func newHistWorld() *histWorld {
	w := &histWorld{given: map[string][2]*freq{}, surname: map[string]*freq{}, locales: []string{"en_AU", "nl", "sv"},
		localeWt: []float64{0.75, 0.15, 0.1}}
	for i, l := range w.locales {
		s := uint64(100 + i*10)
		w.given[l] = [2]*freq{newFreq(lists[l+"/male"], 0.8, s+1), newFreq(lists[l+"/female"], 0.8, s+2)}
		w.surname[l] = newFreq(lists[l+"/surname"], 0.4, s+3)
	}
	w.places = newFreq(lists["en_AU/city"], 1.0, 7)
	w.regions = []string{"england", "scotland", "wales", "ireland", "yorkshire", "lancashire", "kent", "devon", "essex",
		"cornwall", "norfolk", "suffolk", "surrey", "sussex", "cheshire", "durham"}
	w.jobFreq = newFreq(occupations, 1.0, 8)
	return w
}

func (w *histWorld) person(r *rand.Rand) histPerson {
	loc := w.locales[0]
	for x, i := r.Float64(), 0; i < len(w.locales); i++ {
		if x -= w.localeWt[i]; x < 0 {
			loc = w.locales[i]
			break
		}
	}
	sex := r.IntN(5) / 4 // four in five are men, as in such lists
	p := histPerson{given: w.given[loc][sex].Pick(r), surname: w.surname[loc].Pick(r), gender: [2]string{"male", "female"}[sex]}
	if r.IntN(5) < 2 {
		p.middle = w.given[loc][sex].Pick(r)
	}
	p.dob = ymd{1550 + r.IntN(400), 1 + r.IntN(12), 1 + r.IntN(28)}
	p.place = w.places.Pick(r)
	h := fnv.New32a()
	h.Write([]byte(p.place))
	k := h.Sum32()
	p.region = w.regions[k%uint32(len(w.regions))]
	p.postcode = fmt.Sprintf("%c%c%d", 'a'+k/7%26, 'a'+k/191%26, 1+k/4999%30)
	p.occ = []string{w.jobFreq.Pick(r)}
	if r.IntN(3) == 0 {
		p.occ = append(p.occ, w.jobFreq.Pick(r))
	}
	return p
}

// histRow is one row's values before they are written.
type histRow struct {
	given, middle, surname string
	dob                    ymd
	place, postcode        string
	gender, occ            string
	initial                bool
}

// histMissing is how often a row lacks each column: full_name,
// first_and_surname, first_name, surname, dob, birth_place,
// postcode_fake, gender, occupation.
var histMissing = [9]float64{0.1, 0.1, 0.15, 0.1, 0.2, 0.3, 0.3, 0.1, 0.35}

func (w *histWorld) row(r *rand.Rand, p histPerson, dup bool) (histRow, string) {
	x := histRow{given: p.given, middle: p.middle, surname: p.surname, dob: p.dob, place: p.place, gender: p.gender,
		occ: p.occ[0]}
	x.postcode = p.postcode + " " + strconv.Itoa(r.IntN(10)) + string(rune('a'+r.IntN(26))) + string(rune('a'+r.IntN(26)))
	if r.IntN(4) == 0 {
		x.place += ", " + p.region
	}
	if !dup {
		return x, "original"
	}
	kind := ""
	for range 1 + r.IntN(3) {
		k := w.modify(r, p, &x)
		if kind == "" {
			kind = k
		}
	}
	return x, kind
}

// modify applies one modification to a duplicate row.
func (w *histWorld) modify(r *rand.Rand, p histPerson, x *histRow) string {
	name := func() *string {
		switch r.IntN(5) {
		case 0, 1:
			return &x.given
		case 2:
			if x.middle != "" {
				return &x.middle
			}
		}
		return &x.surname
	}
	switch k := r.IntN(14); k {
	case 0, 1, 2:
		f := name()
		*f = typo(r, *f)
		return "typo"
	case 3:
		f := name()
		*f = substitute(r, *f, ocr)
		return "ocr"
	case 4, 5:
		f := name()
		*f = substitute(r, *f, phonetic)
		return "phonetic"
	case 6:
		x.initial = true
		return "initial"
	case 7:
		if r.IntN(2) == 0 {
			x.dob.m, x.dob.d = 0, 0
		} else {
			x.dob.d = 0
		}
		return "partial_date"
	case 8:
		x.dob = dateError(r, x.dob)
		return "date"
	case 9:
		switch r.IntN(3) {
		case 0:
			x.place = typo(r, x.place)
		case 1:
			x.place = p.region
		default:
			x.place = w.places.Pick(r)
		}
		return "place"
	case 10:
		x.postcode = p.postcode[:2] + strconv.Itoa(1+r.IntN(30)) + " " + strconv.Itoa(r.IntN(10)) + "aa"
		return "postcode"
	case 11:
		if len(p.occ) > 1 {
			x.occ = p.occ[1]
		} else {
			x.occ = w.jobFreq.Pick(r)
		}
		return "occupation"
	case 12:
		x.middle = ""
		return "middle"
	}
	x.given, x.surname = x.surname, x.given
	return "swap"
}

// histRows writes n rows of historical persons, several per person,
// shuffled.
func histRows(n int, seed uint64) [][]string {
	r := rand.New(rand.NewPCG(seed, 0x4157))
	w := newHistWorld()
	var rows [][]string
	for id := 0; len(rows) < n; id++ {
		p := w.person(r)
		// One to twenty rows a person, most a few.
		k := 1 + min(int(r.ExpFloat64()*4), 19)
		for i := 0; i < k && len(rows) < n; i++ {
			x, kind := w.row(r, p, i > 0)
			given := x.given
			if x.initial && given != "" {
				given = string([]rune(given)[:1])
			}
			first := strings.TrimSpace(given + " " + x.surname)
			full := strings.Join(strings.Fields(given+" "+x.middle+" "+x.surname), " ")
			dob := ""
			switch {
			case x.dob.m == 0:
				dob = fmt.Sprintf("%04d", x.dob.y)
			case x.dob.d == 0:
				dob = fmt.Sprintf("%04d-%02d", x.dob.y, x.dob.m)
			default:
				dob = fmt.Sprintf("%04d-%02d-%02d", x.dob.y, x.dob.m, x.dob.d)
			}
			v := []string{full, first, given, x.surname, dob, x.place, x.postcode, x.gender, x.occ}
			for c := range v {
				if r.Float64() < histMissing[c] {
					v[c] = ""
				}
			}
			rows = append(rows, append([]string{"", strconv.Itoa(id), kind}, v...))
		}
	}
	r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	for i := range rows {
		rows[i][0] = strconv.Itoa(i + 1)
	}
	return rows
}
