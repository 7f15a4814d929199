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
func soundKey(s string) string { return string(appendSoundKey(nil, s)) }

// appendSoundKey appends soundKey(s) to b: with a buffer on the caller's
// stack, keys[string(appendSoundKey(buf[:0], s))] does not
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

// humorousSounds holds the sound keys of text.Lists().Humorous, and the
// last words of those keys.
var humorousSounds = sync.OnceValues(func() (keys, lasts map[string]bool) {
	keys, lasts = map[string]bool{}, map[string]bool{}
	for k := range text.Lists().Humorous {
		sk := soundKey(k)
		keys[sk] = true
		lasts[sk[strings.LastIndexByte(sk, ' ')+1:]] = true
	}
	return keys, lasts
})

// soundsHumorous reports whether the folded name k sounds like a joke
// name: whether humorousSounds holds its sound key. The last word's key
// is looked up first (that of a word after a blank is the key's last
// word, unless it has no letters): most surnames are no joke's, and
// their key is short.
func soundsHumorous(k string) bool {
	keys, lasts := humorousSounds()
	var kb [128]byte
	if lk := appendSoundKey(kb[:0], k[strings.LastIndexByte(k, ' ')+1:]); len(lk) > 0 && !lasts[string(lk)] {
		return false
	}
	return keys[string(appendSoundKey(kb[:0], k))]
}
