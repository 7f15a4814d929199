// Package fold removes diacritics from Latin-script text ("Müller" →
// "Muller", "Łukasz" → "Lukasz", "Søren" → "Soren", "Straße" → "Strasse"),
// so that names can be looked up with or without their accents. Letters of
// other scripts pass through unchanged.
package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// pairs lists each accented letter followed by its plain form, in groups
// separated by spaces: "àa" means à → a. Multi-letter plain forms (ß → ss)
// are in multi.
const pairs = "àa áa âa ãa äa åa āa ăa ąa ǎa ȁa ȃa ạa ảa ấa ầa ẩa ẫa ậa ắa ằa ẳa ẵa ặa " +
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

var table = func() map[rune]string {
	m := map[rune]string{
		'ß': "ss", 'ẞ': "SS", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE",
		'þ': "th", 'Þ': "TH", 'ĳ': "ij", 'Ĳ': "IJ",
	}
	for _, p := range strings.Fields(pairs) {
		r, n := utf8.DecodeRuneInString(p)
		m[r] = p[n:]
	}
	return m
}()

// String returns s without diacritics: accented Latin letters become their
// base letters (ß → ss, æ → ae) and combining marks are dropped. Case is
// kept. It returns s itself, without allocating, when there is nothing to
// fold.
func String(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if _, ok := table[r]; ok || unicode.Is(unicode.Mn, r) {
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
		if rep, ok := table[r]; ok {
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

// Key returns the lookup key of s: lower case, without diacritics.
func Key(s string) string { return String(strings.ToLower(s)) }

// AppendRune appends r without its diacritics to dst, as String does for
// each letter: appending every rune of s gives String(s).
func AppendRune(dst []byte, r rune) []byte {
	if r < utf8.RuneSelf {
		return append(dst, byte(r))
	}
	if rep, ok := table[r]; ok {
		return append(dst, rep...)
	}
	if unicode.Is(unicode.Mn, r) {
		return dst
	}
	return utf8.AppendRune(dst, r)
}
