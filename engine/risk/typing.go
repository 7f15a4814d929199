package risk

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
)

// randomTyping returns why w looks like random typing, or "".
func randomTyping(w string, l *text.WordLists) string {
	if len(w) < 3 {
		return "" // fewer than three letters
	}
	if asciiLetters(w) {
		return randomTypingASCII(w)
	}
	return randomTypingRunes(w, l)
}

// randomTypingRunes is randomTyping for any word.
func randomTypingRunes(w string, l *text.WordLists) string {
	n := 0
	ascii := true
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return ""
		}
		if r >= utf8.RuneSelf {
			ascii = false
		}
		n++
	}
	if n < 3 {
		return ""
	}
	// One unit of 1-3 letters repeated at least three times: "jkjkjk", "aaa".
	if ascii {
		if repeatedUnit(n, func(i int) rune { return rune(w[i]) }) {
			return "a repeated pattern"
		}
	} else if rs := []rune(w); repeatedUnit(n, func(i int) rune { return rs[i] }) {
		return "a repeated pattern"
	}
	if n < 4 {
		return ""
	}
	// A run along a keyboard row: "asdf", "qwertz", "poiuz".
	best := 0
	for _, row := range l.KeyboardRows {
		if !l.MayRunAlongRow(w) {
			break
		}
		if m := longestRowRun(w, row); m > best {
			best = m
		}
	}
	if best >= 5 || (best >= 4 && float64(best) >= 0.75*float64(n)) {
		return "keys next to each other on the keyboard"
	}
	// No vowel at all in a word of four or more letters, in a script that
	// writes vowels as letters (text.Lists().VowelScripts).
	if noVowels(w, l) {
		return "no vowels"
	}
	return ""
}

// asciiLetters reports whether w consists of ASCII letters only.
func asciiLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// randomTypingASCII is randomTyping for a word of three or more ASCII
// letters, the common case (see BenchmarkRandomTyping for what it saves).
func randomTypingASCII(w string) string {
	n := len(w)
	for u := 1; u <= 3 && u*3 <= n; u++ {
		if n%u == 0 && w[u] == w[0] && w[u:] == w[:n-u] {
			return "a repeated pattern"
		}
	}
	if n < 4 {
		return ""
	}
	if best := asciiKeyPairs().run(w); best >= 5 || (best >= 4 && float64(best) >= 0.75*float64(n)) {
		return "keys next to each other on the keyboard"
	}
	for i := 0; i < n; i++ {
		switch w[i] {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			return ""
		}
	}
	return "no vowels"
}

// keyPairs holds, for each pair of lower-case ASCII letters a, b, the
// keyboard rows along which b follows a: bit 2i when b is the right
// neighbour of a on row i, bit 2i+1 when it is the left one (as rowRun
// sees them). A run along a row in one direction is a run of key pairs
// that share a bit.
type keyPairs [26][26]uint64

// asciiKeyPairs returns the key pairs of text.Lists().KeyboardRows.
var asciiKeyPairs = sync.OnceValue(func() *keyPairs {
	rows := text.Lists().KeyboardRows
	if len(rows) > 32 {
		panic("engine/risk: more than 32 keyboard rows")
	}
	var k keyPairs
	for i, row := range rows {
		for a := range 26 {
			for b := range 26 {
				pa, pb := int(row.Lo['a'+a]), int(row.Lo['a'+b])
				switch {
				case pa == 0 || pb == 0: // not both on the row
				case pb == pa+1:
					k[a][b] |= 1 << (2 * i)
				case pb == pa-1:
					k[a][b] |= 1 << (2*i + 1)
				}
			}
		}
	}
	return &k
})

// run returns the number of keys of the longest run of the ASCII word w
// along a keyboard row in one direction, counted up to five (the most
// randomTypingASCII tells apart): the longest of longestRowRunASCII over
// the rows, capped at 5.
func (k *keyPairs) run(w string) int {
	best := 0
	var c1, c2, c3 uint64 // bits with a run of 1, 2, 3 pairs ending at the last pair
	for i := 1; i < len(w); i++ {
		a, b := w[i-1]-'a', w[i]-'a'
		var m uint64
		if a < 26 && b < 26 {
			m = k[a][b]
		}
		c4 := c3 & m
		c1, c2, c3 = m, c1&m, c2&m
		switch {
		case c4 != 0:
			return 5
		case c3 != 0:
			best = max(best, 4)
		case c2 != 0:
			best = max(best, 3)
		case c1 != 0:
			best = max(best, 2)
		}
	}
	return best
}

// repeatedUnit reports whether the n letters (at(i) is the i-th) are one
// unit of 1-3 letters repeated at least three times ("jkjkjk", "aaa").
func repeatedUnit(n int, at func(int) rune) bool {
	for u := 1; u <= 3 && u*3 <= n; u++ {
		if n%u != 0 {
			continue
		}
		rep := true
		for i := u; i < n; i++ {
			if at(i) != at(i-u) {
				rep = false
				break
			}
		}
		if rep {
			return true
		}
	}
	return false
}

// noVowels reports whether the word w has no vowel letter while its
// script writes vowels as letters: false for the words of Arabic, Hebrew,
// Thai, Devanagari, Han, kana, Hangul and other scripts without vowel
// letters. A letter with diacritics counts as its base letter ("ễ" as "e").
func noVowels(w string, l *text.WordLists) bool {
	var vs *text.VowelScript
	var buf [8]byte
	for _, r := range w {
		if vs == nil {
			if vs = l.VowelScriptOf(r); vs == nil {
				return false
			}
		}
		if vs.Vowels[r] {
			return false
		}
		if r >= utf8.RuneSelf {
			if b := text.AppendStrip(buf[:0], r); len(b) > 0 {
				if base, _ := utf8.DecodeRune(b); vs.Vowels[unicode.ToLower(base)] {
					return false
				}
			}
		}
	}
	return vs != nil
}

// rowRun tracks, key by key, the longest run of neighbouring keys along a
// keyboard row, forwards or backwards. Positions are 1-based; 0 is a key
// that is not on the row.
type rowRun struct{ best, cur, dir, prev int }

func newRowRun(first int) rowRun { return rowRun{best: 1, cur: 1, prev: first} }

// next adds the key at row position b.
func (r *rowRun) next(b int) {
	a := r.prev
	r.prev = b
	d := b - a
	adjacent := a != 0 && b != 0 && (d == 1 || d == -1)
	switch {
	case adjacent && (r.cur == 1 || d == r.dir):
		r.cur++
		r.dir = d
	case adjacent:
		r.cur, r.dir = 2, d
	default:
		r.cur, r.dir = 1, 0
	}
	r.best = max(r.best, r.cur)
}

// length is the longest run seen, 0 when there is none of two keys.
func (r *rowRun) length() int {
	if r.best < 2 {
		return 0
	}
	return r.best
}

// longestRowRun is the length of the longest substring of w that runs
// along row, forwards or backwards (0 when there is none of two keys).
func longestRowRun(w string, row *text.KBRow) int {
	var run rowRun
	first := true
	for _, r := range w {
		if first {
			run, first = newRowRun(row.Pos(r)), false
			continue
		}
		run.next(row.Pos(r))
	}
	return run.length()
}
