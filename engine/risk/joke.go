package risk

import (
	"strings"
	"sync"

	"github.com/namepipe/namepipe/engine/text"
)

// soundKey returns a key of the folded name s that spellings of the same
// sound share, word by word: letters only, c as k or s, ck, q as k, ph as
// f, z as s, y as i, doubled letters once ("Seymour Butz" and "Seymour
// Butts" both "seimour buts"). Joke names are puns heard, not read, so
// they are looked up by sound (humorousSounds).
func soundKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	var prev byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			if b.Len() > 0 && prev != ' ' {
				b.WriteByte(' ')
			}
			prev = ' '
			continue
		case c < 'a' || c > 'z':
			continue // not a letter of a folded Latin name
		}
		next := byte(0)
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch c {
		case 'c':
			switch next {
			case 'k':
				continue // "ck": the k follows
			case 'e', 'i', 'y':
				c = 's'
			default:
				c = 'k'
			}
		case 'q':
			c = 'k'
		case 'z':
			c = 's'
		case 'y':
			c = 'i'
		case 'p':
			if next == 'h' {
				c = 'f'
				i++
			}
		}
		if c == prev {
			continue
		}
		b.WriteByte(c)
		prev = c
	}
	return strings.TrimSuffix(b.String(), " ")
}

// humorousSounds holds the sound keys of text.Lists().Humorous.
var humorousSounds = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for k := range text.Lists().Humorous {
		m[soundKey(k)] = true
	}
	return m
})
