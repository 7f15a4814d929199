package dict

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
)

// The language a surname tells (surname-lang.tsv.gz, built by
// engine/internal/gen from the per-locale surname lists of faker,
// php-faker and python3-fake-factory): "Kivimäki" Finnish, "Coenen"
// Dutch, "Bianchi" Italian; "Martin" none (listed in many languages). A
// surname no list holds tells the language of its ending where the
// listed surnames ending so are nearly all one language ("-escu"
// Romanian). The genderizer asks only for a given name that is NEUTRAL
// without it, so the index is read on first use, not at Load.

// surnameLangs is the index of surname-lang.tsv.gz.
type surnameLangs struct {
	byKey   map[string]uint8 // key -> index in langs + 1, or 0 for a surname of several languages
	endings map[string]uint8 // ending -> index in langs + 1
	langs   []string
	maxEnd  int // the longest ending, in runes
}

var (
	surnameLangOnce sync.Once
	surnameLangIdx  *surnameLangs
	surnameLangErr  error
)

// surnameLanguages returns the index, reading it on the first call.
func surnameLanguages() (*surnameLangs, error) {
	surnameLangOnce.Do(func() { surnameLangIdx, surnameLangErr = loadSurnameLangs("data/surname-lang.tsv.gz") })
	return surnameLangIdx, surnameLangErr
}

// loadSurnameLangs reads surname-lang.tsv.gz.
func loadSurnameLangs(name string) (*surnameLangs, error) {
	x := &surnameLangs{byKey: make(map[string]uint8, 60000), endings: map[string]uint8{}}
	idx := map[string]uint8{}
	err := lines(name, func(l string, _ int) error {
		k, lg, ok := strings.Cut(l, "\t")
		if !ok || k == "" || lg == "" {
			return fmt.Errorf("want key TAB language, got %q", l)
		}
		var v uint8
		if lg != "*" {
			i, ok := idx[lg]
			if !ok {
				if len(x.langs) >= 254 {
					return fmt.Errorf("too many languages")
				}
				x.langs = append(x.langs, lg)
				i = uint8(len(x.langs))
				idx[lg] = i
			}
			v = i
		}
		if e, ok := strings.CutPrefix(k, "-"); ok && e != "" {
			if v == 0 {
				return fmt.Errorf("ending %q without a language", e)
			}
			x.endings[e] = v
			x.maxEnd = max(x.maxEnd, utf8.RuneCountInString(e))
			return nil
		}
		x.byKey[k] = v
		return nil
	})
	if err != nil {
		return nil, err
	}
	return x, nil
}

// word returns the language of one surname word in lower case (lang
// index + 1), 0 when it tells none; listed reports whether a list holds
// it.
func (x *surnameLangs) word(w string) (v uint8, listed bool) {
	if v, ok := x.byKey[w]; ok {
		return v, true
	}
	if f := text.Strip(w); f != w {
		if v, ok := x.byKey[f]; ok {
			return v, true
		}
	}
	return 0, false
}

// ending returns the language of an unlisted surname word's ending, the
// longest that tells one, or 0.
func (x *surnameLangs) ending(w string) uint8 {
	n := utf8.RuneCountInString(w)
	for k := min(x.maxEnd, n-1); k >= 3; k-- {
		// The last k runes.
		i := len(w)
		for j := 0; j < k; j++ {
			_, size := utf8.DecodeLastRuneInString(w[:i])
			i -= size
		}
		if v, ok := x.endings[w[i:]]; ok {
			return v
		}
	}
	return 0
}

// SurnameLanguage returns the language (ISO 639-1, as the given names'
// data has it) that a surname tells, when it tells one: its listings are
// clearly of one language, or, for a surname no list holds, its ending's
// are. Each word of a double surname counts ("García Márquez",
// "Müller-Lüdenscheidt"); words that tell different languages tell none.
// Particles ("de", "van", "al") tell none. Chinese, Japanese and Korean
// surnames tell none here (their given names
// have models of their own), nor does a double surname with one of them.
func (d *Dict) SurnameLanguage(surname string) (string, bool) {
	x, err := surnameLanguages()
	if err != nil || x == nil {
		return "", false
	}
	var got uint8
	var buf [asciiKeyMax]byte
	for w := range strings.FieldsFuncSeq(surname, func(r rune) bool { return r == ' ' || r == '-' }) {
		w = strings.Trim(w, ".,'’")
		if b, ok := asciiLower(w, &buf); ok && len(b) > 2 {
			// The usual surname, one ASCII word: looked up without
			// allocating (BenchmarkSurnameLanguage).
			if v, listed := x.byKey[string(b)]; listed {
				if d.IsCJKSurname(w) {
					return "", false
				}
				if v == 0 || text.Lists().Particles[string(b)] {
					continue
				}
				if got != 0 && got != v {
					return "", false
				}
				got = v
				continue
			}
		}
		w = strings.ToLower(w)
		if utf8.RuneCountInString(w) < 2 || text.Lists().Particles[text.NKey(w)] {
			continue // an initial, or a particle ("de Graaf", "van der Berg")
		}
		if d.IsCJKSurname(w) {
			// Chinese and Korean surnames in Latin letters ("Lee",
			// "Lin") are in lists of many languages; their given names
			// have models of their own.
			return "", false
		}
		v, listed := x.word(w)
		if !listed && !d.IsSurname(w) && !d.IsGivenName(w) {
			v = x.ending(w)
		}
		if v == 0 {
			continue
		}
		if got != 0 && got != v {
			return "", false
		}
		got = v
	}
	if got == 0 {
		return "", false
	}
	return x.langs[got-1], true
}

// MaxLanguageVotes returns the most source votes any given name has in a
// language (its gap-filling lists' votes counted with it, as look-ups do):
// about how many lists of the language the data holds ("en" 5, "it" 2).
// It is counted on the first call.
func (d *Dict) MaxLanguageVotes(lang string) int {
	d.maxOnce.Do(func() {
		canon := make([]int, len(d.langs)) // a language's first index
		first := map[string]int{}
		for i, l := range d.langs {
			if _, ok := first[l]; !ok {
				first[l] = i
			}
			canon[i] = first[l]
		}
		most := make([]int, len(d.langs))
		sum := make([]int, len(d.langs))
		for i := range d.words.slots {
			sl := &d.words.slots[i]
			if sl.n == 0 || !sl.e.isGiven || sl.e.given.n == 0 {
				continue
			}
			st := d.stats[sl.e.given.start : sl.e.given.start+uint32(sl.e.given.n)]
			for _, x := range st {
				sum[canon[x.lang]] += int(x.votes)
			}
			for _, x := range st {
				c := canon[x.lang]
				most[c] = max(most[c], sum[c])
			}
			for _, x := range st {
				sum[canon[x.lang]] = 0
			}
		}
		d.maxVotes = make(map[string]int, len(first))
		for l, i := range first {
			d.maxVotes[l] = most[i]
		}
	})
	return d.maxVotes[lang]
}
