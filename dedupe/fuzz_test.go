package dedupe

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// FuzzCompareRows feeds arbitrary names, emails, phones and dates (as a
// row holds them) through extraction, blocking and every comparator:
// nothing may panic, and a pair compares the same both ways round.
func FuzzCompareRows(f *testing.F) {
	f.Add("Watson, Noah", "noah@x.de", "+44 20 7946 0958", int32(19850312), "Noah Watson", "NOAH@x.de", "020 7946 0958", int32(19851203))
	f.Add("", "", "", int32(0), "Dr. von der", "@", "x", int32(99999999))
	f.Add("Müller-Lüdenscheidt", "a@b", "1234567", int32(19800000), "O'Neill ß", "a.b+c@d", "12345678901234567890", int32(10101))
	f.Add("Eva", "anna.schmidt@x.de", "", int32(0), "Eva", "annaschmidt@y.de", "", int32(0)) // one local part looks like a name, the other not
	f.Fuzz(func(t *testing.T, n1, e1, p1 string, d1 int32, n2, e2, p2 string, d2 int32) {
		mk := func(n, e, p string, d int32) Features {
			in := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson,
				PersonName:     &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, n)}},
				EmailAddresses: []nameapi.EmailAddress{nameapi.NewEmailAddress(e)},
				TelNumbers:     []nameapi.TelNumber{nameapi.NewTelNumber(p)},
			}
			if d > 0 && d < 99991231 {
				in.Age = nameapi.NewBirthDate(int(d/10000), int(d/100%100), int(d%100))
			}
			return Extract(0, in)
		}
		a, b := mk(n1, e1, p1, d1), mk(n2, e2, p2, d2)
		BlockKeys(&a)
		BlockKeys(&b)
		names := newNameComparer(nil, 0)
		v1 := compareRows(context.Background(), names, &a, &b)
		v2 := compareRows(context.Background(), names, &b, &a)
		if v1 != v2 {
			t.Errorf("compare is not symmetric: %v vs %v", v1, v2)
		}
		for f := Field(0); f < numFields; f++ {
			if int(v1[f]) >= f.Levels() {
				t.Fatalf("%s level %d out of range", f, v1[f])
			}
		}
	})
}

// FuzzColumnsAndModel feeds arbitrary cells through the four kinds of
// dedupe.compare (a level in range, the same both ways round) and
// arbitrary bytes as a --model file (an error or a model, no panic).
func FuzzColumnsAndModel(f *testing.F) {
	f.Add("1 000,5", "1000.5", []byte(`{"format":"namepipe-dedupe-model/1","model":{"Lambda":0.001}}`))
	f.Add("03/12/1985", "1985-12-03", []byte(`{"format":"namepipe-dedupe-model/1","model":{"Lambda":0.5,"M":[[0,1]]}}`))
	f.Add("Dr. Müller", "dr muller", []byte("{"))
	f.Fuzz(func(t *testing.T, a, b string, model []byte) {
		for _, kind := range []string{"exact", "text", "number", "date"} {
			c, err := ColumnComparison("x", kind)
			if err != nil {
				t.Fatal(err)
			}
			l1, l2 := c.CompareText(a, b), c.CompareText(b, a)
			if l1 != l2 || l1 < Equal || l1 > Different {
				t.Fatalf("%s %q %q: levels %d and %d", kind, a, b, l1, l2)
			}
		}
		p := filepath.Join(t.TempDir(), "m.json")
		if err := os.WriteFile(p, model, 0o644); err != nil {
			t.Fatal(err)
		}
		if m, names, err := LoadModel(p); err == nil {
			if _, err := useModel(m, names, nil); err == nil {
				if w := m.Weight(Vector{FieldName: NameEqual, FieldBirth: BirthEqual, FieldEmail: Different}); math.IsNaN(w) || math.IsInf(w, 0) {
					t.Fatalf("a loaded model weighs %v", w)
				}
			}
		}
	})
}
