package dict

import "testing"

// thaiShapeHolds fails t when the shape thaiNameShapes reads from w is
// not its loose key's, or when the model's full surname test holds for w
// and the cheap reject says no.
func thaiShapeHolds(t testing.TB, m *ThaiModel, w string) (surname bool) {
	t.Helper()
	sh, alt, _, ok := thaiNameShapes(w)
	k := ThaiKey(w)
	if ok != (k != "") {
		t.Fatalf("thaiNameShapes(%q): ok %v, key %q", w, ok, k)
	}
	if ok {
		ks := thaiKeyShape(k)
		if ks.hash != sh.hash && (alt.n < 0 || ks.hash != alt.hash) {
			t.Fatalf("thaiNameShapes(%q) = %+v (alt %+v), its key %q's %+v", w, sh, alt, k, ks)
		}
	}
	if m.surnameByKey(w) {
		if !m.mayBeSurname(w) {
			t.Fatalf("%q: a Thai surname by its key, rejected by its shape", w)
		}
		return true
	}
	return false
}

// TestThaiShapeKeepsSurnames holds IsSurname's cheap reject (the sound
// classes, thai_shape.go) to the full test on every listed word, with the
// embedded model and with one built without the surnames of one source
// (its endings judge them): no Thai surname is rejected, and the reject
// spares most words long enough to be one the key.
func TestThaiShapeKeepsSurnames(t *testing.T) {
	names, err := ParseThaiNames(mustFile(t, "data/th-names.txt"))
	if err != nil {
		t.Fatal(err)
	}
	held := NewThaiModel(names, func(n ThaiName) bool { return n.Surname && len(n.Name)%2 == 0 })
	m := thaiModel()
	var shaped, rejected, surnames, heldSurnames int
	for _, w := range listedWords(t) {
		if thaiShapeHolds(t, m, w) {
			surnames++
		}
		if thaiShapeHolds(t, held, w) {
			heldSurnames++
		}
		if len(w) >= 6 && ThaiKey(w) != "" {
			shaped++
			if !m.mayBeSurname(w) {
				rejected++
			}
		}
	}
	t.Logf("Thai surnames %d (held-out model %d); of %d words of 6 or more letters, %d rejected by shape", surnames, heldSurnames, shaped, rejected)
	if surnames < len(m.surnames) || heldSurnames == 0 {
		t.Errorf("%d words read as Thai surnames (held-out model: %d), want >= %d", surnames, heldSurnames, len(m.surnames))
	}
	if rejected < shaped/2 {
		t.Errorf("shape rejects %d of %d words, want >= 50 %%", rejected, shaped)
	}
}

func mustFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := files.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzThaiShape holds the cheap reject of IsSurname to the full test on
// any text: the shape read from the name is its key's, and a name the key
// finds Thai is never rejected.
func FuzzThaiShape(f *testing.F) {
	for _, s := range []string{"Srisombat", "Chaiwongsakul", "Sae-Lim", "Chalerm", "Piyabutr", "Jackson", "Atitarn", "Kanokporn", "Schneider", "aerrn", "Bhumibol"} {
		f.Add(s)
	}
	m := thaiModel()
	f.Fuzz(func(t *testing.T, s string) {
		thaiShapeHolds(t, m, s)
	})
}

// BenchmarkThaiShape is the cheap reject's cost on a long surname of
// another language.
func BenchmarkThaiShape(b *testing.B) {
	m := thaiModel()
	for b.Loop() {
		m.mayBeSurname("Schneider")
	}
}
