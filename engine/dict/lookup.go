package dict

import (
	"bytes"
	"strings"

	"github.com/namepipe/namepipe/engine/script"
)

// The lookup of a name word in the words table as written and folded,
// for givenSpans, IsSurname and the parser's NameWord.

// nameEntry is what lookUp finds of a name: givenSpans' answer and
// IsSurname's.
type nameEntry struct {
	sp, alt         span
	found, altFound bool
	surname         bool
	cjkSurname      bool // IsCJKSurname's answer (an ASCII word's entry as written)
}

// lookUp looks s up as givenSpans and IsSurname do, reading each entry
// once (NameWord).
func (d *Dict) lookUp(s string) (n nameEntry) {
	var buf [asciiKeyMax]byte
	if b, ok := asciiLower(strings.TrimSpace(s), &buf); ok {
		e := d.words.getBytes(b)
		n.sp, n.found, n.surname = e.given, e.isGiven, e.surname
		n.cjkSurname = e.flags&entryCJKSurname != 0
		if !n.found && bytes.IndexByte(b, '-') > 0 {
			// Romanized Korean given names are listed as one word
			// ("Min-jun" as "minjun"). The keys are built on the stack:
			// hyphenated surnames ("Allen-Jackson") come this way too.
			var kbuf, rrbuf [2 * asciiKeyMax]byte
			k := appendWithout(kbuf[:0], b, '-')
			e = d.words.getBytes(k)
			n.sp, n.found = e.given, e.isGiven
			if !n.found {
				// Only a key with a customary spelling in it is another key.
				if rr := appendKoreanRR(rrbuf[:0], b); string(rr) != string(k) {
					e = d.words.getBytes(rr)
					n.sp, n.found = e.given, e.isGiven
				}
			}
		}
		return n
	}
	var wbuf, fbuf [keyBufLen]byte
	w, f, folds := appendKeys(strings.TrimSpace(s), &wbuf, &fbuf)
	e := d.words.getBytes(w)
	n.sp, n.found, n.surname = e.given, e.isGiven, e.surname
	var ef wordEntry // the folded spelling's entry
	if folds {
		ef = d.words.getBytes(f)
		n.surname = n.surname || ef.surname
	}
	if folds && script.Of(string(w)).VowelSigns() {
		// Thai, Devanagari and Bengali vowel signs are marks, not
		// accents: folded away they leave another name ("อรุณี", a
		// woman's, → "อรุณ", a man's; "প্রিয়া" → "পরয").
		folds = false
	}
	if !folds {
		if !n.found || n.sp.n == 0 {
			// Not listed, or listed without a sex (faker's Georgian
			// names): the same name in other spellings and scripts.
			if tsp, ok := d.translitSpan(string(w)); ok && (!n.found || tsp.n > 0) {
				n.sp, n.found = tsp, true
			}
		}
		return n
	}
	n.alt, n.altFound = ef.given, ef.isGiven
	if !n.found {
		n.sp, n.found, n.alt, n.altFound = n.alt, n.altFound, span{}, false
	}
	return n
}

// NameWord is GivenVotes(s), IsSurname(s) and IsCJKSurname(s) with one
// lookup of each spelling of s (the parser asks them of every word of a
// name, lexicon.WordOf).
func (d *Dict) NameWord(s string) (votes int, known, surname, cjkSurname bool) {
	n := d.lookUp(s)
	if !n.found || d.keyedOnly(n.sp) && (!n.altFound || d.keyedOnly(n.alt)) {
		return 0, false, n.surname, n.cjkSurname
	}
	votes = d.spanVotes(n.sp)
	if n.altFound {
		votes = max(votes, d.spanVotes(n.alt))
	}
	return votes, true, n.surname, n.cjkSurname
}

// appendWithout appends b without the bytes c to dst.
func appendWithout(dst, b []byte, c byte) []byte {
	for _, x := range b {
		if x != c {
			dst = append(dst, x)
		}
	}
	return dst
}
