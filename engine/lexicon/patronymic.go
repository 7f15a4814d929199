package lexicon

import "strings"

// patronymicEndings are the endings of Russian, Ukrainian, Belarusian and
// Bulgarian patronymics, in Cyrillic and in Latin transliteration, with
// the sex they mark.
var patronymicEndings = [...]struct {
	end  string
	male bool
}{
	{"ovich", true}, {"evich", true}, {"ovych", true}, {"evych", true},
	{"ovna", false}, {"evna", false}, {"ichna", false}, {"ivna", false},
	{"ович", true}, {"евич", true}, {"ьич", true}, {"йович", true},
	{"овна", false}, {"евна", false}, {"ична", false}, {"івна", false}, {"ївна", false},
	// Belarusian: "Іванавіч", "Георгіеўна", "Ільінічна"; in Latin letters
	// "Ivanavich", "Hieorhijeŭna" (or "-euna").
	{"авіч", true}, {"евіч", true}, {"аўна", false}, {"еўна", false}, {"ічна", false},
	{"avich", true}, {"aŭna", false}, {"eŭna", false}, {"auna", false}, {"euna", false},
}

// Patronymic reports whether w is shaped like a Slavic patronymic
// ("Nikolayevich", "Georgievna", "Николаевич"), and whether it marks a
// man. "-ich"/"-ич" ("Ilyich") counts only on a word the data does not
// know well as a given name ("Ulrich", "Heinrich" are given names).
func Patronymic(lex Lexicon, w string) (isPatronymic, male bool) {
	if len(w) < 6 {
		return false, false
	}
	// Every ending ends in h, a or a Cyrillic letter: most words stop here.
	if c := w[len(w)-1]; c < 0x80 && c|0x20 != 'h' && c|0x20 != 'a' {
		return false, false
	}
	for _, p := range patronymicEndings {
		if len(w) > len(p.end)+2 && strings.EqualFold(w[len(w)-len(p.end):], p.end) {
			return true, p.male
		}
	}
	for _, end := range [...]string{"ich", "ич", "іч"} {
		if len(w) > len(end)+2 && strings.EqualFold(w[len(w)-len(end):], end) && GivenStrength(lex, w) < 0.5 {
			return true, true
		}
	}
	return false, false
}
