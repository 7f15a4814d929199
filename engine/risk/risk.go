// Package risk is the engine's risk detector: it tells whether a person's
// data looks fake or disguised, with one file of checks per data item
// (name, email, age, phone, address).
package risk

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/namepipe/namepipe/engine/internal/domaincache"
	"github.com/namepipe/namepipe/engine/lexicon"

	"github.com/namepipe/namepipe/nameapi"
)

// Op is the risk detector's operation name, as in its REST path.
var Op = nameapi.EndpointRiskDetector.Name()

// Detector answers the risk detector from a Lexicon. Create it with New.
type Detector struct {
	lex     lexicon.Lexicon
	now     func() time.Time   // the clock of the age checks
	domains *domaincache.Cache // the email domains' facts (domains.go)
}

// New returns a Detector over lex whose age checks take the date from now.
func New(lex lexicon.Lexicon, now func() time.Time) *Detector {
	return &Detector{lex: lex, now: now, domains: domaincache.New()}
}

// riskSet collects the findings and the evidence that the record is good.
// Its first findings are held in place, so that a riskSet on a checker's
// stack costs no allocation for the few findings a record has
// (BenchmarkDetectRiskFullRecord's allocs/op).
type riskSet struct {
	n     int        // findings
	first [4]finding // findings 0..3
	more  []finding  // findings 4..n-1
	good  float64    // sum of positive evidence, 0..1
}

// at returns finding i (< r.n).
func (r *riskSet) at(i int) *finding {
	if i < len(r.first) {
		return &r.first[i]
	}
	return &r.more[i-len(r.first)]
}

// push appends f to the findings.
func (r *riskSet) push(f finding) {
	if r.n < len(r.first) {
		r.first[r.n] = f
	} else {
		r.more = append(r.more, f)
	}
	r.n++
}

// finding is one detected risk and its cause.
type finding struct {
	risk  nameapi.DetectedRisk
	cause cause
}

// cause tells apart independent findings of the same risk type on the
// same data item: each is a risk of its own ("info@example.com": the
// reserved domain and the role mailbox; "55555 Atlantis": the placeholder
// postal code and the fictional locality), while one check that fires on
// several words of an item (two random-typing words, two placeholder
// words of a name) is one finding.
type cause uint8

const (
	causeWhole     cause = iota // the item as a whole, or its one check of that type
	causeLocalPart              // an email address's local part (the domain is causeWhole)
	causeRole                   // a role mailbox ("info@", "office@")
	causePostal                 // an address's postal code (its words are causeWhole)
)

// add records a finding of the item's check of type typ (causeWhole; see
// addCause).
func (r *riskSet) add(item, typ string, score float64, reason string) {
	r.addCause(item, typ, causeWhole, score, reason)
}

// addCause records a finding. There is one risk per data item, type and
// cause: a second finding of the same raises the score (and takes the
// reason) when it is higher.
func (r *riskSet) addCause(item, typ string, c cause, score float64, reason string) {
	for i := range r.n {
		f := r.at(i)
		if f.risk.DataItem != item || string(f.risk.RiskType) != typ || f.cause != c {
			continue
		}
		if f.risk.RiskScore < score {
			f.risk.RiskScore = round3(score)
			f.risk.Reason = reason
		}
		return
	}
	r.push(finding{risk: nameapi.DetectedRisk{
		DataItem:  item,
		RiskType:  nameapi.RiskType(typ),
		RiskScore: round3(score),
		Reason:    reason,
	}, cause: c})
}

// risks returns the risks found, in the order found (nil for none).
func (r *riskSet) risks() []nameapi.DetectedRisk {
	if r.n == 0 {
		return nil
	}
	return r.appendRisks(make([]nameapi.DetectedRisk, 0, r.n))
}

// appendRisks appends the risks found to dst, in the order found.
func (r *riskSet) appendRisks(dst []nameapi.DetectedRisk) []nameapi.DetectedRisk {
	for i := range r.n {
		dst = append(dst, r.at(i).risk)
	}
	return dst
}

// quoted returns before, then s quoted as by strconv.Quote (fmt's %q),
// then the after parts: a risk's reason, in one allocation and without
// fmt, for the checks that run for every record.
func quoted(before, s string, after ...string) string {
	var buf [128]byte
	b := append(buf[:0], before...)
	b = strconv.AppendQuote(b, s)
	for _, a := range after {
		b = append(b, a...)
	}
	return string(b)
}

// Detect tells whether the person's data looks fake or disguised.
//
// It checks the name (placeholders such as "John Doe" and "test test",
// random keyboard typing, fictional, famous and joke names, refusals and
// vulgar words, given name equal to surname; spaced, stuttered and padded
// typing, mixed case and leetspeak), the email addresses (disposable
// providers, placeholder local parts and domains, domains that cannot
// receive mail: not a host name, or reserved), the age (impossible
// dates such as 31 February, birth in the future or more than 120 years
// ago, placeholder dates such as 1900-01-01), the phone numbers (1234567,
// 0000000, repeated digits) and the addresses ("Musterstraße 1", "123
// Main St", "Sesame Street").
//
// Impossible dates are reported as AGE risks, not as invalid input: the
// risk detector's purpose is to judge such data. names are the name checks
// of p (see CheckNames).
//
// Each independent finding is a risk of its own (see cause), worst first.
// The score is in [-1, 1]: 1-Π(1-riskScore) over the risks when there are
// any; otherwise negative when the record looks good (known given name and
// surname, an email that matches the name, a plausible age) and 0 when
// there is nothing to say.
func (e *Detector) Detect(p *nameapi.InputPerson, names Names) *nameapi.RiskDetectorResult {
	var rs riskSet
	for _, k := range names.risks() {
		rs.push(finding{risk: k}) // the name checks' findings are all causeWhole
	}
	rs.good = names.good
	e.emailRisks(p, &names, &rs)
	e.ageRisks(p, &rs)
	telRisks(p, &rs)
	addressRisks(p, &rs)
	return rs.result()
}

// result returns the detector's answer; with one or two risks (most
// records with any) the answer and its risks are one allocation
// (resultOfOne, resultOfTwo).
func (r *riskSet) result() *nameapi.RiskDetectorResult {
	var res *nameapi.RiskDetectorResult
	switch n := r.n; {
	case n == 0:
		res = &nameapi.RiskDetectorResult{Risks: []nameapi.DetectedRisk{}}
	case n == 1:
		one := &resultOfOne{}
		one.res.Risks = r.appendRisks(one.risks[:0:1])
		res = &one.res
	case n == 2:
		two := &resultOfTwo{}
		two.res.Risks = r.appendRisks(two.risks[:0:n])
		res = &two.res
	default:
		res = &nameapi.RiskDetectorResult{Risks: r.risks()}
	}
	if len(res.Risks) > 0 {
		// Worst first; ties keep the checks' fixed order (name, email,
		// age, phone, address; within an item, the order of its checks).
		slices.SortStableFunc(res.Risks, func(a, b nameapi.DetectedRisk) int { return cmp.Compare(b.RiskScore, a.RiskScore) })
		keep := 1.0
		for _, k := range res.Risks {
			keep *= 1 - k.RiskScore
		}
		res.Score = round3(math.Max(0.001, 1-keep))
		return res
	}
	res.Score = -round3(math.Min(0.9, r.good))
	if res.Score == 0 {
		res.Score = 0 // no negative zero
	}
	return res
}

// ---------------------------------------------------------------------------
// Names

// ---------------------------------------------------------------------------
// Emails

// ---------------------------------------------------------------------------
// Age

// resultOfOne and resultOfTwo are answers with room for their risks in
// the same allocation; their Risks slices have no room to grow.
type resultOfOne struct {
	res   nameapi.RiskDetectorResult
	risks [1]nameapi.DetectedRisk
}

type resultOfTwo struct {
	res   nameapi.RiskDetectorResult
	risks [2]nameapi.DetectedRisk
}

// ---------------------------------------------------------------------------
// Phone numbers

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
