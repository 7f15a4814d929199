package main

// The language of a surname (surname-lang.tsv.zst): the per-locale surname
// lists of faker, php-faker and python3-fake-factory, grouped by language
// as the given names are. The genderizer takes a surname's language as the
// last scope for a given name the lists give both sexes ("Andrea Bianchi":
// Italian, so a man; dict.SurnameLanguage).

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/fnv"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// A surname tells its language when at least surnameLangShare of its
// listings (one per source and locale) are of one language, that
// language has surnameLangOver times the listings of the next, and they
// are of at most surnameLangMax languages (lists hold migrants' surnames:
// "Rossi" is in 4 Italian, 2 French and 1 Finnish list). Chosen on the tune
// half of the held-out pairs (testdata/surname-lang-holdout.tsv, engine's
// TestSurnameLangHoldout; new answers of same-culture pairs): 80 %, 2
// languages gave 328 right, 16 wrong; 50 %, twice the next, 4 languages
// 360 / 17 (kept); 50 %, 10 languages 361 / 17; 40 %, 1.5 times, 10
// languages 363 / 18.
//
// An ending (the last 3 to 5 letters) tells the language of a surname no
// list holds when at least endingLangShare of the clear listed surnames
// ending so are of one language, over at least endingLangLeast of them:
// learned on half of the clear surnames (by a hash), the endings told the
// other half's language right 2,404 times and wrong 52 (97.9 %) at 95 %
// and 20; at 95 % and 5, 3,738 and 175 (95.5 %); at 80 % and 20, 5,136 and
// 625 (89.2 %). The least number was then chosen on the sex the
// genderizer gives with the language the ending tells, on the tune half
// of surname-ending-holdout.tsv (surname_ending.go; engine/genderize's
// TestSurnameEndingHoldout): at 10 (2,868 right, 88 wrong, 97.0 % of the
// language split) with the endings' vote bar (surnameEndingShare 0.75),
// 68 right, 3 wrong (test: 40, 1); at 20, 52 and 2 (test 28, 1). Ruby
// Faker's Dutch surnames, which no source here lists, show why the bar:
// 456 of 22,021 reach an ending, 182 told Dutch (-ijn), 157 Finnish
// (-nen); paired with the 24 Dutch given names NEUTRAL alone, the endings
// at 95 % and 20 with the listed surnames' bar (0.5) gave 198 right, 166
// wrong, these endings with the bar 409 right, 0 wrong.
const (
	surnameLangShare = 0.5
	surnameLangMax   = 4
	surnameLangOver  = 2
	endingLangShare  = 0.95
	endingLangLeast  = 10
	endingMinRunes   = 3
	endingMaxRunes   = 5
)

// surnameLangSkip are the languages whose surnames do not enter the
// index: Chinese, Japanese and Korean names have their own models
// (ownModel), and their surnames in Latin letters are syllables of other
// names.
var surnameLangSkip = map[string]bool{"zh": true, "ja": true, "ko": true}

// phpLastList matches one of Person.php's surname arrays.
var phpLastList = regexp.MustCompile(`(?s)static \$(lastName|lastNameMale|lastNameFemale)\s*=\s*(?:\[|array\()(.*?)(?:\]|\))\s*;`)

// parsePHPLast reads the surnames of one locale's Person.php (in Last).
func parsePHPLast(src []byte) fakerLocale {
	var l fakerLocale
	for _, m := range phpLastList.FindAllSubmatch(src, -1) {
		for _, s := range phpString.FindAllSubmatch(m[2], -1) {
			l.Last = append(l.Last, strings.ReplaceAll(strings.ReplaceAll(string(s[1]), `\'`, "'"), `\\`, `\`))
		}
	}
	return l
}

// parsePyLast reads the surnames of one locale's person provider (in
// Last): the string literals of its last_names, last_names_male and
// last_names_female attributes.
func parsePyLast(src []byte) fakerLocale {
	var l fakerLocale
	idx := pyAssign.FindAllSubmatchIndex(src, -1)
	for i, m := range idx {
		switch string(src[m[2]:m[3]]) {
		case "last_names", "last_names_male", "last_names_female":
		default:
			continue
		}
		end := len(src)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		body := src[m[1]:end]
		if j := pyMethod.FindIndex(body); j != nil {
			body = body[:j[0]]
		}
		for _, s := range pyString.FindAllSubmatch(body, -1) {
			v := s[1]
			if v == nil {
				v = s[2]
			}
			l.Last = append(l.Last, strings.NewReplacer(`\'`, "'", `\"`, `"`).Replace(string(v)))
		}
	}
	return l
}

// surnameListings returns, per surname key (lower case as written,
// diacritics-folded, and by Latin key for other scripts than Latin), the
// languages of the locales listing it: each source's locale counts once.
// locales maps "source:locale" to its surnames; langOf gives a key's
// language.
func surnameListings(locales map[string]fakerLocale, langOf func(string) string) map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, loc := range slices.Sorted(maps.Keys(locales)) {
		lg := langOf(loc)
		if lg == "" || surnameLangSkip[lg] {
			continue
		}
		seen := map[string]bool{}
		for _, n := range locales[loc].Last {
			if n = normName(n); n == "" || strings.ContainsAny(n, " .") {
				continue
			}
			forms := []string{n, text.Strip(n)}
			if script.Of(n) != script.Latin {
				if script.Of(n).SurnameFirst() {
					continue
				}
				forms = append(forms, script.LatinKey(n))
			}
			for _, f := range forms {
				if f == "" || seen[f] {
					continue
				}
				seen[f] = true
				if out[f] == nil {
					out[f] = map[string]int{}
				}
				out[f][lg]++
			}
		}
	}
	return out
}

// clearLanguage returns the language of a surname's listings when they
// are clearly one language (surnameLangShare of them, surnameLangOver
// times the next language's, at most surnameLangMax languages), else "".
func clearLanguage(by map[string]int) string {
	best, bestN, second, total := "", 0, 0, 0
	for _, lg := range slices.Sorted(maps.Keys(by)) {
		n := by[lg]
		total += n
		switch {
		case n > bestN:
			best, bestN, second = lg, n, bestN
		case n > second:
			second = n
		}
	}
	if len(by) > surnameLangMax || float64(bestN) < surnameLangShare*float64(total) || float64(bestN) < surnameLangOver*float64(second) {
		return ""
	}
	return best
}

// surnameEndings returns the endings (endingMinRunes to endingMaxRunes
// runes, of Latin-script keys) that tell a language: at least
// endingLangShare of the clear surnames ending so, at least
// endingLangLeast of them. An ending whose shorter ending already tells
// the same language is left out.
func surnameEndings(clear map[string]string) map[string]string {
	return surnameEndingsAt(clear, endingLangShare, endingLangLeast, endingMaxRunes)
}

// surnameEndingsAt is surnameEndings at a share, a least number of
// surnames and a longest ending (in runes).
func surnameEndingsAt(clear map[string]string, share float64, least, maxRunes int) map[string]string {
	count := map[string]map[string]int{}
	for n, lg := range clear {
		if script.Of(n) != script.Latin {
			continue
		}
		r := []rune(n)
		for k := endingMinRunes; k <= maxRunes && k < len(r); k++ {
			e := string(r[len(r)-k:])
			if count[e] == nil {
				count[e] = map[string]int{}
			}
			count[e][lg]++
		}
	}
	out := map[string]string{}
	for e, by := range count {
		best, bestN, total := "", 0, 0
		for _, lg := range slices.Sorted(maps.Keys(by)) {
			n := by[lg]
			total += n
			if n > bestN {
				best, bestN = lg, n
			}
		}
		if bestN >= least && float64(bestN) >= share*float64(total) {
			out[e] = best
		}
	}
	for e, lg := range out {
		r := []rune(e)
		for k := endingMinRunes; k < len(r); k++ {
			if out[string(r[len(r)-k:])] == lg {
				delete(out, e)
				break
			}
		}
	}
	return out
}

// buildSurnameLang writes surname-lang.tsv.zst: every listed surname key
// TAB its language, or TAB "*" when its listings are of several
// languages; then the endings, "-ending" TAB language; then per language
// of given.tsv.zst (written before), "=language" TAB the most votes a
// name has there (languageMostVotes). With testdata set
// it also writes the held-out pairs of given names and surnames
// (surnameLangHoldout).
func buildSurnameLang(out, testdata string, dirs map[string]string) error {
	faker, err := loadFaker(dirs[pkgFaker])
	if err != nil {
		return err
	}
	locales := map[string]fakerLocale{}
	for k, l := range faker {
		locales[pkgFaker+":"+k] = l
	}
	php, err := loadLastFiles(pkgPHPFaker, filepath.Join(dirs[pkgPHPFaker], phpFakerProviders, "*", "Person.php"), func(b []byte) fakerLocale {
		l := parsePHPPerson(b)
		l.Last = parsePHPLast(b).Last
		return l
	}, 30)
	if err != nil {
		return err
	}
	for k, l := range php {
		locales[pkgPHPFaker+":"+k] = l
	}
	py, err := loadLastFiles(pkgFakeFactory, filepath.Join(dirs[pkgFakeFactory], fakeFactoryPersons, "*", "__init__.py"), func(b []byte) fakerLocale {
		l := parsePyPerson(b)
		l.Last = parsePyLast(b).Last
		return l
	}, 20)
	if err != nil {
		return err
	}
	for k, l := range py {
		locales[pkgFakeFactory+":"+k] = l
	}
	if testdata != "" {
		if err := writeSurnameLangHoldout(filepath.Join(testdata, "surname-lang-holdout.tsv"), locales); err != nil {
			return err
		}
	}
	listings := surnameListings(locales, surnameLocaleLang)
	clear := map[string]string{}
	lines := make([]string, 0, len(listings))
	for n, by := range listings {
		lg := clearLanguage(by)
		if lg == "" {
			lines = append(lines, n+"\t*")
			continue
		}
		clear[n] = lg
		lines = append(lines, n+"\t"+lg)
	}
	ends := surnameEndings(clear)
	if testdata != "" {
		if err := writeSurnameEndingHoldout(testdata, clear, locales); err != nil {
			return err
		}
	}
	for e, lg := range ends {
		lines = append(lines, "-"+e+"\t"+lg)
	}
	most, err := languageMostVotes(filepath.Join(out, "given.tsv.zst"))
	if err != nil {
		return err
	}
	for lg, n := range most {
		lines = append(lines, fmt.Sprintf("=%s\t%d", lg, n))
	}
	hdr := fmt.Sprintf("surname languages: key TAB language (\"*\": listed in several languages), then -ending TAB language, then =language TAB the most votes a given name has in it (given.tsv.zst, gap-filling votes counted with their language); from the per-locale surnames of %s %s (person.last_name), Debian's %s %s (Person.php lastName) and %s %s (person providers' last_names), grouped by language as the given names are, one listing per source and locale; a language when >= %.0f %% of the listings, %d times the next language's and at most %d languages; endings of %d-%d letters when >= %.0f %% of >= %d clear surnames. Chinese, Japanese and Korean left out. MIT licensed, see NOTICE.",
		pkgFaker, verFaker, pkgPHPFaker, verPHPFaker, pkgFakeFactory, verFakeFactory, 100*surnameLangShare, surnameLangOver, surnameLangMax, endingMinRunes, endingMaxRunes, 100*endingLangShare, endingLangLeast)
	return writeLines(filepath.Join(out, "surname-lang.tsv.zst"), hdr, lines)
}

// loadLastFiles is loadLocaleFiles for surnames: it keeps the locales
// with some.
func loadLastFiles(pkg, pattern string, parse func([]byte) fakerLocale, least int) (map[string]fakerLocale, error) {
	return loadLocaleFilesKeeping(pkg, pattern, parse, least, "surnames", func(l fakerLocale) bool { return len(l.Last) > 0 })
}

// surnameLocaleLang maps a "source:locale" key of buildSurnameLang to the
// language of the name data, as the given names are grouped.
func surnameLocaleLang(key string) string {
	src, loc, _ := strings.Cut(key, ":")
	if src == pkgFaker {
		if utf8.RuneCountInString(loc) == 0 {
			return ""
		}
		return lang(loc)
	}
	return gapLang(key)
}

// writeSurnameLangHoldout writes the held-out pairs that measure the
// surname's language as a scope (engine: TestSurnameLangHoldout): for every
// given name some locale lists as a man's and some as a woman's, and every
// locale that lists it with one sex, the name with that sex and two of
// the locale's surnames ("same": the surname tells the name's culture) and
// one surname of a locale of another language ("migrant": the surname
// misleads). Rows: given TAB surname TAB sex TAB kind TAB given's
// language TAB surname's language TAB part (tune or test, by a hash of
// the given name, so that a name is in one part only).
func writeSurnameLangHoldout(path string, locales map[string]fakerLocale) error {
	keys := slices.Sorted(maps.Keys(locales))
	sexes := map[string][2]bool{} // name -> listed male, female somewhere
	for _, k := range keys {
		l := locales[k]
		for i, list := range [][]string{l.Male, l.Female} {
			for _, n := range list {
				if n = normName(n); n != "" {
					s := sexes[n]
					s[i] = true
					sexes[n] = s
				}
			}
		}
	}
	var withLast []string // locales with surnames, for the migrant pairs
	for _, k := range keys {
		if lg := surnameLocaleLang(k); lg != "" && !surnameLangSkip[lg] && len(locales[k].Last) >= 20 {
			withLast = append(withLast, k)
		}
	}
	pick := func(l []string, salt string) string {
		h := fnv.New64a()
		h.Write([]byte(salt))
		return l[h.Sum64()%uint64(len(l))]
	}
	seen := map[string]bool{}
	var rows []string
	for _, k := range withLast {
		l := locales[k]
		lg := surnameLocaleLang(k)
		var last []string
		for _, n := range l.Last {
			if n = strings.TrimSpace(n); n != "" && normName(n) != "" && !strings.Contains(n, " ") {
				last = append(last, n)
			}
		}
		if len(last) < 20 {
			continue
		}
		eachAmbiguousGiven(l, sexes, func(g, n, sex, part string) {
			add := func(sur, kind, slg string) {
				r := strings.Join([]string{g, sur, sex, kind, lg, slg, part}, "\t")
				if !seen[r] {
					seen[r] = true
					rows = append(rows, r)
				}
			}
			for j := range 2 {
				add(pick(last, fmt.Sprint(k, n, j)), "same", lg)
			}
			o := pick(withLast, fmt.Sprint("migrant", k, n))
			if olg := surnameLocaleLang(o); olg != lg {
				var ol []string
				for _, x := range locales[o].Last {
					if x = strings.TrimSpace(x); normName(x) != "" && !strings.Contains(x, " ") {
						ol = append(ol, x)
					}
				}
				if len(ol) > 0 {
					add(pick(ol, fmt.Sprint(o, n)), "migrant", olg)
				}
			}
		})
	}
	slices.Sort(rows)
	hdr := "Held-out pairs of a given name the lists give both sexes and a surname: given TAB surname TAB sex TAB kind (same: the surname of the name's locale; migrant: of a locale of another language) TAB given's language TAB surname's language TAB part (tune or test, by a hash of the given name). " +
		"From the per-locale given names by sex and surnames of " + pkgFaker + " " + verFaker + ", Debian's " + pkgPHPFaker + " " + verPHPFaker + " and " + pkgFakeFactory + " " + verFakeFactory + " (MIT). " +
		"The surname-language index's thresholds and the genderizer's rule were chosen on part tune; test reports. Written by engine/internal/gen."
	return writeText(path, hdr, rows)
}

// languageMostVotes returns, per language of the given names' data (its
// gap-filling votes, dict.GapSuffix, counted with it, as the engine's
// look-ups count them), the most votes one name has there: about how many
// of the language's lists the data holds.
func languageMostVotes(givenPath string) (map[string]int, error) {
	text, err := readLinesFile(givenPath)
	if err != nil {
		return nil, fmt.Errorf("most votes: %w", err)
	}
	most := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || l[0] == '#' {
			continue
		}
		_, stats, _ := strings.Cut(l, "\t")
		sum := map[string]int{}
		for st := range strings.FieldsSeq(stats) {
			parts := strings.Split(st, ":")
			if len(parts) != 3 {
				return nil, fmt.Errorf("most votes: %s: bad stat %q", givenPath, st)
			}
			v, err := strconv.Atoi(parts[2])
			if err != nil {
				return nil, fmt.Errorf("most votes: %s: bad stat %q", givenPath, st)
			}
			sum[strings.TrimSuffix(parts[0], dict.GapSuffix)] += v
		}
		for lg, v := range sum {
			most[lg] = max(most[lg], v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("most votes: %s: %w", givenPath, err)
	}
	return most, nil
}

// eachAmbiguousGiven calls yield for each one-word given name that locale
// l lists under one sex only but that all data (sexes: whether any locale
// lists a folded name as a man's, as a woman's) gives both: the names a
// surname's language is to decide. given is as written (trimmed), sex
// MALE or FEMALE, part the held-out half by the folded name.
func eachAmbiguousGiven(l fakerLocale, sexes map[string][2]bool, yield func(given, folded, sex, part string)) {
	male, female := map[string]bool{}, map[string]bool{}
	for _, n := range l.Male {
		male[normName(n)] = true
	}
	for _, n := range l.Female {
		female[normName(n)] = true
	}
	for i, list := range [][]string{l.Male, l.Female} {
		sex := "MALE"
		if i == 1 {
			sex = "FEMALE"
		}
		for _, g := range list {
			n := normName(g)
			if n == "" || strings.Contains(n, " ") || male[n] == female[n] || sexes[n] != [2]bool{true, true} {
				continue
			}
			yield(strings.TrimSpace(g), n, sex, heldOutPart(n, 2))
		}
	}
}
