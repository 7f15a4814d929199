package mapping

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// TestISODate holds isoDate to time.Parse(time.DateOnly): wherever it
// answers, time.Parse takes the date with the same year, month and day.
func TestISODate(t *testing.T) {
	t.Parallel()
	var cases []string
	for _, y := range []int{0, 999, 1000, 1900, 1996, 2000, 2023, 2024, 9999} {
		for m := 0; m <= 13; m++ {
			for d := 0; d <= 32; d++ {
				cases = append(cases, fmt.Sprintf("%04d-%02d-%02d", y, m, d))
			}
		}
	}
	cases = append(cases, "", "1990-1-01", "1990-01-1", "199a-01-01", "1990/01/01", "+990-01-01", "1990-01-01 ", "１９９０-01-01", "1990-0x-01")
	answered := 0
	for _, s := range cases {
		y, m, d, ok := isoDate(s)
		if !ok {
			continue
		}
		answered++
		tm, err := time.Parse(time.DateOnly, s)
		if err != nil || tm.Year() != y || int(tm.Month()) != m || tm.Day() != d {
			t.Errorf("isoDate(%q) = %d, %d, %d; time.Parse: %v, %v", s, y, m, d, tm, err)
		}
	}
	if answered < 9*12*28 {
		t.Errorf("isoDate answered only %d cases", answered)
	}
}

// TestBuildISOBirthDate: a birth date in the YYYY-MM-DD layout (isoDate's
// fast path) gives the same age and errors as time.Parse's layouts do,
// from Plan.Build and from a Builder, whose age lives in its block.
func TestBuildISOBirthDate(t *testing.T) {
	t.Parallel()
	src := head + "person:\n  fullName: n\n  birthDate: {column: dob, layout: \"2006-01-02\", layouts: [\"02.01.2006\"]}\noperations: [parse]\n"
	p := mustPlan(t, src, typedSchema("n", "dob"))
	cases := []struct {
		dob     string
		want    nameapi.AgeInfo // zero: no age
		wantErr string
	}{
		{"1983-08-22", nameapi.AgeInfo{Type: nameapi.TypeBirthDate, Year: 1983, Month: 8, Day: 22}, ""},
		{" 2000-02-29 ", nameapi.AgeInfo{Type: nameapi.TypeBirthDate, Year: 2000, Month: 2, Day: 29}, ""},
		{"22.08.1983", nameapi.AgeInfo{Type: nameapi.TypeBirthDate, Year: 1983, Month: 8, Day: 22}, ""},
		{"0999-01-01", nameapi.AgeInfo{}, `column "dob": "0999-01-01": year 999 is not a four-digit year`},
		{"1983-02-30", nameapi.AgeInfo{}, `column "dob": "1983-02-30": day out of range`},
		{"1983-8-22", nameapi.AgeInfo{}, `column "dob": "1983-8-22" is not a date in layout "2006-01-02" or "02.01.2006"`},
		// partial dates, in the layouts' forms less the day, or the year
		{"1856", nameapi.AgeInfo{Type: nameapi.TypeBirthYear, Year: 1856}, ""},
		{" 1856-03 ", nameapi.AgeInfo{Type: nameapi.TypeBirthYearMonth, Year: 1856, Month: 3}, ""},
		{"03.1856", nameapi.AgeInfo{Type: nameapi.TypeBirthYearMonth, Year: 1856, Month: 3}, ""},
		{"1856-13", nameapi.AgeInfo{}, `column "dob": "1856-13": month out of range`},
		{"1856.03", nameapi.AgeInfo{}, `column "dob": "1856.03" is not a date in layout`},
		{"0999", nameapi.AgeInfo{}, `column "dob": "0999": year 999 is not a four-digit year`},
		{"856", nameapi.AgeInfo{}, `column "dob": "856" is not a date in layout`},
		{"18560", nameapi.AgeInfo{}, `column "dob": "18560" is not a date in layout`},
	}
	b := p.NewBuilder()
	for _, tc := range cases {
		for name, build := range map[string]func(*record.Record) (*Request, error){"Plan.Build": p.Build, "Builder": b.Build} {
			req, err := build(row("X", tc.dob))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("%s(%q): error %v, want %q", name, tc.dob, err, tc.wantErr)
				}
			} else if err != nil {
				t.Errorf("%s(%q): %v", name, tc.dob, err)
			}
			if req == nil {
				t.Fatalf("%s(%q): no request", name, tc.dob)
			}
			var got nameapi.AgeInfo
			if req.Person.Age != nil {
				got = *req.Person.Age
			}
			if got != tc.want {
				t.Errorf("%s(%q): age %+v, want %+v", name, tc.dob, got, tc.want)
			}
		}
	}
}

// TestPartialLayouts: a numeric full-date layout gives its form less the
// day (joined by a separator) and the year alone; a layout with a month
// name or a time of day gives none.
func TestPartialLayouts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		layouts []string
		want    []partialLayout
	}{
		{[]string{"2006-01-02"}, []partialLayout{{"2006-01", true}, {"2006", false}}},
		{[]string{"02.01.2006", "2.1.2006"}, []partialLayout{{"01.2006", true}, {"1.2006", true}, {"2006", false}}},
		{[]string{"01/02/2006", "2006/01/02", "01/_2/2006"}, []partialLayout{{"01/2006", true}, {"2006/01", true}, {"2006", false}}},
		{[]string{"20060102"}, []partialLayout{{"2006", false}}},
		{[]string{"Jan 2, 2006", "2006-01-02T15:04:05Z07:00", "2006-01"}, nil},
	} {
		if got := partialLayouts(tc.layouts); !slices.Equal(got, tc.want) {
			t.Errorf("partialLayouts(%q) = %v, want %v", tc.layouts, got, tc.want)
		}
	}
}
