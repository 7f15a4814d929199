package dedupe

import "math"

// Term-frequency adjustment (as in Splink): agreeing on a common value
// (the name John Smith, the birth date 1900-01-01, the phone 1234567,
// info@…) is weaker evidence than agreeing on a rare one. For a field at
// its "equal" level, the average u of the model is replaced by the share
// of rows holding that very value, which the group step knows: it is the
// size of the value's block.

// tfBounds limit the adjustment in bits, so that one value never decides
// a pair on its own.
const (
	tfMin = -10.0
	tfMax = 3.0
)

// tfFields are the fields adjusted, with the rule whose keys hold the value.
var tfFields = []struct {
	field Field
	rule  Rule
	equal Level
}{
	{FieldName, RuleNameTokens, NameEqual},
	{FieldEmail, RuleEmail, Equal},
	{FieldPhone, RulePhone, Equal},
	{FieldBirth, RuleBirth, BirthEqual},
	{FieldAddress, RuleAddress, Equal},
}

// termFreq holds, per adjusted field, log2 of the model's average u at the
// equal level and the number of rows that have the field.
type termFreq struct {
	logU [numFields]float64
	rows [numFields]float64
}

func newTermFreq(m *Model, feats []Features) *termFreq {
	t := &termFreq{}
	for _, f := range tfFields {
		t.logU[f.field] = math.Log2(m.U[f.field][f.equal])
	}
	for i := range feats {
		x := &feats[i]
		if len(x.Tokens) > 0 {
			t.rows[FieldName]++
		}
		if len(x.Emails) > 0 {
			t.rows[FieldEmail]++
		}
		if len(x.Phones) > 0 {
			t.rows[FieldPhone]++
		}
		if x.Birth != 0 {
			t.rows[FieldBirth]++
		}
		if len(x.Addr) >= 2 {
			t.rows[FieldAddress]++
		}
	}
	return t
}

// adjust returns the term-frequency adjustment of a pair's weight.
func (t *termFreq) adjust(a, b []blockKey, p Pattern) float64 {
	v := p.Vector()
	adj := 0.0
	for _, f := range tfFields {
		if v[f.field] != f.equal || t.rows[f.field] == 0 {
			continue
		}
		size := sharedSize(a, b, f.rule)
		if size == 0 {
			continue
		}
		uValue := float64(size) / t.rows[f.field]
		adj += clamp(t.logU[f.field]-math.Log2(uValue), tfMin, tfMax)
	}
	return adj
}

// sharedSize is the block size of the smallest key of rule r both rows
// share (the most specific value they agree on), or 0.
func sharedSize(a, b []blockKey, r Rule) uint32 {
	best := uint32(0)
	for _, x := range a {
		if x.rule != r {
			continue
		}
		for _, y := range b {
			if y.rule == r && y.h == x.h && (best == 0 || x.size < best) {
				best = x.size
			}
		}
	}
	return best
}

// probability turns a match weight into a probability.
func probability(w float64) float64 { return 1 / (1 + math.Exp2(-w)) }
