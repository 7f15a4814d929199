package engine

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// usListFloor is the share (percent) of name parts TestUSListEval must get
// right; it sits a little under the measured share.
const usListFloor = 97

// usPart is one labelled row of testdata/eval/us-congress.tsv.
type usPart struct{ given, middle, surname, suffix string }

// usShapes writes a labelled row in the shapes US exports hold it in.
func usShapes(p usPart) map[string]string {
	gm := p.given
	if p.middle != "" {
		gm += " " + p.middle
	}
	plain := gm + " " + p.surname
	if p.suffix != "" {
		plain += ", " + p.suffix
	}
	comma := p.surname + ", " + gm
	if p.suffix != "" {
		comma += ", " + p.suffix
	}
	noDots := strings.ReplaceAll(gm+" "+p.surname+" "+p.suffix, ".", "")
	return map[string]string{
		"plain":  plain,
		"comma":  comma,
		"upper":  strings.ToUpper(plain),
		"nodots": strings.TrimSpace(noDots),
		"ucomma": strings.ToUpper(comma),
	}
}

// normPart compares name parts without dots, case or extra spaces.
func normPart(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, ".", " "))), " ")
}

// usParsedParts reads the parts of a parsed person as usPart: the first
// given term is the given name, further given and middle terms the middle
// name.
func usParsedParts(m *nameapi.ParsedPersonMatch) usPart {
	var p usPart
	if m == nil || m.ParsedPerson == nil || m.ParsedPerson.OutputPersonName == nil {
		return p
	}
	var mids, sur, suf []string
	for _, t := range m.ParsedPerson.OutputPersonName.Terms {
		switch t.TermType {
		case nameapi.TermGivenname, nameapi.TermGivennameInitial, nameapi.TermMiddlename, nameapi.TermMiddlenameInitial:
			if p.given == "" && (t.TermType == nameapi.TermGivenname || t.TermType == nameapi.TermGivennameInitial) {
				p.given = t.String
			} else {
				mids = append(mids, t.String)
			}
		case nameapi.TermSurname, nameapi.TermSurnameInitial:
			sur = append(sur, t.String)
		case nameapi.TermQualifier, nameapi.TermSuffix:
			suf = append(suf, t.String)
		}
	}
	p.middle, p.surname, p.suffix = strings.Join(mids, " "), strings.Join(sur, " "), strings.Join(suf, " ")
	return p
}

// TestUSListEval parses public labelled US names (testdata/eval/
// us-congress.tsv) in the shapes of US exports and counts the parts
// (given, middle, surname, suffix where the row has one) parsed right.
// Run with -v for the table; US_MISSES=1 lists every miss.
func TestUSListEval(t *testing.T) {
	e := newTestEngine(t)
	rows := readEval(t, "eval/us-congress.tsv")
	right, total := map[string]int{}, map[string]int{}
	for _, r := range rows {
		if len(r) != 4 {
			t.Fatalf("us-congress.tsv: want 4 columns, got %q", r)
		}
		dash := func(s string) string {
			if s == "-" {
				return ""
			}
			return s
		}
		want := usPart{r[0], dash(r[1]), r[2], dash(r[3])}
		for shape, in := range usShapes(want) {
			res, err := e.ParsePersonName(context.Background(), &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, in))})
			if err != nil {
				t.Fatal(err)
			}
			var got usPart
			if len(res.Matches) > 0 {
				got = usParsedParts(&res.Matches[0])
			}
			pairs := [][2]string{{want.given, got.given}, {want.middle, got.middle}, {want.surname, got.surname}, {want.suffix, got.suffix}}
			miss := false
			for k, pr := range pairs {
				if pr[0] == "" && k != 0 && k != 2 {
					if pr[1] != "" {
						miss = true // a part that is not there
						total[shape]++
					}
					continue
				}
				total[shape]++
				if normPart(pr[0]) == normPart(pr[1]) {
					right[shape]++
				} else {
					miss = true
				}
			}
			if miss && os.Getenv("US_MISSES") != "" {
				t.Logf("miss %-7s %-40q got %+v", shape, in, got)
			}
		}
	}
	allR, allT := 0, 0
	for shape, n := range total {
		allR += right[shape]
		allT += n
		t.Logf("us-list %-7s %5.1f %% of %d parts", shape, 100*float64(right[shape])/float64(n), n)
	}
	share := 100 * float64(allR) / float64(allT)
	t.Logf("us-list all     %5.1f %% of %d parts", share, allT)
	if share < usListFloor {
		t.Errorf("US list parts right %.1f %% < floor %d %%", share, usListFloor)
	}
	_ = fmt.Sprint
}
