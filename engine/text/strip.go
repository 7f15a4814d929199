package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The one table of letters with diacritics of the engine and dedupe: each
// accented Latin letter and its plain form. Fold spells out the letters of
// spelledOut instead (the German umlauts and ø, whose plain "o" would not
// match the "oe" many lists write); Strip and FoldPlain use the plain form
// of every letter.

// stripPairs lists each accented letter followed by its plain form, in
// groups separated by spaces: "àa" means à → a. Multi-letter plain forms
// (ß → ss) are in stripTable's literal.
const stripPairs = "àa áa âa ãa äa åa āa ăa ąa ǎa ȁa ȃa ạa ảa ấa ầa ẩa ẫa ậa ắa ằa ẳa ẵa ặa " +
	"ÀA ÁA ÂA ÃA ÄA ÅA ĀA ĂA ĄA ǍA ẠA ẢA ẤA ẦA ẨA ẪA ẬA ẮA ẰA ẲA ẴA ẶA " +
	"çc ćc ĉc ċc čc ÇC ĆC ĈC ĊC ČC ďd đd ĎD ĐD ðd ÐD " +
	"èe ée êe ëe ēe ĕe ėe ęe ěe ȅe ȇe ẹe ẻe ẽe ếe ềe ểe ễe ệe ÈE ÉE ÊE ËE ĒE ĔE ĖE ĘE ĚE ẸE ẺE ẼE ẾE ỀE ỂE ỄE ỆE " +
	"ĝg ğg ġg ģg ǧg ĜG ĞG ĠG ĢG ǦG ĥh ħh ĤH ĦH " +
	"ìi íi îi ïi ĩi īi ĭi įi ıi ǐi ỉi ịi ÌI ÍI ÎI ÏI ĨI ĪI ĬI ĮI İI ǏI ỈI ỊI ĵj ĴJ ķk ǩk ĶK ǨK " +
	"ĺl ļl ľl ŀl łl ĹL ĻL ĽL ĿL ŁL ñn ńn ņn ňn ŉn ÑN ŃN ŅN ŇN " +
	"òo óo ôo õo öo øo ōo ŏo őo ơo ǒo ǿo ọo ỏo ốo ồo ổo ỗo ộo ớo ờo ởo ỡo ợo ÒO ÓO ÔO ÕO ÖO ØO ŌO ŎO ŐO ƠO ǑO ỌO ỎO ỐO ỒO ỔO ỖO ỘO ỚO ỜO ỞO ỠO ỢO " +
	"ŕr ŗr řr ŔR ŖR ŘR śs ŝs şs šs șs ŚS ŜS ŞS ŠS ȘS ţt ťt ŧt țt ŢT ŤT ŦT ȚT " +
	"ùu úu ûu üu ũu ūu ŭu ůu űu ųu ưu ǔu ǖu ǘu ǚu ǜu ụu ủu ứu ừu ửu ữu ựu ÙU ÚU ÛU ÜU ŨU ŪU ŬU ŮU ŰU ŲU ƯU ǓU ǕU ǗU ǙU ǛU ỤU ỦU ỨU ỪU ỬU ỮU ỰU " +
	"ŵw ŴW ýy ÿy ŷy ỳy ỹy ỵy ỷy ÝY ŸY ŶY ỲY ỸY ỴY ỶY źz żz žz ŹZ ŻZ ŽZ"

// stripTable maps each letter of stripPairs (and the ligatures) to its
// plain form; case is kept.
var stripTable = func() map[rune]string {
	m := map[rune]string{
		'ß': "ss", 'ẞ': "SS", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE",
		'þ': "th", 'Þ': "TH", 'ĳ': "ij", 'Ĳ': "IJ",
	}
	for _, p := range strings.Fields(stripPairs) {
		r, n := utf8.DecodeRuneInString(p)
		m[r] = p[n:]
	}
	return m
}()

// spelledOut is Fold's form of the letters it spells out (lower case).
var spelledOut = map[rune]string{'ä': "ae", 'ö': "oe", 'ü': "ue", 'ø': "oe"}

// Strip returns s without diacritics: accented Latin letters become their
// plain letters (ü → u, ø → o, ß → ss, æ → ae) and combining marks are
// dropped. Case is kept. It returns s itself, without allocating, when
// there is nothing to strip.
func Strip(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if _, ok := stripTable[r]; ok || unicode.Is(unicode.Mn, r) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		if rep, ok := stripTable[r]; ok {
			b.WriteString(rep)
			continue
		}
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// StripKey is Strip(strings.ToLower(s)): the lookup key of a name with or
// without its diacritics.
func StripKey(s string) string { return Strip(strings.ToLower(s)) }

// FoldPlain lower-cases s and replaces accented letters by their plain
// letters from the one table (ü → u, ø → o, ß → ss), keeping every other
// character: Fold without the spelled-out umlauts. dedupe compares names
// by it.
func FoldPlain(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		r = unicode.ToLower(r)
		if rep, ok := stripTable[r]; ok {
			b.WriteString(rep)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// AppendStrip appends r without its diacritics to dst, as Strip does for
// each letter: appending every rune of s gives Strip(s).
func AppendStrip(dst []byte, r rune) []byte {
	if r < utf8.RuneSelf {
		return append(dst, byte(r))
	}
	if rep, ok := stripTable[r]; ok {
		return append(dst, rep...)
	}
	if unicode.Is(unicode.Mn, r) {
		return dst
	}
	return utf8.AppendRune(dst, r)
}
