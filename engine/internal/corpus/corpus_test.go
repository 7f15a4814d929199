package corpus

import (
	"testing"
)

// TestLoad holds the corpus to its promise: at least 50,000 names, every
// script the engine's data covers, every name tagged.
func TestLoad(t *testing.T) {
	names, err := Load("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 50000 {
		t.Errorf("%d names, want at least 50,000", len(names))
	}
	by := map[string]int{}
	for i := range names {
		n := &names[i]
		by[n.Script]++
		if n.Full() == "" || n.Source == "" || n.Culture == "" {
			t.Fatalf("name %d %+v: untagged", i, *n)
		}
	}
	t.Logf("%d names; by script: %v", len(names), by)
	for _, s := range []string{"Latin", "Cyrillic", "Greek", "Armenian", "Georgian", "Arabic", "Hebrew", "Thai", "Devanagari", "Hangul", "Han", "Kana"} {
		least := 1000
		if s == "Kana" {
			least = 100 // faker's Japanese given names are mostly kanji
		}
		if by[s] < least {
			t.Errorf("script %s: %d names, want at least %d", s, by[s], least)
		}
	}
	s := Sample(names, 5000)
	if len(s) < 4000 || len(s) > 7000 {
		t.Errorf("Sample(5000) gave %d names", len(s))
	}
	again := Sample(names, 5000)
	if len(again) != len(s) || again[0] != s[0] || again[len(s)-1] != s[len(s)-1] {
		t.Error("Sample is not deterministic")
	}
}

func TestScriptOf(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Quang Dũng Nguyễn", "Latin"}, {"Иван Петров", "Cyrillic"}, {"やまもと たけし", "Kana"},
		{"山本たけし", "Kana"}, {"王伟", "Han"}, {"김민준", "Hangul"}, {"Γιώργος", "Greek"},
		{"محمد", "Arabic"}, {"דוד", "Hebrew"}, {"สมชาย", "Thai"}, {"राम", "Devanagari"},
		{"Արամ", "Armenian"}, {"გიორგი", "Georgian"}, {"123", "Other"},
	} {
		if got := ScriptOf(c.in); got != c.want {
			t.Errorf("ScriptOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
