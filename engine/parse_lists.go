package engine

import (
	"bufio"
	"embed"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/nameapi"
)

// The small curated word lists of the person-name operations live as text
// files in lists/, each with a header naming its source. They are parsed
// once, on first use.

//go:embed lists/*.txt
var listFiles embed.FS

// wordLists holds the parsed curated lists, keyed by nkey.
type wordLists struct {
	salutations   map[string]string // key → implied gender ("" when none)
	titles        map[string]bool
	titleCanon    map[string]string    // key → canonical spelling
	qualifiers    map[string]qualifier // key → canonical form and term type
	particles     map[string]bool
	legalForms    map[string]string // key → canonical spelling
	legalMaxWords int               // most words in one legal form
	businessWords map[string]bool
	nicknames     map[string][]string // folded name → folded names it is a short form of (and back)
	placeholders  map[string]string   // folded full name → risk type
	nameWords     map[string]string   // folded single word → risk type
	famous        map[string]bool
	fictional     map[string]bool
	humorous      map[string]bool
	fakeFirst     map[string]bool   // first word of every placeholder, fictional and humorous name
	keyboardRows  []*kbRow          // one per keyboard row
	kbAdjacent    []uint64          // bit a<<8|b: runes a, b (< 256) are neighbours on some row
	legalSuffixes map[string]bool   // every suffix of every legalForms key
	addrWords     map[string]string // folded address word → risk type
	addrPhrases   []addrPhrase      // folded address phrases, in file order
	addrPhrase1   [256][]uint8      // first byte → indexes in addrPhrases of the phrases starting with it
}

// maxAddrPhrases is the most address phrases the risk detector's bit set
// of found phrases holds.
const maxAddrPhrases = 128

// addrPhrase is a placeholder or fictional address phrase ("123 main st")
// and its risk type.
type addrPhrase struct {
	text, typ string
}

type qualifier struct {
	canonical string
	termType  string
}

var (
	listsOnce sync.Once
	listsVal  *wordLists
)

// lists returns the curated word lists, parsing them on first use. A broken
// embedded file is a build defect, so it panics.
func lists() *wordLists {
	listsOnce.Do(func() {
		l, err := loadLists()
		if err != nil {
			panic(fmt.Sprintf("engine: embedded word lists: %v", err))
		}
		listsVal = l
	})
	return listsVal
}

// readList calls fn for each data line of lists/name (comments and blank
// lines skipped), split at '|'.
func readList(name string, fn func(fields []string) error) error {
	f, err := listFiles.Open("lists/" + name)
	if err != nil {
		return fmt.Errorf("open %s: %w", name, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if err := fn(strings.Split(s, "|")); err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return nil
}

func loadLists() (*wordLists, error) {
	l := &wordLists{
		salutations:   map[string]string{},
		titles:        map[string]bool{},
		titleCanon:    map[string]string{},
		qualifiers:    map[string]qualifier{},
		particles:     map[string]bool{},
		legalForms:    map[string]string{},
		businessWords: map[string]bool{},
		nicknames:     map[string][]string{},
		placeholders:  map[string]string{},
		nameWords:     map[string]string{},
		famous:        map[string]bool{},
		fictional:     map[string]bool{},
		humorous:      map[string]bool{},
		addrWords:     map[string]string{},
	}
	steps := []struct {
		file string
		fn   func([]string) error
	}{
		{"salutations.txt", func(f []string) error {
			g := ""
			if len(f) > 1 {
				g = f[1]
			}
			l.salutations[nkey(f[0])] = g
			return nil
		}},
		{"titles.txt", func(f []string) error {
			l.titles[nkey(f[0])] = true
			l.titleCanon[nkey(f[0])] = f[0]
			return nil
		}},
		{"qualifiers.txt", func(f []string) error {
			if len(f) < 2 {
				return fmt.Errorf("qualifier %q without term type", f[0])
			}
			l.qualifiers[nkey(f[0])] = qualifier{canonical: f[0], termType: f[1]}
			return nil
		}},
		{"particles.txt", func(f []string) error { l.particles[nkey(f[0])] = true; return nil }},
		{"legalforms.txt", func(f []string) error {
			if _, dup := l.legalForms[nkey(f[0])]; !dup {
				l.legalForms[nkey(f[0])] = f[0] // the first spelling is canonical
			}
			if n := len(strings.Fields(f[0])); n > l.legalMaxWords {
				l.legalMaxWords = n
			}
			return nil
		}},
		{"businesswords.txt", func(f []string) error { l.businessWords[nkey(f[0])] = true; return nil }},
	}
	for _, s := range steps {
		if err := readList(s.file, s.fn); err != nil {
			return nil, err
		}
	}
	if err := loadRiskLists(l); err != nil {
		return nil, err
	}
	l.legalSuffixes = map[string]bool{}
	for k := range l.legalForms {
		for i := range len(k) + 1 {
			l.legalSuffixes[k[i:]] = true
		}
	}
	l.fakeFirst = map[string]bool{}
	for _, m := range []map[string]bool{l.fictional, l.humorous} {
		for k := range m {
			l.fakeFirst[firstWord(k)] = true
		}
	}
	for k := range l.placeholders {
		l.fakeFirst[firstWord(k)] = true
	}
	l.kbAdjacent = make([]uint64, 256*256/64)
	for _, row := range l.keyboardRows {
		for a := range 256 {
			for b := range 256 {
				pa, pb := int(row.lo[a]), int(row.lo[b])
				if pa != 0 && pb != 0 && (pa-pb == 1 || pb-pa == 1) {
					bit := a<<8 | b
					l.kbAdjacent[bit/64] |= 1 << (bit % 64)
				}
			}
		}
	}
	return l, nil
}

// loadRiskLists fills the lists used by the matcher and the risk detector.
// It tolerates missing files so that the parser lists can ship first.
func loadRiskLists(l *wordLists) error {
	steps := []struct {
		file string
		fn   func([]string) error
	}{
		{"nicknames.txt", func(f []string) error {
			if len(f) < 2 {
				return fmt.Errorf("nickname line %q needs name|short,short", f[0])
			}
			full := fold(f[0])
			for _, s := range strings.Split(f[1], ",") {
				s = fold(strings.TrimSpace(s))
				if s == "" {
					continue
				}
				l.nicknames[s] = append(l.nicknames[s], full)
				l.nicknames[full] = append(l.nicknames[full], s)
			}
			return nil
		}},
		{"placeholders.txt", func(f []string) error {
			t := nameapi.RiskPlaceholder
			if len(f) > 1 {
				t = f[1]
			}
			k := foldSpace(f[0])
			if strings.Contains(k, " ") {
				l.placeholders[k] = t
			} else {
				l.nameWords[k] = t
			}
			return nil
		}},
		{"famous.txt", func(f []string) error { l.famous[foldSpace(f[0])] = true; return nil }},
		{"fictional.txt", func(f []string) error { l.fictional[foldSpace(f[0])] = true; return nil }},
		{"humorous.txt", func(f []string) error { l.humorous[foldSpace(f[0])] = true; return nil }},
		{"addresses.txt", func(f []string) error {
			if len(f) < 2 {
				return fmt.Errorf("address line %q needs a risk type", f[0])
			}
			k := foldSpace(f[0])
			if strings.Contains(k, " ") {
				for i := range l.addrPhrases {
					if l.addrPhrases[i].text == k {
						l.addrPhrases[i].typ = f[1] // the last line wins
						return nil
					}
				}
				if len(l.addrPhrases) == maxAddrPhrases {
					return fmt.Errorf("more than %d address phrases", maxAddrPhrases)
				}
				l.addrPhrase1[k[0]] = append(l.addrPhrase1[k[0]], uint8(len(l.addrPhrases)))
				l.addrPhrases = append(l.addrPhrases, addrPhrase{text: k, typ: f[1]})
			} else {
				l.addrWords[k] = f[1]
			}
			return nil
		}},
		{"keyboard.txt", func(f []string) error {
			l.keyboardRows = append(l.keyboardRows, newKBRow(f[0]))
			return nil
		}},
	}
	for _, s := range steps {
		if _, err := listFiles.Open("lists/" + s.file); err != nil {
			continue
		}
		if err := readList(s.file, s.fn); err != nil {
			return err
		}
	}
	return nil
}

// nkey is the lookup key of a list word: lower case, without dots and
// spaces ("Ph.D." → "phd", "S. A." → "sa").
func nkey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if c == '.' || c == ' ' || (c >= 'A' && c <= 'Z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	return string(appendNkey(make([]byte, 0, len(s)), s))
}

// appendNkey appends nkey(s) to dst; with a buffer on the caller's stack,
// map lookups m[string(appendNkey(buf[:0], s))] do not allocate.
func appendNkey(dst []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == '.':
		case r < utf8.RuneSelf:
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			if r != ' ' && (r < '\t' || r > '\r') {
				dst = append(dst, byte(r))
			}
		case unicode.IsSpace(r):
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
	}
	return dst
}

// fold lower-cases s and maps letters with diacritics to ASCII, with the
// German umlauts and ß spelled out (ü → ue, ß → ss), so that "Müller" and
// "Mueller" fold alike. Other characters are kept.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || (c >= 'A' && c <= 'Z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	for _, r := range s {
		if r < utf8.RuneSelf {
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
			continue
		}
		r = unicode.ToLower(r)
		if rep, ok := foldMap[r]; ok {
			b.WriteString(rep)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// foldSpace folds s and collapses runs of white space, dots and commas
// into single spaces.
func foldSpace(s string) string {
	s = fold(s)
	if spaceClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) || r == '.' || r == ',' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// spaceClean reports whether s is ASCII without dots, commas, white space
// other than single inner blanks: foldSpace leaves it as it is.
func spaceClean(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf, c == '.', c == ',', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' '):
			return false
		}
	}
	return true
}

var foldMap = map[rune]string{
	'ä': "ae", 'ö': "oe", 'ü': "ue", 'ß': "ss",
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'å': "a", 'ā': "a", 'ă': "a", 'ą': "a",
	'æ': "ae", 'ç': "c", 'ć': "c", 'č': "c", 'ĉ': "c",
	'ď': "d", 'đ': "d", 'ð': "d",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ė': "e", 'ę': "e", 'ě': "e",
	'ğ': "g", 'ģ': "g",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ī': "i", 'į': "i", 'ı': "i",
	'ķ': "k", 'ł': "l", 'ľ': "l", 'ĺ': "l", 'ļ': "l",
	'ñ': "n", 'ń': "n", 'ň': "n", 'ņ': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ø': "oe", 'ō': "o", 'ő': "o", 'œ': "oe",
	'ŕ': "r", 'ř': "r",
	'ś': "s", 'š': "s", 'ş': "s", 'ș': "s",
	'ť': "t", 'ţ': "t", 'ț': "t", 'þ': "th",
	'ù': "u", 'ú': "u", 'û': "u", 'ū': "u", 'ů': "u", 'ű': "u", 'ų': "u",
	'ý': "y", 'ÿ': "y",
	'ź': "z", 'ż': "z", 'ž': "z",
}

// kbRow is one keyboard row: the position of each key, for runes below
// 256 in a table (the hot path of the random-typing check), others in a map.
type kbRow struct {
	lo [256]int8     // position+1, 0 = not on the row
	hi map[rune]int8 // position+1 of runes >= 256 (nil when none)
}

// newKBRow returns the row of the keys in keys, in order (lower-cased; a
// key listed twice keeps its last position).
func newKBRow(keys string) *kbRow {
	k := &kbRow{}
	for i, r := range []rune(strings.ToLower(keys)) {
		if r < 256 {
			k.lo[r] = int8(i + 1)
			continue
		}
		if k.hi == nil {
			k.hi = map[rune]int8{}
		}
		k.hi[r] = int8(i + 1)
	}
	return k
}

// mayRunAlongRow reports whether w could hold a run of four keys along a
// keyboard row: three consecutive pairs of neighbouring keys. It is exact
// for runes below 256 and says true when it cannot tell.
func (l *wordLists) mayRunAlongRow(w string) bool {
	streak := 0
	prev := rune(-1)
	for _, r := range w {
		if r >= 256 {
			return true // rows with such keys are only in kbRow.hi
		}
		if prev >= 0 {
			bit := int(prev)<<8 | int(r)
			if l.kbAdjacent[bit/64]&(1<<(bit%64)) != 0 {
				streak++
				if streak >= 3 {
					return true
				}
			} else {
				streak = 0
			}
		}
		prev = r
	}
	return false
}

// pos returns the position of r on the row (from 1), or 0.
func (k *kbRow) pos(r rune) int {
	if r >= 0 && r < 256 {
		return int(k.lo[r])
	}
	return int(k.hi[r])
}

// firstWord returns s up to its first space.
func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}
