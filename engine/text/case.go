package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// OddCase reports case mixing that no naming convention produces ("jOhN",
// "pETER"); "McDonald", "DeVito", "O'Neill", "MÜLLER" and "müller" are fine.
func OddCase(w string) bool {
	for rest := w; rest != ""; {
		part := rest
		if i := strings.IndexFunc(rest, func(r rune) bool { return r == '-' || r == '\'' || r == '’' }); i >= 0 {
			part = rest[:i]
			_, n := utf8.DecodeRuneInString(rest[i:])
			rest = rest[i+n:]
		} else {
			rest = ""
		}
		if part == "" {
			continue
		}
		up, low := 0, 0
		for _, r := range part {
			if unicode.IsUpper(r) {
				up++
			} else if unicode.IsLower(r) {
				low++
			}
		}
		if up == 0 || low == 0 {
			continue
		}
		if r0, _ := utf8.DecodeRuneInString(part); unicode.IsLower(r0) {
			return true // "jOhN", "pETER"
		}
		// Allowed: one capital, or a capital after a known prefix.
		if up == 1 {
			continue
		}
		if up != 2 {
			return true
		}
		lower := strings.ToLower(part)
		ok := false
		for _, pre := range oddCasePrefixes {
			if strings.HasPrefix(lower, pre) {
				if r, found := runeAt(part, len(pre)); found && unicode.IsUpper(r) {
					ok = true
					break
				}
			}
		}
		if !ok {
			return true
		}
	}
	return false
}

// oddCasePrefixes are name prefixes after which a second capital is
// usual ("McDonald", "DeVito", "O'Neill" is split at the apostrophe).
var oddCasePrefixes = []string{"mc", "mac", "de", "di", "da", "du", "la", "le", "van", "von", "fitz", "o"}

// runeAt returns the n-th rune of s (0-based).
func runeAt(s string, n int) (rune, bool) {
	for _, r := range s {
		if n == 0 {
			return r, true
		}
		n--
	}
	return 0, false
}

// IsLower reports whether strings.ToLower(s) == s, without building the
// lower-case copy (an invalid UTF-8 byte counts as changed, as ToLower
// replaces it).
func IsLower(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return isLowerRunes(s[i:])
		}
		if 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

func isLowerRunes(s string) bool {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, w := utf8.DecodeRuneInString(s[i:]); w == 1 {
				return false
			}
		}
		if unicode.ToLower(r) != r {
			return false
		}
	}
	return true
}
