package match

// The comparison of two names word by word: given names, surnames, birth
// names, initials and short forms.

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// wordRel is how two name words relate.
type wordRel int

const (
	relDifferent  wordRel = iota
	relSimilar            // a typo apart
	relCompatible         // nickname, or initial against name
	relEqual
)

func compareWords(a, b string, l *text.WordLists) wordRel {
	if a == b {
		return relEqual
	}
	// Transliteration leftovers: "muller" (ü without e) against "mueller".
	if strings.ReplaceAll(a, "ue", "u") == strings.ReplaceAll(b, "ue", "u") &&
		strings.ReplaceAll(strings.ReplaceAll(a, "ae", "a"), "oe", "o") == strings.ReplaceAll(strings.ReplaceAll(b, "ae", "a"), "oe", "o") {
		return relEqual
	}
	// Nicknames and short forms ("Bill", "Mohd.").
	ta, tb := strings.TrimRight(a, "."), strings.TrimRight(b, ".")
	for _, n := range l.Nicknames[ta] {
		if n == tb {
			return relCompatible
		}
	}
	// One name in two scripts ("Ivan", "Иван"; "Hassan", "حسّان").
	if sa, sb := script.Of(a), script.Of(b); sa != sb && sa != script.None && sb != script.None {
		if ka, kb := script.MatchKey(a), script.MatchKey(b); ka != "" && (ka == kb || vowelVav(sa, ka) == kb || ka == vowelVav(sb, kb)) {
			return relCompatible
		}
	}
	la, lb := len([]rune(a)), len([]rune(b))
	if min(la, lb) >= 4 {
		d := text.DamerauLevenshtein(a, b)
		if d == 1 || (d == 2 && min(la, lb) >= 7) || text.JaroWinkler(a, b) >= 0.94 {
			return relSimilar
		}
	}
	return relDifferent
}

// compareNames compares two reduced names. extraA/extraB say whether a
// side has name parts the other lacks; relation is true for the same
// surname with other given names or other generational qualifiers.
func compareNames(a, b mName, l *text.WordLists) (typ string, extraA, extraB, relation bool) {
	if a.legal != "" || b.legal != "" {
		switch {
		case a.legal == b.legal:
			return nameapi.MatchEqual, false, false, false
		case a.legal != "" && b.legal != "" && compareWords(strings.ReplaceAll(a.legal, " ", ""), strings.ReplaceAll(b.legal, " ", ""), l) >= relSimilar:
			return nameapi.MatchSimilar, false, false, false
		}
		return nameapi.MatchDifferent, false, false, false
	}
	if len(a.surnames) == 0 && len(b.surnames) == 0 && len(a.given) == 0 && len(b.given) == 0 {
		return nameapi.MatchNoSimilarityFound, false, false, false
	}
	sRel, sExtraA, sExtraB := compareSurnames(a.surnames, b.surnames, l)
	if sRel < relEqual && a.joined != "" && a.joined == b.joined {
		// One surname split otherwise: "Mac Cárthaigh", "MacCárthaigh".
		sRel, sExtraA, sExtraB = relEqual, false, false
	}
	sRel, sExtraA, sExtraB = birthSurnames(a, b, sRel, sExtraA, sExtraB, l)
	gRel, gExtraA, gExtraB := compareGiven(a, b, l)
	// Swapped order: "Müller Petra" read as given "Müller".
	if sRel == relDifferent && gRel == relDifferent && len(a.given) > 0 && len(b.given) > 0 && len(a.surnames) > 0 && len(b.surnames) > 0 {
		if compareWords(a.given[0], b.surnames[len(b.surnames)-1], l) == relEqual && compareWords(a.surnames[len(a.surnames)-1], b.given[0], l) == relEqual {
			return nameapi.MatchMatching, false, false, false
		}
	}
	extraA, extraB = sExtraA || gExtraA, sExtraB || gExtraB
	qualRel := a.qual != "" && b.qual != "" && a.qual != b.qual
	switch {
	case sRel == relEqual && gRel == relEqual && !extraA && !extraB:
		if a.surnameFirst != b.surnameFirst && !surnameFirstCulture(a) || !slices.Equal(a.particles, b.particles) || (len(a.affixes) == 0) != (len(b.affixes) == 0) ||
			!slices.Equal(a.nicknames, b.nicknames) {
			// The same name written another way: "Müller Petra",
			// "Fatima Hussain" for "Fatima binti Hussain", "Monsieur
			// Jean-Claude Laforge" for "Jean-Claude Laforge", "Kristýna
			// \"Týna\" Nováková" for "Kristýna Nováková".
			return nameapi.MatchMatching, false, false, qualRel
		}
		return nameapi.MatchEqual, false, false, qualRel
	case sRel >= relCompatible && gRel >= relCompatible:
		return nameapi.MatchMatching, extraA, extraB, qualRel
	case sRel >= relSimilar && gRel >= relSimilar:
		return nameapi.MatchSimilar, extraA, extraB, qualRel
	case sRel >= relCompatible && gRel == relDifferent:
		return nameapi.MatchPartial, extraA, extraB, true
	case sRel == relDifferent && gRel >= relCompatible:
		return nameapi.MatchPartial, extraA, extraB, false
	}
	return nameapi.MatchDifferent, extraA, extraB, false
}

// birthSurnames lets a birth name stand for the surname: "Maria Schmidt
// geb. Weber" and "Maria Weber" are the same woman before and after her
// marriage (compatible, each side with a part the other lacks). A birth
// name only one side gives is a part the other lacks.
func birthSurnames(a, b mName, rel wordRel, extraA, extraB bool, l *text.WordLists) (wordRel, bool, bool) {
	if len(a.birth) == 0 && len(b.birth) == 0 {
		return rel, extraA, extraB
	}
	if rel == relDifferent {
		for _, pair := range [][2][]string{{a.birth, b.surnames}, {a.surnames, b.birth}, {a.birth, b.birth}} {
			if len(pair[0]) == 0 || len(pair[1]) == 0 {
				continue
			}
			if r, _, _ := compareSurnames(pair[0], pair[1], l); r >= relCompatible {
				return relCompatible, true, true
			}
		}
		return rel, extraA, extraB
	}
	return rel, extraA || len(a.birth) > 0 && len(b.birth) == 0, extraB || len(b.birth) > 0 && len(a.birth) == 0
}

// compareSurnames compares surname parts: equal sets are equal; one set
// inside the other ("Müller" and "Mueller-Meyer") is compatible.
func compareSurnames(a, b []string, l *text.WordLists) (wordRel, bool, bool) {
	if len(a) == 0 || len(b) == 0 {
		return relCompatible, len(a) > 0, len(b) > 0
	}
	best := func(w string, set []string) wordRel {
		r := relDifferent
		for _, x := range set {
			if c := compareWords(w, x, l); c > r {
				r = c
			}
		}
		return r
	}
	worstA, anyA, extraA := relEqual, relDifferent, false
	for _, w := range a {
		r := best(w, b)
		worstA = min(worstA, r)
		anyA = max(anyA, r)
		if r == relDifferent {
			extraA = true
		}
	}
	extraB := false
	for _, w := range b {
		if best(w, a) == relDifferent {
			extraB = true
		}
	}
	switch {
	case !extraA && !extraB:
		return worstA, false, false
	case anyA >= relSimilar:
		// Shared part plus extra parts: compatible at best.
		return min(anyA, relCompatible), extraA, extraB
	}
	return relDifferent, extraA, extraB
}

// compareGiven compares given names and initials.
func compareGiven(a, b mName, l *text.WordLists) (wordRel, bool, bool) {
	na, nb := len(a.given)+len(a.initials), len(b.given)+len(b.initials)
	if na == 0 || nb == 0 {
		return relCompatible, na > 0, nb > 0
	}
	// First given names (or initials).
	firstA, firstB := "", ""
	if len(a.given) > 0 {
		firstA = a.given[0]
	}
	if len(b.given) > 0 {
		firstB = b.given[0]
	}
	var r wordRel
	switch {
	case firstA != "" && firstB != "":
		r = compareWords(firstA, firstB, l)
		if r < relCompatible && (shortForm(firstA, firstB) || compoundShortForm(firstA, firstB) || compoundShortForm(firstB, firstA)) {
			r = relCompatible
		}
	case firstA != "" && len(b.initials) > 0:
		r = initialRel(firstA, b.initials[0])
	case firstB != "" && len(a.initials) > 0:
		r = initialRel(firstB, a.initials[0])
	default:
		r = relDifferent
		if len(a.initials) > 0 && len(b.initials) > 0 && a.initials[0] == b.initials[0] {
			r = relCompatible
		}
	}
	if r == relDifferent {
		if laterGiven(a, b, l) {
			return relCompatible, false, true
		}
		if laterGiven(b, a, l) {
			return relCompatible, true, false
		}
		return r, true, true
	}
	// Middle names and initials beyond the first: more on one side is an
	// extra part; a conflicting initial is a difference.
	restA := restParts(a)
	restB := restParts(b)
	extraA, extraB := false, false
	for i := 0; i < max(len(restA), len(restB)); i++ {
		switch {
		case i >= len(restB):
			extraA = true
		case i >= len(restA):
			extraB = true
		case restA[i] == restB[i]:
		case initialByte(restA[i]) == initialByte(restB[i]) && (len(restA[i]) == 1 || len(restB[i]) == 1):
			r = min(r, relCompatible)
		default:
			extraA, extraB = true, true
		}
	}
	if (extraA || extraB) && r == relEqual {
		r = relCompatible
	}
	return r, extraA, extraB
}

// laterGiven reports whether a has one given name or initial only and it
// is one of b's later given names ("Fatimah Madani", "T. van Rijswijck"
// for "Anousheh Fatimah Madani", "Jan Theodoor van Rijswijck": people go
// by a middle name).
func laterGiven(a, b mName, l *text.WordLists) bool {
	if len(a.given)+len(a.initials) != 1 {
		return false
	}
	for _, w := range restParts(b) {
		switch {
		case len(a.given) == 1 && len(w) > 1:
			if compareWords(a.given[0], w, l) >= relCompatible {
				return true
			}
		case len(a.initials) == 1 && initialByte(w) == a.initials[0]:
			return true
		}
	}
	return false
}

// stemPetEndings are endings pet forms put in place of a given name's
// last vowel (Romanian Alin-uţa), folded. Endings added to the whole name
// (Turkish Ayşe-cik, Polish Piotr-uś, German Hans-chen) need no list: the
// name is a prefix of its pet form.
var stemPetEndings = []string{"uta"}

// otherEndings make another name of a name, most often the other sex's
// (Paul-a, Josef-ine, Andrea-s): a name and itself with one of these are
// two names, not a short form.
var otherEndings = []string{"a", "e", "s", "ia", "ie", "na", "ne", "ina", "ine", "ette"}

// shortForm reports whether one given name is a short or pet form of the
// other: cut to its first three letters or more ("Manu" for "Manuel",
// "Vero" for "Véronique", "Alina" for "Alina-Victoria"; not "Andrea" for
// "Andreas", "Paul" for "Paula" or "Josef" for "Josefine"), cut and ended
// in -i, -y or -ie ("Levi", "Ursi" for "Levente", "Ursula"), or the name
// with a pet ending ("Ayşecik", "Piotruś", "Alinuţa"). The words are
// folded.
func shortForm(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if utf8.RuneCountInString(a) < 3 || a == b {
		return false
	}
	if rest, ok := strings.CutPrefix(b, a); ok {
		return !slices.Contains(otherEndings, rest)
	}
	for _, end := range []string{"ie", "i", "y"} {
		if stem, ok := strings.CutSuffix(a, end); ok && utf8.RuneCountInString(stem) >= 3 && strings.HasPrefix(b, stem) && len(b) > len(stem)+len(end) {
			return true
		}
	}
	if stem := strings.TrimRight(a, "aeiou"); utf8.RuneCountInString(stem) >= 3 && stem != a {
		if rest, ok := strings.CutPrefix(b, stem); ok && slices.Contains(stemPetEndings, rest) {
			return true
		}
	}
	return false
}

// surnameFirstCulture reports whether n's surname is one of a culture
// that writes the surname first (Vietnamese: text.IsVietnameseSurname),
// where "Nguyễn Quang Dũng" and "Quang Dung Nguyen" are the one name in
// its native and its Western order, not a name written another way as
// "Müller Petra" is.
func surnameFirstCulture(n mName) bool {
	return n.joined != "" && text.IsVietnameseSurname(n.joined) // "Lê" is also a particle
}

// compoundShortForm reports whether a is a short or pet form of the first
// part of the compound given name b, written as one term ("Alinuţa" for
// "Alina-Victoria", "Hansi" for "Hans-Peter", "Vero" for "Véronique
// Anne"): a pet form is made of one of the names (shortForm), and a
// compound is named by its first. A part cut to its start is a prefix of
// the compound and needs no rule.
func compoundShortForm(a, b string) bool {
	i := strings.IndexAny(b, " -")
	if i <= 0 || strings.ContainsAny(a, " -") {
		return false
	}
	first := b[:i]
	return a != first && shortForm(a, first)
}

// restParts returns the middle names (folded) and initials after the first
// given name, initials as one-letter strings.
func restParts(n mName) []string {
	var out []string
	if len(n.given) > 1 {
		out = append(out, n.given[1:]...)
	}
	ini := n.initials
	if len(n.given) == 0 && len(ini) > 0 {
		ini = ini[1:]
	}
	for _, c := range ini {
		out = append(out, string(c))
	}
	return out
}

func initialRel(name string, initial byte) wordRel {
	if name != "" && initialByte(name) == initial {
		return relCompatible
	}
	return relDifferent
}

// initialByte returns the first letter of a folded name or initial as one
// byte: a Latin letter as it is, a letter of another script as the first
// letter of its Latin spelling ("Ա." and "Anahit" both 'a'), so that an
// initial meets its name across scripts and two letters of one script
// are not told alike by a shared first byte of their UTF-8.
func initialByte(s string) byte {
	if s == "" || s[0] < utf8.RuneSelf {
		if s == "" {
			return 0
		}
		return s[0]
	}
	if k := script.LatinKey(s); k != "" {
		return k[0]
	}
	return s[0]
}
