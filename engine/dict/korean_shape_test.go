package dict

import (
	"strings"
	"testing"
)

// TestKoreanShapesKeepSurnames holds IsKoreanSurname's cheap reject
// (wordShapes) to the table look-up on every listed word, as written, in
// capitals and with spaces around: no Korean surname spelling is
// rejected, and most words are.
func TestKoreanShapesKeepSurnames(t *testing.T) {
	d := MustDefault()
	var all, rejected, surnames int
	for _, w := range listedWords(t) {
		for _, v := range []string{w, strings.ToUpper(w), " " + w + "\t"} {
			all++
			s := strings.TrimSpace(v)
			if !d.koShapes.has(s) {
				rejected++
			}
			if d.koreanByTable(s) {
				surnames++
				if !d.koShapes.has(s) {
					t.Errorf("%q: a Korean surname spelling, rejected by its shape", v)
				}
			}
		}
	}
	t.Logf("%d Korean surname spellings; %d of %d words rejected by shape", surnames, rejected, all)
	if surnames < 100 || rejected < all*9/10 {
		t.Errorf("%d spellings found, %d of %d words rejected: want >= 100 and >= 90 %%", surnames, rejected, all)
	}
}

// BenchmarkKoreanSurname is IsKoreanSurname on a surname of another
// language and on a Korean one.
func BenchmarkKoreanSurname(b *testing.B) {
	d := MustDefault()
	for b.Loop() {
		d.IsKoreanSurname("Schneider")
		d.IsKoreanSurname("Park")
	}
}
