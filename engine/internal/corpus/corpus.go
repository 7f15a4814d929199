// Package corpus is the engine's cross-operation test corpus: real
// people's names of every script and culture the engine's data covers,
// each tagged with its script, culture, parts and sex where known. It is
// for tests only (nothing outside _test files imports it).
//
// The names come from two places:
//   - every labelled set of engine/testdata (the world evaluation set's
//     people, parse and multi files, names_eval.tsv, names_hard.tsv, the
//     real rows of risk_eval.tsv, gender-holdout.tsv), read from the
//     directory the caller names;
//   - names generated from the given names, middle names and surnames of
//     every locale of @faker-js/faker 10.6.0 (MIT licence, see NOTICE),
//     embedded here as data/faker.tsv.gz (gen_faker.mjs writes it): every
//     given name of a locale at least once, each with a surname of the same
//     locale (of the bearer's sex where the locale has surnames by sex),
//     and at least perLocale names per locale, drawn with a fixed seed so
//     that every run sees the same corpus.
//
// The engine's dictionaries are built from the same faker lists: the
// generated part checks that the operations agree with each other and never
// call a real name fake, not how well the engine knows unseen names (the
// labelled sets do that).
package corpus

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
)

// Order is how a culture writes a full name.
type Order int

// The orders of Full.
const (
	GivenFirst          Order = iota // "Anna Meyer"
	SurnameFirst                     // "Nguyễn Quang Dũng", "Szabó Levente"
	SurnameFirstNoSpace              // "王伟", "김민준", "山本たけし"
)

// Name is one real person's name.
type Name struct {
	Given, Middle, Surname string // "" when unknown (Full holds the name)
	Sex                    byte   // 'M', 'F', or 0 when unknown or either
	Script                 string // of the name's letters: "Latin", "Cyrillic", "Han", "Kana", ... (ScriptOf)
	Culture                string // the faker locale or the labelled set's group
	Source                 string // "faker:ru", "eval/people/russian.tsv", ...
	Order                  Order
	full                   string // the name as the labelled set writes it, when it has no parts
}

// Full is the whole name as its culture writes it.
func (n *Name) Full() string {
	if n.full != "" {
		return n.full
	}
	switch n.Order {
	case SurnameFirstNoSpace:
		return n.Surname + n.Given + n.Middle
	case SurnameFirst:
		return join(n.Surname, n.Given, n.Middle)
	}
	return join(n.Given, n.Middle, n.Surname)
}

// HasParts reports whether the name's given name and surname are known.
func (n *Name) HasParts() bool { return n.Given != "" && n.Surname != "" }

func join(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}

// perLocale is the least number of names generated per faker locale;
// perLocaleOther per locale of a script other than Latin (there are fewer
// of them, and each script's share of false alarms needs enough names).
const (
	perLocale      = 600
	perLocaleOther = 2000
)

//go:embed data/faker.tsv.gz
var fakerData []byte

// surnameFirst lists the faker locales whose full names put the surname
// first: with a space, or (true) without one.
var surnameFirst = map[string]bool{
	"hu": false, "vi": false,
	"ja": true, "ko": true, "zh_CN": true, "zh_TW": true,
}

// Load returns the corpus: the labelled sets under testdata (the engine's
// testdata directory) followed by the generated names.
func Load(testdata string) ([]Name, error) {
	names, err := labelled(testdata)
	if err != nil {
		return nil, err
	}
	gen, err := generated()
	if err != nil {
		return nil, err
	}
	return append(names, gen...), nil
}

// Sample returns about n of names, the same ones on every call: every
// script keeps at least min(its count, n/20) names, the rest in
// proportion, picked by a hash of the name.
func Sample(names []Name, n int) []Name {
	if n >= len(names) {
		return names
	}
	by := map[string]int{}
	for i := range names {
		by[names[i].Script]++
	}
	floor := n / 20
	keep := map[string]uint64{} // per script: keep a name when its hash % 1e6 < keep
	for s, c := range by {
		want := max(float64(n)*float64(c)/float64(len(names)), float64(min(c, floor)))
		keep[s] = uint64(want / float64(c) * 1e6)
	}
	var out []Name
	for i := range names {
		h := fnv.New64a()
		h.Write([]byte(names[i].Source))
		h.Write([]byte(names[i].Full()))
		if h.Sum64()%1e6 < keep[names[i].Script] {
			out = append(out, names[i])
		}
	}
	return out
}

// ScriptOf names the writing system of most of s's letters: "Latin",
// "Cyrillic", "Greek", "Armenian", "Georgian", "Arabic", "Hebrew", "Thai",
// "Devanagari", "Bengali", "Thaana", "Hangul", "Han", or "Kana" when any
// letter is kana (Japanese mixes kana and kanji); "Other" otherwise.
func ScriptOf(s string) string {
	tables := []struct {
		name string
		t    *unicode.RangeTable
	}{
		{"Latin", unicode.Latin}, {"Cyrillic", unicode.Cyrillic}, {"Greek", unicode.Greek},
		{"Armenian", unicode.Armenian}, {"Georgian", unicode.Georgian}, {"Arabic", unicode.Arabic},
		{"Hebrew", unicode.Hebrew}, {"Thai", unicode.Thai}, {"Devanagari", unicode.Devanagari},
		{"Bengali", unicode.Bengali}, {"Thaana", unicode.Thaana}, {"Hangul", unicode.Hangul},
		{"Han", unicode.Han},
	}
	count := make([]int, len(tables))
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return "Kana"
		}
		for i, t := range tables {
			if unicode.Is(t.t, r) {
				count[i]++
				break
			}
		}
	}
	best := -1
	for i, c := range count {
		if c > 0 && (best < 0 || c > count[best]) {
			best = i
		}
	}
	if best < 0 {
		return "Other"
	}
	return tables[best].name
}

// ---------------------------------------------------------------------------
// Generated names

type localeLists struct {
	given, middle, surname map[byte][]string // by sex: 'M', 'F', '-'
}

func readFaker() (map[string]*localeLists, []string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(fakerData))
	if err != nil {
		return nil, nil, fmt.Errorf("corpus: faker data: %w", err)
	}
	lists := map[string]*localeLists{}
	var locales []string
	sc := bufio.NewScanner(zr)
	for line := 0; sc.Scan(); {
		line++
		l := sc.Text()
		if strings.HasPrefix(l, "#") || l == "" {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 || len(f[2]) != 1 {
			return nil, nil, fmt.Errorf("corpus: faker.tsv.gz:%d: want locale, kind, sex, name", line)
		}
		ll := lists[f[0]]
		if ll == nil {
			ll = &localeLists{given: map[byte][]string{}, middle: map[byte][]string{}, surname: map[byte][]string{}}
			lists[f[0]] = ll
			locales = append(locales, f[0])
		}
		m := map[string]map[byte][]string{"given": ll.given, "middle": ll.middle, "surname": ll.surname}[f[1]]
		if m == nil {
			return nil, nil, fmt.Errorf("corpus: faker.tsv.gz:%d: kind %q", line, f[1])
		}
		m[f[2][0]] = append(m[f[2][0]], f[3])
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("corpus: faker data: %w", err)
	}
	return lists, locales, nil
}

// pick returns a name of sex from m: of that sex when m has any, else of
// either ('-'), else of any sex.
func pick(r *rand.Rand, m map[byte][]string, sex byte) string {
	for _, k := range []byte{sex, '-'} {
		if l := m[k]; len(l) > 0 {
			return l[r.IntN(len(l))]
		}
	}
	var all []string
	for _, k := range []byte{'F', 'M'} {
		all = append(all, m[k]...)
	}
	if len(all) == 0 {
		return ""
	}
	return all[r.IntN(len(all))]
}

func generated() ([]Name, error) {
	lists, locales, err := readFaker()
	if err != nil {
		return nil, err
	}
	var out []Name
	for li, loc := range locales {
		ll := lists[loc]
		r := rand.New(rand.NewPCG(20261127, uint64(li)))
		order := GivenFirst
		if nospace, ok := surnameFirst[loc]; ok {
			order = SurnameFirst
			if nospace {
				order = SurnameFirstNoSpace
			}
		}
		add := func(given string, sex byte) {
			n := Name{Given: given, Sex: sex, Culture: loc, Source: "faker:" + loc, Order: order}
			if sex == '-' {
				n.Sex = 0
			}
			n.Surname = pick(r, ll.surname, sex)
			// A middle name (a patronymic in ru and uk) for one name in three.
			if len(ll.middle) > 0 && r.IntN(3) == 0 {
				n.Middle = pick(r, ll.middle, sex)
			}
			if n.Surname == "" {
				return
			}
			n.Script = ScriptOf(n.Full())
			out = append(out, n)
		}
		want := perLocale
		if g := pick(r, ll.given, 'F'); g != "" && ScriptOf(g) != "Latin" {
			want = perLocaleOther
		}
		total := 0
		for _, sex := range []byte{'F', 'M', '-'} {
			for _, g := range ll.given[sex] {
				add(g, sex)
				total++
			}
		}
		for ; total < want; total++ {
			sex := []byte{'F', 'M'}[r.IntN(2)]
			if len(ll.given[sex]) == 0 {
				sex = '-'
			}
			if g := pick(r, ll.given, sex); g != "" {
				add(g, sex)
			}
		}
	}
	return out, nil
}

// ---------------------------------------------------------------------------
// Labelled sets

// rows reads a TSV file of the labelled sets: its rows without comments
// and blank lines, and the value of a "# order=" comment.
func rows(path string) (rs [][]string, order string, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("corpus: %w", err)
	}
	for l := range strings.SplitSeq(string(b), "\n") {
		l = strings.TrimRight(l, "\r")
		if o, ok := strings.CutPrefix(l, "# order="); ok {
			order = strings.TrimSpace(o)
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rs = append(rs, strings.Split(l, "\t"))
	}
	return rs, order, nil
}

func sexOf(s string) byte {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "M", "MALE":
		return 'M'
	case "F", "FEMALE":
		return 'F'
	}
	return 0
}

func labelled(dir string) ([]Name, error) {
	var out []Name
	add := func(n Name) {
		n.Script = ScriptOf(n.Full())
		out = append(out, n)
	}
	// The world evaluation set's people: given, surname, sex.
	people, err := filepath.Glob(filepath.Join(dir, "eval", "people", "*.tsv"))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	if len(people) == 0 {
		return nil, fmt.Errorf("corpus: no eval/people/*.tsv under %s", dir)
	}
	slices.Sort(people)
	for _, p := range people {
		rs, order, err := rows(p)
		if err != nil {
			return nil, err
		}
		group := strings.TrimSuffix(filepath.Base(p), ".tsv")
		o := GivenFirst
		if order == "surname-first-nospace" {
			o = SurnameFirstNoSpace
		}
		for _, r := range rs {
			if len(r) < 3 {
				return nil, fmt.Errorf("corpus: %s: row %q: want given, surname, sex", p, r)
			}
			add(Name{Given: r[0], Surname: r[1], Sex: sexOf(r[2]), Culture: group, Source: "eval/people/" + group + ".tsv", Order: o})
		}
	}
	// Whole names with their group (parse: group, input, terms, sex;
	// multi: language, input, ...) or with their parts.
	type file struct {
		path  string
		parse func(r []string) (Name, bool)
	}
	files := []file{
		{"eval/parse.tsv", func(r []string) (Name, bool) {
			if len(r) < 4 {
				return Name{}, false
			}
			n := Name{full: r[1], Sex: sexOf(r[3]), Culture: r[0]}
			for t := range strings.SplitSeq(r[2], "|") {
				typ, v, _ := strings.Cut(t, "=")
				switch typ {
				case "GIVENNAME":
					n.Given = join(n.Given, v)
				case "SURNAME":
					n.Surname = join(n.Surname, v)
				}
			}
			return n, true
		}},
		{"eval/multi.tsv", func(r []string) (Name, bool) {
			return Name{full: r[1], Culture: r[0]}, len(r) >= 2
		}},
		{"names_eval.tsv", func(r []string) (Name, bool) {
			if len(r) < 4 {
				return Name{}, false
			}
			loc, _, _ := strings.Cut(r[3], ":")
			return Name{full: r[0], Given: r[1], Surname: r[2], Culture: loc}, true
		}},
		{"names_hard.tsv", func(r []string) (Name, bool) {
			if len(r) < 3 {
				return Name{}, false
			}
			return Name{full: r[0], Given: r[1], Surname: r[2], Culture: "hard"}, true
		}},
		{"gender-holdout.tsv", func(r []string) (Name, bool) {
			if len(r) < 4 {
				return Name{}, false
			}
			return Name{full: r[0], Sex: sexOf(r[2]), Culture: r[3]}, true
		}},
		{"risk_eval.tsv", func(r []string) (Name, bool) {
			if len(r) < 2 || r[0] != "real" || r[1] == "" {
				return Name{}, false
			}
			return Name{full: r[1], Culture: "risk-real"}, true
		}},
	}
	for _, f := range files {
		rs, _, err := rows(filepath.Join(dir, f.path))
		if err != nil {
			return nil, err
		}
		n0 := len(out)
		for _, r := range rs {
			if n, ok := f.parse(r); ok {
				n.Source = f.path
				add(n)
			}
		}
		if len(out) == n0 {
			return nil, fmt.Errorf("corpus: %s: no names read", f.path)
		}
	}
	return out, nil
}
