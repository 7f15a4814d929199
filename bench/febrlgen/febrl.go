package main

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
)

var febrlHead = []string{"rec_id", "person", "kind", "given_name", "surname", "street_number", "address_1", "address_2",
	"suburb", "postcode", "state", "date_of_birth", "soc_sec_id"}

// The columns of a FEBRL row after rec_id, person and kind.
const (
	fGiven = iota
	fSurname
	fNumber
	fAddr1
	fAddr2
	fSuburb
	fPostcode
	fState
	fDOB
	fSSN
	nFebrl
)

// preset is one shape of a FEBRL-style set.
type preset struct {
	dupShare float64 // share of the rows that are duplicates
	maxDups  int     // most duplicates of one original
	maxMods  int     // most modifications of one duplicate
}

var presets = map[string]preset{
	"one":  {dupShare: 0.5, maxDups: 1, maxMods: 3},
	"few":  {dupShare: 0.2, maxDups: 1, maxMods: 3},
	"many": {dupShare: 0.6, maxDups: 5, maxMods: 5},
}

// febrlFieldWeight is how often a modification hits each field, and
// febrlMissing how often an original lacks it.
var (
	febrlFieldWeight = [nFebrl]float64{0.2, 0.2, 0.05, 0.1, 0.05, 0.1, 0.1, 0.05, 0.1, 0.05}
	febrlMissing     = [nFebrl]float64{0.02, 0.01, 0.03, 0.02, 0.55, 0.01, 0.01, 0.01, 0.02, 0}
)

// febrlWorld holds the frequency lists of one run.
type febrlWorld struct {
	given, surname map[string][2]*freq // locale → male, female / surname
	suburbs        *freq
	suffixes       []string
	states         []string
	taken          map[int]bool
}

var febrlLocales = []struct {
	name  string
	share float64
}{{"en_AU", 0.7}, {"nl", 0.15}, {"sv", 0.15}}

func newFebrlWorld() *febrlWorld {
	w := &febrlWorld{given: map[string][2]*freq{}, surname: map[string][2]*freq{}, taken: map[int]bool{}}
	for i, l := range febrlLocales {
		s := uint64(i * 10)
		w.given[l.name] = [2]*freq{newFreq(lists[l.name+"/male"], 1.0, s+1), newFreq(lists[l.name+"/female"], 1.0, s+2)}
		w.surname[l.name] = [2]*freq{newFreq(lists[l.name+"/surname"], 0.9, s+3)}
	}
	w.suburbs = newFreq(lists["en_AU/city"], 0.8, 99)
	w.suffixes = lists["en_AU/street_suffix"]
	w.states = lists["en_AU/state"]
	return w
}

// febrlPerson is an original: its values and its date of birth.
type febrlPerson struct {
	v   [nFebrl]string
	dob ymd
}

func (w *febrlWorld) person(r *rand.Rand) febrlPerson {
	loc := febrlLocales[0].name
	for x, i := r.Float64(), 0; i < len(febrlLocales); i++ {
		if x -= febrlLocales[i].share; x < 0 {
			loc = febrlLocales[i].name
			break
		}
	}
	var p febrlPerson
	p.v[fGiven] = w.given[loc][r.IntN(2)].Pick(r)
	p.v[fSurname] = w.surname[loc][0].Pick(r)
	n := 1 + int(r.ExpFloat64()*25)
	p.v[fNumber] = strconv.Itoa(n)
	base := w.surname["en_AU"][0].Pick(r)
	if r.IntN(3) == 0 {
		base = strings.Fields(w.suburbs.Pick(r))[0]
	}
	p.v[fAddr1] = base + " " + strings.ToLower(w.suffixes[r.IntN(len(w.suffixes))])
	switch r.IntN(5) {
	case 0:
		p.v[fAddr2] = "unit " + strconv.Itoa(1+r.IntN(40))
	case 1:
		p.v[fAddr2] = "flat " + strconv.Itoa(1+r.IntN(20))
	case 2:
		p.v[fAddr2] = strings.Fields(w.suburbs.Pick(r))[0] + " village"
	case 3:
		p.v[fAddr2] = w.surname["en_AU"][0].Pick(r) + " house"
	default:
		p.v[fAddr2] = "sec " + strconv.Itoa(1+r.IntN(9))
	}
	sub := w.suburbs.Pick(r)
	h := fnv.New32a()
	h.Write([]byte(sub))
	k := h.Sum32()
	p.v[fSuburb] = sub
	p.v[fPostcode] = strconv.Itoa(2000 + int(k%6000))
	p.v[fState] = strings.ToLower(w.states[k/6000%uint32(len(w.states))])
	p.dob = ymd{1920 + r.IntN(86), 1 + r.IntN(12), 1 + r.IntN(28)}
	p.v[fDOB] = fmt.Sprintf("%04d%02d%02d", p.dob.y, p.dob.m, p.dob.d)
	ssn := 1000000 + r.IntN(9000000)
	for w.taken[ssn] {
		ssn = 1000000 + r.IntN(9000000)
	}
	w.taken[ssn] = true
	p.v[fSSN] = strconv.Itoa(ssn)
	for f := range p.v {
		if r.Float64() < febrlMissing[f] {
			p.v[f] = ""
		}
	}
	return p
}

// abbreviations are the street types' short forms (replace on address_1).
var abbreviations = map[string]string{"street": "st", "road": "rd", "avenue": "ave", "crescent": "cres", "place": "pl",
	"drive": "dr", "court": "ct", "terrace": "tce", "parade": "pde", "boulevard": "blvd", "circuit": "cct", "lane": "ln",
	"square": "sq", "grove": "gr", "highway": "hwy", "close": "cl", "way": "wy"}

// modify applies one modification to a duplicate and returns its kind.
func (w *febrlWorld) modify(r *rand.Rand, p *febrlPerson) string {
	f := 0
	for x, i := r.Float64(), 0; i < nFebrl; i++ {
		if x -= febrlFieldWeight[i]; x < 0 {
			f = i
			break
		}
	}
	v := &p.v[f]
	if *v == "" {
		return "missing"
	}
	x := r.Float64()
	if x < 0.1 {
		*v = ""
		return "missing"
	}
	switch f {
	case fNumber, fPostcode, fSSN:
		if x < 0.2 {
			*v = substitute(r, *v, ocr)
			return "ocr"
		}
		*v = digitError(r, *v)
		return "digit"
	case fDOB:
		if x < 0.25 {
			*v = digitError(r, *v)
			return "digit"
		}
		p.dob = dateError(r, p.dob)
		*v = fmt.Sprintf("%04d%02d%02d", p.dob.y, p.dob.m, p.dob.d)
		return "date"
	case fState:
		*v = strings.ToLower(w.states[r.IntN(len(w.states))])
		return "replace"
	}
	kinds := []string{"typo", "typo", "typo", "ocr", "phonetic", "phonetic", "space", "swap", "replace"}
	kind := kinds[r.IntN(len(kinds))]
	switch {
	case kind == "swap" && (f == fGiven || f == fSurname):
		p.v[fGiven], p.v[fSurname] = p.v[fSurname], p.v[fGiven]
	case kind == "swap" && (f == fAddr1 || f == fAddr2):
		p.v[fAddr1], p.v[fAddr2] = p.v[fAddr2], p.v[fAddr1]
	case kind == "replace" && f == fGiven:
		// A short form or another spelling of the given name: its first
		// three or four letters, or another name with the same start.
		if len(*v) > 5 && r.IntN(2) == 0 {
			*v = (*v)[:3+r.IntN(2)]
		} else {
			*v = typo(r, *v)
			kind = "typo"
		}
	case kind == "replace" && f == fAddr1:
		ws := strings.Fields(*v)
		if a, ok := abbreviations[ws[len(ws)-1]]; ok {
			ws[len(ws)-1] = a
			*v = strings.Join(ws, " ")
		} else {
			*v = typo(r, *v)
			kind = "typo"
		}
	case kind == "replace":
		*v = typo(r, *v)
		kind = "typo"
	default:
		if nv := textError(r, kind, *v); nv != *v {
			*v = nv
		} else {
			*v = typo(r, *v)
			kind = "typo"
		}
	}
	return kind
}

// febrlRows writes n rows of preset s: originals and their duplicates,
// shuffled, rec_id as FEBRL writes it (rec-7-org, rec-7-dup-0).
func febrlRows(s preset, n int, seed uint64) [][]string {
	r := rand.New(rand.NewPCG(seed, 0xfeb1))
	w := newFebrlWorld()
	nOrig := int(float64(n) * (1 - s.dupShare))
	nOrig = max(nOrig, 1)
	people := make([]febrlPerson, nOrig)
	for i := range people {
		people[i] = w.person(r)
	}
	// Duplicates go to originals picked at random, each up to maxDups.
	dups := make([]int, nOrig)
	for left, tries := n-nOrig, 0; left > 0 && tries < 100*n; tries++ {
		i := r.IntN(nOrig)
		if dups[i] < s.maxDups {
			dups[i]++
			left--
		}
	}
	var rows [][]string
	for i, p := range people {
		rows = append(rows, febrlRow(fmt.Sprintf("rec-%d-org", i), i, "original", p))
		for d := range dups[i] {
			q := p
			kind := ""
			for range 1 + r.IntN(s.maxMods) {
				k := w.modify(r, &q)
				if kind == "" {
					kind = k
				}
			}
			rows = append(rows, febrlRow(fmt.Sprintf("rec-%d-dup-%d", i, d), i, kind, q))
		}
	}
	r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	return rows
}

func febrlRow(id string, person int, kind string, p febrlPerson) []string {
	return append([]string{id, strconv.Itoa(person), kind}, p.v[:]...)
}
