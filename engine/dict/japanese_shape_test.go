package dict

import "testing"

// TestJapaneseShapeKeepsSurnames holds IsJapaneseSurname's cheap reject
// (japaneseShape) to the full test on every listed word: a word read into
// morae has its key's shape, so that no surname the list holds in any
// spelling is rejected; and the reject spares most words that end as
// Japanese words do the reading.
func TestJapaneseShapeKeepsSurnames(t *testing.T) {
	j := japaneseData()
	var ended, rejected, surnames int
	for _, w := range listedWords(t) {
		h, ok := japaneseShape(w)
		if k, read := JapaneseKey(w); read {
			hk, okk := japaneseShape(k)
			if !ok || !okk || h != hk {
				t.Errorf("japaneseShape(%q) = %x, %v; of its key %q %x, %v", w, h, ok, k, hk, okk)
			}
		}
		if j.readSurname(w) {
			surnames++
			if !ok || !j.shapes.has(h) {
				t.Errorf("%q: a Japanese surname (key listed), rejected by its shape", w)
			}
		}
		if len(w) >= 2 && len(w) <= 32 && japaneseEnd(w) {
			ended++
			if !ok || !j.shapes.has(h) {
				rejected++
			}
		}
	}
	t.Logf("%d Japanese surnames; of %d words ending as Japanese words, %d rejected by shape", surnames, ended, rejected)
	if surnames < len(j.surnames) {
		t.Errorf("%d words read as listed surnames, fewer than the %d listed", surnames, len(j.surnames))
	}
	if rejected < ended*3/4 {
		t.Errorf("shape rejects %d of %d words, want >= 75 %%", rejected, ended)
	}
}

// FuzzJapaneseShape holds japaneseShape to JapaneseMorae on any text: a
// text read into morae is never refused and has the shape of its key,
// and a listed surname's spelling is never rejected.
func FuzzJapaneseShape(f *testing.F) {
	for _, s := range []string{"Satou", "Satoh", "Itō", "Kōno", "Shin’ichi", "Tchiba", "Hatchi", "Rossi", "Garcia", "Jumpei", "c’ho", "Ōoka", "tu", "Zyun"} {
		f.Add(s)
	}
	j := japaneseData()
	f.Fuzz(func(t *testing.T, s string) {
		h, ok := japaneseShape(s)
		if k, read := JapaneseKey(s); read {
			hk, okk := japaneseShape(k)
			if !ok || !okk || h != hk {
				t.Fatalf("japaneseShape(%q) = %x, %v; of its key %q %x, %v", s, h, ok, k, hk, okk)
			}
		}
		if j.readSurname(s) && (!ok || !j.shapes.has(h)) {
			t.Fatalf("%q: a Japanese surname, rejected by its shape", s)
		}
	})
}

// BenchmarkJapaneseShape is the cheap reject's cost on a surname of
// another language that ends as a Japanese word can.
func BenchmarkJapaneseShape(b *testing.B) {
	for b.Loop() {
		japaneseShape("Kowalski")
	}
}
