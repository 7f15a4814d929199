package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsFakePerson reports whether given + surname is a well-known
// placeholder, fictional or joke name. The common case (the given name
// starts no such name) is decided without allocating.
// Both orders count: the other reading of "Santa Claus" has the given name
// Claus and the surname Santa.
func IsFakePerson(given, surname string) bool {
	return isFakeName(given, surname) || (surname != "" && isFakeName(surname, given))
}

func isFakeName(first, rest string) bool {
	if first == "" {
		return false
	}
	l := Lists()
	if !l.FakeFirstFilter.MayHoldLower(FirstWord(first)) {
		return false // the usual first word: neither folded nor looked up
	}
	var buf [128]byte
	// The common case is looked up without allocating.
	if k, ok := appendFoldedWords(buf[:0], FirstWord(first)); ok {
		if !l.FakeFirst[string(k)] {
			return false
		}
		if k, ok = appendFoldedWords(append(k, ' '), rest); ok {
			return isFakeKey(l, string(k))
		}
	} else if !l.FakeFirst[FirstWord(FoldSpace(first))] {
		return false
	}
	return isFakeKey(l, FoldSpace(strings.TrimSpace(first+" "+rest)))
}

func isFakeKey(l *WordLists, k string) bool {
	if _, ok := l.Placeholders[k]; ok {
		return true
	}
	return l.Fictional[k] || l.Humorous[k]
}

// appendFoldedWords appends FoldSpace(s) to dst for the usual case of s:
// words separated by single spaces, without dots or commas. ok is false
// for other strings (the caller then uses FoldSpace) or when dst would
// outgrow its capacity, so that a buffer on the caller's stack suffices.
func appendFoldedWords(dst []byte, s string) ([]byte, bool) {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return dst, false
	}
	prevSpace := false
	for _, r := range s {
		if r < utf8.RuneSelf {
			c := byte(r)
			switch {
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			case c == ' ':
				if prevSpace {
					return dst, false
				}
			case c == '.', c == ',', c < ' ':
				return dst, false
			}
			prevSpace = c == ' '
			dst = append(dst, c)
		} else {
			if unicode.IsSpace(r) {
				return dst, false
			}
			prevSpace = false
			r = unicode.ToLower(r)
			if rep, ok := foldMap[r]; ok {
				dst = append(dst, rep...)
			} else {
				dst = utf8.AppendRune(dst, r)
			}
		}
		if len(dst) > cap(dst)-4 {
			return dst, false
		}
	}
	return dst, true
}
