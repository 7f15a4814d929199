package dict

import (
	"strings"
	"testing"
)

// TestKoreanShapesKeepSurnames holds the cheap rejects (wordShapes) of
// IsKoreanSurname and IsCJKSurname to their table look-ups on every
// listed word, as written, in capitals and with spaces around: no Korean
// or Chinese surname spelling is rejected, and most words are.
func TestKoreanShapesKeepSurnames(t *testing.T) {
	d := MustDefault()
	var all, rejected, surnames, cjk, cjkRejected int
	for _, w := range listedWords(t) {
		for _, v := range []string{w, strings.ToUpper(w), " " + w + "\t"} {
			all++
			s := strings.TrimSpace(v)
			if !d.koShapes.has(s) {
				rejected++
			}
			if !d.cjkShapes.has(s) {
				cjkRejected++
			}
			if d.cjkByTable(s) {
				cjk++
				if !d.cjkShapes.has(s) {
					t.Errorf("%q: a Chinese or Korean surname spelling, rejected by its shape", v)
				}
			}
			if d.koreanByTable(s) {
				surnames++
				if !d.koShapes.has(s) {
					t.Errorf("%q: a Korean surname spelling, rejected by its shape", v)
				}
			}
		}
	}
	t.Logf("%d Korean surname spellings, %d of %d words rejected by shape; %d Chinese or Korean, %d rejected", surnames, rejected, all, cjk, cjkRejected)
	if surnames < 100 || rejected < all*9/10 {
		t.Errorf("%d Korean spellings found, %d of %d words rejected: want >= 100 and >= 90 %%", surnames, rejected, all)
	}
	if cjk < surnames || cjkRejected < all*3/4 {
		t.Errorf("%d Chinese or Korean spellings found, %d of %d words rejected: want >= %d and >= 75 %%", cjk, cjkRejected, all, surnames)
	}
}

// BenchmarkKoreanSurname is IsKoreanSurname and IsCJKSurname on a
// surname of another language and on a Korean one.
func BenchmarkKoreanSurname(b *testing.B) {
	d := MustDefault()
	for b.Loop() {
		d.IsKoreanSurname("Schneider")
		d.IsKoreanSurname("Park")
		d.IsCJKSurname("Schneider")
		d.IsCJKSurname("Park")
	}
}
