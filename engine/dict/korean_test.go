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
	for name, sp := range d.given {
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
