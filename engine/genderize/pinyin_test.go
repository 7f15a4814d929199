package genderize

import (
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
)

// TestPinyinShaped holds pinyinShaped, the cheap test before the surname
// look-up, to the data: every listed surname that is a Chinese surname's
// spelling and one known syllable passes it, and common surnames of other
// languages do not.
func TestPinyinShaped(t *testing.T) {
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	d.EachName(func(k string, _, _ bool) bool {
		if d.IsCJKSurname(k) && !d.IsKoreanSurname(k) {
			if _, ok := d.PinyinMaleShare([]string{k}); ok && len(k) <= 6 && !pinyinShaped(k) {
				t.Errorf("pinyinShaped(%q) = false for a Chinese surname of one syllable", k)
			}
			n++
		}
		return true
	})
	t.Logf("%d listed Chinese surnames checked", n)
	if n < 50 {
		t.Fatalf("%d Chinese surnames, want 50 or more", n)
	}
	for _, s := range []string{"Zhang", "WANG", "Li", "Ouyang", "Er", "An"} {
		if !pinyinShaped(s) {
			t.Errorf("pinyinShaped(%q) = false", s)
		}
	}
	for _, s := range []string{"", "Smith", "Brown", "Müller", "Schmidt", "Kim", "Park", "Nguyen-Li", "Van Li", "Zhangzhang"} {
		if pinyinShaped(s) {
			t.Errorf("pinyinShaped(%q) = true", s)
		}
	}
}
