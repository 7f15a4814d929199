package risk

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// disguiseRisks checks the name as typed for spaced, stuttered and padded
// typing, odd mixed case and leetspeak.
func disguiseRisks(e *Detector, raw string, rs *riskSet) {
	// Spaced typing: three or more single letters in a row without dots.
	run := 0
	for f := range strings.FieldsSeq(raw) {
		if r, n := utf8.DecodeRuneInString(f); n == len(f) && unicode.IsLetter(r) {
			run++
			if run >= 3 {
				rs.add(nameapi.DataItemName, nameapi.RiskSpacedTyping, 0.85, fmt.Sprintf("The name %q is typed with spaces between its letters.", raw))
				break
			}
			continue
		}
		run = 0
	}
	for f := range strings.FieldsSeq(raw) {
		w := trimPunct(f)
		if w == "" {
			continue
		}
		// Whether the name data knows w, looked up only when a check
		// fires (most words pass every check).
		var knownState int8 // 0: not looked up, 1: known, -1: not known
		known := func() bool {
			if knownState == 0 {
				knownState = -1
				if e.knownWord(w) {
					knownState = 1
				}
			}
			return knownState > 0
		}
		// Stutter: a letter three or more times in a row inside a word
		// that is not just that letter.
		if core, ok := e.padded(w); ok && !known() {
			rs.add(nameapi.DataItemName, nameapi.RiskPadding, 0.8, fmt.Sprintf("The name word %q pads the name %q with filler characters.", w, core))
			continue
		}
		if plainWord(w) {
			continue // no stutter, odd case, digits or leet
		}
		if stutter(w) && !known() {
			rs.add(nameapi.DataItemName, nameapi.RiskStutterTyping, 0.7, fmt.Sprintf("The name word %q repeats a letter three or more times.", w))
		}
		odd := false // by part between dots: "Dr.Peter" is two words
		for part := range strings.SplitSeq(w, ".") {
			odd = odd || text.OddCase(part)
		}
		digits := hasDigit(w)
		if !odd && !digits && !strings.ContainsAny(w, "@$") {
			continue // nothing more to report (see leet)
		}
		k := text.NKey(w)
		if l := text.Lists(); l.LegalForms[k] != "" || l.Qualifiers[k].TermType != "" || l.Titles[k] {
			continue
		}
		if odd && !e.knownParts(w, known) {
			rs.add(nameapi.DataItemName, nameapi.RiskOther, 0.5, fmt.Sprintf("The name word %q mixes upper and lower case in an unusual way.", w))
		}
		if dec, ok := e.leet(w); ok {
			rs.add(nameapi.DataItemName, nameapi.RiskOther, 0.75, fmt.Sprintf("The name word %q spells %q in leetspeak (digits for letters).", w, dec))
		} else if digits {
			rs.add(nameapi.DataItemName, nameapi.RiskOther, 0.5, fmt.Sprintf("The name word %q contains digits.", w))
		}
	}
}

// knownWord reports whether the name data knows w as a given name or a
// surname: such a word is a real name whatever its letters ("Hilll",
// "Zachariasz", Thai "ธนนนท์").
func (e *Detector) knownWord(w string) bool {
	return e.lex.IsGivenName(w) || e.lex.IsSurname(w)
}

// knownParts reports whether w is names written together, each with a
// capital and then lower-case letters ("ŠimićŠebalj", "FolaFoluwa"): a
// double name without its hyphen, not odd case. Either the whole word is
// known (known reports it), or each part is.
func (e *Detector) knownParts(w string, known func() bool) bool {
	var parts []string
	start, prevUpper := 0, false
	for i, r := range w {
		switch {
		case unicode.IsUpper(r):
			if prevUpper {
				return false // "COmfort", "JOhn"
			}
			if i > 0 {
				parts = append(parts, w[start:i])
				start = i
			}
			prevUpper = true
		case unicode.IsLower(r):
			if i == 0 {
				return false // "jOhN"
			}
			prevUpper = false
		default:
			return false
		}
	}
	if prevUpper || len(parts) == 0 {
		return false
	}
	if known() {
		return true
	}
	for _, p := range append(parts, w[start:]) {
		if !e.knownWord(p) {
			return false
		}
	}
	return true
}

// trimPunct is strings.Trim(f, ".,;:\"'()") without building the cut set
// for every word.
func trimPunct(f string) string {
	isPunct := func(c byte) bool {
		switch c {
		case '.', ',', ';', ':', '"', '\'', '(', ')':
			return true
		}
		return false
	}
	i, j := 0, len(f)
	for i < j && isPunct(f[i]) {
		i++
	}
	for j > i && isPunct(f[j-1]) {
		j--
	}
	return f[i:j]
}

// plainWord reports whether w is ASCII letters in lower case, upper case
// or capitalised, without a letter three times in a row: a word in which
// disguiseRisks finds neither stutter nor odd case nor digits nor leet.
func plainWord(w string) bool {
	up, low := 0, 0
	var p1, p2 byte // the previous two letters, lower-cased
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			low++
		case c >= 'A' && c <= 'Z':
			if i > 0 {
				up++ // the first letter may be a capital
			}
			c += 'a' - 'A'
		default:
			return false
		}
		if c == p1 && c == p2 {
			return false
		}
		p1, p2 = c, p1
	}
	// up counts the capitals after the first letter.
	return up == 0 || low == 0
}

func hasDigit(s string) bool {
	for _, r := range s {
		if unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func stutter(w string) bool {
	// A letter three or more times in a row (case-insensitively), in a
	// word of at least two different letters.
	var prev rune
	run, distinct := 0, false
	var first rune
	found := false
	for i, r := range w {
		r = unicode.ToLower(r)
		if i == 0 {
			first = r
		} else if r != first {
			distinct = true
		}
		if run > 0 && r == prev && unicode.IsLetter(r) {
			run++
			if run >= 3 {
				found = true
			}
		} else {
			run = 1
		}
		prev = r
	}
	return found && distinct
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// isFill reports whether r is filler around a name word for padded: no
// letter or mark, or x or z.
func isFill(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsMark(r) || r == 'x' || r == 'X' || r == 'z' || r == 'Z'
}

// plainEnd reports whether the byte c is an ASCII letter but x and z: a
// rune that is no filler (isFill).
func plainEnd(c byte) bool {
	c |= 0x20
	return c >= 'a' && c <= 'y' && c != 'x'
}

// padded reports whether w is a known name wrapped in filler ("xxxPeterxxx",
// "__Peter__", "...Peter...") and returns the name.
func (e *Detector) padded(w string) (string, bool) {
	// Most words neither start nor end with filler: an ASCII letter but
	// x and z at both ends is read without decoding.
	if len(w) > 0 && plainEnd(w[0]) && plainEnd(w[len(w)-1]) {
		return "", false
	}
	if r0, _ := utf8.DecodeRuneInString(w); !isFill(r0) {
		if r1, _ := utf8.DecodeLastRuneInString(w); !isFill(r1) {
			return "", false
		}
	}
	rs := []rune(w)
	i, j := 0, len(rs)
	for i < j && isFill(rs[i]) {
		i++
	}
	for j > i && isFill(rs[j-1]) {
		j--
	}
	if i+len(rs)-j < 2 || j-i < 3 {
		return "", false
	}
	// Try widening back letters the trim took from a real name ("Max").
	for a := i; a >= 0; a-- {
		for b := j; b <= len(rs); b++ {
			if a == 0 && b == len(rs) {
				continue
			}
			core := string(rs[a:b])
			if lexicon.GivenStrength(e.lex, core) >= 0.5 || lexicon.IsSurname(e.lex, core) {
				return core, true
			}
		}
	}
	return "", false
}

var leetMap = map[rune]rune{'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '8': 'b'}

// leet decodes leetspeak ("J0hn", "P3t3r") and reports whether the result
// is a known name.
func (e *Detector) leet(w string) (string, bool) {
	if !hasDigit(w) && !strings.ContainsAny(w, "@$") {
		return "", false
	}
	letters := 0
	var b strings.Builder
	for _, r := range w {
		if m, ok := leetMap[r]; ok {
			b.WriteRune(m)
			continue
		}
		if !unicode.IsLetter(r) {
			return "", false
		}
		letters++
		b.WriteRune(r)
	}
	if letters == 0 {
		return "", false
	}
	dec := b.String()
	if lexicon.GivenStrength(e.lex, dec) >= 0.5 || lexicon.IsSurname(e.lex, dec) {
		return dec, true
	}
	// "1" may stand for "l" too.
	alt := strings.ReplaceAll(dec, "i", "l")
	if alt != dec && (lexicon.GivenStrength(e.lex, alt) >= 0.5 || lexicon.IsSurname(e.lex, alt)) {
		return alt, true
	}
	return "", false
}
