package mapping

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/record"
)

// dates returns n random birth dates between 1930 and 2005 written in
// layout, with every tenth value empty; maxDay caps the day of month.
func dates(seed uint64, n int, layout string, maxDay int) []record.Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	recs := make([]record.Record, n)
	for i := range recs {
		v := ""
		if i%10 != 9 {
			d := time.Date(1930+rng.IntN(76), time.Month(1+rng.IntN(12)), 1+rng.IntN(maxDay), 0, 0, 0, 0, time.UTC)
			v = d.Format(layout)
		}
		recs[i] = record.Record{Index: int64(i), Values: []record.Value{"Ann Lee", v}}
	}
	return recs
}

func TestCheckDates(t *testing.T) {
	t.Parallel()
	schema := schemaOf("name", "dob")
	cfg := func(layout string) string {
		return "input: {path: in.csv}\noutput: {path: out.csv}\nperson:\n  fullName: name\n  birthDate: {column: dob, layout: " + layout + "}\noperations: [parse]\n"
	}
	for _, tc := range []struct {
		name, layout string
		data         []record.Record
		want         []string // substrings of the warnings, in order; none = no warning
	}{
		{"US dates read as DD/MM", `"02/01/2006"`, dates(1, 1000, "01/02/2006", 28), []string{
			`person.birthDate (column "dob"): layout "02/01/2006" reads only`, `layout "01/02/2006" reads them`,
		}},
		{"US dates read as US", `"01/02/2006"`, dates(2, 1000, "01/02/2006", 28), nil},
		{"ISO", `"2006-01-02"`, dates(3, 1000, "2006-01-02", 28), nil},
		{"DD.MM with every day of the month", `"02.01.2006"`, dates(4, 1000, "02.01.2006", 28), nil},
		{"DD/MM with no day above 12", `"02/01/2006"`, dates(5, 1000, "02/01/2006", 12), []string{
			`day and month cannot be told apart: every date in the sample reads both as "02/01/2006" and as "01/02/2006"`,
		}},
		{"a layout list tried in order", `["01/02/2006", "2006-01-02"]`, append(dates(6, 500, "01/02/2006", 28), dates(7, 500, "2006-01-02", 28)...), nil},
		{"a text month is never ambiguous", `"02 Jan 2006"`, dates(8, 1000, "02 Jan 2006", 12), nil},
		{"1.5 % unreadable passes", `"2006-01-02"`, func() []record.Record {
			r := dates(9, 1000, "2006-01-02", 28)
			for i := 0; i < 15; i++ {
				r[i*50].Values[1] = "unknown"
			}
			return r
		}(), nil},
		{"3 % unreadable warns", `"2006-01-02"`, func() []record.Record {
			r := dates(10, 1000, "2006-01-02", 28)
			for i := 0; i < 30; i++ {
				r[i*30].Values[1] = "n/a"
			}
			return r
		}(), []string{`reads only 870 of 900 values in the sample (96.7 %); such as "n/a"; rows`}},
		{"the examples are distinct values", `"2006-01-02"`, func() []record.Record {
			r := dates(11, 1000, "2006-01-02", 28)
			for i := 0; i < 30; i++ {
				r[i*30].Values[1] = []string{"n/a", "n/a", "?", "n/a", "unknown", "1985-02-31"}[i%6]
			}
			return r
		}(), []string{`reads only 870 of 900 values in the sample (96.7 %); such as "n/a", "?", "unknown"; rows`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPlan(t, cfg(tc.layout), schema)
			var warns []string
			for _, f := range p.CheckDates(tc.data) {
				warns = append(warns, f.Warnings()...)
			}
			if len(tc.want) == 0 {
				if len(warns) > 0 {
					t.Errorf("warnings %q", warns)
				}
				return
			}
			all := strings.Join(warns, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("warnings %q\ndo not contain %q", all, w)
				}
			}
			// Dates only the swapped layout reads tell day and month
			// apart: no ambiguity warning beside the fit warning.
			if strings.Contains(all, "reads them") && strings.Contains(all, "cannot be told apart") {
				t.Errorf("warnings %q: a suggested layout and an ambiguity at once", all)
			}
		})
	}
}

func TestSwapDayMonth(t *testing.T) {
	t.Parallel()
	for l, want := range map[string]string{
		"02/01/2006":          "01/02/2006",
		"1/2/06":              "2/1/06",
		"2006-01-02":          "2006-02-01",
		"_2.1.2006":           "1.2.2006",
		"02 Jan 2006":         "",
		"2006-002":            "",
		"2006-01-02 15:04:05": "2006-02-01 15:04:05",
		"Monday 02/01/2006":   "Monday 01/02/2006",
	} {
		if got := swapDayMonth(l); got != want {
			t.Errorf("swapDayMonth(%q) = %q, want %q", l, got, want)
		}
		if want != "" && !strings.HasPrefix(l, "_") {
			if back := swapDayMonth(want); back != l {
				t.Errorf("swapDayMonth twice: %q -> %q -> %q", l, want, back)
			}
		}
	}
}
