package dict

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestKoreanReadable holds dict.KoreanReadable to its two sides:
//   - every listed Korean given name of one or two Hangul syllables with a
//     sex, romanized syllable by syllable (Revised Romanization, and the
//     customary spellings of koreanSpellingPairs: "Young-hee", "Jihoon"),
//     run together, hyphenated or as two words, is Korean-readable, so
//     that the pinyin model never takes a Korean name from the Korean
//     model after a surname both cultures spell alike;
//   - of the held-out Chinese given names (../testdata/
//     zh-pinyin-holdout.tsv: faker's zh_CN names with their sex, which
//     neither the pinyin nor the Korean model is built from), run
//     together, few are Korean-readable (Jun, Yu, Na, Yuhan: 14 of 146),
//     and the pinyin model's answers on the others at genderize's
//     pinyinAt (0.8) are at least 90 % right on each half (tune 23 right,
//     1 wrong; test 28 right, 2 wrong; the rest unanswered): the answers
//     genderize's pinyinBehindKorean adds.
func TestKoreanReadable(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	rev := map[string]string{}
	for k := 0; k < len(koreanSpellingPairs); k += 2 {
		if _, ok := rev[koreanSpellingPairs[k+1]]; !ok {
			rev[koreanSpellingPairs[k+1]] = koreanSpellingPairs[k]
		}
	}
	customary := func(s string) string {
		if c, ok := rev[s]; ok {
			return c
		}
		return s
	}
	forms, unread := 0, 0
	for name, sp := range d.givenNames() {
		if !hangulSyllables(name) || utf8.RuneCountInString(name) > 2 {
			continue
		}
		if v := d.spanSexVotes(sp); v.m+v.f == 0 {
			continue
		}
		var syl []string
		for _, r := range name {
			syl = append(syl, hangulRR(r))
		}
		var ws [][]string
		if len(syl) == 1 {
			ws = [][]string{{syl[0]}, {customary(syl[0])}}
		} else {
			a, b := customary(syl[0]), customary(syl[1])
			ws = [][]string{{syl[0] + syl[1]}, {syl[0] + "-" + syl[1]}, {syl[0], syl[1]}, {a + b}, {a + "-" + b}, {a, b},
				{strings.ToUpper(a[:1]) + a[1:] + b}}
		}
		for _, w := range ws {
			forms++
			if !d.KoreanReadable(w) {
				unread++
				if unread <= 10 {
					t.Errorf("%s as %q: not Korean-readable", name, w)
				}
			}
		}
	}
	t.Logf("listed Korean given names: %d written forms, %d not Korean-readable", forms, unread)
	if forms < 3000 {
		t.Errorf("%d forms of Korean given names, want 3000 or more", forms)
	}

	f, err := os.Open("../testdata/zh-pinyin-holdout.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type score struct{ readable, right, wrong, none int }
	by := map[string]*score{"tune": {}, "test": {}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ln := sc.Text()
		if ln == "" || ln[0] == '#' {
			continue
		}
		p := strings.Split(ln, "\t")
		if len(p) != 3 || by[p[2]] == nil {
			t.Fatalf("zh-pinyin-holdout.tsv: bad line %q", ln)
		}
		s := by[p[2]]
		run := strings.Join(strings.Fields(p[0]), "")
		if d.KoreanReadable([]string{run}) {
			s.readable++
			continue
		}
		pm, ok := d.PinyinMaleShare([]string{run})
		male := p[1] == "MALE"
		switch {
		case !ok || pm < 0.8 && pm > 0.2:
			s.none++
		case pm >= 0.8 == male:
			s.right++
		default:
			s.wrong++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"tune", "test"} {
		s := by[part]
		t.Logf("%s: Korean-readable %d; the others right %d, wrong %d, unanswered %d", part, s.readable, s.right, s.wrong, s.none)
		if s.readable > 10 || s.right < 23 || 10*s.right < 9*(s.right+s.wrong) {
			t.Errorf("%s: %d Korean-readable, %d right, %d wrong: want at most 10, at least 23 right and 90 %% of the answers", part, s.readable, s.right, s.wrong)
		}
	}
}

// TestKoreanReadableAllocs: the check runs on rows with a surname both
// cultures spell alike whose given name the lists do not know, without
// allocating.
func TestKoreanReadableAllocs(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	words := [][]string{{"Yinglai"}, {"Jihoon"}, {"Xiao", "Ming"}, {"Min-Jun"}}
	d.KoreanReadable(words[0])
	if a := testing.AllocsPerRun(100, func() {
		for _, w := range words {
			d.KoreanReadable(w)
		}
	}); a != 0 {
		t.Errorf("KoreanReadable: %.1f allocations, want 0", a)
	}
}
