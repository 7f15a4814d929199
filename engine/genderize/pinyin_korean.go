package genderize

import (
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// pinyinBehindKorean returns the pinyin model's answer (pinyinGiven) for
// a Chinese given name after a surname that is also a Korean surname's
// spelling, which pinyinGender leaves to the Korean model outside a
// Chinese context ("Yinglai Wang", "Lee Xiaoming", "Kang Chuanfang"),
// when the Korean syllable model cannot read the given name at all
// (dict.KoreanReadable: syllables Korean romanization does not have, or
// that no listed Korean given name has where they stand). namesGender
// asks it only when the lists and the Korean model do not know the name,
// so that it answers only names that were UNKNOWN.
//
// On the held-out Chinese given names (testdata/zh-pinyin-holdout.tsv,
// faker's zh_CN names, which the pinyin model is not built from), 14 of
// 146 are Korean-readable (Jun, Yu, Na, Yuhan: left to the Korean model);
// of the others the model's answers at pinyinAt are 23 right, 1 wrong
// (tune half) and 28 right, 2 wrong (test half); the listed Korean given
// names, in their Revised Romanization and customary spellings, are all
// Korean-readable (dict.TestKoreanReadable).
func (e *Genderizer) pinyinBehindKorean(given []string, surname string, scopes []string) (res nameapi.GenderizerResult, ok bool) {
	if e.dict == nil || len(given) == 0 || !pinyinShaped(surname) || chineseScope(scopes) {
		return res, false
	}
	if !e.dict.IsKoreanSurname(surname) || text.IsVietnameseSurname(surname) {
		return res, false
	}
	return e.pinyinGiven(given, e.dict.KoreanReadable)
}
