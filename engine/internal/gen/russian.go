package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// The given names by sex of russian_name (json/names_male.json and
// names_female.json: about 27,800 men's and 23,700 women's names in
// Cyrillic, the names in use across Russia and the former Soviet Union:
// Slavic, Turkic, Arabic, Persian, Caucasian, Baltic and Central Asian
// ones). They are read as one more locale of language ru ("ru_Names");
// latinLocale then adds their Latin keys ("Гульнара" → "gulnara"), which is
// what gives romanised Turkic, Persian and Arabic names written in Latin
// letters their sex. Its surnames are left out.
//
// A tenth of the names, chosen by a hash of the name (ruCheckShare), is
// held back from the data and written to the evaluation set
// testdata/gender-check.tsv, so that the engine is measured on names of
// this source that it was not built from.

// ruCheckShare is the share (1 in n) of russian_name's names held back
// for the check set.
const ruCheckShare = 10

// heldBack reports whether a name of russian_name goes to the check set.
func heldBack(name string) bool {
	h := fnv.New32a()
	h.Write([]byte("ru-check\x00" + name))
	return h.Sum32()%ruCheckShare == 0
}

// loadRussianNames reads russian_name in dir. data holds the names the
// engine is built from, check the held-back ones (names listed under one
// sex only).
func loadRussianNames(dir string) (data, check fakerLocale, err error) {
	read := func(file string) ([]string, error) {
		var rows []struct{ Name string }
		if err := readJSON(filepath.Join(dir, "json", file), &rows); err != nil {
			return nil, fmt.Errorf("russian_name: %w", err)
		}
		var out []string
		for _, r := range rows {
			if n := normName(r.Name); n != "" {
				out = append(out, n)
			}
		}
		slices.Sort(out)
		return slices.Compact(out), nil
	}
	male, err := read("names_male.json")
	if err != nil {
		return data, check, err
	}
	female, err := read("names_female.json")
	if err != nil {
		return data, check, err
	}
	if len(male) < 10000 || len(female) < 10000 {
		return data, check, fmt.Errorf("russian_name: %d male and %d female names, want 10,000 or more each", len(male), len(female))
	}
	both := map[string]bool{}
	for _, n := range male {
		if _, ok := slices.BinarySearch(female, n); ok {
			both[n] = true
		}
	}
	split := func(ns []string) (keep, held []string) {
		for _, n := range ns {
			switch {
			case !heldBack(n):
				keep = append(keep, n)
			case !both[n]:
				held = append(held, n)
			}
		}
		return keep, held
	}
	data.Male, check.Male = split(male)
	data.Female, check.Female = split(female)
	return data, check, nil
}

// sexByRussianNameList matches one of sex-by-russian-name's name sets.
var sexByRussianNameList = regexp.MustCompile(`(?s)Sex_1\.Sex\.(MALE|FEMALE)\]\s*=\s*new Set\((\[.*?\])\)`)

// loadSexByRussianName reads the given names by sex of the
// sex-by-russian-name package in dir (dist/names.js). The engine is not
// built from them: they are an independent check only.
func loadSexByRussianName(dir string) (fakerLocale, error) {
	var l fakerLocale
	b, err := os.ReadFile(filepath.Join(dir, "dist", "names.js"))
	if err != nil {
		return l, fmt.Errorf("sex-by-russian-name: %w", err)
	}
	for _, m := range sexByRussianNameList.FindAllSubmatch(b, -1) {
		var names []string
		// The sets are written with single quotes.
		js := strings.ReplaceAll(string(m[2]), "'", `"`)
		if err := json.Unmarshal([]byte(js), &names); err != nil {
			return l, fmt.Errorf("sex-by-russian-name: %s: %w", m[1], err)
		}
		switch string(m[1]) {
		case "MALE":
			l.Male = names
		case "FEMALE":
			l.Female = names
		}
	}
	if len(l.Male) < 1000 || len(l.Female) < 1000 {
		return l, fmt.Errorf("sex-by-russian-name: %d male and %d female names, want 1,000 or more each", len(l.Male), len(l.Female))
	}
	return l, nil
}

// checkRows are the rows of testdata/gender-check.tsv: name TAB MALE or
// FEMALE TAB source, for the names of l listed under one sex only.
func checkRows(l fakerLocale, source string) []string {
	m, f := setOf(l.Male), setOf(l.Female)
	var rows []string
	for n := range m {
		if n = normName(n); n != "" && !f[n] {
			rows = append(rows, n+"\tMALE\t"+source)
		}
	}
	for n := range f {
		if n = normName(n); n != "" && !m[n] {
			rows = append(rows, n+"\tFEMALE\t"+source)
		}
	}
	return rows
}

// pinyinSyllable holds the toneless pinyin syllables of Mandarin (415,
// "ü" written "v"): every reading pinyin-pro gives a character of the CJK
// Unified Ideographs block (loadPinyinSyllables). Combinations of initials
// and finals that Mandarin lacks ("fi", "bou") are not syllables, so that
// a name such as "Firuza" does not read as pinyin.
var pinyinSyllable map[string]bool

// pinyinSyllablesScript prints pinyinSyllable's syllables.
const pinyinSyllablesScript = `
const ppm = await import(process.argv[1]); const pp = ppm.pinyin ? ppm : ppm.default;
const set = new Set();
for (let c = 0x4E00; c <= 0x9FFF; c++) {
  for (const p of pp.pinyin(String.fromCodePoint(c), {toneType: 'none', type: 'array', multiple: true})) {
    const x = p.replace(/ü/g, 'v').toLowerCase();
    if (/^[a-z]+$/.test(x)) set.add(x);
  }
}
process.stdout.write(JSON.stringify([...set].sort()));
`

// loadPinyinSyllables fills pinyinSyllable from pinyin-pro in dir.
func loadPinyinSyllables(dir string) error {
	cmd := exec.Command("node", "--input-type=module", "-e", pinyinSyllablesScript, "file://"+filepath.Join(dir, "dist", "index.js"))
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("node listing pinyin syllables: %w", err)
	}
	var syl []string
	if err := json.Unmarshal(b, &syl); err != nil {
		return fmt.Errorf("decode pinyin syllables: %w", err)
	}
	if len(syl) < 350 {
		return fmt.Errorf("pinyin-pro: %d syllables, want 350 or more", len(syl))
	}
	pinyinSyllable = setOf(syl)
	return nil
}

// pinyinWord reports whether s is one to three toneless pinyin syllables
// run together ("yan", "lina", "xiaoming"): a Chinese given name may be
// written so, and its sex is not that of a Russian name spelt the same.
func pinyinWord(s string) bool {
	var split func(s string, n int) bool
	split = func(s string, n int) bool {
		if s == "" {
			return true
		}
		if n == 0 {
			return false
		}
		for k := min(len(s), 6); k >= 1; k-- {
			if pinyinSyllable[s[:k]] && split(s[k:], n-1) {
				return true
			}
		}
		return false
	}
	return s != "" && split(s, 3)
}

// surnameKeys returns every surname of the locales, lower case and, for
// other scripts than Latin, by its Latin key.
func surnameKeys(locales map[string]fakerLocale) map[string]bool {
	out := map[string]bool{}
	for _, l := range locales {
		for _, n := range l.Last {
			if n = normName(n); n == "" {
				continue
			}
			out[n] = true
			out[text.Strip(n)] = true
			if script.Of(n) != script.Latin {
				if k := script.LatinKey(n); k != "" {
					out[k] = true
				}
			}
		}
	}
	return out
}

// without returns l without the names in taken.
func without(l fakerLocale, taken map[string]bool) fakerLocale {
	keep := func(ns []string) []string {
		return slices.DeleteFunc(ns, func(n string) bool { return taken[n] })
	}
	return fakerLocale{Male: keep(l.Male), Female: keep(l.Female), Generic: keep(l.Generic)}
}
