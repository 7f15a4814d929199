package dict

import "strings"

// countryLanguages maps ISO 3166-1 alpha-2 country codes to the languages
// (ISO 639-1) whose name data applies there, main language first. Sources:
// the countries' official and majority languages as commonly documented
// (e.g. CLDR territory data), restricted to languages the name data has.
var countryLanguages = map[string][]string{
	// German-speaking
	"DE": {"de"}, "AT": {"de"}, "LI": {"de"}, "CH": {"de", "fr", "it"}, "LU": {"fr", "de"},
	// Romance
	"IT": {"it"}, "SM": {"it"}, "VA": {"it"},
	"FR": {"fr"}, "MC": {"fr"}, "BE": {"nl", "fr"}, "SN": {"fr"}, "CI": {"fr"}, "CM": {"fr", "en"}, "ML": {"fr"}, "BF": {"fr"}, "NE": {"fr"}, "TG": {"fr"}, "BJ": {"fr"}, "GA": {"fr"}, "CD": {"fr"}, "CG": {"fr"}, "HT": {"fr"}, "MG": {"fr"},
	"ES": {"es"}, "MX": {"es"}, "AR": {"es"}, "CO": {"es"}, "CL": {"es"}, "PE": {"es"}, "VE": {"es"}, "EC": {"es"}, "GT": {"es"}, "CU": {"es"}, "BO": {"es"}, "DO": {"es"}, "HN": {"es"}, "PY": {"es"}, "SV": {"es"}, "NI": {"es"}, "CR": {"es"}, "PA": {"es"}, "UY": {"es"}, "PR": {"es", "en"}, "GQ": {"es"}, "AD": {"es", "fr"},
	"PT": {"pt"}, "BR": {"pt"}, "AO": {"pt"}, "MZ": {"pt"}, "CV": {"pt"},
	"RO": {"ro"}, "MD": {"ro"},
	// English-speaking
	"US": {"en"}, "GB": {"en"}, "UK": {"en"}, "IE": {"en"}, "AU": {"en"}, "NZ": {"en"}, "CA": {"en", "fr"}, "ZA": {"en", "af", "zu"}, "IN": {"en"}, "NG": {"en", "yo"}, "GH": {"en"}, "KE": {"en"}, "UG": {"en"}, "TZ": {"en"}, "ZW": {"en"}, "ZM": {"en"}, "JM": {"en"}, "TT": {"en"}, "SG": {"en", "zh"}, "PH": {"en"}, "MT": {"en", "it"}, "HK": {"en", "zh"}, "NP": {"ne", "en"},
	// Germanic and Nordic
	"NL": {"nl"}, "SR": {"nl"}, "DK": {"da"}, "NO": {"nb"}, "SE": {"sv"}, "FI": {"fi", "sv"}, "IS": {"en"},
	// Slavic, Baltic, Balkan
	"PL": {"pl"}, "CZ": {"cs"}, "SK": {"sk"}, "SI": {"sl"}, "HR": {"hr"}, "RS": {"sr"}, "BA": {"hr", "sr"}, "ME": {"sr"}, "MK": {"mk"}, "BG": {"mk", "ru"}, "RU": {"ru"}, "BY": {"ru"}, "UA": {"uk"}, "KZ": {"ru"}, "LV": {"lv"}, "LT": {"lt", "lv", "ru"}, "EE": {"et", "fi", "ru"},
	// Other Europe and Asia
	"HU": {"hu"}, "GR": {"el"}, "CY": {"el", "tr"}, "TR": {"tr"}, "AZ": {"az"}, "AM": {"hy"}, "GE": {"ka"},
	"IL": {"he"}, "IR": {"fa"}, "AF": {"fa"}, "IQ": {"ar", "ku"}, "SA": {"ar"}, "AE": {"ar"}, "EG": {"ar"}, "MA": {"ar", "fr"}, "DZ": {"ar", "fr"}, "TN": {"ar", "fr"}, "JO": {"ar"}, "LB": {"ar", "fr"}, "SY": {"ar"}, "KW": {"ar"}, "QA": {"ar"}, "OM": {"ar"}, "BH": {"ar"}, "YE": {"ar"}, "LY": {"ar"},
	"PK": {"ur", "en"}, "BD": {"bn", "en"}, "LK": {"ta", "en"}, "MV": {"dv"}, "UZ": {"uz"}, "MN": {"mn"},
	"CN": {"zh"}, "TW": {"zh"}, "JP": {"ja"}, "KR": {"ko"}, "VN": {"vi"}, "TH": {"th"}, "ID": {"id"}, "MY": {"id", "en"},
}

// Languages returns the languages that apply to placeOrLang: a country
// code (upper case, e.g. "IT"), a language code (lower case, e.g. "it"), or
// a locale ("de-AT", "de_AT": the language, then the country's). A
// lower-case code that is not a known language is tried as a country. It
// returns nil for "" and for codes it does not know.
func Languages(placeOrLang string) []string {
	if c := countryCode(placeOrLang); c >= 0 {
		// The usual scope, a country code as the context gives it: no
		// trimming, cutting or hashing (BenchmarkNameLookups).
		return countryLanguageLists[countryIndex[c]]
	}
	s := strings.TrimSpace(placeOrLang)
	if s == "" {
		return nil
	}
	if l, c, ok := strings.Cut(strings.ReplaceAll(s, "_", "-"), "-"); ok {
		out := []string{strings.ToLower(l)}
		for _, x := range countryLanguages[strings.ToUpper(c)] {
			if x != out[0] {
				out = append(out, x)
			}
		}
		return out
	}
	if len(s) == 2 && !hasASCIILower(s) && s == strings.ToUpper(s) {
		return countryLanguages[s]
	}
	// A language code as written ("de", the genderizer's scope of a
	// context's language) is neither cased nor copied: BenchmarkNameLookups
	// "language".
	low := strings.ToLower(s)
	if l, ok := languageLists[low]; ok {
		return l
	}
	return countryLanguages[strings.ToUpper(s)]
}

// hasASCIILower reports whether s holds a lower-case ASCII letter (so that
// it is not its own upper case).
func hasASCIILower(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'a' <= s[i] && s[i] <= 'z' {
			return true
		}
	}
	return false
}

// countryCode returns the index of a code of two upper-case ASCII letters
// in countryIndex, or -1 for other strings.
func countryCode(s string) int {
	if len(s) != 2 || s[0] < 'A' || s[0] > 'Z' || s[1] < 'A' || s[1] > 'Z' {
		return -1
	}
	return int(s[0]-'A')*26 + int(s[1]-'A')
}

// countryIndex and countryLanguageLists are countryLanguages as an array:
// the languages of code c are countryLanguageLists[countryIndex[c]]
// (countryCode), nil at index 0 for the codes it does not hold.
var countryIndex, countryLanguageLists = func() (idx [26 * 26]uint8, lists [][]string) {
	lists = [][]string{nil}
	for code, langs := range countryLanguages {
		c := countryCode(code)
		if c < 0 || len(lists) > 255 {
			panic("dict: country code " + code)
		}
		idx[c] = uint8(len(lists))
		lists = append(lists, langs)
	}
	return idx, lists
}()

// knownLanguages are the languages the name data holds.
var knownLanguages = func() map[string]bool {
	m := map[string]bool{}
	for _, ls := range countryLanguages {
		for _, l := range ls {
			m[l] = true
		}
	}
	for _, l := range []string{"eo", "cy", "ku"} {
		m[l] = true
	}
	return m
}()

// languageLists holds Languages' answer for each known language: the
// language alone.
var languageLists = func() map[string][]string {
	m := make(map[string][]string, len(knownLanguages))
	for l := range knownLanguages {
		m[l] = []string{l}
	}
	return m
}()

// IsCountry reports whether code is an ISO 3166 country code the data
// maps to languages.
func IsCountry(code string) bool {
	_, ok := countryLanguages[strings.ToUpper(code)]
	return ok
}
