package mapping

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/namepipe/namepipe/record"
)

// DateSample is the number of rows validate and run read to check the
// date layouts against the data (CheckDates).
const DateSample = 1000

// MinDateFit is the share of a date column's non-empty values its
// layouts must read for CheckDates to stay quiet.
const MinDateFit = 0.98

// DateFit is how the layouts of a text date column fit a sample of its
// values.
type DateFit struct {
	// Key is the config key (person.birthDate), Column the input column.
	Key, Column string
	// Layouts are the layouts tried, in order; Read counts the values each
	// of them read first.
	Layouts []string
	Read    []int
	// Values counts the sample's non-empty text values, Fit those a layout
	// reads.
	Values, Fit int
	// Failed holds up to three distinct values no layout reads, in the
	// order met.
	Failed []string
	// Ambiguous names a layout with numeric day and month that reads the
	// sample's values, every one of which reads as another date with day
	// and month swapped (no first or second part above 12); Example is
	// one of them.
	Ambiguous, Swapped, Example string
	// Suggest is a layout that reads most of the failed values (the
	// swapped day and month of a layout), or "".
	Suggest string
}

// Share returns the share of the non-empty values the layouts read (1
// when there are none).
func (f DateFit) Share() float64 {
	if f.Values == 0 {
		return 1
	}
	return float64(f.Fit) / float64(f.Values)
}

// Warnings returns what is wrong with the fit, one line each: fewer than
// MinDateFit of the values read, day and month not told apart.
func (f DateFit) Warnings() []string {
	var out []string
	where := fmt.Sprintf("%s (column %q)", f.Key, f.Column)
	if f.Values > 0 && f.Share() < MinDateFit {
		msg := fmt.Sprintf("%s: layout %s reads only %d of %d values in the sample (%.1f %%); such as %s",
			where, strings.Join(quoteAll(f.Layouts), " or "), f.Fit, f.Values, 100*f.Share(), strings.Join(quoteAll(f.Failed), ", "))
		if f.Suggest != "" {
			msg += fmt.Sprintf("; layout %q reads them: is the column %s?", f.Suggest, f.Suggest)
		}
		out = append(out, msg+"; rows whose date is not read are enriched without it and flagged in the error column")
	}
	if f.Ambiguous != "" {
		out = append(out, fmt.Sprintf("%s: day and month cannot be told apart: every date in the sample reads both as %q and as %q (such as %q); check which the column holds, or the dates are read with day and month swapped",
			where, f.Ambiguous, f.Swapped, f.Example))
	}
	return out
}

// CheckDates checks the plan's text date columns against recs, a sample
// of the input (DateSample rows), and returns one DateFit per column
// with text values.
func (p *Plan) CheckDates(recs []record.Record) []DateFit {
	c := p.birthDate
	if !c.ok() || c.typ != record.String && c.typ != record.Bytes {
		return nil
	}
	f := DateFit{Key: "person.birthDate", Column: c.name, Layouts: p.layouts, Read: make([]int, len(p.layouts))}
	swapped := make([]string, len(p.layouts))
	for i, l := range p.layouts {
		swapped[i] = swapDayMonth(l)
	}
	decisive := make([]bool, len(p.layouts)) // a value the swapped layout does not read
	var example []string
	var failed []string
	for i := range recs {
		var s string
		switch v := cell(&recs[i], c.idx).(type) {
		case string:
			s = v
		case []byte:
			s = string(v)
		}
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		f.Values++
		read := -1
		for j, l := range p.layouts {
			if _, ok := parseDate(l, s); ok {
				read = j
				break
			}
		}
		if read < 0 {
			failed = append(failed, s)
			if len(f.Failed) < 3 && !slices.Contains(f.Failed, s) {
				f.Failed = append(f.Failed, s)
			}
			continue
		}
		f.Fit++
		f.Read[read]++
		if sw := swapped[read]; sw != "" && !decisive[read] {
			a, _ := parseDate(p.layouts[read], s)
			if b, ok := parseDate(sw, s); !ok {
				decisive[read] = true
			} else if a != b && example == nil {
				example = []string{s}
			}
		}
	}
	for j, n := range f.Read {
		if n > 0 && swapped[j] != "" && !decisive[j] && example != nil && f.Ambiguous == "" {
			f.Ambiguous, f.Swapped, f.Example = p.layouts[j], swapped[j], example[0]
		}
	}
	if len(failed) > 0 {
		for _, l := range p.layouts {
			sw := swapDayMonth(l)
			if sw == "" {
				continue
			}
			n := 0
			for _, s := range failed {
				if _, ok := parseDate(sw, s); ok {
					n++
				}
			}
			if n > 0 && f.Ambiguous == l {
				// Values only the swapped layout reads (03/14/1985 under
				// 02/01/2006) tell day and month apart: the fit warning
				// says so, not that they cannot be told apart.
				f.Ambiguous, f.Swapped, f.Example = "", "", ""
			}
			if n*2 > len(failed) {
				f.Suggest = sw
				break
			}
		}
	}
	if f.Values == 0 {
		return nil
	}
	return []DateFit{f}
}

func cell(rec *record.Record, i int) record.Value {
	if i < 0 || i >= len(rec.Values) {
		return nil
	}
	return rec.Values[i]
}

// parseDate reads s in layout l as the row builder does; an impossible
// date (month 14) does not fit.
func parseDate(l, s string) (time.Time, bool) {
	if l == time.DateOnly {
		if y, m, d, ok := isoDate(s); ok {
			t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
			return t, t.Day() == d && int(t.Month()) == m
		}
	}
	t, err := time.Parse(l, s)
	return t, err == nil
}

// swapDayMonth returns l with its numeric day and month exchanged
// ("02/01/2006" → "01/02/2006"), or "" when l does not have exactly one
// of each.
func swapDayMonth(l string) string {
	toks := layoutTokens(l)
	month, day := -1, -1
	for i, t := range toks {
		switch t {
		case "01", "1":
			if month >= 0 {
				return ""
			}
			month = i
		case "02", "2", "_2":
			if day >= 0 {
				return ""
			}
			day = i
		case "Jan", "January":
			return ""
		}
	}
	if month < 0 || day < 0 {
		return ""
	}
	asDay := map[string]string{"01": "02", "1": "2"}
	asMonth := map[string]string{"02": "01", "2": "1", "_2": "1"}
	toks[month], toks[day] = asDay[toks[month]], asMonth[toks[day]]
	return strings.Join(toks, "")
}

// layoutTokens splits a Go time layout into its elements and the text
// between them (longest element first, as package time reads them).
func layoutTokens(l string) []string {
	elems := []string{"January", "Jan", "Monday", "Mon", "MST", "2006", "002", "__2", "_2", "01", "02", "03", "04", "05", "06",
		"15", "PM", "pm", "Z07:00:00", "Z070000", "Z07:00", "Z0700", "Z07", "-07:00:00", "-070000", "-07:00", "-0700", "-07",
		"1", "2", "3", "4", "5"}
	var out []string
	lit := ""
	for i := 0; i < len(l); {
		matched := ""
		for _, e := range elems {
			if strings.HasPrefix(l[i:], e) {
				matched = e
				break
			}
		}
		if matched == "" {
			lit += l[i : i+1]
			i++
			continue
		}
		if lit != "" {
			out = append(out, lit)
			lit = ""
		}
		out = append(out, matched)
		i += len(matched)
	}
	if lit != "" {
		out = append(out, lit)
	}
	return out
}
