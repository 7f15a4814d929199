package main

// python3-fake-factory (Debian's package of the Python Faker, MIT): its
// men's and women's given names per locale fill the gaps of the name data
// with php-faker's (gapFill). Its lists are another hand-written set per
// locale (German, Danish, Norwegian, Greek and Arabic ones longer than
// the other sources').

import (
	"path/filepath"
	"regexp"
	"strings"
)

// The Debian package and version read (Debian 12 "bookworm").
const (
	pkgFakeFactory = "python3-fake-factory"
	verFakeFactory = "0.9.3-2"
)

// fakeFactoryPersons is where the package keeps its locales' person
// providers.
const fakeFactoryPersons = "usr/lib/python3/dist-packages/faker/providers/person"

// pyAssign matches a class attribute's assignment at the providers'
// indentation ("    first_names_male = ("), the start of a list and the
// end of the one before.
var pyAssign = regexp.MustCompile(`(?m)^    ([a-z_]+) = `)

// pyMethod matches a method's or decorator's first line in a provider.
var pyMethod = regexp.MustCompile(`(?m)^    (def|@)`)

// pyString matches a Python string literal in single or double quotes.
var pyString = regexp.MustCompile(`'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"`)

// parsePyPerson reads the men's and women's given names of one locale's
// person provider: the string literals of its first_names_male and
// first_names_female attributes (a tuple, a list or an OrderedDict of
// name and weight). An attribute built from others (et_EE's
// set(first_names_male_est + ...)) holds no literal and is left empty.
func parsePyPerson(src []byte) fakerLocale {
	var l fakerLocale
	idx := pyAssign.FindAllSubmatchIndex(src, -1)
	for i, m := range idx {
		name := string(src[m[2]:m[3]])
		if name != "first_names_male" && name != "first_names_female" {
			continue
		}
		end := len(src)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		body := src[m[1]:end]
		// Stop at a method or decorator after the last attribute.
		if j := pyMethod.FindIndex(body); j != nil {
			body = body[:j[0]]
		}
		var names []string
		for _, s := range pyString.FindAllSubmatch(body, -1) {
			v := s[1]
			if v == nil {
				v = s[2]
			}
			names = append(names, strings.NewReplacer(`\'`, "'", `\"`, `"`).Replace(string(v)))
		}
		if name == "first_names_male" {
			l.Male = names
		} else {
			l.Female = names
		}
	}
	return l
}

// fakeFactoryLang maps a Python Faker locale to the language tag of the
// name data: its language, but dk_DK counted as Danish (da), no_NO as
// Norwegian Bokmål (nb) and Twi (tw_GH) as English, the language the
// country table gives Ghana (dict.Languages("GH")).
func fakeFactoryLang(locale string) string {
	switch lg := lang(locale); lg {
	case "dk":
		return "da"
	case "no":
		return "nb"
	case "tw":
		return "en"
	default:
		return lg
	}
}

// loadFakeFactory reads the given names by sex of every locale of the
// python3-fake-factory package unpacked in dir, keyed by locale.
func loadFakeFactory(dir string) (map[string]fakerLocale, error) {
	return loadLocaleFiles(pkgFakeFactory, filepath.Join(dir, fakeFactoryPersons, "*", "__init__.py"), parsePyPerson, 25)
}
