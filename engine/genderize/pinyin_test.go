package genderize

import (
	"strings"
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

// TestPinyinLeavesOtherLanguagesNames holds the genderizer to the lists
// for the given names they hold from several sources and in no Chinese
// list that read as pinyin ("Linda", "Alan", "Julian"): after a Chinese
// surname they get the answer they get after a surname that says nothing,
// every one of them ("Martin", a surname of many languages, tells no
// language: surname_lang.go).
func TestPinyinLeavesOtherLanguagesNames(t *testing.T) {
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	e := New(d)
	n := 0
	d.EachName(func(k string, given, _ bool) bool {
		if !given {
			return true
		}
		if _, ok := d.PinyinMaleShare([]string{k}); !ok || !e.otherLanguagesName(k) {
			return true
		}
		n++
		name := strings.ToUpper(k[:1]) + k[1:]
		zh := e.ForPerson([]string{name}, "Zhang", "", nil, nil)
		other := e.ForPerson([]string{name}, "Martin", "", nil, nil)
		if zh.Gender != other.Gender {
			t.Errorf("%s Zhang: %s, %s Martin: %s", name, zh.Gender, name, other.Gender)
		}
		return true
	})
	t.Logf("%d names of other languages that read as pinyin", n)
	if n < 200 {
		t.Errorf("%d names, want 200 or more", n)
	}
}
