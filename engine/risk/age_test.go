package risk

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// TestAgeRisksAsTime checks the age checks, which count days without
// building a time.Time, against the same checks written with time.Date,
// t.Day, t.After and now.Sub: the same risks, reasons and good evidence
// for birth dates of every kind (impossible days, leap years, far past
// and future, negative years) at clocks in several zones.
func TestAgeRisksAsTime(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(11, 12))
	clocks := []time.Time{
		time.Date(2026, 11, 24, 22, 30, 15, 123456789, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2025, 12, 31, 23, 59, 59, 999999999, time.FixedZone("X", -11*3600)),
		time.Date(2024, 2, 29, 1, 0, 0, 5, time.FixedZone("Y", 14*3600)),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	years := []int32{1, 0, -1, -4, -100, -400, -401, 1600, 1700, 1900, 2000, 2024, 2100, 1904, 9999, 10000, 1 << 30, -1 << 30, 2147483647, -2147483648}
	for _, now := range clocks {
		e := New(nil, func() time.Time { return now })
		for i := range 200000 {
			var y int32
			switch i % 4 {
			case 0:
				y = years[rnd.IntN(len(years))]
			case 1:
				y = int32(now.Year() - 130 + rnd.IntN(140))
			default:
				y = int32(rnd.IntN(4000) - 1000)
			}
			m, d := int32(rnd.IntN(16)-1), int32(rnd.IntN(35)-1)
			if i%7 == 0 {
				m, d = int32(2), int32(28+rnd.IntN(3))
			}
			if i%11 == 0 { // the day of the clock, and around it
				y, m, d = int32(now.Year()-rnd.IntN(2)*14), int32(now.Month()), int32(now.Day()+rnd.IntN(3)-1)
			}
			p := &nameapi.InputPerson{Age: nameapi.NewBirthDate(int(y), int(m), int(d))}
			if i%3 == 0 {
				p.Type = nameapi.TypeLegalInputPerson
			}
			var got, want riskSet
			e.ageRisks(p, &got)
			e.ageRisksTime(p, &want)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("now %v, %04d-%02d-%02d legal %v:\n got %+v\nwant %+v", now, y, m, d, p.IsLegal(), got, want)
			}
		}
	}
}

// ageRisksTime is ageRisks as it was written with time.Date (the
// reference of TestAgeRisksAsTime).
func (e *Detector) ageRisksTime(p *nameapi.InputPerson, rs *riskSet) {
	a := p.Age
	if a.Empty() {
		return
	}
	now := e.now()
	year := now.Year()
	legal := p.IsLegal()
	checkYear := func(y int32) bool {
		age := year - int(y)
		switch {
		case int(y) > year:
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, fmt.Sprintf("The year %d lies in the future.", y))
			return false
		case age > 120 && !legal:
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.85, fmt.Sprintf("A birth in %d would make the person %d years old.", y, age))
			return false
		}
		return true
	}
	switch a.Type {
	case nameapi.TypeBirthDate, "":
		y, m, d := a.Year, a.Month, a.Day
		if m < 1 || m > 12 || d < 1 || d > 31 {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, fmt.Sprintf("%04d-%02d-%02d is not a date.", y, m, d))
			return
		}
		t := time.Date(int(y), time.Month(m), int(d), 0, 0, 0, 0, time.UTC)
		if t.Day() != int(d) {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, fmt.Sprintf("%04d-%02d-%02d does not exist (that month has fewer days).", y, m, d))
			return
		}
		if t.After(now) {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, datedTime("The birth date ", t, " lies in the future."))
			return
		}
		if placeholderDays&(1<<d) != 0 { // (d is 1..31 here)
			if s, ok := placeholderDates[[3]int32{y, m, d}]; ok {
				rs.add(nameapi.DataItemAge, nameapi.RiskPlaceholder, s, datedTime("", t, " is a common placeholder birth date."))
				return
			}
		}
		if checkYear(y) && !legal {
			if age := now.Sub(t).Hours() / 24 / 365.25; age >= 14 && age <= 100 {
				rs.good += 0.1
			}
		}
	case nameapi.TypeBirthYear:
		checkYear(a.Year)
	case nameapi.TypeBirthYearMonth:
		if a.Month < 1 || a.Month > 12 {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, fmt.Sprintf("Month %d does not exist.", a.Month))
			return
		}
		checkYear(a.Year)
	case nameapi.TypeBirthYearRange:
		if r := a.YearRange; r != nil {
			if r.StartIncluding != nil && r.EndIncluding != nil && *r.StartIncluding > *r.EndIncluding {
				rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.8, fmt.Sprintf("The year range %d-%d ends before it starts.", *r.StartIncluding, *r.EndIncluding))
				return
			}
			if r.StartIncluding != nil {
				checkYear(*r.StartIncluding)
			}
		}
	}
}

// datedTime is dated of a time.Time.
func datedTime(before string, t time.Time, after string) string {
	return before + t.Format("2006-01-02") + after
}
