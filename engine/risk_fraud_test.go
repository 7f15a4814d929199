package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestRiskFraudGaps holds the fraud screening gaps of issue 23, with the
// issue's examples and our own: joke names spelled another way, vulgar
// words, repeated letters, "N A" placeholders, undeliverable and
// placeholder addresses, email-only rows.
func TestRiskFraudGaps(t *testing.T) {
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, full, email string
		item, typ         string
		min               float64 // the risk's score is at least this
	}{
		{"joke name as listed", "Hugh Jass", "", nameapi.DataItemName, nameapi.RiskHumorous, 0.7},
		{"joke name spelled otherwise", "Seymour Butz", "", nameapi.DataItemName, nameapi.RiskHumorous, 0.7},
		{"joke name spelled otherwise 2", "Oliver Closoff", "", nameapi.DataItemName, nameapi.RiskHumorous, 0.7},
		{"joke name with doubled letters", "Ben Dovver", "", nameapi.DataItemName, nameapi.RiskHumorous, 0.7},
		{"vulgar word", "Shit Head", "", nameapi.DataItemName, nameapi.RiskInvalid, 0.75},
		{"vulgar name", "Fuck You", "", nameapi.DataItemName, nameapi.RiskInvalid, 0.75},
		{"insult", "Stupid Moron", "", nameapi.DataItemName, nameapi.RiskInvalid, 0.75},
		{"vulgar french", "Putain Merde", "", nameapi.DataItemName, nameapi.RiskInvalid, 0.75},
		{"vulgar russian", "Сука Блядь", "", nameapi.DataItemName, nameapi.RiskInvalid, 0.75},
		{"repeated letters", "Mmmmmm Mmmmm", "", nameapi.DataItemName, nameapi.RiskRandomTyping, 0.75},
		{"repeated letters 2", "Aaaaaa Aaaaaa", "", nameapi.DataItemName, nameapi.RiskRandomTyping, 0.75},
		{"n a", "N A", "", nameapi.DataItemName, nameapi.RiskPlaceholder, 0.85},
		{"n.a.", "N.A.", "", nameapi.DataItemName, nameapi.RiskPlaceholder, 0.85},
		{"na@na.com email only", "", "na@na.com", nameapi.DataItemEmail, nameapi.RiskPlaceholder, 0.6},
		{"x@x.de email only", "", "x@x.de", nameapi.DataItemEmail, nameapi.RiskPlaceholder, 0.6},
		{"q@q.q undeliverable", "", "q@q.q", nameapi.DataItemEmail, nameapi.RiskInvalid, 0.7},
		{"digit tld", "Anna Schmidt", "anna@schmidt.d3", nameapi.DataItemEmail, nameapi.RiskInvalid, 0.7},
		{"bad label", "Anna Schmidt", "anna@-web.de", nameapi.DataItemEmail, nameapi.RiskInvalid, 0.7},
		{"disposable email only", "", "k9x2v7q@mailinator.com", nameapi.DataItemEmail, nameapi.RiskOther, 0.8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := detect(t, e, c.full, c.email)
			for _, k := range r.Risks {
				if k.DataItem == c.item && string(k.RiskType) == c.typ {
					if k.RiskScore < c.min {
						t.Errorf("%q %q: %s %s score %.3f, want at least %.2f", c.full, c.email, c.item, c.typ, k.RiskScore, c.min)
					}
					return
				}
			}
			t.Errorf("%q %q: no %s %s risk in %+v", c.full, c.email, c.item, c.typ, r.Risks)
		})
	}
	// Real names and addresses that the new checks must leave alone.
	for _, c := range [][2]string{
		{"Hugh Grant", ""}, {"Ben Stiller", ""}, {"Mike Hunter", ""}, {"Nadia Ali", "nadia.ali@gmail.com"},
		{"Anna Schmidt", "as@schmidt-online.de"}, {"Na Yeon Kim", ""}, {"Petra Müller", "petra@xn--mller-kva.de"},
	} {
		if r := detect(t, e, c[0], c[1]); r.Score > 0 {
			t.Errorf("%q %q: risks %+v", c[0], c[1], r.Risks)
		}
	}
}

// TestRiskDisposableScoresSort: rows flagged only for a disposable
// address get distinct scores, the more machine-made the local part the
// higher, a local part with the person's name lowest.
func TestRiskDisposableScoresSort(t *testing.T) {
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	order := []struct{ full, email string }{
		{"", "kiwi83920174@mailinator.com"},
		{"", "throwaway@mailinator.com"},
		{"Hans Meier", "hans@10minutemail.com"},
		{"Hans Meier", "hans.meier@10minutemail.com"},
	}
	prev := 2.0
	for _, o := range order {
		r := detect(t, e, o.full, o.email)
		if len(r.Risks) != 1 || r.Risks[0].RiskType != nameapi.RiskOther {
			t.Fatalf("%q %q: want one OTHER risk, got %+v", o.full, o.email, r.Risks)
		}
		if r.Score >= prev {
			t.Errorf("%q %q: score %.3f, want below the one before (%.3f)", o.full, o.email, r.Score, prev)
		}
		prev = r.Score
	}
}

func detect(t *testing.T, e *Engine, full, email string) *nameapi.RiskDetectorResult {
	t.Helper()
	p := &nameapi.InputPerson{Type: nameapi.NewNaturalPerson().Type}
	if full != "" {
		p = nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, full))
	}
	if email != "" {
		p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(email)}
	}
	r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: p})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
