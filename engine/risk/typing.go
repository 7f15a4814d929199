package risk

import (
	"strings"
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
		return randomTypingASCII(w, l)
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
	// No vowel at all in a word of four or more letters.
	for _, r := range w {
		if isVowel(r) {
			return ""
		}
	}
	return "no vowels"
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
func randomTypingASCII(w string, l *text.WordLists) string {
	n := len(w)
	for u := 1; u <= 3 && u*3 <= n; u++ {
		if n%u == 0 && w[u:] == w[:n-u] {
			return "a repeated pattern"
		}
	}
	if n < 4 {
		return ""
	}
	if l.MayRunAlongRow(w) {
		best := 0
		for _, row := range l.KeyboardRows {
			if m := longestRowRunASCII(w, row); m > best {
				best = m
			}
		}
		if best >= 5 || (best >= 4 && float64(best) >= 0.75*float64(n)) {
			return "keys next to each other on the keyboard"
		}
	}
	for i := 0; i < n; i++ {
		switch w[i] {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			return ""
		}
	}
	return "no vowels"
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

// isVowel reports whether r is a (lower-case) vowel, with or without
// diacritics.
func isVowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return r >= utf8.RuneSelf && strings.ContainsRune("äöüàáâãåæèéêëìíîïòóôõøùúûýœ", r)
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

// longestRowRunASCII is longestRowRun for an ASCII word.
func longestRowRunASCII(w string, row *text.KBRow) int {
	run := newRowRun(int(row.Lo[w[0]]))
	for i := 1; i < len(w); i++ {
		run.next(int(row.Lo[w[i]]))
	}
	return run.length()
}
