package dict

import (
	"math"
	"testing"
	"unicode/utf8"
)

// TestKoreanSyllablesHoldout judges every listed Korean given name with a
// sex as if it were unseen: its own votes taken out of the syllable counts
// and its listing ignored. The names answered MALE or FEMALE (male
// proportion at or beyond 0.8 / 0.2, the genderizer's thresholds) must be
// right at least koHoldoutPrecision of the time, and enough must be answered.
func TestKoreanSyllablesHoldout(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	k := d.koIndex()
	sub := func(a, b sexVotes) sexVotes { return sexVotes{a.m - b.m, a.f - b.f} }
	var n, answered, right int
	for name, sp := range d.givenNames() {
		if !hangulSyllables(name) || utf8.RuneCountInString(name) != 2 {
			continue
		}
		own, _, ok := d.spanGenderVotes(sp, "ko")
		if !ok || (own != 0 && own != 1) {
			continue
		}
		v := sexVotes{float32(own), float32(1 - own)}
		_, size := utf8.DecodeRuneInString(name)
		first := sub(k.first[name[:size]], v)
		last := sub(k.last[name[size:]], v)
		tot := sub(k.tot, v)
		p, _, ok := koJudge(first, last, true, tot, 0, false)
		n++
		if !ok || (p > 0.2 && p < 0.8) {
			continue
		}
		answered++
		if (p >= 0.8) == (own == 1) {
			right++
		}
	}
	prec, cov := float64(right)/float64(answered), float64(answered)/float64(n)
	t.Logf("Korean syllable model, held out: %d names, %d answered (%.1f %%), %d right (%.1f %% of answered)", n, answered, 100*cov, right, 100*prec)
	if prec < 0.9 || cov < 0.5 {
		t.Errorf("precision %.3f (want >= 0.9), coverage %.3f (want >= 0.5)", prec, cov)
	}
}

// TestKoreanVotes checks which names go through the syllable model and
// where their answers fall.
func TestKoreanVotes(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, scope string
		isKo, ok    bool
		sex         string // "M" (p >= 0.8), "F" (p <= 0.2), "N" (between)
	}{
		{"다은", "", true, true, "F"},     // both syllables women's
		{"준호", "", true, true, "M"},     // both syllables men's
		{"Da-eun", "", true, true, "F"}, // the same, romanized
		{"Jun-ho", "", true, true, "M"},
		{"Young-hee", "", true, true, "F"}, // 영희: 희 a woman's last syllable in the older names (WGND)
		{"Hans-Peter", "", false, false, ""},
		{"Jo-Ann", "", false, false, ""}, // "ann" is no Korean syllable
		{"Soon-ja", "", true, true, "F"}, // 순자: 자 ends the older generations' women's names (WGND: 화자)
		{"Maria", "", false, false, ""},
		{"다은", "de", true, false, ""}, // a Korean name is not judged in German data
		{"다은", "KR", true, true, "F"},
		{"Seoyeon", "", true, true, "F"}, // run together: cut into seo-yeon
		{"Jihoon", "", true, true, "M"},  // ji-hoon
		{"Junho", "", true, true, "M"},
		{"Daeun", "", false, false, ""}, // da-eun (a woman's) or dae-un (a man's)
		{"Hasan", "", false, false, ""}, // ha-san, but its syllables lean to no sex
		{"Hans", "", false, false, ""},  // no cut into two Korean syllables
		{"Peter", "", false, false, ""}, // "pe" is in no listed name
	} {
		p, _, ok, isKo := d.koreanVotes(c.name, c.scope, span{}, false)
		if isKo != c.isKo || ok != c.ok {
			t.Errorf("%s in %q: isKo %v ok %v, want %v %v", c.name, c.scope, isKo, ok, c.isKo, c.ok)
			continue
		}
		if !ok {
			continue
		}
		sex := "N"
		if p >= 0.8 {
			sex = "M"
		} else if p <= 0.2 {
			sex = "F"
		}
		if sex != c.sex {
			t.Errorf("%s: male proportion %.2f (%s), want %s", c.name, p, sex, c.sex)
		}
	}
}

// TestKoreanGivenPair checks which two words read as the two syllables of
// one Korean given name.
func TestKoreanGivenPair(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b string
		want string // "" when not a pair
	}{
		{"Hae", "Yun", "hae-yun"},
		{"Dan", "Bi", "dan-bi"},
		{"Young", "Hee", "young-hee"}, // customary spellings (yeong, hui)
		{"SEONG", "HUN", "seong-hun"},
		{"Hans", "Peter", ""},
		{"Anna", "Maria", ""},
		{"Ji-Hoon", "Park", ""}, // one hyphenated name already
		{"Jürgen", "Hee", ""},
		{"", "Hee", ""},
		{"Hee", "", ""},
	} {
		got, ok := d.KoreanGivenPair(c.a, c.b)
		if ok != (c.want != "") || got != c.want {
			t.Errorf("KoreanGivenPair(%q, %q) = %q, %v; want %q", c.a, c.b, got, ok, c.want)
		}
	}
}

// TestKoreanGivenPairLeaveOneOut writes every listed Korean given name of
// two syllables with a clear sex as two romanized words ("Dan Bi") and
// judges it twice: word by word in all data, as the genderizer weighs
// separate given names (other languages' lists know "Dan", "Jin",
// "Young"), and as one name by its syllables with its own votes left out
// (KoreanGivenPair). The syllables must be right far more often and wrong
// far less.
func TestKoreanGivenPairLeaveOneOut(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	k := d.koIndex()
	type tally struct{ right, wrong, unclassified int }
	var words, pair tally
	count := func(s *tally, p float64, ok, male bool) {
		switch {
		case !ok || p > 0.2 && p < 0.8:
			s.unclassified++
		case (p >= 0.8) == male:
			s.right++
		default:
			s.wrong++
		}
	}
	for name, sp := range d.givenNames() {
		if !hangulSyllables(name) || utf8.RuneCountInString(name) != 2 {
			continue
		}
		own := d.spanSexVotes(sp)
		pm := float64(own.m) / float64(own.m+own.f)
		if own.m+own.f == 0 || pm > 0.2 && pm < 0.8 {
			continue
		}
		male := pm >= 0.8
		r1, size := utf8.DecodeRuneInString(name)
		r2, _ := utf8.DecodeRuneInString(name[size:])
		a, b := hangulRR(r1), hangulRR(r2)
		// Word by word: the first known word dominates as in the
		// genderizer's statsForNames (weight 1 + 4·skew), the next counts 1.
		var sum, wsum float64
		for _, w := range []string{a, b} {
			if p, _, ok := d.GenderVotes(w, ""); ok {
				wt := 1.0
				if wsum == 0 {
					wt = 1 + 4*math.Abs(2*p-1)
				}
				sum += p * wt
				wsum += wt
			}
		}
		count(&words, sum/max(wsum, 1), wsum > 0, male)
		if _, ok := d.KoreanGivenPair(a, b); !ok {
			count(&pair, 0, false, male)
			continue
		}
		sub := func(v sexVotes) sexVotes { return sexVotes{v.m - own.m, v.f - own.f} }
		p, _, ok := koJudge(sub(k.rrFirst[a]), sub(k.rrLast[b]), true, sub(k.tot), 0, false)
		count(&pair, p, ok, male)
	}
	share := func(s tally) float64 { return float64(s.wrong) / float64(max(s.right+s.wrong, 1)) }
	t.Logf("word by word: %d right, %d wrong (%.1f %% of classified), %d unclassified", words.right, words.wrong, 100*share(words), words.unclassified)
	t.Logf("as one name, held out: %d right, %d wrong (%.1f %% of classified), %d unclassified", pair.right, pair.wrong, 100*share(pair), pair.unclassified)
	if pair.right < words.right+100 || share(pair) > 0.03 || share(words) < 3*share(pair) {
		t.Errorf("the syllables should be right far more often and wrong far less than the words")
	}
}
