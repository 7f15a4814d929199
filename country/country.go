// Package country turns the country values of customer lists into ISO
// 3166-1 alpha-2 codes: a code in any case ("de"), an alpha-3 code
// ("DEU", "U.S.A."), or a country's name in any of 78 languages
// ("Germany", "Deutschland", "Allemagne", "Германия"). It holds the data
// for that (names.tsv, from the npm package i18n-iso-countries, MIT, whose
// names come from CLDR; gen.mjs rebuilds it; extra.tsv adds common
// informal values) and nothing else, so that every layer that reads a
// place can use it.
package country

import (
	"bufio"
	"bytes"
	_ "embed"
	"strings"
	"sync"
	"unicode"

	"github.com/mozillazg/go-unidecode"
)

//go:embed names.tsv
var namesTSV []byte

//go:embed extra.tsv
var extraTSV []byte

var (
	once  sync.Once
	byKey map[string]string // folded name or code -> alpha-2
	iso2  map[string]bool   // the alpha-2 codes
)

// load reads the tables; a spelling two countries share keeps the first
// one's code (the files list the alpha-3 codes, then the names by
// language, the most used first).
func load() {
	byKey = make(map[string]string, 16000)
	iso2 = make(map[string]bool, 256)
	for _, data := range [][]byte{namesTSV, extraTSV} {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			cc, name, ok := strings.Cut(line, "\t")
			if !ok || len(cc) != 2 {
				panic("country: bad line in the embedded tables: " + line)
			}
			iso2[cc] = true
			if k := key(name); k != "" {
				if _, dup := byKey[k]; !dup {
					byKey[k] = cc
				}
			}
		}
	}
}

// key folds a value for look-up: Latin letters without marks (other
// scripts spelled in Latin letters), lower case, letters and digits only
// ("U.S.A." and "usa" are one key, "Côte d’Ivoire" and "cote divoire").
func key(s string) string {
	s = strings.TrimSpace(s)
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if !ascii {
		s = unidecode.Unidecode(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Code returns the ISO 3166-1 alpha-2 code of a country value: an alpha-2
// code in any case, an alpha-3 code, or a name in one of the tables'
// languages. ok is false for a value it does not know (and for an empty
// one).
func Code(s string) (code string, ok bool) {
	once.Do(load)
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		if u := strings.ToUpper(s); iso2[u] {
			return u, true
		}
	}
	code, ok = byKey[key(s)]
	return code, ok
}
