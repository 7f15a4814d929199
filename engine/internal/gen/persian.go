package main

// Persian given names in Persian script with their sex, for the engine's
// skeleton model of their Latin spellings (engine/dict/persian.go), and a
// held-out set of them with Latin spellings written by the model's table.

import (
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/namepipe/namepipe/engine/dict"
)

// rubyFakerFa is ruby-faker's (thai.go) locale file of Persian men's and
// women's given names.
const rubyFakerFa = rubyLocales + "/fa.yml"

// loadRubyFakerFa reads fa.yml's male_first_name and female_first_name.
func loadRubyFakerFa(dir string) (fakerLocale, error) {
	var l fakerLocale
	b, err := os.ReadFile(filepath.Join(dir, rubyFakerFa))
	if err != nil {
		return l, fmt.Errorf("%s: %w", pkgRubyFaker, err)
	}
	var doc struct {
		Fa struct {
			Faker struct {
				Name struct {
					Male   []string `yaml:"male_first_name"`
					Female []string `yaml:"female_first_name"`
					Last   []string `yaml:"last_name"`
				} `yaml:"name"`
			} `yaml:"faker"`
		} `yaml:"fa"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return l, fmt.Errorf("%s: decode fa.yml: %w", pkgRubyFaker, err)
	}
	l.Male, l.Female, l.Last = doc.Fa.Faker.Name.Male, doc.Fa.Faker.Name.Female, doc.Fa.Faker.Name.Last
	if len(l.Male) < 100 || len(l.Female) < 100 {
		return l, fmt.Errorf("%s: fa.yml has %d men's and %d women's names, want 100 or more each", pkgRubyFaker, len(l.Male), len(l.Female))
	}
	return l, nil
}

// persianSources returns the Persian-script given names with a sex:
// faker's fa locale (and fa-sex.txt's labels of its generic names),
// php-faker's and python3-fake-factory's fa_IR, ruby-faker's fa. A source
// adds one vote per name and sex.
func persianSources(dirs map[string]string) (map[string]dict.SexCount, []string, error) {
	faker, err := loadFaker(dirs[pkgFaker])
	if err != nil {
		return nil, nil, err
	}
	sexed, err := parseSexList("fa-sex.txt", faSex)
	if err != nil {
		return nil, nil, err
	}
	php, err := loadPHPFaker(dirs[pkgPHPFaker])
	if err != nil {
		return nil, nil, err
	}
	py, err := loadFakeFactory(dirs[pkgFakeFactory])
	if err != nil {
		return nil, nil, err
	}
	ruby, err := loadRubyFakerFa(dirs[pkgRubyFaker])
	if err != nil {
		return nil, nil, err
	}
	srcs := []fakerLocale{faker["fa"], sexed, php["fa_IR"], py["fa_IR"], ruby}
	out := map[string]dict.SexCount{}
	for i, l := range srcs {
		if len(l.Male)+len(l.Female) == 0 {
			return nil, nil, fmt.Errorf("persian source %d has no names with a sex", i)
		}
		add := func(names []string, male bool) {
			seen := map[string]bool{}
			for _, n := range names {
				n = normPersian(n)
				if n == "" || seen[n] {
					continue
				}
				seen[n] = true
				c := out[n]
				if male {
					c.Male++
				} else {
					c.Female++
				}
				out[n] = c
			}
		}
		add(l.Male, true)
		add(l.Female, false)
	}
	// Surnames: faker's fa, ruby-faker's fa, php-faker's and
	// fake-factory's fa_IR.
	phpLast, err := phpLastNamesOf(filepath.Join(dirs[pkgPHPFaker], phpFakerProviders, "fa_IR", "Person.php"))
	if err != nil {
		return nil, nil, err
	}
	pyLast, err := pyLastNamesOf(filepath.Join(dirs[pkgFakeFactory], fakeFactoryPersons, "fa_IR", "__init__.py"))
	if err != nil {
		return nil, nil, err
	}
	var sur []string
	for _, l := range [][]string{faker["fa"].Last, ruby.Last, phpLast, pyLast} {
		if len(l) < 90 {
			return nil, nil, fmt.Errorf("persian surnames: a source has %d, want 90 or more", len(l))
		}
		for _, n := range l {
			if n = normPersian(n); n != "" {
				sur = append(sur, n)
			}
		}
	}
	return out, sur, nil
}

// pyLastNamesOf reads the surnames of a fake-factory locale's person
// provider.
func pyLastNamesOf(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pkgFakeFactory, err)
	}
	m := pyLastNames.FindSubmatch(b)
	if m == nil {
		return nil, fmt.Errorf("%s: no last_names in %s", pkgFakeFactory, path)
	}
	var out []string
	for _, s := range pyString.FindAllSubmatch(m[1], -1) {
		out = append(out, string(s[1])+string(s[2]))
	}
	return out, nil
}

// phpLastNamesOf reads the surnames of a php-faker locale's Person.php.
func phpLastNamesOf(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pkgPHPFaker, err)
	}
	m := phpLastName.FindSubmatch(b)
	if m == nil {
		return nil, fmt.Errorf("%s: no $lastName in %s", pkgPHPFaker, path)
	}
	var out []string
	for _, s := range phpString.FindAllSubmatch(m[1], -1) {
		out = append(out, string(s[1]))
	}
	return out, nil
}

// normPersian returns a listed name in one spelling: without a note in
// parentheses, the short-vowel marks and shadda (harakat), spaces and
// zero-width (non-)joiners (a compound is one word, as Latin spellings
// write it), with the Arabic forms of kaf and yeh as Persian writes them.
func normPersian(n string) string {
	if i := strings.IndexByte(n, '('); i >= 0 {
		n = n[:i]
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '\t' || r == '\u200c' || r == '\u200d' || unicode.Is(unicode.Mn, r):
			return -1
		case r == 'ي' || r == 'ى':
			return 'ی'
		case r == 'ك':
			return 'ک'
		}
		return r
	}, n)
}

// buildPersian writes data/fa-names.tsv.zst and, when testdata is set,
// testdata/fa-holdout.tsv.
func buildPersian(out, testdata string, dirs map[string]string) error {
	names, surnames, err := persianSources(dirs)
	if err != nil {
		return err
	}
	var sur []string
	for _, n := range surnames {
		if len(dict.PersianScriptKeys(n)) > 0 {
			sur = append(sur, n)
		}
	}
	shdr := fmt.Sprintf("fa-surnames: Persian surnames in Persian script, from %s %s (fa person.last_name), Debian's %s %s (lib/locales/fa.yml last_name), %s %s (fa_IR $lastName) and %s %s (fa_IR last_names); all MIT, see NOTICE.", pkgFaker, verFaker, pkgRubyFaker, verRubyFaker, pkgPHPFaker, verPHPFaker, pkgFakeFactory, verFakeFactory)
	if err := writeLines(filepath.Join(out, "fa-surnames.txt.zst"), shdr, sur); err != nil {
		return err
	}
	var lines []string
	m, f := 0, 0
	for n, c := range names {
		if len(dict.PersianScriptKeys(n)) == 0 {
			continue // letters outside the table
		}
		lines = append(lines, fmt.Sprintf("%s\t%d\t%d", n, c.Male, c.Female))
		if c.Male > 0 {
			m++
		}
		if c.Female > 0 {
			f++
		}
	}
	hdr := fmt.Sprintf("fa-names: Persian given names in Persian script TAB men's votes TAB women's votes (one per source listing it so), from %s %s (fa person.first_name male/female, and its generic names labelled in engine/internal/gen/fa-sex.txt), Debian's %s %s and %s %s (fa_IR), and Debian's %s %s (lib/locales/fa.yml male_first_name/female_first_name); all MIT, see NOTICE.",
		pkgFaker, verFaker, pkgPHPFaker, verPHPFaker, pkgFakeFactory, verFakeFactory, pkgRubyFaker, verRubyFaker)
	slog.Info("persian names", "names", len(lines), "men", m, "women", f)
	if err := writeLines(filepath.Join(out, "fa-names.tsv.zst"), hdr, lines); err != nil {
		return err
	}
	if testdata == "" {
		return nil
	}
	return writePersianHoldout(testdata, names)
}

// persianPart is a name's part of the held-out set: "tune", "test", or ""
// (not held out), by a hash of the name: a quarter each.
func persianPart(n string) string {
	return heldOutPart(n, 4)
}

// writePersianHoldout writes testdata/fa-holdout.tsv: the held-out names
// with one sex, each with its Latin spellings by the model's table
// (romanizePersian).
func writePersianHoldout(testdata string, names map[string]dict.SexCount) error {
	var rows []string
	for _, n := range slices.Sorted(maps.Keys(names)) {
		c := names[n]
		part := persianPart(n)
		if part == "" || (c.Male > 0) == (c.Female > 0) || len(dict.PersianScriptKeys(n)) == 0 {
			continue
		}
		sex := "FEMALE"
		if c.Male > 0 {
			sex = "MALE"
		}
		sp := romanizePersian(n)
		if len(sp) == 0 {
			continue
		}
		rows = append(rows, fmt.Sprintf("%s\t%s\t%s\t%s", n, sex, part, strings.Join(sp, ",")))
	}
	hdr := "Held-out Persian given names with one sex (data/fa-names.tsv.zst's sources; a quarter of the names each part, by a hash of the name): name TAB sex TAB part TAB Latin spellings written by engine/internal/gen's romanizePersian after the UN/BGN-PCGN table (two letter variants, short vowels nowhere, after the first letter only, and everywhere). TestPersianHoldout builds the model without these names; the rule was chosen on part tune, test reports. Written by engine/internal/gen."
	return writeText(filepath.Join(testdata, "fa-holdout.tsv"), hdr, rows)
}

// romanizeVariant is one way of writing the letters that Latin spellings
// of Persian names write in more than one way.
type romanizeVariant struct {
	vavVowel, yehVowel, qaf, finalHeh string
}

// romanizeVariants: "ou/ee/q/e" (Goodarz, Shireen, Qasem, Asefe) and
// "u/i/gh/eh" (Gudarz, Shirin, Ghasem, Asefeh).
var romanizeVariants = []romanizeVariant{{"ou", "ee", "q", "e"}, {"u", "i", "gh", "eh"}}

// persianLatin is the BGN/PCGN-style Latin spelling of a consonant.
var persianLatin = map[rune]string{
	'ب': "b", 'پ': "p", 'ت': "t", 'ط': "t", 'ث': "s", 'س': "s", 'ص': "s",
	'ج': "j", 'چ': "ch", 'ح': "h", 'خ': "kh", 'د': "d", 'ذ': "z", 'ز': "z",
	'ض': "z", 'ظ': "z", 'ر': "r", 'ژ': "zh", 'ش': "sh", 'غ': "gh",
	'ف': "f", 'ک': "k", 'ك': "k", 'گ': "g", 'ل': "l", 'م': "m", 'ن': "n",
}

// romanizePersian returns Latin spellings of a Persian-script name: per
// letter variant, with the unwritten short vowel ("a") nowhere, after the
// first consonant only, and between every two consonants.
func romanizePersian(fa string) []string {
	var rs []rune
	for _, r := range fa {
		if r != ' ' && r != '\u200c' && r != '\u200d' && !(r >= 0x64B && r <= 0x652) {
			rs = append(rs, r)
		}
	}
	var out []string
	for _, v := range romanizeVariants {
		for mode := range 3 {
			var b strings.Builder
			prevCons := false
			for i, r := range rs {
				first, last := i == 0, i == len(rs)-1
				var s string
				cons := true
				switch {
				case r == 'ا' || r == 'آ':
					s, cons = "a", false
				case r == 'ع' || r == 'ء' || r == 'ئ' || r == 'أ' || r == 'ؤ':
					s, cons = "", false
				case r == 'ق':
					s = v.qaf
				case r == 'و':
					if first || !prevCons {
						s = "v"
					} else {
						s, cons = v.vavVowel, false
					}
				case r == 'ی' || r == 'ي':
					if first || !prevCons {
						s = "y"
					} else {
						s, cons = v.yehVowel, false
					}
				case r == 'ه':
					switch {
					case last && prevCons:
						s, cons = v.finalHeh, false
					default:
						s = "h"
					}
				default:
					l, ok := persianLatin[r]
					if !ok {
						return nil
					}
					s = l
				}
				if cons && prevCons && (mode == 2 || (mode == 1 && i == 1)) {
					b.WriteString("a")
				}
				b.WriteString(s)
				prevCons = cons
			}
			w := b.String()
			if w != "" && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}
