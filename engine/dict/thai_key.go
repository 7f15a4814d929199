package dict

// The loose matching key of Thai names in Latin letters, written for
// namepipe: a name as people spell it ("Weerachet", "Kanokporn",
// "Jirawan", "Vudhichai") and the RTGS romanization of its Thai spelling
// (wirachet, kanokphon, chirawan, wutthichai) get the same key.

// ThaiKey returns the loose key of a Latin-script Thai name, or "" when
// s holds anything but ASCII letters, hyphens, apostrophes and spaces.
// It folds the spelling variants of Thai names: aspiration (ph/p/bh,
// th/t/dh, kh/k), ch/j, w/v, the vowels' length and their English spellings (ee,
// ii, i; oo, u; ae, e), final consonants by their sound (-t, -d, -ch,
// -s, -th: t; -k, -g: k; -p, -b: p; -rn: r, but -arn an; -tr at the
// end: t), a silent h, and doubled letters. A final -n, -l and -r stay apart: Thai writes them ร, ล, น
// alike in RTGS (n) but people spell the first two as -r(n) and -l
// ("Kanokporn" พร, "Nattapol" พล), which often tells a woman's name from a
// man's.
func ThaiKey(s string) string {
	var sc keyScratch
	return string(thaiKey(s, &sc))
}

// keyScratch is the room thaiKey works in.
type keyScratch [2][48]byte

// thaiKey is ThaiKey returning the key in sc (or a longer slice of its
// own), so that a look-up by it allocates nothing.
func thaiKey(s string, sc *keyScratch) []byte {
	b := sc[0][:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z':
		case c == '-' || c == '\'' || c == ' ':
			continue
		default:
			return nil
		}
		if len(b) == cap(b) {
			return nil
		}
		b = append(b, c)
	}
	if len(b) == 0 {
		return nil
	}
	// Digraphs and consonant spellings.
	o := sc[1][:0]
	for i := 0; i < len(b); i++ {
		c := b[i]
		var nx byte
		if i+1 < len(b) {
			nx = b[i+1]
		}
		switch {
		case c == 't' && nx == 'c' && i+2 < len(b) && b[i+2] == 'h':
			o = append(o, 'c')
			i += 2
		case c == 'c' && nx == 'h', c == 'c' && nx == 'k':
			if nx == 'k' {
				o = append(o, 'k')
			} else {
				o = append(o, 'c')
			}
			i++
		case nx == 'h' && (c == 'b' || c == 'd'):
			// Sanskrit-style spellings of the aspirates: "bh" ภ, "dh" ธ.
			if c == 'b' {
				o = append(o, 'p')
			} else {
				o = append(o, 't')
			}
			i++
		case nx == 'h' && (c == 'p' || c == 't' || c == 'k' || c == 'g' || c == 's'):
			o = append(o, c)
			i++
		case c == 'j':
			o = append(o, 'c')
		case c == 'v':
			o = append(o, 'w')
		case c == 'q':
			o = append(o, 'k')
		case c == 'z' || c == 'x':
			o = append(o, 's')
		default:
			o = append(o, c)
		}
	}
	// "er" before a consonant or at the end is the vowel oe ("Chalerm").
	b = b[:0]
	for i := 0; i < len(o); i++ {
		if o[i] == 'e' && i+1 < len(o) && o[i+1] == 'r' && (i+2 == len(o) || !thaiVowel(o[i+2])) && (i == 0 || !thaiVowel(o[i-1])) {
			b = append(b, 'o', 'e')
			i++
			continue
		}
		b = append(b, o[i])
	}
	// y and w after a vowel and before a consonant or the end are vowels;
	// h there is silent.
	o = o[:0]
	for i := 0; i < len(b); i++ {
		c := b[i]
		if i > 0 && thaiVowel(b[i-1]) && (i+1 == len(b) || !thaiVowel(b[i+1])) {
			switch c {
			case 'y':
				c = 'i'
			case 'w':
				c = 'o'
			case 'h':
				continue
			}
		}
		o = append(o, c)
	}
	// "-tr" at the end is t: "Piyabutr" for ปิยบุตร.
	if n := len(o); n >= 3 && o[n-1] == 'r' && o[n-2] == 't' {
		o = o[:n-1]
	}
	// Finals: a consonant before another consonant or at the end is read
	// by its sound.
	b = b[:0]
	for i := 0; i < len(o); i++ {
		c := o[i]
		if !thaiVowel(c) && i > 0 && thaiVowel(o[i-1]) {
			last := i+1 == len(o)
			beforeCons := !last && !thaiVowel(o[i+1]) && o[i+1] != 'y'
			if last || beforeCons && !(o[i+1] == 'g' && c == 'n') {
				switch c {
				case 'r':
					if !last && o[i+1] == 'n' {
						if o[i-1] == 'a' {
							// "-arn" is a long a and n: "Karn"
							// for กาญ and การ, "Atitarn".
							continue
						}
						// "-rn" is r: "Kanokporn".
						b = append(b, 'r')
						i++
						continue
					}

				case 'd', 'c', 's':
					if !beforeCons || o[i+1] != 'r' && o[i+1] != 'l' && o[i+1] != 'w' {
						c = 't'
					}
				case 'b':
					if !beforeCons || o[i+1] != 'r' && o[i+1] != 'l' {
						c = 'p'
					}
				case 'g':
					if i == 0 || o[i-1] != 'n' {
						c = 'k'
					}
				}
			}
		}
		b = append(b, c)
	}
	// Vowels: ee and ii are i, oo and uu u, ae e, ea and ie ia, eu ue;
	// doubled letters once.
	o = o[:0]
	for i := 0; i < len(b); i++ {
		c := b[i]
		var nx byte
		if i+1 < len(b) {
			nx = b[i+1]
		}
		switch {
		case c == 'e' && nx == 'e', c == 'i' && nx == 'i':
			o = append(o, 'i')
			i++
			continue
		case c == 'o' && nx == 'o', c == 'u' && nx == 'u', c == 'o' && nx == 'u':
			o = append(o, 'u')
			i++
			continue
		case c == 'a' && nx == 'e':
			o = append(o, 'e')
			i++
			continue
		case c == 'e' && nx == 'a', c == 'i' && nx == 'e':
			o = append(o, 'i', 'a')
			i++
			continue
		case c == 'e' && nx == 'u':
			o = append(o, 'u', 'e')
			i++
			continue
		}
		if len(o) > 0 && o[len(o)-1] == c {
			continue
		}
		o = append(o, c)
	}
	// "uea" is ue, "ia" after ia.
	b = b[:0]
	for i := 0; i < len(o); i++ {
		if o[i] == 'u' && i+2 < len(o) && o[i+1] == 'e' && o[i+2] == 'a' {
			b = append(b, 'u', 'e')
			i += 2
			continue
		}
		if len(b) > 0 && b[len(b)-1] == o[i] {
			continue
		}
		b = append(b, o[i])
	}
	return b
}

func thaiVowel(c byte) bool {
	switch c {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}
