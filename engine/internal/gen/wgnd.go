package main

// The World Gender-Name Dictionary (WGND 1.0, WIPO: Lax Martínez, Raffo
// and Saito, "Identifying the gender of PCT inventors", WIPO Economic
// Research Working Paper 33, 2016), as the repository IES-platform/r4r_gender
// (MIT, © WIPO) holds its wgnd/data/wgnd_noctry.csv at commit
// 23b28a9fe7c55118bcbad977c5728e98666e1713: about 170,000 given names of 173
// countries, compiled from 13 sources (mostly national statistics offices
// and registries), each with the sex every country that lists it gives it
// (M, F, or ? where the countries disagree). It reaches the cultures the
// other sources hold thinly: Indian, Persian, Arabic, Turkish, African,
// Southeast Asian and East European given names in Latin letters.
//
// Like the US births, it only fills gaps (a spelling that another source
// lists as a given name or as a surname, or that the births answer, keeps
// its own data), under dict.WorldLang: a look-up-only language, no known
// given name to the parser and outside the ending models. Left out: names
// the countries disagree on (?), names of more than one word, toneless
// pinyin (genderize's pinyin model judges those after a Chinese surname),
// names in other scripts than Latin (the Han names at the end of the
// file: the engine's own lists and models read that script), and the
// names the US births hold back for the check set
// (testdata/gender-check.tsv): WGND counts the same births among its
// sources, and held-back names must stay out of the data. The Korean
// names in Hangul at the end of the file join the Korean lists instead,
// when they agree with them (addWGNDHangul), and feed the Korean syllable
// model.

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
)

// wgndNoCtryGz is wgnd_noctry.csv, byte for byte, gzip-compressed. Its
// SHA-256 and size are pinned by TestWGNDFile.
//
//go:embed wgnd-noctry.csv.gz
var wgndNoCtryGz []byte

const (
	// wgndCommit and wgndRepo name where wgnd-noctry.csv.gz comes from.
	wgndRepo   = "IES-platform/r4r_gender"
	wgndCommit = "23b28a9fe7c55118bcbad977c5728e98666e1713"
	// wgndVotes is the weight of a WGND name in the data: one vote, the
	// least of any source (it is not checked against a second list).
	wgndVotes = 1
)

// wgndText returns wgnd_noctry.csv as text.
func wgndText() (string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(wgndNoCtryGz))
	if err != nil {
		return "", fmt.Errorf("wgnd-noctry.csv.gz: %w", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return "", fmt.Errorf("wgnd-noctry.csv.gz: %w", err)
	}
	return string(b), nil
}

// parseWGND reads wgnd_noctry.csv strictly (a header line, then records of
// five fields, NAME,SEX,... with SEX one of M, F, ?; a malformed record is
// an error naming its line) and returns the one-word names with a sex,
// lower-cased by normName, as true for male and false for female.
func parseWGND(text string) (map[string]bool, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.FieldsPerRecord = 5
	r.ReuseRecord = true
	out := map[string]bool{}
	for i := 0; ; i++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("wgnd-noctry.csv: %w", err)
		}
		if i == 0 {
			continue // header
		}
		name, sex := rec[0], rec[1]
		if name == "" || (sex != "M" && sex != "F" && sex != "?") {
			line, _ := r.FieldPos(0)
			return nil, fmt.Errorf("wgnd-noctry.csv:%d: want NAME,M|F|?,..., got %q", line, rec)
		}
		if sex == "?" || strings.ContainsAny(name, " ,") {
			continue
		}
		n := normName(name)
		if n == "" {
			continue
		}
		out[n] = sex == "M"
	}
	if len(out) < 100000 {
		return nil, fmt.Errorf("wgnd-noctry.csv: only %d names with a sex read", len(out))
	}
	return out, nil
}

// clearSex returns the names that the merged sources (but the look-up-only
// languages) or the US births give one sex clearly, at least 80 % of their
// votes or births: true for male.
func clearSex(merged map[string]map[string]votes, births map[string][2]int) map[string]bool {
	langs := maps.Clone(merged)
	delete(langs, dict.KeyedLang)
	sum := sumVotes(langs)
	out := map[string]bool{}
	for n, v := range sum {
		switch t := v.m + v.f; {
		case t == 0:
		case 5*v.m >= 4*t:
			out[n] = true
		case 5*v.f >= 4*t:
			out[n] = false
		}
	}
	for n, s := range births {
		out[n] = s[0] >= 50
	}
	return out
}

// wgndStats returns the WGND names in Latin letters that no other source
// knows (taken, as written or folded) and that are not toneless pinyin, as
// male percent
// (100 or 0). agree and disagree count the names that another source
// holds with a clear sex (known: true for male) where WGND says the same
// or the other: the source's agreement with the rest of the data.
func wgndStats(w map[string]bool, taken map[string]bool, known map[string]bool) (stats map[string]int, agree, disagree int) {
	stats = map[string]int{}
	for _, n := range slices.Sorted(maps.Keys(w)) {
		male := w[n]
		if k, ok := known[n]; ok {
			if k == male {
				agree++
			} else {
				disagree++
			}
		}
		if taken[n] || taken[text.Strip(n)] || pinyinWord(n) || script.Of(n) != script.Latin {
			continue
		}
		pct := 0
		if male {
			pct = 100
		}
		stats[n] = pct
	}
	return stats, agree, disagree
}

// wgndHangul returns the names of w (parseWGND's) written in precomposed
// Hangul syllables alone: the Korean given names at the end of
// wgnd_noctry.csv, with the sex WGND's Korean source gives them (true for
// male).
func wgndHangul(w map[string]bool) map[string]bool {
	out := map[string]bool{}
	for n, male := range w {
		if hangulName(n) {
			out[n] = male
		}
	}
	return out
}

// hangulName reports whether s is one or more precomposed Hangul
// syllables and nothing else.
func hangulName(s string) bool {
	for _, r := range s {
		if r < 0xAC00 || r > 0xD7A3 {
			return false
		}
	}
	return s != ""
}

// koAgreement checks WGND's Korean names (h: true for male) against the
// Hangul names of the Korean lists (ko: their votes), as gapFill checks a
// locale: of the names both hold that the lists give one sex (at least
// 80 % of their votes), how many WGND gives the same sex and how many the
// other.
func koAgreement(h map[string]bool, ko map[string]votes) gapLocaleCheck {
	var c gapLocaleCheck
	for n, male := range h {
		v, ok := ko[n]
		if !ok || v.m+v.f == 0 {
			continue
		}
		switch t := float64(v.m + v.f); {
		case float64(v.m) >= 0.8*t:
			if male {
				c.agree++
			} else {
				c.disagree++
			}
		case float64(v.f) >= 0.8*t:
			if male {
				c.disagree++
			} else {
				c.agree++
			}
		}
	}
	return c
}

// addWGNDHangul adds WGND's Korean names to the Korean lists' votes (ko),
// one vote per name like a Korean list, when they agree with the lists
// (koAgreement, gapAgreement over gapCompared names or more). They are the
// older generations' names (현숙, 철순) that the lists of today's baby
// names lack, and they feed the Korean syllable model (dict.koIndex). It
// returns the check and how many names were added.
func addWGNDHangul(w map[string]bool, ko map[string]votes) (gapLocaleCheck, int) {
	h := wgndHangul(w)
	c := koAgreement(h, ko)
	if !c.ok() {
		return c, 0
	}
	for n, male := range h {
		v := ko[n]
		if male {
			v.m++
		} else {
			v.f++
		}
		ko[n] = v
	}
	return c, len(h)
}
