package main

// php-faker (Debian's package of FakerPHP, MIT): its men's and women's
// given names per locale fill the gaps of the name data. FakerPHP's lists
// were written by hand per locale, as faker's were, and cover cultures the
// other sources list thinly (Latvian, Lithuanian, Norwegian, Finnish,
// Montenegrin, Indian and Nepali in Latin letters, South African, Thai,
// Armenian and Persian in their scripts).

import (
	"fmt"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/engine/lists"
	"github.com/namepipe/namepipe/engine/text"
)

// The Debian package and version read (Debian 12 "bookworm").
const (
	pkgPHPFaker = "php-faker"
	verPHPFaker = "1.20.0+dfsg-1"
)

// phpFakerProviders is where the package keeps its locales' providers.
const phpFakerProviders = "usr/share/php/Faker/Provider"

// fetchDeb downloads a Debian package of the given version into work with
// apt-get (the machine's configured Debian archive; run apt-get update
// first) and unpacks its files; it returns the unpacked root.
func fetchDeb(work, name, version string) (string, error) {
	spec := name + "=" + version
	cmd := exec.Command("apt-get", "download", spec)
	cmd.Dir = work
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("apt-get download %s: %w", spec, err)
	}
	debs, err := filepath.Glob(filepath.Join(work, name+"_*.deb"))
	if err != nil || len(debs) == 0 {
		return "", fmt.Errorf("apt-get download %s: no .deb in %s", spec, work)
	}
	dest := filepath.Join(work, name+"-deb")
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return "", fmt.Errorf("unpack %s: %w", spec, err)
	}
	x := exec.Command("dpkg-deb", "-x", debs[len(debs)-1], dest)
	x.Stderr = os.Stderr
	if err := x.Run(); err != nil {
		return "", fmt.Errorf("dpkg-deb -x %s: %w", debs[len(debs)-1], err)
	}
	return dest, nil
}

// phpNameList matches one of Person.php's given-name arrays, in the short
// ([...]) or the long (array(...)) syntax.
var phpNameList = regexp.MustCompile(`(?s)static \$(firstNameMale|firstNameFemale)\s*=\s*(?:\[|array\()(.*?)(?:\]|\))\s*;`)

// phpString matches a single-quoted PHP string.
var phpString = regexp.MustCompile(`'((?:[^'\\]|\\.)*)'`)

// parsePHPPerson reads the men's and women's given names of one locale's
// Person.php.
func parsePHPPerson(src []byte) fakerLocale {
	var l fakerLocale
	for _, m := range phpNameList.FindAllSubmatch(src, -1) {
		var names []string
		for _, s := range phpString.FindAllSubmatch(m[2], -1) {
			names = append(names, strings.ReplaceAll(strings.ReplaceAll(string(s[1]), `\'`, "'"), `\\`, `\`))
		}
		switch string(m[1]) {
		case "firstNameMale":
			l.Male = names
		case "firstNameFemale":
			l.Female = names
		}
	}
	return l
}

// phpFakerLang maps a FakerPHP locale to the language tag of the name
// data: its language, but Montenegrin (me_ME) counted as Serbian, as the
// country table does (dict.Languages("ME")).
func phpFakerLang(locale string) string {
	if lg := lang(locale); lg != "me" {
		return lg
	}
	return "sr"
}

// loadPHPFaker reads the given names by sex of every locale of the
// php-faker package unpacked in dir, keyed by locale.
func loadPHPFaker(dir string) (map[string]fakerLocale, error) {
	return loadLocaleFiles(pkgPHPFaker, filepath.Join(dir, phpFakerProviders, "*", "Person.php"), parsePHPPerson, 40)
}

// loadLocaleFiles parses every file matching pattern (one per locale, the
// locale being its folder's name) and keeps the locales with both men's
// and women's names; fewer than least of them is an error naming pkg.
func loadLocaleFiles(pkg, pattern string, parse func([]byte) fakerLocale, least int) (map[string]fakerLocale, error) {
	return loadLocaleFilesKeeping(pkg, pattern, parse, least, "men's and women's names",
		func(l fakerLocale) bool { return len(l.Male) > 0 && len(l.Female) > 0 })
}

// loadLocaleFilesKeeping is loadLocaleFiles keeping the locales keep
// accepts (what names them in the error).
func loadLocaleFilesKeeping(pkg, pattern string, parse func([]byte) fakerLocale, least int, what string, keep func(fakerLocale) bool) (map[string]fakerLocale, error) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("%s: no files match %s", pkg, pattern)
	}
	out := map[string]fakerLocale{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pkg, err)
		}
		if l := parse(b); keep(l) {
			out[filepath.Base(filepath.Dir(f))] = l
		}
	}
	if len(out) < least {
		return nil, fmt.Errorf("%s: %d locales with %s, want %d or more", pkg, len(out), what, least)
	}
	return out, nil
}

// A gap-filling source's locale is used only where its sexes agree with
// the name data's: of the names both hold that the data gives one sex
// (at least 80 % of its votes), at least gapAgreement must be the sex the
// locale lists, over at least gapCompared names. A locale that disagrees
// more often (Vietnamese names that are men's and women's alike, lists
// that mix other cultures' names) would answer where it is weak.
const (
	gapAgreement = 0.95
	gapCompared  = 20
)

// ownModel are the languages whose given names the engine reads by
// models of their own, built from their Latin spellings (Korean
// syllables, the pinyin of Chinese names, Japanese romaji): a list in
// their script alone adds nothing those models can read.
//
// Hebrew too: python3-fake-factory's he_IL (agreement 0.951, the lowest
// used) cost the project's Hebrew evaluation two answers and gained
// none (people eval: 37 right, 1 wrong -> 36 right, 0 wrong; the
// match "Noam Levi" ~ "נועם לֵוִי" lost the Hebrew side's sex), even
// with the gap lists out of the suffix model.
var ownModel = map[string]bool{"ko": true, "zh": true, "ja": true, "he": true}

// gapLocaleCheck is one locale's agreement with the name data.
type gapLocaleCheck struct {
	agree, disagree int
}

func (c gapLocaleCheck) ok() bool {
	n := c.agree + c.disagree
	return n >= gapCompared && float64(c.agree) >= gapAgreement*float64(n)
}

// gapFill returns, per language, the votes of the locales' names that no
// name in filled is (the given names and surnames the other sources hold),
// as written and diacritics-folded (a name is left out when either
// spelling is in filled), from the locales whose sexes agree
// with known (all votes per name over the languages) on the names both
// hold. A locale counts once per name and sex. It also returns each
// locale's agreement.
func gapFill(locales map[string]fakerLocale, langOf func(string) string, known map[string]votes, filled func(string) bool) (map[string]map[string]votes, map[string]gapLocaleCheck) {
	checks := map[string]gapLocaleCheck{}
	out := map[string]map[string]votes{}
	for _, loc := range slices.Sorted(maps.Keys(locales)) {
		l := locales[loc]
		var c gapLocaleCheck
		for i, list := range [][]string{l.Male, l.Female} {
			for _, n := range list {
				n = normName(n)
				v, ok := known[n]
				if !ok || v.m+v.f == 0 {
					continue
				}
				male := float64(v.m) >= 0.8*float64(v.m+v.f)
				female := float64(v.f) >= 0.8*float64(v.m+v.f)
				switch {
				case male && i == 0, female && i == 1:
					c.agree++
				case male || female:
					c.disagree++
				}
			}
		}
		checks[loc] = c
		lg := langOf(loc)
		if !c.ok() || ownModel[lg] {
			continue
		}
		if out[lg] == nil {
			out[lg] = map[string]votes{}
		}
		seen := map[string]bool{}
		for i, list := range [][]string{l.Male, l.Female} {
			for _, n := range list {
				n = normName(n)
				if n == "" {
					continue
				}
				// A name whose spelling or folded spelling another source
				// holds is left out whole: its folded form would be the
				// other source's name or surname.
				f := text.Strip(n)
				if filled(n) || filled(f) {
					continue
				}
				for _, k := range []string{n, f} {
					key := fmt.Sprint(i, k)
					if seen[key] {
						continue
					}
					seen[key] = true
					v := out[lg][k]
					if i == 0 {
						v.m++
					} else {
						v.f++
					}
					out[lg][k] = v
				}
			}
		}
	}
	return out, checks
}

// logGapChecks logs each locale's agreement and whether it was used.
func logGapChecks(checks map[string]gapLocaleCheck) {
	for _, loc := range slices.Sorted(maps.Keys(checks)) {
		c := checks[loc]
		slog.Info("gap-filling locale", "locale", loc, "agree", c.agree, "disagree", c.disagree, "used", c.ok())
	}
}

// gapLang maps a gap-filling locale ("php-faker:me_ME",
// "python3-fake-factory:dk_DK") to the language tag of the name data.
func gapLang(key string) string {
	src, loc, _ := strings.Cut(key, ":")
	if src == pkgFakeFactory {
		return fakeFactoryLang(loc)
	}
	return phpFakerLang(loc)
}

// notNameLists are the engine's curated word lists (engine/lists) whose
// words the engine reads as something other than a given name: refusals
// and placeholders ("None of your business"), titles, salutations,
// qualifiers, particles, conjunctions, legal forms, business and address
// words. A gap-filling list that holds one of them ("Your" in FakerPHP's
// en_ZA) would turn it into a given name.
var notNameLists = []string{"placeholders.txt", "titles.txt", "salutations.txt", "qualifiers.txt", "particles.txt", "conjunctions.txt", "legalforms.txt", "businesswords.txt", "addresses.txt"}

// notNameWords returns the lower-case words of notNameLists.
func notNameWords() (map[string]bool, error) {
	out := map[string]bool{}
	for _, f := range notNameLists {
		b, err := lists.Files.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("engine/lists: %w", err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			entry, _, _ := strings.Cut(line, "|")
			for _, w := range strings.Fields(entry) {
				if w = strings.Trim(strings.ToLower(w), ".,"); w != "" {
					out[w] = true
				}
			}
		}
	}
	return out, nil
}
