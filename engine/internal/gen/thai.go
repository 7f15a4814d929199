package main

// Thai names in Latin letters (dict.ThaiModel): the Thai-script given
// names by sex of faker's th locale and php-faker's th_TH, and their
// surnames, romanized after RTGS (thai_rtgs.go) and keyed loosely
// (dict.ThaiKey); with ruby-faker's romanized Thai surnames (en-TH.yml).
// ruby-faker's romanized first names, which have no sex, only measure the
// romanizer: the share of them whose key is a listed name's.

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/engine/dict"
)

// Debian's ruby-faker (the Ruby Faker gem's locales, MIT).
const (
	pkgRubyFaker = "ruby-faker"
	verRubyFaker = "2.21.0-1"
	rubyLocales  = "usr/share/rubygems-integration/all/gems/faker-2.21.0/lib/locales"
)

// thaiSources names the sources of data/th-names.txt's lines.
const (
	srcFakerTh = "faker-th"
	srcPHPTh   = "php-faker-th_TH"
	srcRubyTh  = "ruby-faker-en-TH"
)

// yamlNameList matches a "first_name:" or "last_name:" key of a faker
// locale file with the list under it.
var yamlNameList = regexp.MustCompile(`(?m)^\s+(first_name|last_name):\s*\n((?:\s+- .*\n)+)`)

// parseRubyNames returns a ruby-faker locale file's first and last names.
func parseRubyNames(b []byte) (first, last []string) {
	for _, m := range yamlNameList.FindAllSubmatch(b, -1) {
		var names []string
		for ln := range strings.Lines(string(m[2])) {
			n := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(ln), "- "))
			n = strings.Trim(n, `'"`)
			if n != "" {
				names = append(names, strings.TrimSpace(n))
			}
		}
		if string(m[1]) == "first_name" {
			first = names
		} else {
			last = names
		}
	}
	return first, last
}

// thaiKeys returns the loose keys of a Thai-script name's readings.
func thaiKeys(name string) []string {
	var keys []string
	for _, r := range romanizeThai(name) {
		if k := dict.ThaiKey(r); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// buildThai writes data/th-names.txt and, when testdata is set,
// testdata/th-given-holdout.tsv.
func buildThai(out, testdata string, dirs map[string]string) error {
	faker, err := loadFaker(dirs[pkgFaker])
	if err != nil {
		return err
	}
	th := faker["th"]
	phpSrc, err := os.ReadFile(filepath.Join(dirs[pkgPHPFaker], phpFakerProviders, "th_TH", "Person.php"))
	if err != nil {
		return fmt.Errorf("php-faker th_TH: %w", err)
	}
	php := parsePHPPerson(phpSrc)
	var phpLast []string
	if m := phpLastName.FindSubmatch(phpSrc); m != nil {
		for _, s := range phpString.FindAllSubmatch(m[1], -1) {
			phpLast = append(phpLast, string(s[1]))
		}
	}
	rubyDir := dirs[pkgRubyFaker]
	enTH, err := os.ReadFile(filepath.Join(rubyDir, rubyLocales, "en-TH.yml"))
	if err != nil {
		return fmt.Errorf("ruby-faker en-TH: %w", err)
	}
	thYML, err := os.ReadFile(filepath.Join(rubyDir, rubyLocales, "th.yml"))
	if err != nil {
		return fmt.Errorf("ruby-faker th: %w", err)
	}
	enFirst, enLast := parseRubyNames(enTH)
	thFirst, _ := parseRubyNames(thYML)
	if len(th.Male) < 400 || len(th.Female) < 600 || len(php.Male) < 200 || len(php.Female) < 200 || len(enFirst) < 250 || len(enLast) < 50 || len(thFirst) < 300 || len(phpLast) < 50 {
		return fmt.Errorf("thai names: lists shorter than expected (faker %d/%d, php %d/%d/%d, ruby %d/%d/%d)", len(th.Male), len(th.Female), len(php.Male), len(php.Female), len(phpLast), len(enFirst), len(enLast), len(thFirst))
	}

	var lines []string
	unread := 0
	addGiven := func(src string, names []string, sex string, other []string) {
		both := setOf(other)
		for _, n := range names {
			n = strings.TrimSpace(n)
			if both[n] {
				continue // listed as both sexes: no evidence
			}
			ks := thaiKeys(n)
			if len(ks) == 0 {
				unread++
				continue
			}
			lines = append(lines, strings.Join([]string{"g", sex, src, n, strings.Join(ks, " ")}, "\t"))
		}
	}
	addGiven(srcFakerTh, th.Male, "m", th.Female)
	addGiven(srcFakerTh, th.Female, "f", th.Male)
	addGiven(srcPHPTh, php.Male, "m", php.Female)
	addGiven(srcPHPTh, php.Female, "f", php.Male)
	addSurnames := func(src string, names []string, latin bool) {
		for _, n := range names {
			n = strings.TrimSpace(n)
			var ks []string
			if latin {
				if k := dict.ThaiKey(n); k != "" {
					ks = []string{k}
				}
			} else {
				ks = thaiKeys(n)
			}
			if len(ks) == 0 {
				unread++
				continue
			}
			lines = append(lines, strings.Join([]string{"s", "-", src, n, strings.Join(ks, " ")}, "\t"))
		}
	}
	addSurnames(srcFakerTh, th.Last, false)
	addSurnames(srcPHPTh, phpLast, false)
	addSurnames(srcRubyTh, enLast, true)

	// The romanizer's coverage: ruby-faker's romanized first names whose
	// key is the key of a reading of a Thai-script first name (faker th,
	// php-faker th_TH, ruby-faker th).
	known := map[string]bool{}
	for _, l := range [][]string{th.Male, th.Female, th.Generic, php.Male, php.Female, thFirst} {
		for _, n := range l {
			for _, k := range thaiKeys(n) {
				known[k] = true
			}
		}
	}
	covered := 0
	for _, n := range enFirst {
		if known[dict.ThaiKey(n)] {
			covered++
		}
	}
	slog.Info("thai names", "lines", len(lines), "unread", unread, "en-TH first names matched", covered, "of", len(enFirst))

	header := fmt.Sprintf("Thai given names by sex and surnames in Latin letters: KIND(g given, s surname) TAB SEX(m, f, -) TAB SOURCE TAB NAME TAB the loose keys (dict.ThaiKey) of its RTGS readings (romanized by engine/internal/gen/thai_rtgs.go, written for namepipe after the Royal Thai General System of Transcription). Sources: %s %s (person.first_name male/female, last_name of locale th; names listed as both sexes left out), Debian's %s %s (th_TH/Person.php firstNameMale/firstNameFemale/lastName), Debian's %s %s (lib/locales/en-TH.yml last_name, romanized already). MIT licensed, see NOTICE. The romanizer's coverage: %d of en-TH.yml's %d romanized first names have the key of a reading of a Thai-script first name of these lists or th.yml.",
		pkgFaker, verFaker, pkgPHPFaker, verPHPFaker, pkgRubyFaker, verRubyFaker, covered, len(enFirst))
	slices.Sort(lines)
	lines = slices.Compact(lines)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", header)
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	p := filepath.Join(out, "th-names.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	slog.Info("wrote", "file", p, "lines", len(lines))
	if testdata == "" {
		return nil
	}
	return writeThaiHoldout(testdata, th)
}

// writeThaiHoldout writes testdata/th-given-holdout.tsv: faker th's given
// names with one sex, split into a tune and a test half by a hash of the
// name, each in its first RTGS reading and as people commonly spell it
// (thaiPopular).
func writeThaiHoldout(testdata string, th fakerLocale) error {
	var rows []string
	add := func(names []string, sex string, other []string) {
		both := setOf(other)
		for _, n := range names {
			n = strings.TrimSpace(n)
			rs := romanizeThai(n)
			if both[n] || len(rs) == 0 {
				continue
			}
			part := heldOutPart(n, 2)
			rows = append(rows, strings.Join([]string{part, sex, n, capitalize(rs[0]), capitalize(thaiPopular(romanizePeople(n)[0]))}, "\t"))
		}
	}
	add(th.Male, "MALE", th.Female)
	add(th.Female, "FEMALE", th.Male)
	slices.Sort(rows)
	rows = slices.Compact(rows)
	var b strings.Builder
	fmt.Fprintf(&b, "# Thai given names held out for dict.ThaiModel: %s %s locale th's person.first_name male/female (MIT), the names with one sex; PART (tune/test, by FNV-32a of the name) TAB SEX TAB THAI TAB RTGS (the first reading of engine/internal/gen/thai_rtgs.go) TAB POPULAR (as people often spell it: final ร -rn and ล -l, p, t, k for ph, th, kh, -ee, j). The tests build the model without the faker th names of the half they score.\n", pkgFaker, verFaker)
	for _, r := range rows {
		b.WriteString(r)
		b.WriteByte('\n')
	}
	p := filepath.Join(testdata, "th-given-holdout.tsv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	slog.Info("wrote", "file", p, "rows", len(rows))
	return nil
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// thaiPopular respells an RTGS reading as people often spell their names:
// (given the reading with final ร and ล as -rn and -l: "Kanokphorn")
// unaspirated p, t, k for ph, th, kh, a final i as ee, and ch at the start as j in names of an even length ("Kanokporn", "Jirawat", "Sunee").
func thaiPopular(r string) string {
	s := r
	s = strings.NewReplacer("ph", "p", "th", "t", "kh", "k").Replace(s)
	if strings.HasSuffix(s, "i") && !strings.HasSuffix(s, "ai") {
		s = s[:len(s)-1] + "ee"
	}
	if strings.HasPrefix(s, "ch") && len(s)%2 == 0 {
		s = "j" + s[2:]
	}
	return s
}
