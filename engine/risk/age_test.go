package risk

import (
	"fmt"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// TestAgeRisks checks the age checks against facts of the calendar and the
// checks' stated rules, at a fixed clock (2026-11-24 22:30 UTC): a date
// that does not exist (month 13, day 0, 31 April, 29 February outside a
// leap year, with the century rule) or lies in the future is INVALID; a
// birth more than 120 years back is INVALID for a natural person only; a
// few dates forms default to are PLACEHOLDERs; a full birth date that
// makes a natural person 14 to 100 years old is good evidence (0.1).
func TestAgeRisks(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 22, 30, 0, 0, time.UTC)
	e := New(nil, func() time.Time { return now })
	year := func(y int32) *int32 { return &y }
	invalid := func(score float64, reason string) string {
		return fmt.Sprintf("AGE/%s %g %s", nameapi.RiskInvalid, score, reason)
	}
	placeholder := func(score float64, reason string) string {
		return fmt.Sprintf("AGE/%s %g %s", nameapi.RiskPlaceholder, score, reason)
	}
	for _, c := range []struct {
		name  string
		age   *nameapi.AgeInfo
		legal bool
		risk  string  // "" for none
		good  float64 // positive evidence
	}{
		{"adult", nameapi.NewBirthDate(1985, 6, 15), false, "", 0.1},
		{"no age", nil, false, "", 0},
		{"empty age", &nameapi.AgeInfo{}, false, "", 0},
		{"month 13", nameapi.NewBirthDate(1985, 13, 1), false, invalid(0.9, "1985-13-01 is not a date."), 0},
		{"month 0", nameapi.NewBirthDate(1985, 0, 10), false, invalid(0.9, "1985-00-10 is not a date."), 0},
		{"day 0", nameapi.NewBirthDate(1985, 5, 0), false, invalid(0.9, "1985-05-00 is not a date."), 0},
		{"day 32", nameapi.NewBirthDate(1985, 1, 32), false, invalid(0.9, "1985-01-32 is not a date."), 0},
		{"31 April", nameapi.NewBirthDate(1985, 4, 31), false, invalid(0.9, "1985-04-31 does not exist (that month has fewer days)."), 0},
		{"31 February", nameapi.NewBirthDate(1985, 2, 31), false, invalid(0.9, "1985-02-31 does not exist (that month has fewer days)."), 0},
		{"29 February, common year", nameapi.NewBirthDate(1985, 2, 29), false, invalid(0.9, "1985-02-29 does not exist (that month has fewer days)."), 0},
		{"29 February, leap year", nameapi.NewBirthDate(1988, 2, 29), false, "", 0.1},
		{"29 February, century", nameapi.NewBirthDate(1900, 2, 29), true, invalid(0.9, "1900-02-29 does not exist (that month has fewer days)."), 0},
		{"29 February, 400th year", nameapi.NewBirthDate(2000, 2, 29), false, "", 0.1},
		{"31 December", nameapi.NewBirthDate(1990, 12, 31), false, "", 0.1},
		{"tomorrow", nameapi.NewBirthDate(2026, 11, 25), false, invalid(0.9, "The birth date 2026-11-25 lies in the future."), 0},
		{"next year", nameapi.NewBirthDate(2027, 1, 1), false, invalid(0.9, "The birth date 2027-01-01 lies in the future."), 0},
		{"future, company", nameapi.NewBirthDate(2030, 5, 5), true, invalid(0.9, "The birth date 2030-05-05 lies in the future."), 0},
		{"today: a baby", nameapi.NewBirthDate(2026, 11, 24), false, "", 0},
		{"child of 13", nameapi.NewBirthDate(2013, 6, 1), false, "", 0},
		{"teenager of 14", nameapi.NewBirthDate(2012, 1, 1), false, "", 0.1},
		{"99 years old", nameapi.NewBirthDate(1927, 3, 1), false, "", 0.1},
		{"101 years old", nameapi.NewBirthDate(1925, 3, 1), false, "", 0},
		{"company founded 1990", nameapi.NewBirthDate(1990, 3, 1), true, "", 0},
		{"125 years old", nameapi.NewBirthDate(1901, 6, 15), false, invalid(0.85, "A birth in 1901 would make the person 125 years old."), 0},
		{"company founded 1901", nameapi.NewBirthDate(1901, 6, 15), true, "", 0},
		{"120 years old", nameapi.NewBirthDate(1906, 3, 1), false, "", 0},
		{"placeholder 1970-01-01", nameapi.NewBirthDate(1970, 1, 1), false, placeholder(0.5, "1970-01-01 is a common placeholder birth date."), 0},
		{"placeholder 1900-01-01", nameapi.NewBirthDate(1900, 1, 1), false, placeholder(0.8, "1900-01-01 is a common placeholder birth date."), 0},
		{"placeholder 2000-01-01", nameapi.NewBirthDate(2000, 1, 1), false, placeholder(0.4, "2000-01-01 is a common placeholder birth date."), 0},
		{"placeholder 1111-11-11", nameapi.NewBirthDate(1111, 11, 11), false, placeholder(0.9, "1111-11-11 is a common placeholder birth date."), 0},
		{"placeholder 0001-01-01", nameapi.NewBirthDate(1, 1, 1), false, placeholder(0.9, "0001-01-01 is a common placeholder birth date."), 0},
		{"not a placeholder 1970-01-02", nameapi.NewBirthDate(1970, 1, 2), false, "", 0.1},
		{"year only", nameapi.NewBirthYear(1980), false, "", 0},
		{"year in the future", nameapi.NewBirthYear(2027), false, invalid(0.9, "The year 2027 lies in the future."), 0},
		{"this year", nameapi.NewBirthYear(2026), false, "", 0},
		{"year 1800", nameapi.NewBirthYear(1800), false, invalid(0.85, "A birth in 1800 would make the person 226 years old."), 0},
		{"year 1800, company", nameapi.NewBirthYear(1800), true, "", 0},
		{"year and month", nameapi.NewBirthYearMonth(1980, 12), false, "", 0},
		{"month 13 of a year", nameapi.NewBirthYearMonth(1980, 13), false, invalid(0.9, "Month 13 does not exist."), 0},
		{"month 0 of a year", nameapi.NewBirthYearMonth(1980, 0), false, invalid(0.9, "Month 0 does not exist."), 0},
		{"year and month in the future", nameapi.NewBirthYearMonth(2030, 1), false, invalid(0.9, "The year 2030 lies in the future."), 0},
		{"year range", &nameapi.AgeInfo{Type: nameapi.TypeBirthYearRange, YearRange: &nameapi.YearRange{StartIncluding: year(1980), EndIncluding: year(1990)}}, false, "", 0},
		{"year range backwards", &nameapi.AgeInfo{Type: nameapi.TypeBirthYearRange, YearRange: &nameapi.YearRange{StartIncluding: year(1990), EndIncluding: year(1980)}}, false, invalid(0.8, "The year range 1990-1980 ends before it starts."), 0},
		{"year range from 1850", &nameapi.AgeInfo{Type: nameapi.TypeBirthYearRange, YearRange: &nameapi.YearRange{StartIncluding: year(1850)}}, false, invalid(0.85, "A birth in 1850 would make the person 176 years old."), 0},
		{"year range open start", &nameapi.AgeInfo{Type: nameapi.TypeBirthYearRange, YearRange: &nameapi.YearRange{EndIncluding: year(1700)}}, false, "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, Age: c.age}
			if c.legal {
				p.Type = nameapi.TypeLegalInputPerson
			}
			var rs riskSet
			e.ageRisks(p, &rs)
			var got string
			switch len(rs.risks()) {
			case 0:
			case 1:
				k := rs.risks()[0]
				got = fmt.Sprintf("%s/%s %g %s", k.DataItem, k.RiskType, k.RiskScore, k.Reason)
			default:
				t.Fatalf("%d risks: %+v", len(rs.risks()), rs.risks())
			}
			if got != c.risk {
				t.Errorf("risk %q, want %q", got, c.risk)
			}
			if rs.good != c.good {
				t.Errorf("good evidence %g, want %g", rs.good, c.good)
			}
		})
	}
}

// TestDaysSinceEpoch holds daysSinceEpoch and daysIn, which count days
// without building a time.Time, to the calendar of time.Date for every day
// from year -1000 to 3000.
func TestDaysSinceEpoch(t *testing.T) {
	t.Parallel()
	for y := int32(-1000); y <= 3000; y++ {
		for m := int32(1); m <= 12; m++ {
			want := time.Date(int(y), time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
			if got := daysIn(y, m); int(got) != want {
				t.Fatalf("daysIn(%d, %d) = %d, want %d", y, m, got, want)
			}
			for d := int32(1); d <= int32(want); d += 7 {
				wantDays := time.Date(int(y), time.Month(m), int(d), 0, 0, 0, 0, time.UTC).Unix() / 86400
				if got := daysSinceEpoch(y, m, d); got != wantDays {
					t.Fatalf("daysSinceEpoch(%d, %d, %d) = %d, want %d", y, m, d, got, wantDays)
				}
			}
		}
	}
}
