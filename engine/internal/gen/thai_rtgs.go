package main

// A romanization of Thai-script personal names into Latin letters, written
// for namepipe after the Royal Thai General System of Transcription (RTGS,
// published by the Royal Institute of Thailand): consonants by their
// initial and final values, vowels as RTGS spells them, tone marks and
// letters under the thanthakhat (karan) not written. Thai writes no vowel
// after many consonants (an inherent "a" in open, "o" in closed
// syllables), and where the script does not say which, romanizeThai gives
// every reading it allows (at most maxReadings), the likeliest first:
// "กนกพร" is kanokphon, "วิมลิน" wimalin and wimlin. People's own
// spellings ("Kanokporn", "Weerachet") differ from RTGS in ways that
// dict.ThaiKey folds away.

import "strings"

// maxReadings bounds the readings of one name.
const maxReadings = 16

// finalsOf returns the ways a final consonant is written: its RTGS value,
// and for ร and ล also as people write them in names ("พร" phon and porn,
// "พล" phon and pol, "กมล" kamon and kamol), which tell the two apart.
func finalsOf(r rune, people bool) []string {
	switch {
	case r == 'ร' && people:
		return []string{"rn", "n"}
	case r == 'ร':
		return []string{"n", "rn"}
	case (r == 'ล' || r == 'ฬ') && people:
		return []string{"l", "n"}
	case r == 'ล' || r == 'ฬ':
		return []string{"n", "l"}
	}
	return []string{thaiCons[r][1]}
}

// thaiCons holds each Thai consonant's RTGS initial and final value
// ("" for a final that is not written).
var thaiCons = map[rune][2]string{
	'ก': {"k", "k"}, 'ข': {"kh", "k"}, 'ฃ': {"kh", "k"}, 'ค': {"kh", "k"}, 'ฅ': {"kh", "k"}, 'ฆ': {"kh", "k"},
	'ง': {"ng", "ng"}, 'จ': {"ch", "t"}, 'ฉ': {"ch", "t"}, 'ช': {"ch", "t"}, 'ซ': {"s", "t"}, 'ฌ': {"ch", "t"},
	'ญ': {"y", "n"}, 'ฎ': {"d", "t"}, 'ฏ': {"t", "t"}, 'ฐ': {"th", "t"}, 'ฑ': {"th", "t"}, 'ฒ': {"th", "t"},
	'ณ': {"n", "n"}, 'ด': {"d", "t"}, 'ต': {"t", "t"}, 'ถ': {"th", "t"}, 'ท': {"th", "t"}, 'ธ': {"th", "t"},
	'น': {"n", "n"}, 'บ': {"b", "p"}, 'ป': {"p", "p"}, 'ผ': {"ph", "p"}, 'ฝ': {"f", "p"}, 'พ': {"ph", "p"},
	'ฟ': {"f", "p"}, 'ภ': {"ph", "p"}, 'ม': {"m", "m"}, 'ย': {"y", "i"}, 'ร': {"r", "n"}, 'ล': {"l", "n"},
	'ว': {"w", "o"}, 'ศ': {"s", "t"}, 'ษ': {"s", "t"}, 'ส': {"s", "t"}, 'ห': {"h", ""}, 'ฬ': {"l", "n"},
	'อ': {"", ""}, 'ฮ': {"h", ""},
}

// Thai vowel signs and marks.
const (
	thSaraA     = 'ะ'
	thMaiHan    = 'ั'
	thSaraAa    = 'า'
	thSaraAm    = 'ำ'
	thSaraI     = 'ิ'
	thSaraIi    = 'ี'
	thSaraUe    = 'ึ'
	thSaraUee   = 'ื'
	thSaraU     = 'ุ'
	thSaraUu    = 'ู'
	thSaraE     = 'เ'
	thSaraAe    = 'แ'
	thSaraO     = 'โ'
	thSaraAiM   = 'ใ'
	thSaraAiMal = 'ไ'
	thMaiTaiKhu = '็'
	thKaran     = '์'
	thRue       = 'ฤ'
	thRueLong   = 'ฦ'
	thLakkhang  = 'ๅ'
)

func isThaiCons(r rune) bool { _, ok := thaiCons[r]; return ok }

func isThaiTone(r rune) bool { return r >= '่' && r <= '๋' }

// thSyl is one written syllable: its onset letters, the vowel, the final
// letter (0 if none) and whether the vowel is written (else inherent).
type thSyl struct {
	onset   string // romanized onset
	vowel   string
	final   string
	written bool // the vowel is written: the syllable is not a bare consonant
	open    bool // a written vowel that may still take a final consonant
}

// romanizeThai returns the RTGS readings of a Thai-script name, the
// likeliest first, or nil when s holds a letter this romanizer does not
// know.
func romanizeThai(s string) []string { return romanizeTh(s, false) }

// romanizePeople is romanizeThai with final ร and ล written as people
// write them in their names (-rn, -l) in the first reading.
func romanizePeople(s string) []string { return romanizeTh(s, true) }

func romanizeTh(s string, people bool) []string {
	rs := []rune(strings.TrimSpace(s))
	// Drop tone marks, the repetition sign and the abbreviation sign;
	// letters under a thanthakhat are silent, with a vowel on them
	// ("ศักดิ์" is sak), and so is a bare consonant between a final and
	// them ("จันทร์" is chan).
	var clean []rune
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case isThaiTone(r), r == 'ๆ', r == 'ฯ', r == ' ', r == '-':
			continue
		case r == thKaran:
			// Remove the silent letter (and a vowel on it) already
			// appended.
			for len(clean) > 0 && (clean[len(clean)-1] == thSaraI || clean[len(clean)-1] == thSaraU) {
				clean = clean[:len(clean)-1]
			}
			if len(clean) > 0 {
				clean = clean[:len(clean)-1]
			}
			continue
		}
		if i+1 < len(rs) && rs[i+1] == thKaran && isThaiCons(r) {
			// Two letters silent: "ษณ์" after the final ก of "ลัก",
			// "ทร์" after the final น of "จัน".
			if l := len(clean); l >= 3 && isThaiCons(clean[l-1]) && isThaiCons(clean[l-2]) && clean[l-1] != clean[l-2] && isFollowingVowel(clean[l-3]) {
				clean = clean[:l-1]
			}
		}
		if len(clean) > 0 && clean[len(clean)-1] == r && !isThaiCons(r) {
			continue // a vowel sign typed twice
		}
		clean = append(clean, r)
	}
	out := []string{""}
	add := func(parts ...string) {
		var next []string
		for _, o := range out {
			for _, p := range parts {
				if len(next) < maxReadings {
					next = append(next, o+p)
				}
			}
		}
		out = next
	}
	i := 0
	n := len(clean)
	// bare collects consonants with no written vowel until a syllable
	// with one (or the end) decides how they are read.
	var bare []rune
	prevOpen := false // the last written syllable can take a final
	flush := func(atEnd bool) {
		if len(bare) == 0 {
			return
		}
		add(bareReadings(bare, prevOpen, atEnd, people)...)
		bare = bare[:0]
	}
	for i < n {
		r := clean[i]
		switch {
		case r == thRue || r == thRueLong:
			flush(false)
			j := i + 1
			if j < n && clean[j] == thLakkhang {
				j++
			}
			add("rue", "ri", "ru")
			i = j
			prevOpen = true
			continue
		case r == thSaraE || r == thSaraAe || r == thSaraO || r == thSaraAiM || r == thSaraAiMal:
			flush(false)
			syl, j, ok := preVowelSyllable(clean, i)
			if !ok {
				return nil
			}
			add(syl.onset + syl.vowel + syl.final)
			prevOpen = syl.open
			i = j
			continue
		case isThaiCons(r):
			onset, j := onsetAt(clean, i)
			if j < n && isFollowingVowel(clean[j]) {
				flush(false)
				vowel, final, k, open := followingVowel(clean, j)
				add(onset + vowel + final)
				prevOpen = open
				i = k
				continue
			}
			bare = append(bare, r)
			i++
			continue
		default:
			return nil
		}
	}
	flush(true)
	return compact(out)
}

func compact(l []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range l {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// onsetAt reads the onset starting at consonant i: a silent ห or อ before
// a sonorant, a cluster with ร, ล, ว before a vowel sign, "ทร" read s, "ศร"
// and "สร" read s ("ศรี" si). It returns the romanized onset and the index
// after it.
func onsetAt(s []rune, i int) (string, int) {
	r := s[i]
	if i+2 < len(s) && isThaiCons(s[i+1]) && isFollowingVowel(s[i+2]) {
		r2 := s[i+1]
		switch {
		case (r == 'ห' && strings.ContainsRune("งญนมยรลว", r2)) || (r == 'อ' && r2 == 'ย'):
			return thaiCons[r2][0], i + 2
		case r == 'ท' && r2 == 'ร', (r == 'ศ' || r == 'ส') && r2 == 'ร' && s[i+2] == thSaraIi:
			return "s", i + 2
		case strings.ContainsRune("กขคปพผตบ", r) && strings.ContainsRune("รลว", r2):
			c2 := thaiCons[r2][0]
			return thaiCons[r][0] + c2, i + 2
		}
	}
	return thaiCons[r][0], i + 1
}

// isFollowingVowel reports whether r is a vowel sign written after or
// over/under its consonant.
func isFollowingVowel(r rune) bool {
	switch r {
	case thSaraA, thMaiHan, thSaraAa, thSaraAm, thSaraI, thSaraIi, thSaraUe, thSaraUee, thSaraU, thSaraUu, thMaiTaiKhu:
		return true
	}
	return false
}

// followingVowel reads the vowel sign(s) at j after an onset and the
// final consonant, if the syllable takes one here; it returns the vowel,
// the final, the index after the syllable, and whether the syllable can
// still take a final from a following bare consonant.
func followingVowel(s []rune, j int) (vowel, final string, k int, open bool) {
	v := s[j]
	k = j + 1
	switch v {
	case thSaraA:
		return "a", "", k, false
	case thSaraAm:
		return "am", "", k, false
	case thSaraAa:
		vowel = "a"
	case thMaiHan:
		// ัว: ua; ั + final.
		if k < len(s) && s[k] == 'ว' {
			vowel, k = "ua", k+1
		} else {
			vowel = "a"
		}
		// รร is read as a vowel elsewhere; here ั always takes a final.
	case thSaraI:
		vowel = "i"
	case thSaraIi:
		vowel = "i"
	case thSaraUe:
		vowel = "ue"
	case thSaraUee:
		vowel = "ue"
		if k < len(s) && s[k] == 'อ' {
			k++
		}
	case thSaraU, thSaraUu:
		vowel = "u"
	default:
		vowel = "o"
	}
	return vowel, "", k, true
}

// preVowelSyllable reads a syllable written with a vowel before its onset
// (เ แ โ ใ ไ) at i.
func preVowelSyllable(s []rune, i int) (thSyl, int, bool) {
	pre := s[i]
	j := i + 1
	if j >= len(s) || !isThaiCons(s[j]) {
		return thSyl{}, 0, false
	}
	onset, j := onsetAt2(s, j, pre)
	syl := thSyl{onset: onset, written: true, open: true}
	switch pre {
	case thSaraAe:
		syl.vowel = "ae"
		if j < len(s) && s[j] == thSaraA {
			syl.open, j = false, j+1
		}
		return syl, j, true
	case thSaraO:
		syl.vowel = "o"
		if j < len(s) && s[j] == thSaraA {
			syl.open, j = false, j+1
		}
		return syl, j, true
	case thSaraAiM, thSaraAiMal:
		syl.vowel = "ai"
		syl.open = false
		if j < len(s) && s[j] == 'ย' && (j+1 == len(s) || !isFollowingVowel(s[j+1])) { // ไทย
			j++
		}
		return syl, j, true
	}
	// เ
	switch {
	case j+1 < len(s) && s[j] == thSaraAa && s[j+1] == thSaraA:
		syl.vowel, syl.open, j = "o", false, j+2
	case j < len(s) && s[j] == thSaraAa:
		syl.vowel, syl.open, j = "ao", false, j+1
	case j+1 < len(s) && s[j] == thSaraIi && s[j+1] == 'ย':
		syl.vowel, j = "ia", j+2
	case j+1 < len(s) && s[j] == thSaraUee && s[j+1] == 'อ':
		syl.vowel, j = "uea", j+2
	case j < len(s) && s[j] == thSaraI:
		syl.vowel, j = "oe", j+1
	case j < len(s) && s[j] == 'อ':
		syl.vowel, j = "oe", j+1
	case j < len(s) && s[j] == thSaraA:
		syl.vowel, syl.open, j = "e", false, j+1
	case j < len(s) && s[j] == thMaiTaiKhu:
		syl.vowel, j = "e", j+1
	default:
		syl.vowel = "e"
	}
	return syl, j, true
}

// onsetAt2 is onsetAt for an onset after a preceding vowel sign pre: a
// cluster ("เพลง" phleng, "ไกร" krai) when the letter after the two
// consonants is another consonant, the end, or a vowel sign that belongs
// to pre (เ-ิ, เ-ีย, เ-ือ, เ-อ, -ะ); two consonants that form no cluster
// before such a sign are read with an inherent a between them ("เฉลิม"
// chaloem, "เจริญ" charoen); otherwise the first consonant alone.
func onsetAt2(s []rune, i int, pre rune) (string, int) {
	r := s[i]
	if i+1 >= len(s) || !isThaiCons(s[i+1]) {
		return thaiCons[r][0], i + 1
	}
	r2 := s[i+1]
	next, after := rune(0), rune(0)
	if i+2 < len(s) {
		next = s[i+2]
	}
	if i+3 < len(s) {
		after = s[i+3]
	}
	belongs := false
	switch pre {
	case thSaraE:
		belongs = next == thSaraI || next == thMaiTaiKhu || next == thSaraA || next == 'อ' ||
			next == thSaraIi && after == 'ย' || next == thSaraUee && after == 'อ'
	case thSaraAe, thSaraO:
		belongs = next == thSaraA
	}
	cluster := next == 0 || isThaiCons(next) && next != 'อ' || belongs
	if !cluster {
		return thaiCons[r][0], i + 1
	}
	switch {
	case (r == 'ห' && strings.ContainsRune("งญนมยรลว", r2)) || (r == 'อ' && r2 == 'ย'):
		return thaiCons[r2][0], i + 2
	case r == 'ท' && r2 == 'ร', (r == 'ศ' || r == 'ส') && r2 == 'ร':
		return "s", i + 2
	case strings.ContainsRune("กขคปพผตบ", r) && strings.ContainsRune("รล", r2):
		return thaiCons[r][0] + thaiCons[r2][0], i + 2
	case belongs && r2 != 'อ':
		return thaiCons[r][0] + "a" + thaiCons[r2][0], i + 2
	}
	return thaiCons[r][0], i + 1
}

// bareReadings returns the readings of consonants written with no vowel:
// the first may close the syllable before it (prevOpen); the rest are
// read as open syllables with an inherent a or closed ones with an
// inherent o ("พร" phon, "กนก" kanok), a consonant at the very end only as
// a final; "รร" is the vowel a(n) ("วรรณ" wan); อ after a consonant is the
// vowel o ("จอม" chom).
func bareReadings(bare []rune, prevOpen, atEnd, people bool) []string {
	var out []string
	var walk func(i int, acc string, canClose bool)
	walk = func(i int, acc string, canClose bool) {
		if len(out) >= maxReadings {
			return
		}
		if i == len(bare) {
			out = append(out, acc)
			return
		}
		r := bare[i]
		rrNext := i+2 < len(bare) && bare[i+1] == 'ร' && bare[i+2] == 'ร'
		// ร after an open syllable and before more letters is likelier
		// ra than a final ("พีรพร" phiraphon, "วีรเชษฐ์" wirachet).
		raFirst := canClose && r == 'ร' && (i+1 < len(bare) || !atEnd) && !rrNext
		if raFirst {
			walk(i+1, acc+"ra", false)
		}
		// A final of the syllable before.
		if canClose && !rrNext {
			if thaiCons[r][1] != "" || r == 'อ' {
				for _, f := range finalsOf(r, people) {
					walk(i+1, acc+f, false)
				}
			}
		}
		on := thaiCons[r][0]
		rest := len(bare) - i - 1
		// ตร, ทร at the end close the syllable before as t ("จิตร"
		// chit, "ภัทร" phat).
		if canClose && atEnd && rest == 1 && bare[i+1] == 'ร' && strings.ContainsRune("ตทธถกคศษส", r) {
			walk(i+2, acc+thaiCons[r][1], false)
		}
		// A cluster before อ ("พลอย" phloi).
		if rest >= 2 && bare[i+2] == 'อ' && strings.ContainsRune("กขคปพผตบ", r) && strings.ContainsRune("รลว", bare[i+1]) {
			walk(i+3, acc+on+thaiCons[bare[i+1]][0]+"o", true)
		}
		// C + รร (+ final): "an" / "a" + final.
		if rest >= 2 && bare[i+1] == 'ร' && bare[i+2] == 'ร' {
			if rest >= 3 {
				for _, f := range finalsOf(bare[i+3], people) {
					walk(i+4, acc+on+"a"+f, false)
				}
			}
			walk(i+3, acc+on+"an", false)
			return
		}
		// C + อ: the vowel o, open to a final.
		if rest >= 1 && bare[i+1] == 'อ' {
			walk(i+2, acc+on+"o", true)
			return
		}
		// C + ว + C: "ua" with a final ("ชวน" chuan).
		if rest >= 2 && bare[i+1] == 'ว' {
			for _, f := range finalsOf(bare[i+2], people) {
				walk(i+3, acc+on+"ua"+f, false)
			}
		}
		// C o C: a closed syllable.
		if rest >= 1 {
			for _, f := range finalsOf(bare[i+1], people) {
				walk(i+2, acc+on+"o"+f, false)
			}
		}
		// C a: an open syllable (not the last letter of the name).
		if (rest >= 1 || !atEnd) && !(raFirst && on == "r" && canClose) {
			walk(i+1, acc+on+"a", false)
		}
	}
	walk(0, "", prevOpen)
	if len(out) == 0 {
		// A lone consonant at the end after a closed syllable: read
		// with an inherent o.
		var b strings.Builder
		for _, r := range bare {
			b.WriteString(thaiCons[r][0])
			b.WriteString("o")
		}
		out = append(out, b.String())
	}
	return out
}
