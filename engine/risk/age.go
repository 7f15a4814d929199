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
		if d > daysIn(y, m) {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, fmt.Sprintf("%04d-%02d-%02d does not exist (that month has fewer days).", y, m, d))
			return
		}
		// t is the birth date at 00:00 UTC, in seconds since 1970: as
		// time.Date's instant, without building one (it takes a
		// time.Time only for a risk's reason).
		nowSec := now.Unix()
		t := daysSinceEpoch(y, m, d) * 86400
		if t > nowSec { // time.Date(...).After(now)
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, dated("The birth date ", y, m, d, " lies in the future."))
			return
		}
		if placeholderDays&(1<<d) != 0 { // (d is 1..31 here)
			if s, ok := placeholderDates[[3]int32{y, m, d}]; ok {
				rs.add(nameapi.DataItemAge, nameapi.RiskPlaceholder, s, dated("", y, m, d, " is a common placeholder birth date."))
				return
			}
		}
		if checkYear(y) && !legal {
			// now.Sub(birth) (the birth lies at most 120 years back:
			// no saturation).
			since := time.Duration(nowSec-t)*time.Second + time.Duration(now.Nanosecond())
			if age := since.Hours() / 24 / 365.25; age >= 14 && age <= 100 {
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

// daysIn returns the number of days of month m (1..12) of year y in the
// proleptic Gregorian calendar, as time.Date counts them.
func daysIn(y, m int32) int32 {
	if m == 2 {
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	}
	return 30 + (m+m/8)%2
}

// daysSinceEpoch returns the days from 1970-01-01 to the date y-m-d
// (m 1..12, d 1..daysIn) of the proleptic Gregorian calendar (the civil
// from-days algorithm, years counted from March).
func daysSinceEpoch(y, m, d int32) int64 {
	yy := int64(y)
	if m <= 2 {
		yy--
	}
	era := yy / 400
	if yy < 0 && yy%400 != 0 {
		era-- // floor division
	}
	yoe := yy - era*400                    // 0..399
	mp := (int64(m) + 9) % 12              // March = 0
	doy := (153*mp+2)/5 + int64(d) - 1     // 0..365
	doe := yoe*365 + yoe/4 - yoe/100 + doy // 0..146096
	return era*146097 + doe - 719468       // 719468: 0000-03-01 to 1970-01-01
}

// dated returns before, the date y-m-d as time.Time formats it as
// 2006-01-02 and after: a risk's reason, in one allocation and without
// fmt.
func dated(before string, y, m, d int32, after string) string {
	var buf [64]byte
	b := append(buf[:0], before...)
	b = time.Date(int(y), time.Month(m), int(d), 0, 0, 0, 0, time.UTC).AppendFormat(b, "2006-01-02")
	return string(append(b, after...))
}
