package parse

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/lexicon"

	"github.com/namepipe/namepipe/nameapi"
)

// Confidence factors for names the parser had to repair before parsing.
const (
	spacedConfidence  = 0.8  // "P e t e r  M ü l l e r"
	stutterConfidence = 0.85 // "Joooohn Smiiith"
)

// repair is what the parser changed in a name string before parsing it.
type repair struct {
	factor   float64 // multiplies the matches' confidence
	disputes []nameapi.ParserDispute
}

// apply lowers the confidence of res's matches and adds the disputes.
func (rp repair) apply(res *nameapi.PersonNameParserResult) {
	for i := range res.Matches {
		m := &res.Matches[i]
		m.Confidence = round3(m.Confidence * rp.factor)
		m.ParserDisputes = append(append([]nameapi.ParserDispute(nil), rp.disputes...), m.ParserDisputes...)
	}
}

// repairName undoes spaced typing ("P e t e r  M ü l l e r" → "Peter
// Müller") and stuttered letters ("Joooohn" → "John") in a full name, so
// that the parser reads the name that was meant. The risk detector still
// reports the disguise: it looks at the name as typed. ok is false when
// nothing was changed (the common case, decided without allocating).
func (e *Parser) repairName(s string) (string, repair, bool) {
	rp := repair{factor: 1}
	changed := false
	if d, ok := despace(s); ok {
		rp.factor *= spacedConfidence
		rp.disputes = append(rp.disputes, nameapi.ParserDispute{
			DisputeType: nameapi.DisputeSyntax,
			Message:     fmt.Sprintf("The name %q is typed with spaces between its letters; it was read as %q.", s, d),
		})
		s, changed = d, true
	}
	if d, ok := e.destutter(s); ok {
		rp.factor *= stutterConfidence
		rp.disputes = append(rp.disputes, nameapi.ParserDispute{
			DisputeType: nameapi.DisputeSpelling,
			Message:     fmt.Sprintf("The name %q repeats letters; it was read as %q.", s, d),
		})
		s, changed = d, true
	}
	return s, rp, changed
}

// singleLetter reports whether f is one letter.
func singleLetter(f string) bool {
	r, n := utf8.DecodeRuneInString(f)
	return n == len(f) && n > 0 && unicode.IsLetter(r)
}

// despace collapses runs of single letters separated by single spaces
// into words; two or more spaces, or a capital after small letters
// ("P e t e r M ü l l e r"), start a new word. A run needs at least three
// letters and either a small letter or four letters, so that initials
// ("J R R Tolkien", "J R Smith") stay as they are.
func despace(s string) (string, bool) {
	n1 := 0
	for f := range strings.FieldsSeq(s) {
		if singleLetter(f) {
			n1++
		}
	}
	if n1 < 3 {
		return s, false
	}
	type field struct {
		text string
		gap  int // white-space runes before it
	}
	var fs []field
	gap := 0
	start := -1
	for i, r := range s {
		if unicode.IsSpace(r) {
			if start >= 0 {
				fs = append(fs, field{s[start:i], gap})
				start, gap = -1, 0
			}
			gap++
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		fs = append(fs, field{s[start:], gap})
	}
	out := make([]string, 0, len(fs))
	changed := false
	for i := 0; i < len(fs); {
		if !singleLetter(fs[i].text) {
			out = append(out, fs[i].text)
			i++
			continue
		}
		j := i + 1
		for j < len(fs) && singleLetter(fs[j].text) && fs[j].gap == 1 {
			j++
		}
		run := fs[i:j]
		lower := false
		for _, f := range run {
			r, _ := utf8.DecodeRuneInString(f.text)
			if unicode.IsLower(r) {
				lower = true
			}
		}
		if len(run) < 3 || (!lower && len(run) < 4) {
			for _, f := range run {
				out = append(out, f.text)
			}
			i = j
			continue
		}
		changed = true
		var b strings.Builder
		prevLower := false
		for _, f := range run {
			r, _ := utf8.DecodeRuneInString(f.text)
			if unicode.IsUpper(r) && prevLower && b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
			prevLower = unicode.IsLower(r)
			b.WriteString(f.text)
		}
		out = append(out, b.String())
		i = j
	}
	if !changed {
		return s, false
	}
	return strings.Join(out, " "), true
}

// destutter replaces each word with a letter typed three or more times in
// a row by the spelling the data knows, with such runs shortened to two
// letters ("Aaaaron" → "Aaron") or else to one ("Joooohn" → "John").
// Words the data knows in neither spelling stay as typed.
func (e *Parser) destutter(s string) (string, bool) {
	if !hasTripleLetter(s) {
		return s, false
	}
	words := strings.Fields(s)
	changed := false
	for i, w := range words {
		if !hasTripleLetter(w) {
			continue
		}
		for _, keep := range [...]int{2, 1} {
			c := collapseRuns(w, keep)
			core := strings.Trim(c, ".,;:\"'()")
			if lexicon.IsGiven(e.lex, core) || lexicon.IsSurname(e.lex, core) {
				words[i], changed = c, true
				break
			}
		}
	}
	if !changed {
		return s, false
	}
	return strings.Join(words, " "), true
}

// hasTripleLetter reports whether s has a letter three or more times in a
// row (case-insensitively). ASCII bytes are lowered and told letters
// without unicode's tables (hasTripleLetterSlow is the definition; a
// test holds the two together).
func hasTripleLetter(s string) bool {
	// Cheap reject for ASCII: three equal letters in a row hold two at
	// an even offset, equal but for the case bit. Without such a pair
	// (and without a byte from 0x80) there are none.
	for i := 0; i+1 < len(s); i += 2 {
		a, b := s[i], s[i+1]
		if (a|b) >= utf8.RuneSelf || (a^b)&^0x20 == 0 {
			return hasTripleLetterRunes(s)
		}
	}
	if len(s)%2 == 1 && s[len(s)-1] >= utf8.RuneSelf {
		return hasTripleLetterRunes(s)
	}
	return false
}

// hasTripleLetterRunes is hasTripleLetter rune by rune.
func hasTripleLetterRunes(s string) bool {
	var prev rune = -1
	run := 0
	for i := 0; i < len(s); {
		r := rune(s[i])
		if r < utf8.RuneSelf {
			i++
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(s[i:])
			i += n
			r = unicode.ToLower(r)
		}
		if r == prev && (r >= utf8.RuneSelf && unicode.IsLetter(r) || 'a' <= r && r <= 'z') {
			run++
			if run >= 3 {
				return true
			}
			continue
		}
		prev, run = r, 1
	}
	return false
}

// collapseRuns shortens every run of three or more equal letters in w
// (case-insensitively) to keep letters, keeping the run's first letters.
func collapseRuns(w string, keep int) string {
	rs := []rune(w)
	var b strings.Builder
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && unicode.IsLetter(rs[i]) && unicode.ToLower(rs[j]) == unicode.ToLower(rs[i]) {
			j++
		}
		n := j - i
		if n >= 3 {
			n = keep
		}
		for k := 0; k < n; k++ {
			b.WriteRune(rs[i+k])
		}
		i = j
	}
	return b.String()
}
