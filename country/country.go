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

	"github.com/mozillazg/go-unidecode"
)

//go:embed names.tsv
var namesTSV []byte

//go:embed extra.tsv
var extraTSV []byte

var (
	codesOnce sync.Once
	iso2      map[string]bool // the alpha-2 codes
	namesOnce sync.Once
	byKey     map[string]string // folded name or code -> alpha-2
)

// lines calls fn with the country code and the value of every line of the
// tables, in order.
func lines(fn func(cc, value string)) {
	for _, data := range [][]byte{namesTSV, extraTSV} {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			cc, value, ok := strings.Cut(line, "\t")
			if !ok || len(cc) != 2 {
				panic("country: bad line in the embedded tables: " + line)
			}
			fn(cc, value)
		}
	}
}

// loadCodes reads the alpha-2 codes alone: a list whose place column
// holds codes, as most do, never needs the names (loadNames, which folds
// some 13,000 names in 78 languages, is most of the package's cost).
func loadCodes() {
	iso2 = make(map[string]bool, 256)
	lines(func(cc, _ string) { iso2[cc] = true })
}

// loadNames reads the names and alpha-3 codes; a spelling two countries
// share keeps the first one's code (the files list the alpha-3 codes, then
// the names by language, the most used first).
func loadNames() {
	byKey = make(map[string]string, 16000)
	lines(func(cc, name string) {
		if k := key(name); k != "" {
			if _, dup := byKey[k]; !dup {
				byKey[k] = cc
			}
		}
	})
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
	// The ASCII letters and digits, lower-cased (what unicode.IsLetter,
	// IsDigit and ToLower make of ASCII; TestKeyASCII).
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b = append(b, c)
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		}
	}
	return string(b)
}

// Code returns the ISO 3166-1 alpha-2 code of a country value: an alpha-2
// code in any case, an alpha-3 code, or a name in one of the tables'
// languages. ok is false for a value it does not know (and for an empty
// one).
func Code(s string) (code string, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		codesOnce.Do(loadCodes)
		if u := strings.ToUpper(s); iso2[u] {
			return u, true
		}
	}
	namesOnce.Do(loadNames)
	code, ok = byKey[key(s)]
	return code, ok
}
