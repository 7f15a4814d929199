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
		c := soundOf[s[i]]
		switch c {
		case 0:
			continue // not a letter of a folded Latin name
		case ' ':
			if len(b) > n0 && prev != ' ' {
				b = append(b, ' ')
			}
			prev = ' '
			continue
		case 'c':
			if i+1 < len(s) {
				switch s[i+1] {
				case 'k':
					continue // "ck": the k follows
				case 'e', 'i', 'y':
					c = 's'
				default:
					c = 'k'
				}
			} else {
				c = 'k'
			}
		case 'p':
			if i+1 < len(s) && s[i+1] == 'h' {
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

// soundOf maps a byte of a folded name to its letter in a sound key: q as
// k, z as s, y as i, the blank as itself, 0 for a byte that is no letter
// ('c' and 'p' stay: their sound depends on the next byte).
var soundOf = func() (t [256]byte) {
	for c := byte('a'); c <= 'z'; c++ {
		t[c] = c
	}
	t['q'], t['z'], t['y'], t[' '] = 'k', 's', 'i', ' '
	return t
}()

// humorousSounds holds the sound keys of text.Lists().Humorous, and the
// last words of those keys; shapes has bit min(len, 63) of
// shapes[first letter - 'a'] set for each last word's key (a reject that
// needs no map look-up).
var humorousSounds = sync.OnceValues(func() (keys map[string]bool, lasts *lastSounds) {
	keys, lasts = map[string]bool{}, &lastSounds{keys: map[string]bool{}}
	for k := range text.Lists().Humorous {
		sk := soundKey(k)
		keys[sk] = true
		lk := sk[strings.LastIndexByte(sk, ' ')+1:]
		lasts.keys[lk] = true
		if lk != "" {
			lasts.shapes[lk[0]-'a'] |= 1 << min(len(lk), 63)
		}
	}
	return keys, lasts
})

// lastSounds is the set of the last words' sound keys of the joke names,
// with their first letters and lengths.
type lastSounds struct {
	keys   map[string]bool
	shapes [26]uint64
}

// has reports whether lk (a sound key's last word, not empty) is in the
// set.
func (l *lastSounds) has(lk []byte) bool {
	return l.shapes[lk[0]-'a']&(1<<min(len(lk), 63)) != 0 && l.keys[string(lk)]
}

// soundsHumorous reports whether the folded name k sounds like a joke
// name: whether humorousSounds holds its sound key. The last word's key
// is looked up first (that of a word after a blank is the key's last
// word, unless it has no letters): most surnames are no joke's, and
// their key is short.
func soundsHumorous(k string) bool {
	keys, lasts := humorousSounds()
	var kb [128]byte
	if lk := appendSoundKey(kb[:0], k[strings.LastIndexByte(k, ' ')+1:]); len(lk) > 0 && !lasts.has(lk) {
		return false
	}
	return keys[string(appendSoundKey(kb[:0], k))]
}
