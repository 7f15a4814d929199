// Package text holds the text primitives of the engine's operations: folding
// (case, diacritics, spacing), the name tokenizer, the curated word lists
// of engine/lists parsed for lookup, and string distances.
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// NKey is the lookup key of a list word: lower case, without dots and
// spaces ("Ph.D." → "phd", "S. A." → "sa").
func NKey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if c == '.' || c == ' ' || (c >= 'A' && c <= 'Z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	return string(AppendNKey(make([]byte, 0, len(s)), s))
}

// AppendNKey appends NKey(s) to dst; with a buffer on the caller's stack,
// map lookups m[string(AppendNKey(buf[:0], s))] do not allocate.
func AppendNKey(dst []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == '.':
		case r < utf8.RuneSelf:
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			if r != ' ' && (r < '\t' || r > '\r') {
				dst = append(dst, byte(r))
			}
		case unicode.IsSpace(r):
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
	}
	return dst
}

// Fold lower-cases s and maps letters with diacritics to ASCII (the one
// table of strip.go), with the German umlauts and ø spelled out (ü → ue,
// ø → oe, ß → ss), so that "Müller" and "Mueller" Fold alike. Other
// characters are kept. Strip and FoldPlain give the plain forms (ü → u).
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || (c >= 'A' && c <= 'Z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	for _, r := range s {
		if r < utf8.RuneSelf {
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
			continue
		}
		r = unicode.ToLower(r)
		if rep, ok := foldMap[r]; ok {
			b.WriteString(rep)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// FoldSpace folds s and collapses runs of white space, dots and commas
// into single spaces.
func FoldSpace(s string) string {
	s = Fold(s)
	if spaceClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) || r == '.' || r == ',' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// spaceClean reports whether s is ASCII without dots, commas, white space
// other than single inner blanks: FoldSpace leaves it as it is.
func spaceClean(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf, c == '.', c == ',', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' '):
			return false
		}
	}
	return true
}

// foldMap is what Fold makes of a lower-case letter with diacritics: the
// letter's plain form from the one table (stripTable), but for the
// letters whose spelled-out form Fold uses (spelledOut).
var foldMap = func() map[rune]string {
	m := map[rune]string{}
	for r, rep := range stripTable {
		if unicode.IsLower(r) {
			m[r] = rep
		}
	}
	for r, rep := range spelledOut {
		m[r] = rep
	}
	return m
}()

// FirstWord returns s up to its first space.
func FirstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// AppendFoldSpace appends s to b as FoldSpace does to a string that
// continues b: folded, runs of white space, dots and commas as one blank
// (pending until the next other character, and never at the start).
func AppendFoldSpace(b []byte, pending bool, s string) ([]byte, bool) {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			i++
			switch {
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			case c == ' ' || c == '.' || c == ',' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
				pending = len(b) > 0
				continue
			}
			if pending {
				b = append(b, ' ')
				pending = false
			}
			b = append(b, c)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		r = unicode.ToLower(r)
		rep, ok := foldMap[r]
		if !ok && unicode.IsSpace(r) {
			pending = len(b) > 0
			continue
		}
		if pending {
			b = append(b, ' ')
			pending = false
		}
		if ok {
			b = append(b, rep...)
		} else {
			b = utf8.AppendRune(b, r)
		}
	}
	return b, pending
}

func LastWord(s string) string {
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		return s[i+1:]
	}
	return s
}
