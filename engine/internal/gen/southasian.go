package main

// The South Asian model's data (data/south-asian.txt.zst): the given names
// with their sex of the South Asian lists, in Latin letters, for the
// engine's model of the endings of South Asian given names
// (dict.SouthAsianMaleShare), and the surnames of those lists, which tell
// that a name is South Asian (dict.IsSouthAsianSurname). One in five of the
// names with one sex is held out of the model (testdata/
// south-asian-holdout.tsv, split tune and test by a hash of the name): the
// model's threshold is chosen on the tune half and reported on the test
// half.

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// southAsianFaker are faker's South Asian locales: Indian and Nepali names
// in Latin letters (which the name data pools under en) and Nepali ones in
// Devanagari (read by their Latin key).
var southAsianFaker = []string{"en_IN", "en_NP", "ne"}

// southAsianPHP and southAsianPy are php-faker's and python3-fake-factory's
// South Asian locales with given names by sex (Latin letters in php-faker,
// Devanagari in python3-fake-factory); southAsianPyLast adds
// python3-fake-factory's Hindi surnames (its hi_IN given names have no
// sex).
var (
	southAsianPHP    = []string{"en_IN", "ne_NP"}
	southAsianPy     = []string{"ne_NP"}
	southAsianPyLast = []string{"hi_IN", "ne_NP"}
)

// southAsianHeldOut tells whether a given name is held out of the model,
// and in which part: tune or test ("" when it is not held out): one in
// ten each.
func southAsianHeldOut(name string) string {
	switch nameHash(name) % 10 {
	case 0:
		return "tune"
	case 1:
		return "test"
	}
	return ""
}

// surnameHeldOut is southAsianHeldOut for surnames: one in five each,
// the lists being shorter.
func surnameHeldOut(name string) string {
	switch nameHash(name) % 10 {
	case 0, 1:
		return "tune"
	case 2, 3:
		return "test"
	}
	return ""
}

// South Asian endings: the typicality counts of the endings of two to
// typicalEndMax letters (dict.SouthAsianTypicality).
const typicalEndMax = 4

// countEndings adds each ending of two to typicalEndMax letters of the
// names (shorter than the name) to counts[i].
func countEndings(counts map[string][4]int, i int, names []string) {
	for _, n := range names {
		for k := 2; k <= typicalEndMax && k < len(n); k++ {
			c := counts[n[len(n)-k:]]
			c[i]++
			counts[n[len(n)-k:]] = c
		}
	}
}

// otherGivenNames returns the given names of other languages than the
// South Asian ones from the name data written to out (given.tsv.zst),
// with their male share: lower-case ASCII names of four or more letters
// that no South Asian list holds (sa), that hi and ne do not list, that
// a list of a language holds (not only the US births, WGND, russian_name's
// keys or a gap-filling list), with a clear sex (a share of 0.2 or less,
// or 0.8 or more).
func otherGivenNames(out string, sa map[string]votes) (map[string]float64, error) {
	text, err := readLinesFile(filepath.Join(out, "given.tsv.zst"))
	if err != nil {
		return nil, fmt.Errorf("south asian names: %w", err)
	}
	other := map[string]float64{}
	for ln := range strings.Lines(string(text)) {
		ln = strings.TrimRight(ln, "\n")
		name, rest, _ := strings.Cut(ln, "\t")
		if ln == "" || ln[0] == '#' || rest == "" || len(name) < 4 || southAsianLatin(name) != name {
			continue
		}
		if _, ok := sa[name]; ok {
			continue
		}
		var m, t float64
		own, skip := false, false
		for _, f := range strings.Fields(rest) {
			p := strings.Split(f, ":")
			if len(p) != 3 {
				return nil, fmt.Errorf("south asian names: given.tsv.zst: bad stat %q", f)
			}
			pct, err1 := strconv.Atoi(p[1])
			v, err2 := strconv.Atoi(p[2])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("south asian names: given.tsv.zst: bad stat %q", f)
			}
			switch {
			case p[0] == "hi" || p[0] == "ne":
				skip = true
			case !strings.HasPrefix(p[0], "x") && !strings.HasSuffix(p[0], "~"):
				own = true
			}
			m += float64(pct*v) / 100
			t += float64(v)
		}
		if skip || !own || t == 0 {
			continue
		}
		if share := m / t; share <= 0.2 || share >= 0.8 {
			other[name] = share
		}
	}
	return other, nil
}

// indianLast matches random-indian-name's surname array.
var indianLast = regexp.MustCompile(`(?s)module\.exports\.last\s*=\s*(\[.*?\])\s*;`)

// loadIndianSurnames reads the surnames of the random-indian-name package
// in dir (the name data leaves them out: loadIndianNames).
func loadIndianSurnames(dir string) ([]string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "lib", "names.js"))
	if err != nil {
		return nil, fmt.Errorf("random-indian-name: %w", err)
	}
	m := indianLast.FindSubmatch(b)
	if m == nil {
		return nil, fmt.Errorf("random-indian-name: no surnames")
	}
	var names []string
	if err := json.Unmarshal(m[1], &names); err != nil {
		return nil, fmt.Errorf("random-indian-name: last: %w", err)
	}
	return names, nil
}

// phpLastName matches Person.php's surname array.
var phpLastName = regexp.MustCompile(`(?s)static \$lastName\s*=\s*(?:\[|array\()(.*?)(?:\]|\))\s*;`)

// pyLastNames matches a person provider's last_names tuple or list.
var pyLastNames = regexp.MustCompile(`(?s)\n    last_names = [\(\[](.*?)[\)\]]\n`)

// southAsianLatin returns the Latin spelling of a South Asian name as the
// model reads it: lower-case ASCII letters (Devanagari and Bengali by their
// Latin key), or "" for other names (two words, marks).
func southAsianLatin(n string) string {
	if n = normName(n); n == "" {
		return ""
	}
	switch script.Of(n) {
	case script.Devanagari, script.Bengali:
		n = script.LatinKey(n)
	case script.Latin:
		n = text.Strip(n)
	default:
		return ""
	}
	for i := 0; i < len(n); i++ {
		if n[i] < 'a' || n[i] > 'z' {
			return ""
		}
	}
	if len(n) < 2 {
		return ""
	}
	return n
}

// buildSouthAsian writes data/south-asian.txt.zst and, when testdata is
// set, testdata/south-asian-holdout.tsv.
func buildSouthAsian(out, testdata string, dirs map[string]string) error {
	faker, err := loadFaker(dirs[pkgFaker])
	if err != nil {
		return err
	}
	hi, err := loadIndianNames(dirs[pkgIndian])
	if err != nil {
		return err
	}
	php, err := loadPHPFaker(dirs[pkgPHPFaker])
	if err != nil {
		return err
	}
	py, err := loadFakeFactory(dirs[pkgFakeFactory])
	if err != nil {
		return err
	}
	// Given names: a list adds one vote per name and sex.
	lists := []fakerLocale{hi}
	for _, k := range southAsianFaker {
		lists = append(lists, faker[k])
	}
	for _, k := range southAsianPHP {
		lists = append(lists, php[k])
	}
	for _, k := range southAsianPy {
		lists = append(lists, py[k])
	}
	given := map[string]votes{}
	for _, l := range lists {
		seen := map[string]bool{}
		for i, names := range [][]string{l.Male, l.Female} {
			for _, n := range names {
				n = southAsianLatin(n)
				if n == "" || seen[fmt.Sprint(i, n)] {
					continue
				}
				seen[fmt.Sprint(i, n)] = true
				v := given[n]
				if i == 0 {
					v.m++
				} else {
					v.f++
				}
				given[n] = v
			}
		}
	}
	// Surnames: of the South Asian lists, those no other locale of faker
	// lists ("Abbott" in en_IN, "Khan", "Shah", "Malik" elsewhere too).
	other := map[string]bool{}
	for k, l := range faker {
		if slices.Contains(southAsianFaker, k) || k == "ur" || k == "bn_BD" || k == "dv" {
			continue
		}
		for _, n := range l.Last {
			if n = normName(n); n != "" {
				other[text.Strip(n)] = true
			}
		}
	}
	last, err := loadIndianSurnames(dirs[pkgIndian])
	if err != nil {
		return err
	}
	for _, k := range southAsianFaker {
		last = append(last, faker[k].Last...)
	}
	for _, k := range southAsianPHP {
		b, err := os.ReadFile(filepath.Join(dirs[pkgPHPFaker], phpFakerProviders, k, "Person.php"))
		if err != nil {
			return fmt.Errorf("%s: %w", pkgPHPFaker, err)
		}
		m := phpLastName.FindSubmatch(b)
		if m == nil {
			return fmt.Errorf("%s %s: no lastName", pkgPHPFaker, k)
		}
		for _, s := range phpString.FindAllSubmatch(m[1], -1) {
			last = append(last, string(s[1]))
		}
	}
	for _, k := range southAsianPyLast {
		b, err := os.ReadFile(filepath.Join(dirs[pkgFakeFactory], fakeFactoryPersons, k, "__init__.py"))
		if err != nil {
			return fmt.Errorf("%s: %w", pkgFakeFactory, err)
		}
		m := pyLastNames.FindSubmatch(b)
		if m == nil {
			return fmt.Errorf("%s %s: no last_names", pkgFakeFactory, k)
		}
		for _, s := range pyString.FindAllSubmatch(m[1], -1) {
			v := s[1]
			if v == nil {
				v = s[2]
			}
			last = append(last, string(v))
		}
	}
	surnames := map[string]bool{}
	for _, n := range last {
		if n = southAsianLatin(n); n != "" && !other[n] {
			surnames[n] = true
		}
	}
	if len(given) < 4000 || len(surnames) < 500 {
		return fmt.Errorf("south asian names: %d given names and %d surnames, want 4,000 and 500 or more", len(given), len(surnames))
	}
	otherGiven, err := otherGivenNames(out, given)
	if err != nil {
		return err
	}
	var lines, held []string
	var train [4][]string // South Asian and other given names, South Asian and other surnames
	for _, n := range slices.Sorted(maps.Keys(given)) {
		v := given[n]
		if part := southAsianHeldOut(n); part != "" {
			if (v.m == 0) != (v.f == 0) {
				sex := "MALE"
				if v.f > 0 {
					sex = "FEMALE"
				}
				held = append(held, n+"\t"+sex+"\t"+part+"\tgiven")
			}
			continue
		}
		lines = append(lines, fmt.Sprintf("g\t%s\t%d\t%d", n, v.m, v.f))
		train[0] = append(train[0], n)
	}
	for _, n := range slices.Sorted(maps.Keys(otherGiven)) {
		if part := southAsianHeldOut(n); part != "" {
			sex := "MALE"
			if otherGiven[n] <= 0.2 {
				sex = "FEMALE"
			}
			held = append(held, n+"\t"+sex+"\t"+part+"\tother-given")
			continue
		}
		train[1] = append(train[1], n)
	}
	for _, n := range slices.Sorted(maps.Keys(surnames)) {
		lines = append(lines, "s\t"+n)
		if part := surnameHeldOut(n); part != "" {
			held = append(held, n+"\t-\t"+part+"\tsurname")
			continue
		}
		train[2] = append(train[2], n)
	}
	for _, n := range slices.Sorted(maps.Keys(other)) {
		if surnames[n] || len(n) < 3 || southAsianLatin(n) != n {
			continue
		}
		if part := surnameHeldOut(n); part != "" {
			held = append(held, n+"\t-\t"+part+"\tother-surname")
			continue
		}
		train[3] = append(train[3], n)
	}
	ends := map[string][4]int{}
	for i, names := range train {
		countEndings(ends, i, names)
	}
	for e, c := range ends {
		lines = append(lines, fmt.Sprintf("e\t%s\t%d\t%d\t%d\t%d", e, c[0], c[1], c[2], c[3]))
	}
	lines = append(lines, fmt.Sprintf("n\t%d\t%d\t%d\t%d", len(train[0]), len(train[1]), len(train[2]), len(train[3])))
	hdr := fmt.Sprintf("South Asian names for the model of South Asian given names (dict/south_asian.go): \"g TAB name TAB men's lists TAB women's lists\" (given names in Latin letters, lower case, Devanagari ones by their Latin key; one in five held out: testdata/south-asian-holdout.tsv), \"s TAB surname\" (surnames of those lists that no other faker locale lists), \"e TAB ending TAB South Asian given names TAB other given names TAB South Asian surnames TAB other surnames\" (how many names not held out end so: the other languages' given names of given.tsv.zst and surnames of faker's other locales) and \"n TAB\" their totals, from %s %s (first_male, first_female, last), %s %s (en_IN, en_NP, ne), Debian's %s %s (en_IN, ne_NP Person.php) and %s %s (ne_NP given names by sex; hi_IN, ne_NP surnames). MIT licensed, see NOTICE.",
		pkgIndian, verIndian, pkgFaker, verFaker, pkgPHPFaker, verPHPFaker, pkgFakeFactory, verFakeFactory)
	if err := writeLines(filepath.Join(out, "south-asian.txt.zst"), hdr, lines); err != nil {
		return err
	}
	if testdata == "" {
		return nil
	}
	hdr = "Names held out of the South Asian model (data/south-asian.txt.zst), by a hash of the name: name TAB sex (- for surnames) TAB part TAB kind: given (its sources' given names with one sex), other-given (the other languages' given names with a clear sex), surname (its sources' surnames) and other-surname (faker's other locales' surnames). The model's constants were chosen on part tune, test reports. Written by engine/internal/gen."
	return writeText(filepath.Join(testdata, "south-asian-holdout.tsv"), hdr, held)
}
