package risk

import (
	"sync"

	"github.com/namepipe/namepipe/engine/text"
)

// soundKey returns a key of the folded name s that spellings of the same
// sound share, word by word: letters only, c as k or s, ck, q as k, ph as
// f, z as s, y as i, doubled letters once ("Seymour Butz" and "Seymour
// Butts" both "seimour buts"). Joke names are puns heard, not read, so
// they are looked up by sound (humorousSounds).
func soundKey(s string) string { return string(appendSoundKey(nil, s)) }

// appendSoundKey appends soundKey(s) to b: with a buffer on the caller's
// stack, humorousSounds()[string(appendSoundKey(buf[:0], s))] does not
// allocate.
func appendSoundKey(b []byte, s string) []byte {
	n0 := len(b)
	var prev byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			if len(b) > n0 && prev != ' ' {
				b = append(b, ' ')
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
		b = append(b, c)
		prev = c
	}
	if len(b) > n0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return b
}

// humorousSounds holds the sound keys of text.Lists().Humorous.
var humorousSounds = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for k := range text.Lists().Humorous {
		m[soundKey(k)] = true
	}
	return m
})
