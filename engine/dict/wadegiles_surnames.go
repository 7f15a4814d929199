package dict

// The Wade-Giles spellings of Chinese syllables (data/zh-wadegiles.txt),
// for the parser: the Wade-Giles-only spellings of the data's Chinese
// surnames (Hsu, Tsai, Hsieh) are CJK surnames (markCJKSurnames). The
// table, its reader and wadeGilesSurnames are helper ewg's (branch ewg,
// 8e03c5a, engine/dict/wadegiles.go), taken without its gender model.

import (
	"fmt"
	"strings"
)

// wadeGilesReadings is the table of the embedded data/zh-wadegiles.txt:
// Wade-Giles syllable -> pinyin readings. The file is part of the build:
// a broken one is a programming error (TestWadeGilesTable).
var wadeGilesReadings = embedded("zh-wadegiles.txt", ParseWadeGiles)

// wadeGilesSurnames returns the Wade-Giles spellings, of three letters or
// more, of the surnames whose pinyin is in pinyin, that hold a spelling
// no other romanization of Chinese or Korean writes (wadeGilesOnly: Hsu,
// Tsai, Hsieh, Tseng, Shih, Kuo, Chiang). The parser then reads them as
// Chinese surnames ("Hsu Chih-Ming"), as it reads their pinyin. Those
// that are also other spellings (Ho, Jen, Jung, Lung, Pai) are left to the
// genderizer (IsWadeGilesSurname), which weighs them only after a given
// name in Wade-Giles.
func wadeGilesSurnames(pinyin map[string]bool) []string {
	var out []string
	for wg, rs := range wadeGilesReadings() {
		if len(wg) < 3 || pinyin[wg] || !wadeGilesOnly(wg) {
			continue
		}
		for _, r := range rs {
			if pinyin[r] {
				out = append(out, wg)
				break
			}
		}
	}
	return out
}

// wadeGilesOnly reports whether the lower-case syllable s is spelt as
// only Wade-Giles spells: hs, ts or tz at its start, k before u and a
// vowel (kuo, kuei: pinyin g) or ch before i and a vowel (chiang, chiu:
// pinyin j, q), or ih or ieh at its end.
func wadeGilesOnly(s string) bool {
	return strings.HasPrefix(s, "hs") || strings.HasPrefix(s, "ts") || strings.HasPrefix(s, "tz") ||
		len(s) > 2 && strings.HasPrefix(s, "ku") && strings.IndexByte("aeiou", s[2]) >= 0 ||
		len(s) > 3 && strings.HasPrefix(s, "chi") && strings.IndexByte("aeiou", s[3]) >= 0 ||
		strings.HasSuffix(s, "ih") || strings.HasSuffix(s, "ieh")
}

// ParseWadeGiles reads data/zh-wadegiles.txt: "#" comment lines, then a
// lower-case Wade-Giles syllable TAB its pinyin readings separated by
// commas. A syllable listed twice (a variant line) has the union of its
// readings, in the order read.
func ParseWadeGiles(data []byte) (map[string][]string, error) {
	out := map[string][]string{}
	i := 0
	for ln := range strings.Lines(string(data)) {
		i++
		ln = strings.TrimRight(ln, "\r\n")
		if ln == "" || ln[0] == '#' {
			continue
		}
		wg, rs, ok := strings.Cut(ln, "\t")
		if !ok || !isLowerWord(wg) || rs == "" {
			return nil, fmt.Errorf("zh-wadegiles.txt:%d: want syllable TAB readings, got %q", i, ln)
		}
		for r := range strings.SplitSeq(rs, ",") {
			if !isLowerWord(r) {
				return nil, fmt.Errorf("zh-wadegiles.txt:%d: bad reading %q", i, r)
			}
			if !containsString(out[wg], r) {
				out[wg] = append(out[wg], r)
			}
		}
	}
	return out, nil
}

func isLowerWord(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") == ""
}

func containsString(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
