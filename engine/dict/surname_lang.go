package dict

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
)

// The language a surname tells (surname-lang.tsv.zst, built by
// engine/internal/gen from the per-locale surname lists of faker,
// php-faker and python3-fake-factory): "Kivimäki" Finnish, "Coenen"
// Dutch, "Bianchi" Italian; "Martin" none (listed in many languages). A
// surname no list holds tells the language of its ending where the
// listed surnames ending so are nearly all one language ("-escu"
// Romanian). The genderizer asks only for a given name that is NEUTRAL
// without it, so the index is read on first use, not at Load.

// surnameLangs is the index of surname-lang.tsv.zst. Its keys are kept as
// hashes in a sorted slice, without pointers, so that the garbage
// collector has nothing to mark in its 52,000 entries (as a map of
// strings it added a tenth to BenchmarkPipelineFour/memo's instructions).
type surnameLangs struct {
	// keys are the keys' entries, sorted: the hash (keyHash) in the top 56
	// bits, the language in the low 8 (index in langs + 1, or 0 for a
	// surname of several languages).
	keys    []uint64
	endings map[string]uint8 // ending -> index in langs + 1
	langs   []string
	maxEnd  int            // the longest ending, in runes
	most    map[string]int // per language, the most votes a given name has there
}

var (
	surnameLangOnce sync.Once
	surnameLangIdx  *surnameLangs
	surnameLangErr  error
)

// surnameLanguages returns the index, reading it on the first call.
func surnameLanguages() (*surnameLangs, error) {
	surnameLangOnce.Do(func() { surnameLangIdx, surnameLangErr = loadSurnameLangs("data/surname-lang.tsv.zst") })
	return surnameLangIdx, surnameLangErr
}

// keyHash is the 64-bit FNV-1a hash of a key.
func keyHash[S string | []byte](s S) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// loadSurnameLangs reads surname-lang.tsv.zst.
func loadSurnameLangs(name string) (*surnameLangs, error) {
	x := &surnameLangs{endings: map[string]uint8{}, most: map[string]int{}}
	idx := map[string]uint8{}
	x.keys = make([]uint64, 0, 60000)
	err := lines(name, func(l string, _ int) error {
		k, lg, ok := strings.Cut(l, "\t")
		if !ok || k == "" || lg == "" {
			return fmt.Errorf("want key TAB language, got %q", l)
		}
		if l, ok := strings.CutPrefix(k, "="); ok {
			n, ok := atoiSmall(lg)
			if !ok || l == "" {
				return fmt.Errorf("want =language TAB votes, got %q", k+"\t"+lg)
			}
			x.most[l] = n
			return nil
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
		x.keys = append(x.keys, keyHash(k)&^0xff|uint64(v))
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(x.keys)
	for i := 1; i < len(x.keys); i++ {
		if x.keys[i]&^0xff == x.keys[i-1]&^0xff {
			return nil, fmt.Errorf("dict: %s: two keys of one hash", name)
		}
	}
	return x, nil
}

// get returns the entry of a key's hash.
func (x *surnameLangs) get(h uint64) (v uint8, listed bool) {
	h &^= 0xff
	i, _ := slices.BinarySearch(x.keys, h)
	if i == len(x.keys) || x.keys[i]&^0xff != h {
		return 0, false
	}
	return uint8(x.keys[i]), true
}

// word returns the language of one surname word in lower case (lang
// index + 1), 0 when it tells none; listed reports whether a list holds
// it.
func (x *surnameLangs) word(w string) (v uint8, listed bool) {
	if v, ok := x.get(keyHash(w)); ok {
		return v, true
	}
	if f := text.Strip(w); f != w {
		if v, ok := x.get(keyHash(f)); ok {
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
// surnames tell none here (their given names have models of their own),
// nor does a double surname with one of them.
func (d *Dict) SurnameLanguage(surname string) (string, bool) {
	lg, _, ok := d.SurnameLanguageBy(surname)
	return lg, ok
}

// SurnameLanguageBy is SurnameLanguage that also reports whether only
// endings told the language (byEnding: no word of the surname is listed
// with it), which the genderizer trusts less.
func (d *Dict) SurnameLanguageBy(surname string) (lang string, byEnding, ok bool) {
	x, err := surnameLanguages()
	if err != nil || x == nil {
		return "", false, false
	}
	var got uint8
	listedLang := false
	var buf [asciiKeyMax]byte
	for w := range strings.FieldsFuncSeq(surname, func(r rune) bool { return r == ' ' || r == '-' }) {
		w = strings.Trim(w, ".,'’")
		if b, ok := asciiLower(w, &buf); ok && len(b) > 2 {
			// The usual surname, one ASCII word: looked up without
			// allocating (BenchmarkSurnameLanguage).
			if v, listed := x.get(keyHash(b)); listed {
				if d.IsCJKSurname(w) {
					return "", false, false
				}
				if v == 0 || text.Lists().Particles[string(b)] {
					continue
				}
				if got != 0 && got != v {
					return "", false, false
				}
				got, listedLang = v, true
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
			return "", false, false
		}
		v, listed := x.word(w)
		if !listed && !d.IsSurname(w) && !d.IsGivenName(w) {
			v = x.ending(w)
		}
		if v == 0 {
			continue
		}
		if got != 0 && got != v {
			return "", false, false
		}
		got = v
		listedLang = listedLang || listed
	}
	if got == 0 {
		return "", false, false
	}
	return x.langs[got-1], !listedLang, true
}

// MaxLanguageVotes returns the most source votes any given name has in a
// language (its gap-filling lists' votes counted with it, as look-ups
// do): about how many lists of the language the data holds ("en" 5, "it"
// 2). The generator counts them (surname-lang.tsv.zst's "=" lines);
// TestSurnameLanguage holds them to the loaded data.
func (d *Dict) MaxLanguageVotes(lang string) int {
	x, err := surnameLanguages()
	if err != nil || x == nil {
		return 0
	}
	return x.most[lang]
}
