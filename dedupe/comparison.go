package dedupe

import "github.com/namepipe/namepipe/config"

// Comparisons as values: everything dedupe knows about one compared field
// is one Comparison (its levels with their labels and prior m shares, how
// two rows are compared, whether and how its agreement is adjusted for
// how common the value is, how a row is counted as having the field). The
// built-in fields are the values of builtin, in the order of a comparison
// vector; a run adds the config's columns (dedupe.compare, columns.go)
// after them, in the extra slots. The model, the EM step, the pairs file's
// columns, --explain and the report read a field only through its value,
// so adding a field is one value here (TestMadeUpComparison adds one
// through Options.Extra, the way dedupe.compare's columns are added).

// Comparison is one compared field.
type Comparison struct {
	// Name names the field in the pairs file (its level column and its
	// w_ terms), --explain, np_match_reason and the report.
	Name string
	// Levels are the outcomes, Levels[0] being "missing on one side"
	// (which weighs nothing); the higher the level, the less the rows
	// agree, and the last one that weighs is "different". An extra field
	// has exactly ExtraLevels levels.
	Levels []ComparisonLevel
	// Compare returns the level of two rows: of a built-in field (nil
	// for the name, which the person matcher compares: names.go).
	Compare func(a, b *Features) Level `json:"-"`
	// Column is the input column an extra comparison reads, and
	// CompareText compares two rows' values of it (both non-empty: an
	// empty value is missing).
	Column      string                  `json:",omitempty"`
	CompareText func(a, b string) Level `json:"-"`
	// Has reports whether a row has the field (the rows the
	// term-frequency adjustment counts shares of).
	Has func(f *Features) bool `json:"-"`
	// TF, when set, adjusts the level TF.Equal by the size of the block
	// of rule TF.Rule the two rows share (termfreq.go).
	TF *TFRule `json:"-"`
	// ImpliedByName: an extra comparison whose value the name implies
	// (a gender column): where the names agree (namesAgree) its level
	// weighs nothing, and EM learns its m from the other pairs only.
	ImpliedByName bool `json:",omitempty"`
}

// ComparisonLevel is one level of a Comparison.
type ComparisonLevel struct {
	// Label names the level, such as "day_month_swapped".
	Label string
	// M is the prior share of true matches at this level (EM's start
	// and prior).
	M float64
	// Neutral: both rows have the field, but the level weighs nothing
	// (email's name_other_domain).
	Neutral bool
	// Above are the levels that agree more than this one, whose m/u caps
	// its m/u (TrainShared); nil: the level before. Levels need not be
	// a chain: a name misspelt (similar) agrees less than an equal one,
	// but not less than one with a word left out (matching).
	Above []Level `json:"-"`
}

// TFRule is a Comparison's term-frequency adjustment: at level Equal, the
// model's average u is replaced by the share of rows holding the value,
// the size of the block of Rule the two rows share.
type TFRule struct {
	Rule  Rule
	Equal Level
}

// levels builds a Comparison's levels from labels and prior m shares.
func levels(labels []string, m []float64) []ComparisonLevel {
	out := make([]ComparisonLevel, len(labels))
	for i, l := range labels {
		out[i] = ComparisonLevel{Label: l, M: m[i]}
	}
	return out
}

// nameLevels are the name's levels: `similar` (every word equal or a
// typo apart) and `matching` (equal words, one name with more, or an
// initial or prefix) both agree less than `equal` and more than
// `relation`, but neither agrees less than the other: a file full of
// typos has many more true pairs at similar than at matching, and fewer
// random ones.
func nameLevels() []ComparisonLevel {
	ls := levels([]string{"missing", "equal", "matching", "similar", "relation", "different"}, []float64{0, 0.6, 0.15, 0.12, 0.05, 0.08})
	ls[NameSimilar].Above = []Level{NameEqual}
	ls[NameRelation].Above = []Level{NameMatching, NameSimilar}
	return ls
}

// above returns the levels of f whose m/u caps level l's.
func (f Field) above(l Level) []Level {
	if f < numFields && builtin[f].Levels[l].Above != nil {
		return builtin[f].Levels[l].Above
	}
	return []Level{l - 1}
}

// builtin are the built-in comparisons, in the order of a comparison
// vector (Field).
var builtin = [...]Comparison{
	FieldName: {
		Name:   "name",
		Levels: nameLevels(),
		Has:    func(f *Features) bool { return len(f.Tokens) > 0 },
	},
	FieldBirth: {
		Name:    "birth_date",
		Levels:  levels([]string{"missing", "equal", "day_month_swapped", "typo", "different"}, []float64{0, 0.85, 0.04, 0.06, 0.05}),
		Compare: func(a, b *Features) Level { return compareBirth(a.Birth, b.Birth) },
		Has:     func(f *Features) bool { return f.Birth != 0 },
		TF:      &TFRule{Rule: RuleBirth, Equal: BirthEqual},
	},
	FieldEmail: {
		Name: "email",
		Levels: append(levels([]string{"missing", "equal", "close", "different"}, []float64{0, 0.6, 0.15, 0.25}),
			ComparisonLevel{Label: "name_other_domain", Neutral: true}),
		Compare: compareEmails,
		Has:     func(f *Features) bool { return len(f.Emails) > 0 },
		TF:      &TFRule{Rule: RuleEmail, Equal: Equal},
	},
	FieldPhone: {
		Name:    "phone",
		Levels:  levels([]string{"missing", "equal", "close", "different"}, []float64{0, 0.7, 0.1, 0.2}),
		Compare: func(a, b *Features) Level { return bestOf(a.Phones, b.Phones, comparePhone) },
		Has:     func(f *Features) bool { return len(f.Phones) > 0 },
		TF:      &TFRule{Rule: RulePhone, Equal: Equal},
	},
	FieldAddress: {
		Name:    "address",
		Levels:  levels([]string{"missing", "equal", "close", "different"}, []float64{0, 0.6, 0.25, 0.15}),
		Compare: func(a, b *Features) Level { return compareAddress(a.Addr, b.Addr) },
		Has:     func(f *Features) bool { return len(f.Addr) >= 2 },
		TF:      &TFRule{Rule: RuleAddress, Equal: Equal},
	},
}

// numFields is the number of built-in fields; MaxExtra extra fields
// follow them in a Vector.
const (
	numFields = Field(len(builtin))
	// MaxExtra is the most extra comparisons (dedupe.compare) a run has.
	MaxExtra = config.MaxDedupeCompare
	// ExtraLevels is the number of levels of an extra comparison
	// (missing, equal, close, different), so that a pattern's radix does
	// not depend on the run.
	ExtraLevels = 4
	maxFields   = numFields + MaxExtra
)

// extraLevels are the default levels of an extra comparison.
var extraLevels = levels([]string{"missing", "equal", "close", "different"}, []float64{0, 0.7, 0.15, 0.15})

// comparison returns the comparison of field f of a run with the extra
// comparisons extra (nil for an unused extra slot).
func comparison(f Field, extra []Comparison) *Comparison {
	if f < numFields {
		return &builtin[f]
	}
	if i := int(f - numFields); i < len(extra) {
		return &extra[i]
	}
	return nil
}

// Field is a compared field: a built-in one (FieldName …) or an extra
// slot (numFields and on).
type Field int

// The built-in fields, in the order of a comparison vector.
const (
	FieldName Field = iota
	FieldBirth
	FieldEmail
	FieldPhone
	FieldAddress
)

// Level is the outcome of comparing one field of two rows. Level 0 is
// "missing on one side" and weighs nothing; higher levels agree less.
type Level uint8

// Missing is the level of a field that one of the rows lacks.
const Missing Level = 0

// Name levels.
const (
	NameEqual Level = iota + 1
	NameMatching
	NameSimilar
	NameRelation
	NameDifferent
)

// Birth date levels.
const (
	BirthEqual Level = iota + 1
	BirthSwapped
	BirthTypo
	BirthDifferent
)

// Levels of email, phone, address and the extra comparisons.
const (
	Equal Level = iota + 1
	Close
	Different
)

// EmailNameOtherDomain is the email level of two addresses whose local
// part is the same and made of the rows' name (john.smith@gmail.com and
// john.smith@web.de): the addresses differ, but say no more than that the
// names agree, which the name field weighs already (namesakes' addresses
// look like this too). It is neutral: it weighs nothing, like missing,
// but it is not missing.
const EmailNameOtherDomain Level = 4

// neutral reports whether level l of f weighs nothing although both rows
// have the field (EmailNameOtherDomain).
func (f Field) neutral(l Level) bool {
	return f < numFields && int(l) < len(builtin[f].Levels) && builtin[f].Levels[l].Neutral
}

// weighs reports whether level l of f adds a weight (it is neither
// missing nor neutral): the levels the model learns m and u of.
func (f Field) weighs(l Level) bool { return l != Missing && !f.neutral(l) }

// different returns f's lowest level that weighs (different).
func (f Field) different() Level {
	l := Level(f.Levels() - 1)
	for f.neutral(l) {
		l--
	}
	return l
}

// String returns the field's name, such as "birth_date" ("extra1" … for
// an extra slot: Model.FieldName has the run's names).
func (f Field) String() string {
	if f < numFields {
		return builtin[f].Name
	}
	return "extra" + string(rune('1'+f-numFields))
}

// LevelName returns the name of level l of field f, such as "typo".
func (f Field) LevelName(l Level) string {
	if f < numFields {
		return builtin[f].Levels[l].Label
	}
	return extraLevels[l].Label
}

// Levels returns the number of levels of f, Missing included.
func (f Field) Levels() int {
	if f < numFields {
		return len(builtin[f].Levels)
	}
	return ExtraLevels
}

// priorMOf returns the prior m shares of field f of a run with the extra
// comparisons extra.
func priorMOf(f Field, extra []Comparison) []float64 {
	c := comparison(f, extra)
	if c == nil {
		c = &Comparison{Levels: extraLevels}
	}
	out := make([]float64, len(c.Levels))
	for l, x := range c.Levels {
		out[l] = x.M
	}
	return out
}

// compareEmails compares the rows' addresses (the best of every pair),
// weakened where the address is spelt from the name (see the levels).
func compareEmails(a, b *Features) Level {
	l := bestOf(a.Emails, b.Emails, compareEmail)
	if l == Equal && equalFromName(a, b) {
		// juergen.koch577@web.de twice: the same address, but one made
		// of the name, which namesakes' addresses share more often than
		// random rows' do (they differ in a few digits): weaker evidence
		// than an unrelated address agreeing.
		return Close
	}
	if l == Close && sameLocalFromName(a, b) {
		// john.smith@gmail.com and john.smith@web.de say no more than
		// that the names agree, which the name field weighs already:
		// namesakes' addresses look like this too.
		return EmailNameOtherDomain
	}
	return l
}

// compareOthers fills every built-in level of v except the name's.
func compareOthers(a, b *Features, v *Vector) {
	for f := FieldName + 1; f < numFields; f++ {
		v[f] = builtin[f].Compare(a, b)
	}
}

// compareExtra fills the levels of the extra comparisons from the rows'
// Extra values.
func compareExtra(extra []Comparison, a, b *Features, v *Vector) {
	for i := range extra {
		l := Missing
		if i < len(a.Extra) && i < len(b.Extra) && a.Extra[i] != "" && b.Extra[i] != "" {
			l = extra[i].CompareText(a.Extra[i], b.Extra[i])
		}
		v[numFields+Field(i)] = l
	}
}
