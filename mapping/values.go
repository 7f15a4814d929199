package mapping

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// address maps one configured address; ok is false when it is empty.
// A structured address is written into sa (nil: a new one).
func (p *Plan) address(r *rowCtx, a addrCols, sa *structuredAddr) (rel nameapi.AddressRelation, ok bool) {
	var addr *nameapi.InputAddress
	switch {
	case a.str.ok():
		s := strings.Join(strings.Fields(r.text(a.str)), " ") // line breaks are not allowed
		if s != "" {
			addr = &nameapi.InputAddress{Type: nameapi.TypeSingleStringAddress, String: s}
		}
	case len(a.lines) > 0:
		var lines []string
		for _, c := range a.lines {
			if s := r.trimmed(c); s != "" {
				lines = append(lines, s)
			}
		}
		if len(lines) > 0 {
			addr = &nameapi.InputAddress{Type: nameapi.TypeMultiLineAddress, AddressLines: lines}
		}
	default:
		street, house := r.trimmed(a.street), r.trimmed(a.house)
		pobox := r.trimmed(a.pobox)
		place := nameapi.PlaceInfo{
			Type:       nameapi.TypeStructuredPlaceInfo,
			PostalCode: r.trimmed(a.postal),
			Locality:   r.trimmed(a.locality),
			Region:     r.trimmed(a.region),
			Country:    r.trimmed(a.country),
		}
		if street == "" && house == "" && pobox == "" && place.PostalCode == "" && place.Locality == "" && place.Region == "" && place.Country == "" {
			return rel, false
		}
		if sa == nil {
			sa = new(structuredAddr)
		}
		*sa = structuredAddr{addr: nameapi.InputAddress{Type: nameapi.TypeStructuredAddress, Pobox: pobox}}
		addr = &sa.addr
		switch {
		case a.house.ok() && street != "":
			sa.street = nameapi.StreetInfo{Type: nameapi.TypeStructuredStreetInfo, StreetName: street, HouseNumber: house}
			addr.StreetInfo = &sa.street
		case street != "":
			sa.street = nameapi.StreetInfo{Type: nameapi.TypeSingleStringStreetInfo, String: street}
			addr.StreetInfo = &sa.street
		}
		if place.PostalCode != "" || place.Locality != "" || place.Region != "" || place.Country != "" {
			sa.place = place
			addr.PlaceInfo = &sa.place
		}
	}
	if addr == nil {
		return rel, false
	}
	if a.usage != "" {
		return nameapi.AddressRelation{Type: nameapi.TypeSpecificUsageAddressRelation, Address: addr, Usage: a.usage}, true
	}
	return nameapi.AddressRelation{Type: nameapi.TypeUseForAllAddressRelation, Address: addr}, true
}

// age returns the first available of birth date, birth year and age range.
func (p *Plan) age(r *rowCtx) *nameapi.AgeInfo {
	if p.birthDate.ok() {
		if a := p.parseBirthDate(r); a != nil {
			return a
		}
	}
	if p.birthYear.ok() {
		if y, ok := p.year(r, p.birthYear); ok {
			return nameapi.NewBirthYear(y)
		}
	}
	if p.ageRange.ok() {
		if s := r.trimmed(p.ageRange); s != "" {
			lo, hi, err := parseYearRange(s)
			if err != nil {
				r.fail(p.ageRange, "%v", err)
				return nil
			}
			return nameapi.NewBirthYearRange(lo, hi)
		}
	}
	if p.yearStart.ok() || p.yearEnd.ok() {
		lo, okLo := p.year(r, p.yearStart)
		hi, okHi := p.year(r, p.yearEnd)
		if okLo && okHi && lo > hi {
			r.fail(p.yearEnd, "year range ends (%d) before it starts (%d)", hi, lo)
			return nil
		}
		if okLo || okHi {
			return nameapi.NewBirthYearRange(lo, hi)
		}
	}
	return nil
}

func (p *Plan) parseBirthDate(r *rowCtx) *nameapi.AgeInfo {
	c := p.birthDate
	switch v := r.raw(c).(type) {
	case nil:
		return nil
	case time.Time:
		t := v.UTC()
		if t.Year() < 1000 || t.Year() > 9999 {
			r.fail(c, "year %d is not a four-digit year", t.Year())
			return nil
		}
		return r.birthDate(t.Year(), int(t.Month()), t.Day())
	}
	s := r.trimmed(c)
	if s == "" {
		return nil
	}
	var rangeErr string
	for _, l := range p.layouts {
		if l == time.DateOnly {
			if y, m, d, ok := isoDate(s); ok {
				if y < 1000 {
					r.fail(c, "%q: year %d is not a four-digit year", clip(s), y)
					return nil
				}
				return r.birthDate(y, m, d)
			}
		}
		t, err := time.Parse(l, s)
		if err == nil {
			if t.Year() < 1000 || t.Year() > 9999 {
				r.fail(c, "%q: year %d is not a four-digit year", clip(s), t.Year())
				return nil
			}
			return r.birthDate(t.Year(), int(t.Month()), t.Day())
		}
		var pe *time.ParseError
		if errors.As(err, &pe) && strings.Contains(pe.Message, "out of range") && rangeErr == "" {
			// The text matched the layout but names an impossible date
			// (unless another layout, or a partial date, reads it).
			rangeErr = strings.TrimPrefix(pe.Message, ": ")
		}
	}
	if y, m, ok := parsePartial(s, p.partial); ok {
		if y < 1000 {
			r.fail(c, "%q: year %d is not a four-digit year", clip(s), y)
			return nil
		}
		return r.partialBirth(y, m)
	}
	if rangeErr != "" {
		r.fail(c, "%q: %s", clip(s), rangeErr)
		return nil
	}
	r.fail(c, "%q is not a date in layout %s", clip(s), strings.Join(quoteAll(p.layouts), " or "))
	return nil
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// clip shortens a value quoted in an error message.
func clip(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// year reads a four-digit year from a text or numeric cell.
func (p *Plan) year(r *rowCtx, c colRef) (int, bool) {
	if !c.ok() {
		return 0, false
	}
	var y int64
	switch v := r.raw(c).(type) {
	case nil:
		return 0, false
	case int32:
		y = int64(v)
	case int64:
		y = v
	case float32, float64:
		f := toFloat(v)
		if f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) {
			r.fail(c, "%v is not a whole year", v)
			return 0, false
		}
		y = int64(f)
	case record.Dec:
		if v.Unscaled == nil {
			return 0, false
		}
		q, rem := new(big.Int).QuoRem(v.Unscaled, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(v.Scale, 0))), nil), new(big.Int))
		if rem.Sign() != 0 || !q.IsInt64() {
			r.fail(c, "%s is not a whole year", v)
			return 0, false
		}
		y = q.Int64()
	default:
		s := r.trimmed(c)
		if s == "" {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			r.fail(c, "%q is not a number (a four-digit year is expected)", clip(s))
			return 0, false
		}
		y = n
	}
	if y < 1000 || y > 9999 {
		r.fail(c, "%d is not a four-digit year", y)
		return 0, false
	}
	return int(y), true
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case float32:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// parseYearRange reads "1980-1990", "1980–1990", "1980 - 1990", "1980-" or
// "-1990" (open ends), or a single year "1980".
func parseYearRange(s string) (int, int, error) {
	s = strings.NewReplacer("–", "-", "—", "-", " to ", "-", "..", "-").Replace(s)
	lo, hi, found := strings.Cut(s, "-")
	lo, hi = strings.TrimSpace(lo), strings.TrimSpace(hi)
	parse := func(t string) (int, error) {
		if t == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(t)
		if err != nil {
			return 0, fmt.Errorf("%q is not a year range such as 1980-1990 (%q is not a number)", clip(s), clip(t))
		}
		if n < 1000 || n > 9999 {
			return 0, fmt.Errorf("%q: %d is not a four-digit year", clip(s), n)
		}
		return n, nil
	}
	a, err := parse(lo)
	if err != nil {
		return 0, 0, err
	}
	if !found {
		return a, a, nil
	}
	b, err := parse(hi)
	if err != nil {
		return 0, 0, err
	}
	if a == 0 && b == 0 {
		return 0, 0, fmt.Errorf("%q is not a year range such as 1980-1990", clip(s))
	}
	if a != 0 && b != 0 && a > b {
		return 0, 0, fmt.Errorf("%q: the range ends before it starts", clip(s))
	}
	return a, b, nil
}
