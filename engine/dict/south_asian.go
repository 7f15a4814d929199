package dict

import (
	"errors"
	"strconv"
	"strings"
	"sync"
)

// The model of South Asian given names in Latin letters (Indian, Nepali,
// Sri Lankan, Bangladeshi): their sex is mostly in their endings and
// final elements (feminine "-a", "-i", "-ee", "-ini", "-ika", "-lata",
// "-shree"; masculine "-esh", "-endra", "-raj", "-kumar", "-nath", Telugu
// "-lu"), which overlap the other languages' endings (Latin "-a" is
// feminine, Italian "-i" masculine), so that the ending model over all
// Latin-script names (latin_ending.go) rarely answers for them. This one is
// learned from the South Asian lists alone (data/south-asian.txt.zst, built
// by engine/internal/gen from random-indian-name, faker's en_IN, en_NP and
// ne, php-faker's en_IN and ne_NP and python3-fake-factory's ne_NP): the
// longest ending of up to southAsianEndMax letters that at least
// southAsianMinNames of those names share gives its share of men's names.
// The genderizer asks it only of names no list holds, and only when the
// surname is South Asian (IsSouthAsianSurname) or the context's place or
// language is (genderize/southasian.go).
//
// southAsianMinNames and the genderizer's threshold were chosen on the
// tune half of the names held out of the model
// (testdata/south-asian-holdout.tsv); TestSouthAsianHoldout reports the
// test half.
const (
	southAsianEndMin   = 2 // shortest ending, in letters
	southAsianEndMax   = 4 // longest ending, in letters (endKey holds four)
	southAsianMinNames = 3 // names that must share an ending
	southAsianMinLen   = 4 // shortest name the model answers for
)

// southAsianFile is the model's data file.
const southAsianFile = "data/south-asian.txt.zst"

// The typicality of a name's ending for South Asian names against other
// languages' (SouthAsianGivenTypicality, SouthAsianSurnameTypicality): the
// longest ending of two to four letters that typicalGivenMin given names
// or typicalSurnameMin surnames share, South Asian or other, in the data's
// counts (names held out excluded). Chosen with the genderizer's gate on
// the tune half (see genderize/southasian.go).
const (
	typicalEndMax     = 4 // endKey holds four letters
	typicalGivenMin   = 10
	typicalSurnameMin = 5
)

// southAsian is the model, read on first use.
type southAsian struct {
	ends     map[endKey]endingVotes // the given names' endings
	surnames map[string]struct{}    // the South Asian lists' surnames
	// typical counts the names of each ending: South Asian and other
	// given names, South Asian and other surnames; totals the names.
	typical map[endKey][4]int32
	totals  [4]int32
}

var (
	saOnce sync.Once
	saData southAsian
)

// southAsianModel returns the model, reading it on the first call. A
// broken data file (impossible in a correct build: TestSouthAsianData)
// leaves it empty, so that it never answers.
func southAsianModel() *southAsian {
	saOnce.Do(func() {
		m := southAsian{ends: map[endKey]endingVotes{}, surnames: map[string]struct{}{}, typical: map[endKey][4]int32{}}
		err := lines(southAsianFile, func(l string, _ int) error {
			kind, rest, _ := strings.Cut(l, "\t")
			switch kind {
			case "s":
				m.surnames[rest] = struct{}{}
			case "g":
				f := strings.Split(rest, "\t")
				if len(f) != 3 {
					return errSouthAsianLine
				}
				men, err1 := strconv.Atoi(f[1])
				women, err2 := strconv.Atoi(f[2])
				if err1 != nil || err2 != nil || men+women == 0 {
					return errSouthAsianLine
				}
				m.addName(f[0], float32(men)/float32(men+women))
			case "e", "n":
				f := strings.Split(rest, "\t")
				if kind == "n" {
					f = append([]string{""}, f...)
				}
				if len(f) != 5 {
					return errSouthAsianLine
				}
				var c [4]int32
				for i := range c {
					x, err := strconv.Atoi(f[i+1])
					if err != nil || x < 0 {
						return errSouthAsianLine
					}
					c[i] = int32(x)
				}
				if kind == "n" {
					m.totals = c
				} else {
					k, ok := endKeyOf(f[0])
					if !ok {
						return errSouthAsianLine
					}
					m.typical[k] = c
				}
			default:
				return errSouthAsianLine
			}
			return nil
		})
		if err == nil && (m.totals[1] == 0 || m.totals[3] == 0) {
			err = errSouthAsianLine
		}
		if err != nil {
			m = southAsian{}
		}
		saData = m
	})
	return &saData
}

// errSouthAsianLine is a malformed line of the model's file.
var errSouthAsianLine = errors.New("want \"g TAB name TAB men TAB women\", \"s TAB surname\", \"e TAB ending TAB 4 counts\" or \"n TAB 4 totals\"")

// addName counts a name of male share male under each of its endings.
func (m *southAsian) addName(name string, male float32) {
	for k := southAsianEndMin; k <= southAsianEndMax && k < len(name); k++ {
		e, ok := endKeyOf(name[len(name)-k:])
		if !ok {
			continue
		}
		v := m.ends[e]
		v.names++
		v.male += male
		m.ends[e] = v
	}
}

// endKey is an ending of up to four lower-case ASCII letters as a number
// (the letters as digits 1 to 26 in base 27), so that the model's tables
// hold no pointers for the garbage collector to scan.
type endKey uint32

// endKeyOf returns the endKey of e; ok is false for an ending longer than
// four letters or with other characters than a to z.
func endKeyOf(e string) (k endKey, ok bool) {
	if len(e) > 4 {
		return 0, false
	}
	for i := 0; i < len(e); i++ {
		c := e[i]
		if c < 'a' || c > 'z' {
			return 0, false
		}
		k = k*27 + endKey(c-'a'+1)
	}
	return k, true
}

// saKey returns the lower-case ASCII letters of a name word without its
// hyphens ("Sai-Kiran" → "saikiran": the final element decides), or ""
// when it has other characters.
func saKey(s string, buf *[asciiKeyMax]byte) string {
	b := buf[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c == '-':
			continue
		default:
			return ""
		}
		if len(b) == len(buf) {
			return ""
		}
		b = append(b, c)
	}
	return string(b)
}

// SouthAsianMaleShare returns the share of men's names among the South
// Asian given names that end as given does: the longest ending of up to
// southAsianEndMax letters that southAsianMinNames names share. ok is false
// for a name shorter than southAsianMinLen letters, one with other
// characters than ASCII letters and hyphens, or one no such ending fits.
// It does not ask whether the name is listed: the caller does.
func (d *Dict) SouthAsianMaleShare(given string) (float64, bool) {
	var buf [asciiKeyMax]byte
	k := saKey(strings.TrimSpace(given), &buf)
	if len(k) < southAsianMinLen {
		return 0, false
	}
	m := southAsianModel()
	for n := min(southAsianEndMax, len(k)-1); n >= southAsianEndMin; n-- {
		e, _ := endKeyOf(k[len(k)-n:])
		if v, ok := m.ends[e]; ok && v.names >= southAsianMinNames {
			return float64(v.male / float32(v.names)), true
		}
	}
	return 0, false
}

// IsSouthAsianSurname reports whether s is a surname of the South Asian
// lists that no other language's list holds ("Reddy", "Chatterjee",
// "Shrestha"; not "Khan", "Gill") and that is not the Latin spelling of a
// Chinese or Korean surname (IsCJKSurname: Nepali "Jang" is Korean 장 too,
// and a Korean given name behind it is no South Asian one).
func (d *Dict) IsSouthAsianSurname(s string) bool {
	var buf [asciiKeyMax]byte
	k := saKey(strings.TrimSpace(s), &buf)
	if k == "" {
		return false
	}
	_, ok := southAsianModel().surnames[k]
	return ok && !d.IsCJKSurname(k)
}

// SouthAsianGivenTypicality returns how typical the ending of a given name
// is of South Asian given names against other languages' listed ones, as
// a share from 0 to 1 that counts both as if they were as many (0.5: as
// common in both): the longest ending of up to typicalEndMax letters that
// typicalGivenMin of those names share. ok is false when no such ending
// fits or the name has other characters than ASCII letters and hyphens.
func (d *Dict) SouthAsianGivenTypicality(given string) (float64, bool) {
	return southAsianModel().typicality(given, 0, typicalGivenMin)
}

// SouthAsianSurnameTypicality is SouthAsianGivenTypicality for a surname,
// against faker's other locales' surnames, from typicalSurnameMin names an
// ending.
func (d *Dict) SouthAsianSurnameTypicality(surname string) (float64, bool) {
	return southAsianModel().typicality(surname, 2, typicalSurnameMin)
}

// typicality is the typicality of the ending of s in the columns i (South
// Asian) and i+1 (other) of m.typical.
func (m *southAsian) typicality(s string, i, least int) (float64, bool) {
	var buf [asciiKeyMax]byte
	k := saKey(strings.TrimSpace(s), &buf)
	if k == "" || m.totals[i+1] == 0 {
		return 0, false
	}
	ratio := float64(m.totals[i]) / float64(m.totals[i+1])
	for n := min(typicalEndMax, len(k)-1); n >= 2; n-- {
		e, _ := endKeyOf(k[len(k)-n:])
		c, ok := m.typical[e]
		if !ok || c[i]+c[i+1] < int32(least) {
			continue
		}
		return float64(c[i]) / (float64(c[i]) + float64(c[i+1])*ratio), true
	}
	return 0, false
}
