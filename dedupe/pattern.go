package dedupe

// This file holds the comparison vectors, their patterns and the link
// rules over them; compare.go holds the field comparisons that make a
// vector.

import "math"

// Vector is the comparison of two rows, one level per field: the
// built-in fields, then the extra slots (Missing when unused).
type Vector [maxFields]Level

// Pattern encodes a vector as one number (mixed radix, the first field
// the lowest digit), the key under which the EM step counts vectors. A
// vector whose extra slots are all missing has a pattern below
// BuiltinPatterns.
type Pattern uint32

// BuiltinPatterns is the number of patterns of the built-in fields;
// NumPatterns the number of all patterns (extra slots included).
var BuiltinPatterns, NumPatterns = func() (int, int) {
	n := 1
	for f := Field(0); f < numFields; f++ {
		n *= f.Levels()
	}
	return n, n * pow(ExtraLevels, MaxExtra)
}()

// patternsFor is the number of patterns of a run with k extra
// comparisons: its counts need no more.
func patternsFor(k int) int { return BuiltinPatterns * pow(ExtraLevels, k) }

func pow(b, e int) int {
	n := 1
	for range e {
		n *= b
	}
	return n
}

// agrees reports whether any field of v is neither missing nor at its
// lowest level (different): a pair that agrees nowhere can only weigh
// against a match, and is counted but not kept.
func (v Vector) agrees() bool {
	for f := Field(0); f < maxFields; f++ {
		if l := v[f]; f.weighs(l) && l < f.different() {
			return true
		}
	}
	return false
}

// Links reports whether a pair with comparison p may be linked at all
// (its score decides whether it is): not when the name is the only field
// that agrees and another field disagrees (name=equal address=different:
// namesakes look like this; a common name's words may weigh a lot), nor
// when one field besides the name agrees and two or more disagree
// (Outweighed). A name with every other field missing (or neutral) links
// when its weight alone reaches the threshold, as a rare full name's can.
// Every field counts; Model.Links leaves out the extra fields whose
// agreement says little.
func Links(p Pattern) bool { return links(p, 0) }

func links(p Pattern, weak fieldSet) bool {
	agree, disagree := agreement(p, weak)
	return (agree > 0 || disagree == 0) && !outweighed(agree, disagree, p.Vector())
}

// Outweighed reports whether a pair with comparison p is kept from
// linking because, besides the name, only one field that namesakes
// often share agrees while two or more disagree: an email spelt from
// the name (close: equal addresses made of the name are close), a phone
// or an address. name=equal email=close birth_date=different
// address=different is how namesakes look whose addresses were spelt
// from the name, and a father and his son at one address look the same
// with address=equal. These fields are not independent of the name (an
// address spelt from a name agrees because the names do; a family shares
// a surname and a home), so their weights overrate such pairs. A birth
// date, or an equal email not made of the name, is evidence namesakes do
// not share: a duplicate that moved and changed its email still links on
// its name and birth date.
func Outweighed(p Pattern) bool { return outweighedBy(p, 0) }

func outweighedBy(p Pattern, weak fieldSet) bool {
	agree, disagree := agreement(p, weak)
	return outweighed(agree, disagree, p.Vector())
}

// Links is the package's Links for this model's pairs: an extra field
// (dedupe.compare) whose agreement weighs less than weakBits, such as a
// gender, counts neither as agreeing nor as disagreeing. name=equal
// gender=equal address=different is how namesakes look; two of five
// people share an occupation's most common value less often than two
// rows of one gender agree.
// It computes the model's weak fields on every call: a caller that
// checks many pairs takes the model's LinkRules once.
func (m *Model) Links(p Pattern) bool { return m.LinkRules().Links(p) }

// Outweighed is the package's Outweighed with the model's weak fields
// left out (see Model.Links).
func (m *Model) Outweighed(p Pattern) bool { return m.LinkRules().Outweighed(p) }

// LinkRules are a model's link rules (Model.Links, Model.Outweighed,
// Model.ReasonFor) with its weak fields worked out once.
type LinkRules struct{ weak fieldSet }

// LinkRules returns the model's link rules.
func (m *Model) LinkRules() LinkRules { return LinkRules{weak: m.weakFields()} }

// Links is Model.Links.
func (r LinkRules) Links(p Pattern) bool { return links(p, r.weak) }

// Outweighed is Model.Outweighed.
func (r LinkRules) Outweighed(p Pattern) bool { return outweighedBy(p, r.weak) }

// weakBits is the least weight (log2 m/u) at which an extra field's
// equal level counts as agreement for Model.Links: about one random pair
// in four agreeing as often as true pairs do.
const weakBits = 2

// fieldSet is a set of fields, bit f for field f.
type fieldSet uint32

// weakFields returns the extra fields whose equal level weighs less than
// weakBits, and those the name implies (FieldNames.ImpliedByName).
func (m *Model) weakFields() fieldSet {
	var s fieldSet
	for f := numFields; f < maxFields; f++ {
		if i := int(f - numFields); i < len(m.Extra) && m.Extra[i].ImpliedByName {
			s |= 1 << f // what the name says already
			continue
		}
		if int(Equal) >= len(m.M[f]) || int(Equal) >= len(m.U[f]) || m.U[f][Equal] <= 0 {
			continue
		}
		if math.Log2(m.M[f][Equal]/m.U[f][Equal]) < weakBits {
			s |= 1 << f
		}
	}
	return s
}

func outweighed(agree, disagree int, v Vector) bool {
	if agree != 1 || disagree < 2 {
		return false
	}
	birth := v[FieldBirth] != Missing && v[FieldBirth] < FieldBirth.different()
	return !birth && v[FieldEmail] != Equal
}

// agreement counts the fields of p besides the name (and those in weak)
// that agree (at any level above different) and those that disagree
// (different); missing and neutral levels count neither way.
func agreement(p Pattern, weak fieldSet) (agree, disagree int) {
	v := p.Vector()
	for f := Field(0); f < maxFields; f++ {
		l := v[f]
		if f == FieldName || !f.weighs(l) || weak&(1<<f) != 0 {
			continue
		}
		if l < f.different() {
			agree++
		} else {
			disagree++
		}
	}
	return agree, disagree
}

// Pattern returns v's pattern.
func (v Vector) Pattern() Pattern {
	p := 0
	for f := Field(maxFields - 1); f >= 0; f-- {
		p = p*f.Levels() + int(v[f])
	}
	return Pattern(p)
}

// Vector decodes a pattern.
func (p Pattern) Vector() Vector {
	var v Vector
	n := int(p)
	for f := Field(0); f < maxFields; f++ {
		v[f] = Level(n % f.Levels())
		n /= f.Levels()
	}
	return v
}
