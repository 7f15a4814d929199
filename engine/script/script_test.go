package script

import "testing"

func TestOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Script
	}{
		{"Petra", Latin},
		{"Müller", Latin},
		{"Олена", Cyrillic},
		{"Γιώργος", Greek},
		{"Անահիտ", Armenian},
		{"ნინო", Georgian},
		{"שרה", Hebrew},
		{"فاطمة", Arabic},
		{"สมชาย", Thai},
		{"प्रिया", Devanagari},
		{"প্রিয়া", Bengali},
		{"王小明", Han},
		{"김민준", Hangul},
		{"山口さくら", Kana},
		{"さくら", Kana},
		{"123 -", None},
		{"", None},
	}
	for _, tt := range tests {
		if got := Of(tt.in); got != tt.want {
			t.Errorf("Of(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if !Han.SurnameFirst() || Latin.SurnameFirst() {
		t.Error("SurnameFirst: want Han true, Latin false")
	}
	if !Armenian.Cased() || Georgian.Cased() {
		t.Error("Cased: want Armenian true, Georgian false")
	}
}

func TestLatinKey(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Олена", "olena"},
		{"Анахит", "anakhit"},
		{"Անահիտ", "anahit"},
		{"Շուշան", "shushan"},
		{"प्रिया", "priya"},
		{"Γιώργος", "giorgos"},
		{"Αικατερινη", "aikaterine"},
		{"Αικατερίνη", "aikaterine"},
		{"Petra", "petra"},
	}
	for _, tt := range tests {
		if got := LatinKey(tt.in); got != tt.want {
			t.Errorf("LatinKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMatchKey(t *testing.T) {
	t.Parallel()
	same := [][2]string{
		{"Hassan", "حسّان"},
		{"Masri", "المصري"},
		{"Aziz", "العزيز"},
		{"Cohen", "כהן"},
		{"Tamar", "תמר"},
		{"Anahit", "Անահիտ"},
		{"Hovhannisyan", "Հովհաննիսյան"},
		{"Ivan", "Иван"},
		{"Shevchenko", "Шевченко"},
		{"Giorgos", "Γιώργος"},
		{"Papadopoulos", "Παπαδόπουλος"},
		{"Nino", "ნინო"},
		{"Beridze", "ბერიძე"},
		{"Mohammed", "Muhammad"},
		{"Veličković", "Величковић"},
		{"Jovanović", "Јовановић"},
		{"Đorđević", "Ђорђевић"},
		{"Tinsulanonda", "ติณสูลานนท์"},
		{"Somchai", "สมชาย"},
	}
	for _, p := range same {
		if a, b := MatchKey(p[0]), MatchKey(p[1]); a != b || a == "" {
			t.Errorf("MatchKey(%q) = %q, MatchKey(%q) = %q; want equal", p[0], a, p[1], b)
		}
	}
	for _, p := range [][2]string{{"Ivan", "Сергей"}, {"Anahit", "Արամ"}, {"Fatima", "عمر"}, {"Jovanović", "Петровић"}} {
		if MatchKey(p[0]) == MatchKey(p[1]) {
			t.Errorf("MatchKey(%q) == MatchKey(%q) = %q; want different", p[0], p[1], MatchKey(p[0]))
		}
	}
}

func TestDevanagariLatin(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"रवि": "ravi", "अर्जुन": "arjun", "दीपक": "dipak", "राहुल": "rahul", "सुनीता": "sunita", "प्रिया": "priya"} {
		if got := LatinKey(in); got != want {
			t.Errorf("LatinKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// Bengali names spell in Latin letters through the Devanagari letters of
// the same sounds.
func TestBengaliLatin(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"অমিত": "amit", "প্রিয়া": "priya", "সুনীতা": "sunita", "রাহুল": "rahul", "রবীন্দ্রনাথ": "rabindranath", "সুমাইয়া": "sumaiya", "ফাতেমা": "phatema", "দীপক": "dipak"} {
		if got := LatinKey(in); got != want {
			t.Errorf("LatinKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzLatinKey: any name text (invalid UTF-8 too) gives a key of the
// letters a-z only, and the script and match-key functions do not panic.
func FuzzLatinKey(f *testing.F) {
	for _, s := range []string{"Petra", "Олена", "حسّان عبد العزيز", "王小明", "रवि", "\xff\xfe", "ΓΙΏΡΓΟΣ", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := LatinKey(s)
		for i := 0; i < len(k); i++ {
			if k[i] < 'a' || k[i] > 'z' {
				t.Fatalf("LatinKey(%q) = %q: byte %q outside a-z", s, k, k[i])
			}
		}
		_ = MatchKey(s)
		_ = Of(s).SurnameFirst()
	})
}
