package engine

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestRiskPrecisionRecall runs the risk detector over labelled fake and
// real records and asserts precision and recall of "score > 0 means fake".
func TestRiskPrecisionRecall(t *testing.T) {
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/risk_eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tp, fp, fn, tn int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		for len(c) < 5 {
			c = append(c, "")
		}
		p := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, c[1]))
		if c[2] != "" {
			p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(c[2])}
		}
		if c[3] != "" {
			parts := strings.Split(c[3], "-")
			y, _ := strconv.Atoi(parts[0])
			m, _ := strconv.Atoi(parts[1])
			d, _ := strconv.Atoi(parts[2])
			p.Age = nameapi.NewBirthDate(y, m, d)
		}
		if c[4] != "" {
			p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(c[4])}
		}
		r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: p})
		if err != nil {
			t.Fatal(err)
		}
		flagged := r.Score > 0
		switch {
		case c[0] == "fake" && flagged:
			tp++
		case c[0] == "fake":
			fn++
			t.Logf("missed fake: %q", c[1])
		case flagged:
			fp++
			t.Logf("false alarm: %q %+v", c[1], r.Risks)
		default:
			tn++
		}
	}
	precision := float64(tp) / float64(max(1, tp+fp))
	recall := float64(tp) / float64(max(1, tp+fn))
	t.Logf("risk detection: precision %.2f, recall %.2f (tp %d, fp %d, fn %d, tn %d)", precision, recall, tp, fp, fn, tn)
	if precision < 0.95 || recall < 0.9 {
		t.Errorf("precision %.2f / recall %.2f below 0.95 / 0.90", precision, recall)
	}
}
