package dict

// Thai names in Latin letters, from data/th-names.txt (Thai-script given
// names by sex and surnames, romanized after RTGS by engine/internal/gen,
// and romanized surnames): a name as people write it ("Kanokporn",
// "Weerachet") is found by its loose key (ThaiKey); a given name no list
// holds is judged by its final letters among the listed ones ("-porn",
// "-wan", "-chai", "-sak"); a surname is Thai when a list holds it or it
// is long and ends as the listed Thai surnames end ("-wong", "-sakul").

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// ThaiName is one line of data/th-names.txt: a given name with its sex or
// a surname, the source that lists it, as written there, and the loose
// keys of its readings.
type ThaiName struct {
	Surname bool
	Sex     byte // 'm' or 'f' for a given name
	Source  string
	Name    string
	Keys    []string
}

// ParseThaiNames reads data/th-names.txt's lines: "g|s TAB m|f|- TAB
// source TAB name TAB key key ..."; a malformed line is an error naming
// it.
func ParseThaiNames(b []byte) ([]ThaiName, error) {
	var out []ThaiName
	sc := bufio.NewScanner(bytes.NewReader(b))
	ln := 0
	for sc.Scan() {
		ln++
		l := sc.Text()
		if l == "" || l[0] == '#' {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 5 || f[3] == "" || f[4] == "" {
			return nil, fmt.Errorf("th-names.txt:%d: want KIND SEX SOURCE NAME KEYS, got %q", ln, l)
		}
		n := ThaiName{Source: f[2], Name: f[3], Keys: strings.Fields(f[4])}
		switch f[0] + f[1] {
		case "gm", "gf":
			n.Sex = f[1][0]
		case "s-":
			n.Surname = true
		default:
			return nil, fmt.Errorf("th-names.txt:%d: kind and sex %q %q", ln, f[0], f[1])
		}
		for _, k := range n.Keys {
			if strings.Trim(k, "abcdefghijklmnopqrstuvwxyz") != "" {
				return nil, fmt.Errorf("th-names.txt:%d: key %q is not lower-case ASCII", ln, k)
			}
		}
		out = append(out, n)
	}
	return out, sc.Err()
}

// ThaiModel tells Thai surnames and the sex of Thai given names written
// in Latin letters. It is read-only after NewThaiModel and safe for
// concurrent use.
type ThaiModel struct {
	given    map[string]SexCount // by key: the listed names with it
	ends     map[string]SexCount // by the last 2..thaiEndMax letters of the keys
	surnames map[string]bool     // the keys of listed surnames
	surEnds  map[string]int      // surname key endings: how many surnames end so
	prior    float64             // the share of men's names
	// shapes and endShapes are the sound classes of the surname keys and
	// of their endings of thaiSurEndMin letters (thai_shape.go).
	shapes, endShapes shapeSet
}

// Ending lengths of the models (letters of the loose key).
const (
	thaiEndMin = 3
	thaiEndMax = 6
	// thaiSurEndMin is the shortest surname ending that marks a surname
	// as Thai, thaiSurEndCount the fewest listed surnames that must end
	// so, and thaiSurnameLen the fewest letters of such a surname's key.
	// Chosen on the data (not the evaluation sets): of the 14,692 ASCII
	// surnames of data/surnames.txt.zst (every language's), 23 pass
	// ("Kobayashi", "Rahmawati", "Stepanic"), and 80 of the 266 listed
	// Thai surnames when each is left out of the model (with endings of 4
	// letters held by 2 surnames: 52 and 77; 4 letters, 1 surname: 139
	// and 107).
	thaiSurEndMin   = 5
	thaiSurEndCount = 1
	thaiSurnameLen  = 8
)

// NewThaiModel builds the model of names, leaving out those for which
// skip reports true (nil: none), for held-out tests.
func NewThaiModel(names []ThaiName, skip func(ThaiName) bool) *ThaiModel {
	m := &ThaiModel{given: map[string]SexCount{}, ends: map[string]SexCount{}, surnames: map[string]bool{}, surEnds: map[string]int{}}
	for _, n := range names {
		if skip != nil && skip(n) {
			continue
		}
		seen := map[string]bool{}
		for _, k := range n.Keys {
			if n.Surname {
				m.surnames[k] = true
				m.addShapes(k)
				for l := thaiSurEndMin; l < len(k); l++ {
					e := "$" + k[len(k)-l:]
					if !seen[e] {
						seen[e] = true
						m.surEnds[k[len(k)-l:]]++
					}
				}
				continue
			}
			if !seen[k] {
				seen[k] = true
				c := m.given[k]
				add(&c, n.Sex)
				m.given[k] = c
			}
			for l := 2; l <= thaiEndMax && l < len(k); l++ {
				e := k[len(k)-l:]
				if !seen["$"+e] {
					seen["$"+e] = true
					c := m.ends[e]
					add(&c, n.Sex)
					m.ends[e] = c
				}
			}
		}
	}
	var men, all int
	for _, n := range names {
		if !n.Surname && (skip == nil || !skip(n)) {
			all++
			if n.Sex == 'm' {
				men++
			}
		}
	}
	m.prior = float64(men) / float64(max(all, 1))
	return m
}

func add(c *SexCount, sex byte) {
	if sex == 'm' {
		c.Male++
	} else {
		c.Female++
	}
}

// ThaiJudgement is the model's evidence on a given name: the male share
// P of the listed names with its key (Listed, N of them) or, for a name
// no list holds, the share its ending gives (N: the listed names that end
// as its longest ending of thaiEndMin or more letters held by
// thaiEndLeast or more names does).
type ThaiJudgement struct {
	P      float64
	N      int
	Listed bool
}

// thaiEndWeight is the weight, in names, of the share of a shorter ending
// in the share of a longer one: the share of an ending e of n names, m of
// them men's, is (m + thaiEndWeight * share(e without its first letter))
// / (n + thaiEndWeight), from the ending's last two letters (whose shorter
// ending is the lists' share of men's names) to thaiEndMax letters or
// the longest ending the lists hold. Chosen on the tune half of
// testdata/th-given-holdout.tsv with the thresholds of the genderizer
// (weights 1, 2, 4, 8).
const thaiEndWeight = 2

// Given returns the evidence on the sex of the Latin-script given name
// w (one word, hyphens allowed), or false when its key is shorter than
// thaiEndMin letters or nothing in the lists bears on it.
func (m *ThaiModel) Given(w string) (ThaiJudgement, bool) {
	var sc keyScratch
	k := thaiKey(w, &sc)
	if len(k) < thaiEndMin {
		return ThaiJudgement{}, false
	}
	if c, ok := m.given[string(k)]; ok {
		return ThaiJudgement{P: float64(c.Male) / float64(c.Male+c.Female), N: c.Male + c.Female, Listed: true}, true
	}
	p, n := m.prior, 0
	for l := 2; l <= thaiEndMax && l < len(k); l++ {
		c, ok := m.ends[string(k[len(k)-l:])]
		if !ok {
			break
		}
		if l >= thaiEndMin && c.Male+c.Female >= thaiEndLeast {
			n = c.Male + c.Female
		}
		p = (float64(c.Male) + thaiEndWeight*p) / float64(c.Male+c.Female+thaiEndWeight)
	}
	if n == 0 {
		return ThaiJudgement{}, false // no ending of 3 letters that 3 names share
	}
	return ThaiJudgement{P: p, N: n}, true
}

// thaiEndLeast is the fewest listed names that must share an ending of at
// least thaiEndMin letters with a name for the endings to judge it.
const thaiEndLeast = 3

// IsSurname reports whether the Latin-script surname s is Thai: a listed
// surname's key, or a key of at least thaiSurnameLen letters that ends in
// at least thaiSurEndMin letters as thaiSurEndCount listed surnames do
// ("Srisombat", "Chaiwongsakul").
func (m *ThaiModel) IsSurname(s string) bool {
	if !m.mayBeSurname(s) {
		return false // no listed surname or ending has its sound classes
	}
	return m.surnameByKey(s)
}

// surnameByKey is IsSurname past its cheap reject: the key built and
// looked up.
func (m *ThaiModel) surnameByKey(s string) bool {
	var sc keyScratch
	k := thaiKey(s, &sc)
	if len(k) == 0 {
		return false
	}
	if m.surnames[string(k)] {
		return true
	}
	if len(k) < thaiSurnameLen {
		return false
	}
	// A longer shared ending holds the shortest one: one look-up.
	return m.surEnds[string(k[len(k)-thaiSurEndMin:])] >= thaiSurEndCount
}

// thaiModel is the model of the embedded data/th-names.txt, read on first
// use. The file is part of the build: a broken one is a programming error
// (TestThaiNames).
var thaiModel = embedded("th-names.txt", func(b []byte) (*ThaiModel, error) {
	names, err := ParseThaiNames(b)
	if err != nil {
		return nil, err
	}
	return NewThaiModel(names, nil), nil
})

// Thai returns the model of the embedded Thai names.
func (d *Dict) Thai() *ThaiModel { return thaiModel() }
