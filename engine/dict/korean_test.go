package dict

import (
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
		{"Young-hee", "", true, true, "N"}, // 영 men's, 희 mixed in the data: no guess
		{"Hans-Peter", "", false, false, ""},
		{"Jo-Ann", "", false, false, ""}, // "ann" is no Korean syllable
		{"Soon-ja", "", true, true, "N"}, // 자 is in no listed name: one syllable is not enough
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
