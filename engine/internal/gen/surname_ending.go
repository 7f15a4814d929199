package main

// Held-out data for the surname endings (surname-ending-holdout.tsv): how
// well the endings learned on half of the clear surnames tell the
// language, and through it a given name's sex, for surnames no list holds
// (the other half, held out of the index). The engine measures the sex
// (genderize's TestSurnameEndingHoldout); the generator logs the
// language split.

import (
	"fmt"
	"hash/fnv"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// endingSetting is one way of learning the endings: the share of the
// clear surnames ending so that must be one language, the least number
// of them, and the longest ending in runes.
type endingSetting struct {
	share    float64
	least    int
	maxRunes int
}

func (s endingSetting) String() string {
	return fmt.Sprintf("%.0f/%d/%d-%d", 100*s.share, s.least, endingMinRunes, s.maxRunes)
}

// endingSettings are the settings surname-ending-holdout.tsv compares,
// one column each; the first is the index's (endingLangShare,
// endingLangLeast, endingMaxRunes).
var endingSettings = []endingSetting{
	{endingLangShare, endingLangLeast, endingMaxRunes},
	{0.95, 20, 5},
	{0.95, 10, 6},
	{0.90, 10, 6},
	{0.95, 5, 6},
}

// endingHalf returns the half (0 learns, 1 is held out) of a surname key:
// by a hash of its folded form, so that both spellings of a name fall in
// one half.
func endingHalf(key string) int {
	h := fnv.New32a()
	h.Write([]byte(text.Strip(key)))
	return int(h.Sum32() % 2)
}

// endingLanguage returns the language that ends tells of a surname key as
// the engine reads it (dict's ending: the longest ending of maxRunes runes
// or fewer, shorter than the word, at least endingMinRunes), or "".
func endingLanguage(ends map[string]string, maxRunes int, key string) string {
	r := []rune(key)
	for k := min(maxRunes, len(r)-1); k >= endingMinRunes; k-- {
		if lg, ok := ends[string(r[len(r)-k:])]; ok {
			return lg
		}
	}
	return ""
}

// endingPairs is how many surnames of a locale's held-out half
// surname-ending-holdout.tsv pairs with each given name: the given names
// the lists give both sexes are few, so each is paired with several.
const endingPairs = 4

// writeSurnameEndingHoldout learns the endings of every endingSettings on
// the clear surnames of half 0 and writes held-out pairs of a given name
// and a surname of half 1 whose ending tells some setting a language:
// for every given name some locale lists as a man's and some as a
// woman's, and every locale that lists it with one sex, the name with
// that sex and endingPairs of the locale's such surnames ("same") and one
// of a locale of another language ("migrant"); then per setting the
// language the surname's ending tells ("-" for none). It logs each
// setting's language right and wrong on half 1's clear Latin-script
// surnames.
func writeSurnameEndingHoldout(testdata string, clear map[string]string, locales map[string]fakerLocale) error {
	learn := map[string]string{}
	for k, lg := range clear {
		if endingHalf(k) == 0 {
			learn[k] = lg
		}
	}
	ends := make([]map[string]string, len(endingSettings))
	var names []string
	for i, s := range endingSettings {
		ends[i] = surnameEndingsAt(learn, s.share, s.least, s.maxRunes)
		names = append(names, s.String())
		right, wrong, none := 0, 0, 0
		for k, lg := range clear {
			if endingHalf(k) == 0 || script.Of(k) != script.Latin {
				continue
			}
			switch got := endingLanguage(ends[i], s.maxRunes, k); got {
			case "":
				none++
			case lg:
				right++
			default:
				wrong++
			}
		}
		slog.Info("surname endings, held-out half's language", "setting", s.String(), "endings", len(ends[i]),
			"right", right, "wrong", wrong, "none", none, "precision", fmt.Sprintf("%.3f", float64(right)/float64(max(1, right+wrong))))
	}
	told := func(k string) []string {
		var out []string
		any := false
		for i, s := range endingSettings {
			lg := endingLanguage(ends[i], s.maxRunes, k)
			if lg == "" {
				lg = "-"
			} else {
				any = true
			}
			out = append(out, lg)
		}
		if !any {
			return nil
		}
		return out
	}
	keys := slices.Sorted(maps.Keys(locales))
	sexes := map[string][2]bool{}
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
	// Per locale, its held-out surnames whose ending tells a language.
	cands := map[string][]string{}
	var withCand []string
	for _, k := range keys {
		lg := surnameLocaleLang(k)
		if lg == "" || surnameLangSkip[lg] {
			continue
		}
		seen := map[string]bool{}
		for _, n := range locales[k].Last {
			n = strings.TrimSpace(n)
			key := normName(n)
			if key == "" || seen[key] || strings.ContainsAny(key, " .") || script.Of(key) != script.Latin || endingHalf(key) == 0 || told(key) == nil {
				continue
			}
			seen[key] = true
			cands[k] = append(cands[k], n)
		}
		if len(cands[k]) >= endingPairs {
			withCand = append(withCand, k)
		}
	}
	hash := func(s string) uint64 {
		h := fnv.New64a()
		h.Write([]byte(s))
		return h.Sum64()
	}
	var rows []string
	for _, k := range withCand {
		l := locales[k]
		lg := surnameLocaleLang(k)
		eachAmbiguousGiven(l, sexes, func(g, n, sex, part string) {
			add := func(sur, kind, slg string) {
				rows = append(rows, strings.Join(append([]string{g, sur, sex, kind, lg, slg, part}, told(normName(sur))...), "\t"))
			}
			c := cands[k]
			start := hash(k + n)
			for j := range endingPairs {
				add(c[(start+uint64(j))%uint64(len(c))], "same", lg)
			}
			o := withCand[hash("migrant"+k+n)%uint64(len(withCand))]
			if olg := surnameLocaleLang(o); olg != lg {
				oc := cands[o]
				add(oc[hash(o+n)%uint64(len(oc))], "migrant", olg)
			}
		})
	}
	hdr := "Held-out pairs for the surname endings: given TAB surname TAB sex TAB kind (same: a surname of the name's locale; migrant: of a locale of another language) TAB given's language TAB surname's language TAB part (tune or test, by a hash of the given name, as in surname-lang-holdout.tsv), then per setting of the endings (share/least surnames/ending lengths: " +
		strings.Join(names, ", ") + ") the language the surname's ending tells (\"-\": none), learned on the clear surnames of the other half (by a hash of the folded surname); the surnames are of the held-out half and told a language by some setting. The first setting is the index's. From the per-locale lists of " + pkgFaker + " " + verFaker + ", Debian's " + pkgPHPFaker + " " + verPHPFaker + " and " + pkgFakeFactory + " " + verFakeFactory + " (MIT). Written by engine/internal/gen; the genderizer's TestSurnameEndingHoldout reads it."
	return writeText(filepath.Join(testdata, "surname-ending-holdout.tsv"), hdr, rows)
}

// rubyInlineLast matches a ruby-faker locale file's last_name list
// written inline ("last_name: [...]", as nl.yml has it).
var rubyInlineLast = regexp.MustCompile(`(?m)^\s+last_name:\s*\[(.*)\]\s*$`)

// writeDutchSurnames writes surname-nl-ruby.tsv: the Dutch surnames of
// Debian's ruby-faker (nl.yml, from the family-names-in-the-netherlands
// list), most of which the surname-language index's sources do not
// hold, so that the genderizer's TestSurnameEndingDutch measures the
// endings on surnames from outside the index.
func writeDutchSurnames(testdata, rubyDir string) error {
	b, err := os.ReadFile(filepath.Join(rubyDir, rubyLocales, "nl.yml"))
	if err != nil {
		return fmt.Errorf("ruby-faker nl: %w", err)
	}
	m := rubyInlineLast.FindSubmatch(b)
	if m == nil {
		return fmt.Errorf("ruby-faker nl: no last_name list")
	}
	var rows []string
	for s := range strings.SplitSeq(string(m[1]), ",") {
		if s = strings.Trim(strings.TrimSpace(s), `"'`); normName(s) != "" {
			rows = append(rows, s)
		}
	}
	if len(rows) < 10000 {
		return fmt.Errorf("ruby-faker nl: %d surnames, want 10,000 or more", len(rows))
	}
	hdr := "Dutch surnames, one a line, of Debian's " + pkgRubyFaker + " " + verRubyFaker + " (MIT; nl.yml's last_name, from the family-names-in-the-netherlands list), most of which the surname-language index's sources do not hold: the genderizer's TestSurnameEndingDutch measures the surname endings on those that reach them. Written by engine/internal/gen."
	return writeText(filepath.Join(testdata, "surname-nl-ruby.tsv"), hdr, rows)
}
