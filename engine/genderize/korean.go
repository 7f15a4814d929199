package genderize

import (
	"iter"
	"strings"
)

// koreanParts is nameParts for the words of a Korean given name: a bare
// one-vowel word ("A", "U": the syllables 아, 우 written as one letter, as
// in "Kim A Reum") is a syllable, not an initial; written with a dot
// ("A.") it is still skipped.
func koreanParts(given []string) iter.Seq[string] { return givenWords(given, koreanVowel) }

// koreanVowel reports whether w is one vowel letter (a, e, i, o, u) in
// either case.
func koreanVowel(w string) bool {
	return len(w) == 1 && strings.IndexByte("aeiouAEIOU", w[0]) >= 0
}
