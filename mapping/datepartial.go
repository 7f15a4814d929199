package mapping

import (
	"strings"
	"time"
)

// Partial birth dates: a date known only to its year ("1856") or to its
// year and month ("1856-03"), as historical records, registers and forms
// that ask for a month and year give them. person.birthDate reads them,
// after its full layouts, as a birth year or a birth year and month, in
// the written forms its layouts give: the layouts less the day, and the
// year alone. "2006-01-02" also reads "2006-01" and "2006"; "02.01.2006"
// also "01.2006"; "01/02/2006" also "01/2006".

// partialLayout is a layout of a partial date: with a month, or the year
// alone.
type partialLayout struct {
	layout string
	month  bool
}

// layoutElem is one element of a numeric date layout: a year, month or
// day element, or a separator.
type layoutElem struct {
	text string
	kind byte // 'y', 'm', 'd', or 0: a separator
}

// numericElems splits a layout made of numeric date elements (2006, 01,
// 1, 02, _2, 2) and separators that are neither letters nor digits; ok is
// false for any other layout (a month by name, a time of day).
func numericElems(layout string) ([]layoutElem, bool) {
	var out []layoutElem
	for s := layout; s != ""; {
		matched := false
		for _, e := range [...]layoutElem{{"2006", 'y'}, {"01", 'm'}, {"02", 'd'}, {"_2", 'd'}, {"1", 'm'}, {"2", 'd'}} {
			if strings.HasPrefix(s, e.text) {
				out = append(out, e)
				s = s[len(e.text):]
				matched = true
				break
			}
		}
		if matched {
			continue
		}
		c := s[0]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 {
			return nil, false
		}
		out = append(out, layoutElem{text: s[:1]})
		s = s[1:]
	}
	return out, true
}

// partialLayouts returns the partial layouts of the full date layouts,
// each once, the year-and-month ones first, the year alone last.
func partialLayouts(layouts []string) []partialLayout {
	var out []partialLayout
	seen := map[string]bool{}
	add := func(l string, month bool) {
		if l != "" && !seen[l] {
			seen[l] = true
			out = append(out, partialLayout{layout: l, month: month})
		}
	}
	numeric := false
	for _, l := range layouts {
		elems, ok := numericElems(l)
		if !ok {
			continue
		}
		var y, m, d int
		for _, e := range elems {
			switch e.kind {
			case 'y':
				y++
			case 'm':
				m++
			case 'd':
				d++
			}
		}
		if y != 1 || m != 1 || d != 1 {
			continue
		}
		numeric = true
		add(withoutDay(elems), true)
	}
	if numeric {
		add("2006", false)
	}
	return out
}

// withoutDay returns the layout of elems less its day element and the
// separator that joins it to the rest ("" when no separator does and the
// layout is compact: 20060102 less its day would read any six digits).
func withoutDay(elems []layoutElem) string {
	i := 0
	for elems[i].kind != 'd' {
		i++
	}
	var drop [2]int
	switch {
	case i+1 < len(elems) && elems[i+1].kind == 0:
		drop = [2]int{i, i + 2} // the day and the separator after it
	case i > 0 && elems[i-1].kind == 0:
		drop = [2]int{i - 1, i + 1} // the separator before it and the day
	default:
		return ""
	}
	var b strings.Builder
	for k, e := range elems {
		if k < drop[0] || k >= drop[1] {
			b.WriteString(e.text)
		}
	}
	return b.String()
}

// parsePartial reads s as a partial date in one of the layouts: its year
// and month (0: the year alone).
func parsePartial(s string, layouts []partialLayout) (year, month int, ok bool) {
	for _, l := range layouts {
		t, err := time.Parse(l.layout, s)
		if err != nil {
			continue
		}
		if l.month {
			return t.Year(), int(t.Month()), true
		}
		return t.Year(), 0, true
	}
	return 0, 0, false
}
