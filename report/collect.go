package report

import (
	"container/heap"
	"errors"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Bounds of the aggregates: whatever the number of rows, a Collector holds
// no more than these.
const (
	// SamplesPerKind is the number of example rows kept per error kind.
	SamplesPerKind = 5
	// RiskyRows is the number of highest-risk rows kept.
	RiskyRows = 20
	// TopReasons is the number of risk reasons shown.
	TopReasons = 20
	// TopDomains is the number of email domains shown per kind.
	TopDomains = 10
	// MaxPlaces bounds the distinct places counted one by one; later new
	// values count under "(other)", which is one of them.
	MaxPlaces = 500
	// maxEnum bounds the distinct values of a field that should be an
	// enumeration (gender, risk type, …) but comes from a remote service.
	maxEnum = 32
	// counter capacities of the heavy-hitter counters
	reasonCapacity = 1000
	domainCapacity = 1000
)

// other is the label of values beyond a bound.
const other = "(other)"

// Layout is what a Collector needs to know about the run: its operations
// and which input columns to show and to count by.
type Layout struct {
	// Ops are the run's operations, indexed like Row.Outcomes.
	Ops []mapping.Op
	// Schema is the input schema.
	Schema record.Schema
	// Shown are the mapped input columns shown in the tables of rows.
	Shown []mapping.InputColumn
	// Place is the per-row place (country) column; Index < 0 when none.
	Place mapping.InputColumn
	// Email is the email column of each email operation that has one.
	Email map[mapping.Op]mapping.InputColumn
	// ErrorText turns an error into the text shown (the API key
	// redacted); nil uses err.Error().
	ErrorText func(error) string
	// Output is the output schema, and PersonTypeColumn the name of the
	// parser's person_type column in it; when the run does not write
	// that column ("") the person type is read from the parser's result.
	Output           record.Schema
	PersonTypeColumn string
}

// maxShownColumns is the most input columns shown per row.
const maxShownColumns = 6

// shownOrder ranks mapped columns by config key for the tables of rows:
// names first, then contact data, then the rest.
var shownOrder = []string{"person.fullName", "person.givenName", "person.surname", "person.legalName", "person.names",
	"person.email", "person.phone", "person.birth", "context.placeColumn", "person.address.country",
	"person.address.locality", "person.type"}

func shownRank(key string) int {
	for i, p := range shownOrder {
		if strings.HasPrefix(key, p) {
			return i
		}
	}
	return len(shownOrder)
}

// LayoutOf returns the layout of a mapping plan.
func LayoutOf(p *mapping.Plan, in record.Schema) Layout {
	l := Layout{Ops: p.Ops(), Schema: in, Place: mapping.InputColumn{Index: -1},
		Email: map[mapping.Op]mapping.InputColumn{}, ErrorText: p.ErrorText, Output: p.OutputSchema()}
	if name, ok := p.Column(mapping.OpParse, "person_type"); ok {
		l.PersonTypeColumn = name
	}
	l.Shown = p.InputColumns()
	slices.SortStableFunc(l.Shown, func(a, b mapping.InputColumn) int { return shownRank(a.Key) - shownRank(b.Key) })
	if len(l.Shown) > maxShownColumns {
		l.Shown = l.Shown[:maxShownColumns]
	}
	if c, ok := p.PlaceColumn(); ok {
		l.Place = c
	}
	for _, op := range l.Ops {
		if c, ok := p.EmailColumn(op); ok {
			l.Email[op] = c
		}
	}
	return l
}

// Row is one written row as the Collector sees it. The Collector keeps
// nothing of it beyond Observe: the caller may reuse it and its slices.
type Row struct {
	// Index is the 0-based data row number; Line the line or row in the
	// source (0 when unknown).
	Index, Line int64
	// Values are the input values.
	Values []record.Value
	// Problem is the reader's problem with the row ("" when none).
	Problem string
	// Err is the row's own error (reader problem and/or mapping), or nil.
	Err error
	// BadInput is set when the mapping found unusable values.
	BadInput bool
	// Outcomes are indexed like Layout.Ops; a zero Outcome is an
	// operation that did not run.
	Outcomes []mapping.Outcome
	// Output is the output row (input values, result columns, error
	// column), or nil.
	Output []record.Value
}

// Sample is one example row of an error kind.
type Sample struct {
	Row, Line int64
	Column    string
	Message   string
}

type errKind struct {
	count   int64
	samples []Sample
}

// Gender confidence bands: [0, .5), [.5, .8), [.8, .95), [.95, 1].
var bandLimits = [...]float64{0.5, 0.8, 0.95}

// BandLabels name the gender confidence bands.
var BandLabels = [...]string{"below 50 %", "50–80 %", "80–95 %", "95 % and above"}

const nBands = len(BandLabels)

func band(conf float64) int {
	for i, l := range bandLimits {
		if conf < l {
			return i
		}
	}
	return nBands - 1
}

// riskyRow is one of the highest-risk rows.
type riskyRow struct {
	Row, Line int64
	Values    []string
	Score     float64
	Types     string
	Reasons   string
}

// PlaceStats counts the rows of one place value.
type PlaceStats struct {
	Rows, Errors, Risky, Disposable, Male, Female int64
}

// Collector gathers the report's aggregates from the rows of a run. It is
// not safe for concurrent use: the pipeline calls Observe from its single
// writing goroutine.
type Collector struct {
	lay  Layout
	text func(error) string
	// indexes in lay.Ops, -1 when the run lacks the operation
	iParse, iGender, iRisk, iDisp, iClassify int
	dispCol, classCol                        int
	personTypeCol                            int // in the output row; -1: none

	rows   int64
	reader errKind
	build  errKind
	byOp   []errKind

	gender      enumCount[[nBands]int64]
	personTypes enumCount[int64]
	riskPairs   map[[2]string]int64 // (type, item) as counted in riskTypes, riskItems
	riskTypes   enumCount[int64]
	riskItems   enumCount[int64]
	riskyCount  int64
	reasons     *TopK
	risky       riskHeap

	dispDomains enumCount[domainKind] // disposable value → domains
	domainTypes enumCount[domainKind] // classify's domain type → domains

	places enumCount[PlaceStats]
}

// NewCollector returns a Collector for a run with layout l.
func NewCollector(l Layout) *Collector {
	c := &Collector{lay: l, text: l.ErrorText, iParse: -1, iGender: -1, iRisk: -1, iDisp: -1, iClassify: -1,
		dispCol: -1, classCol: -1, personTypeCol: -1, reasons: NewTopK(reasonCapacity)}
	if l.PersonTypeColumn != "" {
		c.personTypeCol = l.Output.Index(l.PersonTypeColumn)
	}
	if c.text == nil {
		c.text = func(err error) string { return err.Error() }
	}
	c.byOp = make([]errKind, len(l.Ops))
	for i, op := range l.Ops {
		switch op {
		case mapping.OpParse:
			c.iParse = i
		case mapping.OpGenderize:
			c.iGender = i
		case mapping.OpRisk:
			c.iRisk = i
		case mapping.OpDisposable:
			c.iDisp = i
			if col, ok := l.Email[op]; ok {
				c.dispCol = col.Index
			}
		case mapping.OpClassify:
			c.iClassify = i
			if col, ok := l.Email[op]; ok {
				c.classCol = col.Index
			}
		}
	}
	c.gender.limit, c.personTypes.limit = maxEnum, maxEnum
	c.riskTypes.limit, c.riskItems.limit = maxEnum, maxEnum
	c.riskPairs = make(map[[2]string]int64)
	c.dispDomains.limit, c.domainTypes.limit = maxEnum, maxEnum
	c.places.limit = MaxPlaces
	return c
}

// Observe adds one written row.
func (c *Collector) Observe(r *Row) {
	c.rows++
	bad := false
	if r.Problem != "" {
		bad = true
		c.reader.add(r, "", r.Problem)
	}
	if r.BadInput {
		bad = true
		col, msg := "", ""
		var re *mapping.RowError
		if errors.As(r.Err, &re) {
			col, msg = re.Column, re.Msg
		} else if r.Err != nil {
			msg = c.text(r.Err)
		}
		c.build.add(r, col, msg)
	}
	for i := range r.Outcomes {
		if err := r.Outcomes[i].Err; err != nil {
			bad = true
			col := ""
			if ec, ok := c.lay.Email[c.lay.Ops[i]]; ok {
				col = ec.Name
			}
			c.byOp[i].add(r, col, c.text(err))
		}
	}

	var place *PlaceStats
	if c.lay.Place.Index >= 0 {
		key := "(empty)"
		if s := c.cell(r, c.lay.Place.Index); s != "" {
			key = mapping.PlaceCode(s) // US, USA and United States are one place
		}
		place = c.places.at(key)
		place.Rows++
		if bad {
			place.Errors++
		}
	}

	if v, ok := value(mapping.Genderizer, r, c.iGender); ok {
		g := c.gender.at(v.Gender)
		g[band(v.Confidence)]++
		if place != nil {
			switch v.Gender {
			case nameapi.GenderMale:
				place.Male++
			case nameapi.GenderFemale:
				place.Female++
			}
		}
	}
	c.observePersonType(r)
	if v, ok := value(mapping.RiskDetector, r, c.iRisk); ok && !math.IsNaN(v.Score) {
		c.observeRisk(r, v, place)
	}
	domain, domainCol := "", -1 // the domain of the last email column read
	if v, ok := value(mapping.DisposableDetector, r, c.iDisp); ok {
		if place != nil && v.Disposable == nameapi.DisposableYes {
			place.Disposable++
		}
		domain, domainCol = domainOf(c.cell(r, c.dispCol)), c.dispCol
		c.dispDomains.at(v.Disposable).add(domain)
	}
	if v, ok := value(mapping.Classifier, r, c.iClassify); ok {
		if domainCol != c.classCol || domainCol < 0 {
			domain = domainOf(c.cell(r, c.classCol))
		}
		c.domainTypes.at(v.DomainType).add(domain)
	}
}

// domainKind counts the rows of one kind of email result and their
// most frequent domains.
type domainKind struct {
	rows int64
	top  *TopK
}

func (k *domainKind) add(domain string) {
	k.rows++
	if domain == "" {
		return
	}
	if k.top == nil {
		k.top = NewTopK(domainCapacity)
	}
	k.top.Add(domain)
}

// observePersonType counts the parser's person type, from the output
// row's column when there is one: the writer reads that column anyway,
// while the parser's result is no longer in the CPU's cache (reading it
// cost 1 % of a local run's CPU by profile).
func (c *Collector) observePersonType(r *Row) {
	if c.iParse < 0 || c.iParse >= len(r.Outcomes) {
		return
	}
	if i := c.personTypeCol; i >= 0 && i < len(r.Output) {
		if r.Outcomes[c.iParse].Err == nil && r.Outcomes[c.iParse].Value != nil {
			if t, ok := r.Output[i].(string); ok {
				*c.personTypes.at(t)++
			}
		}
		return
	}
	if v, ok := value(mapping.Parser, r, c.iParse); ok {
		if m := v.Best(); m != nil && m.ParsedPerson != nil {
			*c.personTypes.at(m.ParsedPerson.PersonType)++
		}
	}
}

func (c *Collector) observeRisk(r *Row, v *nameapi.RiskDetectorResult, place *PlaceStats) {
	if len(v.Risks) == 0 {
		return
	}
	c.riskyCount++
	if place != nil {
		place.Risky++
	}
	for _, k := range v.Risks {
		t, it := countKey(&c.riskTypes, string(k.RiskType)), countKey(&c.riskItems, k.DataItem)
		pair := [2]string{t, it}
		if _, ok := c.riskPairs[pair]; !ok {
			pair = [2]string{strings.Clone(t), strings.Clone(it)}
		}
		c.riskPairs[pair]++
		if k.Reason != "" {
			c.reasons.Add(clip(k.Reason, maxReasonBytes))
		}
	}
	if len(c.risky) == RiskyRows && !c.risky[0].less(v.Score, r.Index) {
		return
	}
	rr := &riskyRow{Row: r.Index + 1, Line: r.Line, Score: v.Score}
	for _, col := range c.lay.Shown {
		rr.Values = append(rr.Values, Visible(c.cell(r, col.Index)))
	}
	var types, reasons []string
	for _, k := range v.Risks {
		if t := string(k.RiskType) + " (" + k.DataItem + ")"; !contains(types, t) {
			types = append(types, t)
		}
		if k.Reason != "" && !contains(reasons, k.Reason) {
			reasons = append(reasons, k.Reason)
		}
	}
	rr.Types = Visible(strings.Join(types, ", "))
	rr.Reasons = visibleN(strings.Join(reasons, " · "), 4*maxShown)
	if len(c.risky) == RiskyRows {
		c.risky[0] = rr
		heap.Fix(&c.risky, 0)
	} else {
		heap.Push(&c.risky, rr)
	}
}

// cell returns the input value at index i as text ("" when absent).
func (c *Collector) cell(r *Row, i int) string {
	if i < 0 || i >= len(r.Values) {
		return ""
	}
	switch v := r.Values[i].(type) {
	case nil:
		return ""
	case string:
		return strings.TrimSpace(v)
	}
	return strings.TrimSpace(record.Format(r.Values[i], c.lay.Schema.Fields[i].Type))
}

// value returns the result of operation i of the row, of op's type,
// when it ran and succeeded.
func value[In, Out any](op *mapping.Operation[In, Out], r *Row, i int) (*Out, bool) {
	if i < 0 || i >= len(r.Outcomes) || r.Outcomes[i].Err != nil || r.Outcomes[i].Value == nil {
		return nil, false
	}
	v, ok := op.Value(r.Outcomes[i].Value)
	return v, ok && v != nil
}

// domainOf returns the lower-case domain of an email address, or "".
func domainOf(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 || at == len(email)-1 {
		return ""
	}
	d := strings.TrimRight(email[at+1:], ". >")
	if len(d) > 253 {
		return ""
	}
	return strings.ToLower(d)
}

func (k *errKind) add(r *Row, col, msg string) {
	k.count++
	if len(k.samples) < SamplesPerKind {
		k.samples = append(k.samples, Sample{Row: r.Index + 1, Line: r.Line, Column: Visible(col), Message: Visible(msg)})
	}
}

// maxKeyBytes bounds the length of a value counted by value (a place, a
// gender, a risk type …): longer ones are cut. maxReasonBytes does the
// same for risk reasons, which quote the input.
const (
	maxKeyBytes    = 64
	maxReasonBytes = 4 * maxShown
)

// clip cuts s to at most n bytes at a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// enumCount holds one value per key, for at most limit keys with
// "(other)", which the keys beyond share.
type enumCount[V any] struct {
	m     map[string]*V
	limit int
	// the last key looked up and its value: most rows repeat the
	// previous row's gender, disposable result, …
	lastKey string
	last    *V
}

// countKey adds one to the counter of key and returns the key it counted
// under: key cut to maxKeyBytes, or "(other)".
func countKey(e *enumCount[int64], key string) string {
	p := e.at(key)
	*p++
	if p != e.last {
		return other // at remembers every key but "(other)"
	}
	return e.lastKey
}

func (e *enumCount[V]) at(key string) *V {
	if e.last != nil && key == e.lastKey {
		return e.last
	}
	key = clip(key, maxKeyBytes)
	if v, ok := e.m[key]; ok {
		e.lastKey, e.last = key, v
		return v
	}
	if e.m == nil {
		e.m = make(map[string]*V)
	}
	if len(e.m) >= e.limit-1 {
		key = other
		if v, ok := e.m[key]; ok {
			return v
		}
	}
	v := new(V)
	key = strings.Clone(key)
	e.m[key] = v
	if key != other {
		e.lastKey, e.last = key, v
	}
	return v
}

// riskHeap is a min-heap of rows by score (on a tie the later row is
// smaller: earlier rows are kept).
type riskHeap []*riskyRow

func (r *riskyRow) less(score float64, index int64) bool {
	if r.Score != score {
		return r.Score < score
	}
	return r.Row-1 > index
}

func (h riskHeap) Len() int           { return len(h) }
func (h riskHeap) Less(i, j int) bool { return h[i].less(h[j].Score, h[j].Row-1) }
func (h riskHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *riskHeap) Push(x any)        { *h = append(*h, x.(*riskyRow)) }
func (h *riskHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
