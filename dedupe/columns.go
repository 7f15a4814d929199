package dedupe

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xrash/smetrics"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/record"
)

// The config's own columns: dedupe.compare turns an input column into an
// extra Comparison of one of four kinds, dedupe.blockOn into keys of
// RuleColumns. Their values travel in Features.Extra and Features.Block.

// ColumnComparison returns the comparison dedupe.compare makes of column
// with kind (config.CompareExact …).
func ColumnComparison(column, kind string) (Comparison, error) {
	c := Comparison{Name: column, Column: column, Levels: extraLevels}
	switch kind {
	case config.CompareExact:
		c.CompareText = compareExact
	case config.CompareText, "":
		c.CompareText = compareFreeText
	case config.CompareNumber:
		c.CompareText = compareNumber
	case config.CompareDate:
		c.CompareText = compareDate
	default:
		return c, fmt.Errorf("dedupe.compare: kind %q: must be exact, text, number or date", kind)
	}
	return c, nil
}

// columnsOf are a run's extra comparisons (the config's, then more) and
// its blockOn columns.
type columnsOf struct {
	extra []Comparison
	block []string
	// blocked are the indexes of extra whose column dedupe.blockOn
	// names: EM on RuleColumns' pairs learns nothing of them. A compared
	// column that blocks only because it is compared stays learnable
	// there: its pairs agree on some compared column, not on each, and
	// skipping every one would leave pairs found only by these columns
	// nothing to learn from.
	blocked []int
}

// runColumns makes the run's extra comparisons from s.Compare and more.
func runColumns(s config.Dedupe, more []Comparison) (columnsOf, error) {
	var c columnsOf
	for _, cc := range s.Compare {
		cmp, err := ColumnComparison(cc.Column, cc.Kind)
		cmp.ImpliedByName = cc.ImpliedByName
		if err != nil {
			return c, err
		}
		c.extra = append(c.extra, cmp)
	}
	c.extra = append(c.extra, more...)
	if len(c.extra) > MaxExtra {
		return c, fmt.Errorf("dedupe.compare: %d columns; at most %d can be compared", len(c.extra), MaxExtra)
	}
	for _, x := range c.extra {
		if len(x.Levels) != ExtraLevels || x.CompareText == nil || x.Column == "" {
			return c, fmt.Errorf("dedupe: comparison %q: an extra comparison needs a column, CompareText and %d levels", x.Name, ExtraLevels)
		}
	}
	// Every compared column blocks too, after the blockOn ones: rows
	// that agree on a column the config compares are candidates even
	// when their names, dates and addresses are typo'd or empty (an ID,
	// a postcode, an occupation). A common value makes a capped block,
	// whose rows meet their window neighbours by name: a sorted
	// neighbourhood within the value.
	c.block = slices.Clone(s.BlockOn)
	for _, x := range c.extra {
		if !slices.Contains(c.block, x.Column) {
			c.block = append(c.block, x.Column)
		}
	}
	for i, x := range c.extra {
		if slices.Contains(s.BlockOn, x.Column) {
			c.blocked = append(c.blocked, i)
		}
	}
	return c, nil
}

// indexes returns the schema indexes of the extra and blockOn columns of
// file (named in the error of a missing column).
func (c *columnsOf) indexes(in record.Schema, file string) (extra, block []int, err error) {
	find := func(key, col string) (int, error) {
		i := in.Index(col)
		if i < 0 {
			sug := ""
			if s := config.Closest(col, in.Names()); s != "" {
				sug = fmt.Sprintf(" (did you mean %q?)", s)
			}
			return 0, fmt.Errorf("%s: %s: column %q is not in the input%s", file, key, col, sug)
		}
		return i, nil
	}
	for _, x := range c.extra {
		i, err := find("dedupe.compare", x.Column)
		if err != nil {
			return nil, nil, err
		}
		extra = append(extra, i)
	}
	for _, b := range c.block {
		i, err := find("dedupe.blockOn", b)
		if err != nil {
			return nil, nil, err
		}
		block = append(block, i)
	}
	return extra, block, nil
}

// CheckColumns reports, before any work, every dedupe.compare and
// dedupe.blockOn column that is not in the input schema in, as
// config.Errors at the config's lines (file, line).
func CheckColumns(s config.Dedupe, in record.Schema, file string, line func(key string) int) error {
	var errs config.Errors
	check := func(key, col string) {
		if col == "" || in.Index(col) >= 0 {
			return
		}
		msg := fmt.Sprintf("column %q is not in the input", col)
		if sug := config.Closest(col, in.Names()); sug != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", sug)
		}
		errs = append(errs, &config.Error{File: file, Line: line(key), Key: key, Msg: msg})
	}
	for i, cc := range s.Compare {
		check(fmt.Sprintf("dedupe.compare[%d].column", i), cc.Column)
	}
	for i, col := range s.BlockOn {
		check(fmt.Sprintf("dedupe.blockOn[%d]", i), col)
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// cellText is a cell as trimmed text ("" for none).
func cellTextAt(vals []record.Value, i int) string {
	if i >= len(vals) || vals[i] == nil {
		return ""
	}
	return strings.TrimSpace(record.Format(vals[i], record.String))
}

// setColumns fills f's Extra and Block values from a record's cells.
func setColumns(f *Features, vals []record.Value, extra, block []int) {
	if len(extra) > 0 {
		f.Extra = make([]string, len(extra))
		for k, i := range extra {
			f.Extra[k] = cellTextAt(vals, i)
		}
	}
	if len(block) > 0 {
		f.Block = make([]string, len(block))
		for k, i := range block {
			f.Block[k] = squash(cellTextAt(vals, i))
		}
	}
}

// squash folds s (case, accents) and drops everything but letters and
// digits: "Dr. Med" and "dr med" are one value.
func squash(s string) string {
	return strings.Join(words(s), "")
}

// compareExact: equal as written; close when equal but for case,
// accents, spaces and punctuation; else different.
func compareExact(a, b string) Level {
	if a == b {
		return Equal
	}
	if squash(a) == squash(b) {
		return Close
	}
	return Different
}

// compareFreeText: equal when the folded words are; close when one typo
// (or a Jaro–Winkler of at least 0.9) apart, or when most words are
// shared (Jaccard ≥ 0.5); else different.
func compareFreeText(a, b string) Level {
	wa, wb := words(a), words(b)
	ja, jb := strings.Join(wa, " "), strings.Join(wb, " ")
	if ja == jb {
		return Equal
	}
	if ja == "" || jb == "" {
		return Different
	}
	if withinEdits(ja, jb, 1) || smetrics.JaroWinkler(ja, jb, 0.7, 4) >= 0.9 {
		return Close
	}
	common := 0
	for _, x := range uniq(wa) {
		for _, y := range uniq(wb) {
			if x == y {
				common++
				break
			}
		}
	}
	if n := len(uniq(wa)) + len(uniq(wb)) - common; n > 0 && float64(common)/float64(n) >= 0.5 {
		return Close
	}
	return Different
}

func uniq(ws []string) []string {
	var out []string
	for _, w := range ws {
		dup := false
		for _, o := range out {
			if o == w {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, w)
		}
	}
	return out
}

// compareNumber: equal numbers; close within 1 % (of the larger) or, in
// numbers of four digits or more, one digit typed wrong; else different. Values that are not numbers compare
// as exact text.
func compareNumber(a, b string) Level {
	x, errA := parseNumber(a)
	y, errB := parseNumber(b)
	if errA != nil || errB != nil {
		return compareExact(a, b)
	}
	if x == y {
		return Equal
	}
	da, db := digits(a), digits(b)
	if math.Abs(x-y) <= 0.01*math.Max(math.Abs(x), math.Abs(y)) || min(len(da), len(db)) >= 4 && withinEdits(da, db, 1) {
		return Close
	}
	return Different
}

// parseNumber reads a number with a decimal point or comma and spaces,
// underscores or apostrophes between digit groups.
func parseNumber(s string) (float64, error) {
	if v, ok := plainInt(s); ok {
		return v, nil
	}
	s = numberGroups.Replace(s)
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	return strconv.ParseFloat(s, 64)
}

// numberGroups drops the digit-group separators parseNumber allows (one
// replacer: building one per call cost more than the whole comparison).
var numberGroups = strings.NewReplacer(" ", "", "_", "", "'", "")

// plainInt reads s when it is 1 to 15 ASCII digits (most identifiers and
// codes), without allocating.
func plainInt(s string) (float64, bool) {
	if len(s) == 0 || len(s) > 15 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return float64(v), true
}

// dateLayouts are the layouts a date kind reads (the first that parses).
var dateLayouts = []string{"2006-01-02", "2006-01-02T15:04:05Z07:00", "2006-01-02 15:04:05", "02.01.2006", "01/02/2006", "2006/01/02", "20060102", "2.1.2006", "1/2/2006", "2006-1-2"}

// partialDateLayouts are the layouts of a date known to its year and
// month (the date layouts less the day), then to its year alone.
var partialDateLayouts = []string{"2006-01", "01.2006", "01/2006", "2006/01", "1.2006", "1/2006", "2006-1", "2006"}

// parseDate returns a date as YYYYMMDD (a partial date with day 0, or
// month and day 0), or 0.
func parseDate(s string) int32 {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return int32(t.Year()*10000 + int(t.Month())*100 + t.Day())
		}
	}
	for _, l := range partialDateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			if l == "2006" {
				return int32(t.Year() * 10000)
			}
			return int32(t.Year()*10000 + int(t.Month())*100)
		}
	}
	return 0
}

// compareDate: equal dates; close when day and month are swapped, one
// digit is typed wrong or the year is off by one, or when a partial date
// (1856, 1856-03) agrees with the other as far as it goes; else
// different. Values that are not dates compare as exact text.
func compareDate(a, b string) Level {
	x, y := parseDate(a), parseDate(b)
	if x == 0 || y == 0 {
		return compareExact(a, b)
	}
	switch compareBirth(x, y) {
	case BirthEqual:
		return Equal
	case BirthSwapped, BirthTypo:
		return Close
	}
	return Different
}
