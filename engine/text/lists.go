package text

import (
	"bufio"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/namepipe/namepipe/engine/lists"
	"github.com/namepipe/namepipe/nameapi"
)

// The small curated word lists of the person-name operations live as text
// files in engine/lists (package lists), each with a header naming its
// source. They are parsed once, on first use.

// WordLists holds the parsed curated lists, keyed by NKey.
type WordLists struct {
	Salutations      map[string]string // key → implied gender ("" when none)
	SalutationsAfter map[string]bool   // salutations written after the name ("úr", "Bey")
	SalutationGender map[string]string // key → implied gender: Salutations plus the forms only read for their gender ("m")
	Titles           map[string]bool
	TitleCanon       map[string]string    // key → canonical spelling
	Qualifiers       map[string]Qualifier // key → canonical form and term type
	AffixFilter      KeyFilter            // of Salutations (and SalutationsAfter), Titles and Qualifiers (see MayBeAffix)
	Particles        map[string]bool
	ParticleFilter   KeyFilter // of Particles (see IsParticle)
	// ParticlesCapital are the Particles written with a capital (Irish
	// "Ó", "Mac", "Ní": "Liam Ó Murchú").
	ParticlesCapital map[string]bool
	// ParticlesAfter are words that follow the name they belong to and
	// make a surname with it (Kyrgyz "uulu", "son of": "Zhanybek uulu");
	// they are not Particles.
	ParticlesAfter  map[string]bool
	LegalForms      map[string]string // key → canonical spelling
	LegalMaxWords   int               // most words in one legal form
	BusinessWords   map[string]bool
	BusinessFilter  KeyFilter           // of BusinessWords (their keys are NKeys)
	Nicknames       map[string][]string // folded name → folded names it is a short form of (and back)
	Placeholders    map[string]string   // folded full name → risk type
	NameWords       map[string]string   // folded single word → risk type
	Famous          map[string]bool
	Fictional       map[string]bool
	Humorous        map[string]bool
	FakeFirst       map[string]bool   // first word of every placeholder, fictional and humorous name
	FakeFirstFilter KeyFilter         // of FakeFirst (their keys are folded)
	KeyboardRows    []*KBRow          // one per keyboard row
	VowelScripts    []VowelScript     // the scripts with vowel letters (vowels.txt)
	kbAdjacent      []uint64          // bit a<<8|b: runes a, b (< 256) are neighbours on some row
	LegalSuffixes   map[string]bool   // every suffix of every legalForms key
	LegalEndFilter  KeyFilter         // of LegalSuffixes
	AddrWords       map[string]string // folded address word → risk type
	AddrPhrases     []AddrPhrase      // folded address phrases, in file order
	AddrPhrase1     [256][]uint8      // first byte → indexes in addrPhrases of the phrases starting with it
	BirthName       map[string]bool   // words introducing a birth name ("geb.", "née")
	Professions     map[string]bool   // professions written after a name
	ProfEndings     []string          // word endings that mark a profession ("meister")
}

// MaxAddrPhrases is the most address phrases the risk detector's bit set
// of found phrases holds.
const MaxAddrPhrases = 128

// AddrPhrase is a placeholder or fictional address phrase ("123 main st")
// and its risk type.
type AddrPhrase struct {
	Text, Type string
}

type Qualifier struct {
	Canonical string
	TermType  string
}

var (
	listsOnce sync.Once
	listsVal  *WordLists
)

// Lists returns the curated word Lists, parsing them on first use. A broken
// embedded file is a build defect, so it panics.
func Lists() *WordLists {
	listsOnce.Do(func() {
		l, err := loadLists()
		if err != nil {
			panic(fmt.Sprintf("engine: embedded word lists: %v", err))
		}
		listsVal = l
	})
	return listsVal
}

// readList calls fn for each data line of the list file name (comments and blank
// lines skipped), split at '|'.
func readList(name string, fn func(fields []string) error) error {
	f, err := lists.Files.Open(name)
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

func loadLists() (*WordLists, error) {
	l := &WordLists{
		Salutations:      map[string]string{},
		SalutationsAfter: map[string]bool{},
		SalutationGender: map[string]string{},
		Titles:           map[string]bool{},
		TitleCanon:       map[string]string{},
		Qualifiers:       map[string]Qualifier{},
		Particles:        map[string]bool{},
		ParticlesCapital: map[string]bool{},
		ParticlesAfter:   map[string]bool{},
		LegalForms:       map[string]string{},
		BusinessWords:    map[string]bool{},
		Nicknames:        map[string][]string{},
		Placeholders:     map[string]string{},
		NameWords:        map[string]string{},
		Famous:           map[string]bool{},
		Fictional:        map[string]bool{},
		Humorous:         map[string]bool{},
		AddrWords:        map[string]string{},
		BirthName:        map[string]bool{},
		Professions:      map[string]bool{},
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
			l.SalutationGender[NKey(f[0])] = g
			if len(f) > 2 && f[2] == "gender" {
				return nil // a gender only: not a salutation word of the parser ("M." of Monsieur)
			}
			l.Salutations[NKey(f[0])] = g
			if len(f) > 2 && f[2] == "after" {
				l.SalutationsAfter[NKey(f[0])] = true
			}
			return nil
		}},
		{"titles.txt", func(f []string) error {
			l.Titles[NKey(f[0])] = true
			l.TitleCanon[NKey(f[0])] = f[0]
			return nil
		}},
		{"qualifiers.txt", func(f []string) error {
			if len(f) < 2 {
				return fmt.Errorf("qualifier %q without term type", f[0])
			}
			l.Qualifiers[NKey(f[0])] = Qualifier{Canonical: f[0], TermType: f[1]}
			return nil
		}},
		{"particles.txt", func(f []string) error {
			k := NKey(f[0])
			switch {
			case len(f) == 1:
				l.Particles[k] = true
			case f[1] == "CAPITAL":
				l.Particles[k] = true
				l.ParticlesCapital[k] = true
			case f[1] == "AFTER":
				l.ParticlesAfter[k] = true
			default:
				return fmt.Errorf("particle %q: unknown kind %q", f[0], f[1])
			}
			return nil
		}},
		{"legalforms.txt", func(f []string) error {
			if _, dup := l.LegalForms[NKey(f[0])]; !dup {
				l.LegalForms[NKey(f[0])] = f[0] // the first spelling is canonical
			}
			if n := len(strings.Fields(f[0])); n > l.LegalMaxWords {
				l.LegalMaxWords = n
			}
			return nil
		}},
		{"businesswords.txt", func(f []string) error { l.BusinessWords[NKey(f[0])] = true; return nil }},
		{"birthnames.txt", func(f []string) error { l.BirthName[NKey(f[0])] = true; return nil }},
		{"professions.txt", func(f []string) error {
			if end, ok := strings.CutPrefix(f[0], "-"); ok {
				l.ProfEndings = append(l.ProfEndings, NKey(end))
			} else {
				l.Professions[NKey(f[0])] = true
			}
			return nil
		}},
	}
	for _, s := range steps {
		if err := readList(s.file, s.fn); err != nil {
			return nil, err
		}
	}
	if err := loadRiskLists(l); err != nil {
		return nil, err
	}
	l.LegalSuffixes = map[string]bool{}
	for k := range l.LegalForms {
		for i := range len(k) + 1 {
			l.LegalSuffixes[k[i:]] = true
		}
	}
	for k := range l.LegalSuffixes {
		l.LegalEndFilter.Add(k)
	}
	l.FakeFirst = map[string]bool{}
	for _, m := range []map[string]bool{l.Fictional, l.Humorous} {
		for k := range m {
			l.FakeFirst[FirstWord(k)] = true
		}
	}
	for k := range l.Placeholders {
		l.FakeFirst[FirstWord(k)] = true
	}
	for k := range l.FakeFirst {
		l.FakeFirstFilter.Add(k)
	}
	for k := range l.BusinessWords {
		l.BusinessFilter.Add(k)
	}
	for k := range l.Particles {
		l.ParticleFilter.Add(k)
	}
	for _, m := range []map[string]string{l.Salutations, l.TitleCanon} {
		for k := range m {
			l.AffixFilter.Add(k)
		}
	}
	for k := range l.Qualifiers {
		l.AffixFilter.Add(k)
	}
	l.kbAdjacent = make([]uint64, 256*256/64)
	for _, row := range l.KeyboardRows {
		for a := range 256 {
			for b := range 256 {
				pa, pb := int(row.Lo[a]), int(row.Lo[b])
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
func loadRiskLists(l *WordLists) error {
	steps := []struct {
		file string
		fn   func([]string) error
	}{
		{"nicknames.txt", func(f []string) error {
			if len(f) < 2 {
				return fmt.Errorf("nickname line %q needs name|short,short", f[0])
			}
			full := Fold(f[0])
			for _, s := range strings.Split(f[1], ",") {
				s = Fold(strings.TrimSpace(s))
				if s == "" {
					continue
				}
				l.Nicknames[s] = append(l.Nicknames[s], full)
				l.Nicknames[full] = append(l.Nicknames[full], s)
			}
			return nil
		}},
		{"placeholders.txt", func(f []string) error {
			t := nameapi.RiskPlaceholder
			if len(f) > 1 {
				t = f[1]
			}
			k := FoldSpace(f[0])
			if strings.Contains(k, " ") {
				l.Placeholders[k] = t
			} else {
				l.NameWords[k] = t
			}
			return nil
		}},
		{"famous.txt", func(f []string) error { l.Famous[FoldSpace(f[0])] = true; return nil }},
		{"fictional.txt", func(f []string) error { l.Fictional[FoldSpace(f[0])] = true; return nil }},
		{"humorous.txt", func(f []string) error { l.Humorous[FoldSpace(f[0])] = true; return nil }},
		{"addresses.txt", func(f []string) error {
			if len(f) < 2 {
				return fmt.Errorf("address line %q needs a risk type", f[0])
			}
			k := FoldSpace(f[0])
			if strings.Contains(k, " ") {
				for i := range l.AddrPhrases {
					if l.AddrPhrases[i].Text == k {
						l.AddrPhrases[i].Type = f[1] // the last line wins
						return nil
					}
				}
				if len(l.AddrPhrases) == MaxAddrPhrases {
					return fmt.Errorf("more than %d address phrases", MaxAddrPhrases)
				}
				l.AddrPhrase1[k[0]] = append(l.AddrPhrase1[k[0]], uint8(len(l.AddrPhrases)))
				l.AddrPhrases = append(l.AddrPhrases, AddrPhrase{Text: k, Type: f[1]})
			} else {
				l.AddrWords[k] = f[1]
			}
			return nil
		}},
		{"keyboard.txt", func(f []string) error {
			l.KeyboardRows = append(l.KeyboardRows, newKBRow(f[0]))
			return nil
		}},
		{"vowels.txt", func(f []string) error {
			if len(f) != 2 {
				return fmt.Errorf("want script|vowels")
			}
			t := unicode.Scripts[f[0]]
			if t == nil {
				return fmt.Errorf("unknown script %q", f[0])
			}
			v := VowelScript{Name: f[0], Table: t, Vowels: map[rune]bool{}}
			for _, r := range f[1] {
				v.Vowels[r] = true
			}
			l.VowelScripts = append(l.VowelScripts, v)
			return nil
		}},
	}
	for _, s := range steps {
		if _, err := lists.Files.Open(s.file); err != nil {
			continue
		}
		if err := readList(s.file, s.fn); err != nil {
			return err
		}
	}
	return nil
}

// VowelScript is a writing system with vowel letters and its vowels (lower
// case, without diacritics but for those listed).
type VowelScript struct {
	Name   string
	Table  *unicode.RangeTable
	Vowels map[rune]bool
}

// VowelScriptOf returns the VowelScript of the letter r, or nil when r's
// script writes no vowel letters (or r is no letter).
func (l *WordLists) VowelScriptOf(r rune) *VowelScript {
	for i := range l.VowelScripts {
		if unicode.Is(l.VowelScripts[i].Table, r) {
			return &l.VowelScripts[i]
		}
	}
	return nil
}

// KBRow is one keyboard row: the position of each key, for runes below
// 256 in a table (the hot path of the random-typing check), others in a map.
type KBRow struct {
	Lo [256]int8     // position+1, 0 = not on the row
	hi map[rune]int8 // position+1 of runes >= 256 (nil when none)
}

// newKBRow returns the row of the keys in keys, in order (lower-cased; a
// key listed twice keeps its last position).
func newKBRow(keys string) *KBRow {
	k := &KBRow{}
	for i, r := range []rune(strings.ToLower(keys)) {
		if r < 256 {
			k.Lo[r] = int8(i + 1)
			continue
		}
		if k.hi == nil {
			k.hi = map[rune]int8{}
		}
		k.hi[r] = int8(i + 1)
	}
	return k
}

// MayRunAlongRow reports whether w could hold a run of four keys along a
// keyboard row: three consecutive pairs of neighbouring keys. It is exact
// for runes below 256 and says true when it cannot tell.
func (l *WordLists) MayRunAlongRow(w string) bool {
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

// Pos returns the position of r on the row (from 1), or 0.
func (k *KBRow) Pos(r rune) int {
	if r >= 0 && r < 256 {
		return int(k.Lo[r])
	}
	return int(k.hi[r])
}

// IsProfession reports whether the word with key k names a profession:
// listed, or longer than one of the listed endings and ending in it
// ("malermeister").
func (l *WordLists) IsProfession(k string) bool {
	if l.Professions[k] {
		return true
	}
	for _, end := range l.ProfEndings {
		if len(k) > len(end)+2 && strings.HasSuffix(k, end) {
			return true
		}
	}
	return false
}

// IsParticle reports whether the word t is a surname particle ("van",
// "de", "bin"): Particles[t.Key], most words answered by ParticleFilter
// (the key of a word is NKey of its text).
func (l *WordLists) IsParticle(t Token) bool {
	return l.ParticleFilter.MayHold(t.Key) && l.Particles[t.Key]
}

// MayBeAffix reports whether the word t may be a salutation, a title or a
// qualifier: false for most words, whose key then is in none of those
// maps (Salutations, SalutationsAfter, Titles, Qualifiers: looked up by
// t.Key).
func (l *WordLists) MayBeAffix(t Token) bool {
	return l.AffixFilter.MayHold(t.Key)
}
