package dict

// A cheap reject of ThaiModel.IsSurname: a name's letters reduced to a
// sequence of sound classes that the loose key (thaiKey) keeps, so that
// a surname whose sequence neither a listed surname's key has nor ends as
// a listed ending does is known not to be Thai without building its key.
// It spares about half the long surnames of other languages ("Schneider",
// "Kowalski", "Fernandez") thaiKey's six passes (some 1,900 instructions
// a call in BenchmarkPipelineFour).

// thClass is the sound class of a lower-case ASCII letter: the letters
// thaiKey writes for one another fall in one class (t d c s j z x: th,
// dh, ch, tch, final -t, -d, -s; k g q: kh, gh, ck, final -g; p b: ph, bh,
// final -b; r n: -rn, -arn; the vowels: ee, oo, ae, ea, er as oe, y and w
// after a vowel), and letters it may drop or turn into a vowel (h, w, y,
// v, which it writes w) have none (0).
var thClass = func() (t [26]byte) {
	for i, g := range []string{"tdcsjzx", "kgq", "pb", "m", "l", "f", "rn", "aeiou"} {
		for _, c := range g {
			t[c-'a'] = byte(i + 1)
		}
	}
	return t
}()

const (
	thClassT  = 1 // t d c s j z x
	thClassRN = 7 // r n
	// thShapeEnd is the most classes a surname ending of thaiSurEndMin
	// letters has.
	thShapeEnd = thaiSurEndMin
)

// thaiShape is the sound classes of a name (runs of one class counted
// once): the hash of the whole sequence, the last classes packed four
// bits each (the last in the low bits), and how many there are.
type thaiShape struct {
	hash uint64
	tail uint64
	n    int
}

func (s *thaiShape) push(k byte) {
	s.hash = (s.hash ^ uint64(k)) * jaShapePrime
	s.tail = s.tail<<4 | uint64(k)
	s.n++
}

// thaiKeyShape is the shape of a loose key (lower-case ASCII letters, as
// thaiKey writes them).
func thaiKeyShape(k string) thaiShape {
	s := thaiShape{hash: jaShapeSeed}
	var last byte
	for i := 0; i < len(k); i++ {
		if k[i] < 'a' || k[i] > 'z' {
			continue
		}
		c := thClass[k[i]-'a']
		if c == 0 || c == last {
			continue
		}
		last = c
		s.push(c)
	}
	return s
}

// thaiNameShapes returns the shape of the key thaiKey builds from the
// name w and, when the name ends in -tr (which thaiKey writes t when the
// key is long enough), the shape without the last class as alt (alt.n <
// 0 otherwise), and the name's letters; ok is false when thaiKey returns
// no key: a character other than ASCII letters, hyphens, apostrophes and
// spaces, no letter, or more than its room holds.
func thaiNameShapes(w string) (sh, alt thaiShape, letters int, ok bool) {
	const room = len(keyScratch{}[0])
	if len(w) <= room {
		if sh, alt, ok = lettersShapes(w); ok {
			return sh, alt, len(w), len(w) > 0
		}
	}
	// Hyphens, apostrophes or spaces (or too long, or refused): the
	// letters alone, as thaiKey reads them.
	var buf [room]byte
	b := buf[:0]
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case thLower[c] != 0:
			c = thLower[c]
		case c == '-' || c == '\'' || c == ' ':
			continue
		default:
			return sh, alt, 0, false
		}
		if len(b) == cap(b) {
			return sh, alt, 0, false
		}
		b = append(b, c)
	}
	if len(b) == 0 {
		return sh, alt, 0, false
	}
	sh, alt, _ = lettersShapes(b)
	return sh, alt, len(b), true
}

// lettersShapes is thaiNameShapes of a name of ASCII letters alone, ok
// false at any other byte. thaiKey writes -ck as k, and er before a
// consonant or at the end, not after a vowel, as the vowels oe: the two
// rules that change a letter's class are read here as it reads them.
func lettersShapes[T string | []byte](b T) (sh, alt thaiShape, ok bool) {
	sh.hash = jaShapeSeed
	var last byte
	prev := sh
	for i := 0; i < len(b); i++ {
		c := thLower[b[i]]
		switch c {
		case 0:
			return sh, alt, false
		case 'c':
			if i+1 < len(b) && thLower[b[i+1]] == 'k' {
				continue // ck: k
			}
		case 'r':
			if i > 0 && thLower[b[i-1]] == 'e' && (i+1 == len(b) || !thaiVowel(thLower[b[i+1]])) && (i == 1 || !thaiVowel(thLower[b[i-2]])) {
				continue // er: oe
			}
		}
		k := thClass[c-'a']
		if k == 0 || k == last {
			continue
		}
		last = k
		prev = sh
		sh.push(k)
	}
	alt.n = -1
	if n := len(b); sh.n >= 2 && sh.tail&0xff == thClassT<<4|thClassRN && thLower[b[n-1]] == 'r' {
		alt = prev
	}
	return sh, alt, true
}

// thLower is the lower-case letter of an ASCII letter, 0 for other bytes.
var thLower = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = byte(c), byte(c)
	}
	return t
}()

// mayBeSurname reports whether IsSurname can hold for w: false when its
// shape is neither a listed surname key's nor, for a name long enough,
// ends as a listed ending does (thaiKey writes no more letters than
// the name has).
func (m *ThaiModel) mayBeSurname(w string) bool {
	sh, alt, letters, ok := thaiNameShapes(w)
	if !ok {
		return false
	}
	if m.shapes.has(sh.hash) || alt.n >= 0 && m.shapes.has(alt.hash) {
		return true
	}
	if letters < thaiSurnameLen {
		return false // the key is too short for an ending to tell
	}
	return m.endsShaped(sh) || alt.n >= 0 && m.endsShaped(alt)
}

// endsShaped reports whether the shape ends as a listed surname ending's
// shape is.
func (m *ThaiModel) endsShaped(sh thaiShape) bool {
	for l := 0; l <= thShapeEnd && l <= sh.n; l++ {
		if m.endShapes.has(sh.tail & (1<<(4*l) - 1)) {
			return true
		}
	}
	return false
}

// addShapes adds the shapes of the surname key k and its ending of
// thaiSurEndMin letters to the model's tables.
func (m *ThaiModel) addShapes(k string) {
	m.shapes.add(thaiKeyShape(k).hash)
	if len(k) > thaiSurEndMin {
		e := thaiKeyShape(k[len(k)-thaiSurEndMin:])
		m.endShapes.add(e.tail & (1<<(4*e.n) - 1))
	}
}
