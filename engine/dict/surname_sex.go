package dict

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// Surnames that carry their bearer's sex: Russian Иванов / Иванова, Czech
// Novák / Nováková, Latvian Bērziņš / Bērziņa. surname-sex.tsv.zst lists the
// surnames faker gives by sex (as written, folded and by Latin key); the
// marked endings carry them to surnames it does not list ("Tsvetaeva",
// "Dimitrova").

// surnameSex is a listed surname's male percent.
type surnameSex struct {
	name string
	male uint8
}

// loadSurnameSex returns the entries of surname-sex.tsv.zst (Load adds them
// to Dict.words).
func loadSurnameSex(name string) ([]surnameSex, error) {
	s := make([]surnameSex, 0, 9000)
	err := lines(name, func(l string, _ int) error {
		n, ps, ok := strings.Cut(l, "\t")
		p, ok2 := atoiSmall(ps)
		if !ok || !ok2 || n == "" || p > 100 {
			return fmt.Errorf("want name TAB malePercent, got %q", l)
		}
		s = append(s, surnameSex{name: n, male: uint8(p)})
		return nil
	})
	return s, err
}

// sexOf returns the male percent of a surname key listed by sex.
func (d *Dict) sexOf(k string) (uint8, bool) {
	e := d.words.get(k)
	return e.sexMale, e.sexKnown()
}

// maleEndings and femaleEndings are the endings that mark a surname as a
// man's or a woman's form, each the counterpart of the other (-ov / -ova,
// -ski / -ska, -ский / -ская, Czech -ý / -á after -sk). A surname's base
// form, the men's form where surnames take the bearer's sex (Czech Novák /
// Nováková), is also the form every surname has elsewhere (German Müller),
// and some women's forms look like other languages' surnames (Latvian
// Andersone, Italian Leone): so only these endings, and the women's forms
// the data lists, answer.
var (
	maleEndings   = []string{"ov", "ev", "yov", "ski", "sky", "skiy", "skij", "ský", "cký", "cki", "dzki", "ов", "ев", "ёв", "ский", "цкий", "ски"}
	femaleEndings = []string{"ova", "eva", "yova", "ová", "ská", "cká", "ska", "cka", "dzka", "skaya", "skaja", "ова", "ева", "ёва", "ская", "цкая", "ска"}
)

// belarusianMaleEndings are the Belarusian men's forms of -ov/-ev,
// written with ŭ (Łacinka "Ivanoŭ", "Kavalioŭ") or ў (Cyrillic
// "Іваноў"); ŭ and ў end no other language's surnames, so the women's
// forms (-ava, -ova, shared with other languages) are not needed to tell
// them.
var belarusianMaleEndings = []string{"oŭ", "aŭ", "eŭ", "оў", "аў", "еў", "ёў"}

// belarusianMarked is SurnameMaleProportion for a surname ending in ŭ or
// ў: a man's form when it ends in one of belarusianMaleEndings after two
// letters or more.
func belarusianMarked(surname string) (float64, bool) {
	lower := strings.ToLower(surname)
	for _, e := range belarusianMaleEndings {
		if rest, ok := strings.CutSuffix(lower, e); ok && utf8.RuneCountInString(rest) >= 2 {
			return 1, true
		}
	}
	return 0, false
}

// lithuanianFemaleEndings are the Lithuanian women's surname forms: a
// married woman's -ienė (Paulauskienė for Paulauskas) and an unmarried
// one's -aitė, -ytė, -iūtė, -ūtė, -utė (Paulauskaitė). The letter ė ends
// no other language's surnames; the men's forms (-as, -is, -us, -ys) are
// every language's, so they are not marked.
var lithuanianFemaleEndings = []string{"ienė", "aitė", "ytė", "iūtė", "ūtė", "utė"}

// lithuanianMarked is SurnameMaleProportion for a surname ending in ė: a
// woman's form when it ends in one of lithuanianFemaleEndings after two
// letters or more.
func lithuanianMarked(surname string) (float64, bool) {
	lower := strings.ToLower(surname)
	for _, e := range lithuanianFemaleEndings {
		if rest, ok := strings.CutSuffix(lower, e); ok && utf8.RuneCountInString(rest) >= 2 {
			return 0, true
		}
	}
	return 0, false
}

// asciiMaleEndings and asciiFemaleEndings are the ASCII ones of
// maleEndings and femaleEndings.
var asciiMaleEndings, asciiFemaleEndings = asciiOnly(maleEndings), asciiOnly(femaleEndings)

func asciiOnly(l []string) []string {
	var out []string
	for _, e := range l {
		if script.Of(e) == script.Latin && strings.IndexFunc(e, func(r rune) bool { return r >= utf8.RuneSelf }) < 0 {
			out = append(out, e)
		}
	}
	return out
}

// asciiMarked is SurnameMaleProportion's endings test for a lower-case
// ASCII surname (see BenchmarkSurnameMaleProportion).
func asciiMarked(b []byte) (float64, bool) {
	if len(b) < 3 {
		return 0, false
	}
	ends, p := asciiMaleEndings, 1.0
	switch b[len(b)-1] {
	case 'a':
		ends, p = asciiFemaleEndings, 0
	case 'v', 'i', 'y', 'j':
	default:
		return 0, false
	}
	for _, e := range ends {
		if len(b) > len(e)+1 && string(b[len(b)-len(e):]) == e {
			return p, true
		}
	}
	return 0, false
}

// SurnameMaleProportion returns the share (0..1) of men among the bearers
// of a surname that carries its bearer's sex: 0 for a woman's form
// ("Ivanova", "Nováková", "Kowalska", or one the data lists as a woman's
// form: "Kalniņa"), 1 for a marked man's form ("Ivanov", "Kowalski"). ok is
// false for surnames that tell nothing (most surnames).
func (d *Dict) SurnameMaleProportion(surname string) (p float64, ok bool) {
	surname = strings.TrimSpace(surname)
	// Every listed woman's form and every marked ending ends in one of
	// these letters: most surnames stop here.
	switch r, _ := utf8.DecodeLastRuneInString(surname); unicode.ToLower(r) {
	case 'a', 'e', 'i', 'j', 'v', 'y', 'á', 'ý', 'а', 'в', 'й', 'и', 'я':
	case 'ŭ', 'ў':
		return belarusianMarked(surname)
	case 'ė':
		return lithuanianMarked(surname)
	default:
		return 0, false
	}
	var buf [asciiKeyMax]byte
	if b, ascii := asciiLower(surname, &buf); ascii {
		// One lookup without allocating, and the endings only for the
		// last letters they can have.
		if e := d.words.getBytes(b); e.sexKnown() && e.sexMale <= 5 {
			return float64(e.sexMale) / 100, true
		}
		return asciiMarked(b)
	}
	// Other surnames: as written (the data lists Cyrillic ones in their
	// script) and folded ("Nováková" → "novakova").
	lower := strings.ToLower(strings.TrimSpace(surname))
	if v, ok := d.sexOf(lower); ok && v <= 5 {
		return float64(v) / 100, true
	}
	f := text.Strip(lower)
	if v, ok := d.sexOf(f); ok && v <= 5 {
		return float64(v) / 100, true
	}
	if b, ascii := asciiLower(f, &buf); ascii {
		return asciiMarked(b)
	}
	// Every marked ending ends in one of these letters.
	switch r, _ := utf8.DecodeLastRuneInString(f); r {
	case 'a', 'v', 'i', 'y', 'j', 'á', 'ý', 'а', 'в', 'й', 'и':
	default:
		return 0, false
	}
	for _, ends := range []struct {
		list []string
		p    float64
	}{{femaleEndings, 0}, {maleEndings, 1}} {
		for _, e := range ends.list {
			if strings.HasSuffix(f, e) && len(f) > len(e)+1 {
				return ends.p, true
			}
		}
	}
	return 0, false
}
