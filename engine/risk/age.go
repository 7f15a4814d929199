package risk

import (
	"fmt"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// placeholderDates are birth dates that forms default to or that people
// type to get past a required field.
var placeholderDates = map[[3]int32]float64{
	{1900, 1, 1}: 0.8, {1901, 1, 1}: 0.7, {1970, 1, 1}: 0.5, {1111, 11, 11}: 0.9, {1234, 5, 6}: 0.9,
	{2000, 1, 1}: 0.4, {1999, 12, 31}: 0.4, {1800, 1, 1}: 0.9, {1, 1, 1}: 0.9,
}

// placeholderDays has bit d set when a placeholder date falls on day d:
// most birth dates need no lookup in placeholderDates.
var placeholderDays = func() uint32 {
	var days uint32
	for k := range placeholderDates {
		days |= 1 << k[2]
	}
	return days
}()

func (e *Detector) ageRisks(p *nameapi.InputPerson, rs *riskSet) {
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
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, dated("The birth date ", t, " lies in the future."))
			return
		}
		if placeholderDays&(1<<d) != 0 { // (d is 1..31 here)
			if s, ok := placeholderDates[[3]int32{y, m, d}]; ok {
				rs.add(nameapi.DataItemAge, nameapi.RiskPlaceholder, s, dated("", t, " is a common placeholder birth date."))
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

// dated returns before, t as 2006-01-02 and after: a risk's reason, in one
// allocation and without fmt.
func dated(before string, t time.Time, after string) string {
	var buf [64]byte
	b := append(buf[:0], before...)
	b = t.AppendFormat(b, "2006-01-02")
	return string(append(b, after...))
}
