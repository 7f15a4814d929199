package report

import (
	"sort"
	"strconv"
	"time"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
)

// view is what the template renders: every number already counted, every
// user value already made Visible (html/template escapes them).
type view struct {
	R          *Report
	T          *Totals
	ConfigHash string
	Generated  string
	Ops        string
	Elapsed    string
	Rate       string
	Errors     *errorsView
	Gender     *genderView
	Risk       *riskView
	Email      *emailView
	Persons    *[]bar
	Places     *placesView
	Input      *inputView
	PlaceLimit int64
	Dedupe     *dedupeView
}

type errorsView struct {
	Kinds []errKindView
}

type errKindView struct {
	Name, Key string
	Count     int64
	Samples   []Sample
}

type genderView struct {
	Bars   []bar
	Bands  []bandRow
	Labels []string
}

type bandRow struct {
	Gender string
	Total  int64
	Segs   []seg
}

type seg struct {
	X, W  float64
	Count int64
	Class string
	Label string
}

type riskView struct {
	Hist      []histBin
	Ticks     []tick
	HistTotal int64
	Risky     int64
	Items     []string
	Matrix    []matrixRow
	Reasons   []Counted
	Approx    bool
	Columns   []string
	Rows      []*riskyRow
	HasData   bool
}

type histBin struct {
	X, Y, W, H float64
	TX, TY     float64
	Count      int64
	Key        string
	Label      string
}

type tick struct {
	X      float64
	Label  string
	Anchor string
}

type matrixRow struct {
	Type  string
	Cells []matrixCell
	Total int64
}

type matrixCell struct {
	Count int64
	Class string
}

type emailView struct {
	Share     string
	DispBars  []bar
	DispTotal int64
	DispTop   []domainList
	Types     []bar
	TypeTops  []domainList
}

type domainList struct {
	Kind   string
	Rows   int64
	Top    []Counted
	Approx bool
}

type placesView struct {
	Column string
	Bars   []bar
	Rows   []placeRow
	More   int
}

type placeRow struct {
	Place string
	PlaceStats
	Share string
}

type dedupeView struct {
	C          *Clusters
	Sizes      []bar
	Labels     bool // some cluster has a label
	Hist       *weightHist
	Levels     *levelChart
	Waterfalls []waterfall
}

const (
	histW, histH = 600.0, 210.0
	histTop      = 22.0
	histBottom   = 180.0
)

func (r *Report) view() *view {
	v := &view{R: r, T: &r.Totals, PlaceLimit: MaxPlaces - 1, Ops: opNames(r.Run.Ops), Elapsed: Seconds(r.Totals.Elapsed), Rate: Rate(r.Totals.RowsPerSec)}
	if h := r.Run.ConfigSHA256; len(h) >= 12 {
		v.ConfigHash = h[:12]
	}
	if !r.Run.Generated.IsZero() {
		v.Generated = r.Run.Generated.UTC().Format(time.RFC3339)
	}
	d := r.Data
	ops := r.Run.Ops
	if d != nil && len(ops) == 0 {
		ops = d.lay.Ops
	}
	v.Errors = r.errorsView()
	v.Input = r.inputView()
	if hasOp(ops, mapping.OpGenderize) {
		v.Gender = r.genderView()
	}
	if hasOp(ops, mapping.OpRisk) {
		v.Risk = r.riskView()
	}
	if hasOp(ops, mapping.OpDisposable) || hasOp(ops, mapping.OpClassify) {
		v.Email = r.emailView(ops)
	}
	if d != nil && hasOp(ops, mapping.OpParse) {
		b, _ := countBars(flat(d.personTypes.m), "")
		v.Persons = &b
	}
	if d != nil && d.lay.Place.Index >= 0 {
		v.Places = d.placesView()
	}
	if c := r.Dedupe; c != nil {
		dv := &dedupeView{C: c}
		labels := make([]string, len(SizeRanges))
		for i, s := range SizeRanges {
			labels[i] = s.Label + " rows"
		}
		dv.Sizes = bars(labels, c.BySize[:], nil, c.Clusters)
		for _, l := range c.Largest {
			dv.Labels = dv.Labels || l.Label != ""
		}
		dv.Hist, dv.Levels, dv.Waterfalls = c.weightHist(), c.levelChart(), c.waterfalls()
		v.Dedupe = dv
	}
	return v
}

func (r *Report) errorsView() *errorsView {
	t := &r.Totals
	d := r.Data
	ev := &errorsView{}
	add := func(name, key string, n int64, k *errKind) {
		if n == 0 {
			return
		}
		kv := errKindView{Name: name, Key: key, Count: n}
		if k != nil {
			kv.Samples = k.samples
		}
		ev.Kinds = append(ev.Kinds, kv)
	}
	var reader, build *errKind
	if d != nil {
		reader, build = &d.reader, &d.build
	}
	add("Rows the reader flagged (ragged, invalid text)", "errors.reader_problem", t.Errors.ReaderProblem, reader)
	add("Unusable input values", "errors.build", t.Errors.Build, build)
	ops := r.Run.Ops
	if d != nil {
		ops = d.lay.Ops
	}
	for i, op := range ops {
		var k *errKind
		if d != nil {
			k = &d.byOp[i]
		}
		add("Operation "+string(op)+" failed", "errors.by_op."+string(op), t.Errors.ByOp[string(op)], k)
	}
	if len(ev.Kinds) == 0 {
		return nil // nothing to show by kind (a report without the run's counters)
	}
	return ev
}

type inputView struct {
	Malformed []bar
	In        *InputTotals
	Notes     []string
}

// inputView is what the reader met, or nil when there is nothing to say.
func (r *Report) inputView() *inputView {
	in := r.Totals.Input
	if in == nil || len(in.Malformed) == 0 && in.Rejected == 0 && in.BlankLinesSkipped == 0 && in.BlankLinesKept == 0 &&
		in.TrailingDelimiters == 0 && len(in.Notes) == 0 {
		return nil
	}
	iv := &inputView{In: in}
	iv.Malformed, _ = countBars(in.Malformed, "input.malformed.")
	for _, n := range in.Notes {
		iv.Notes = append(iv.Notes, visibleN(n, 4*maxShown))
	}
	return iv
}

// genderOrder puts the usual genders first.
var genderOrder = []string{nameapi.GenderMale, nameapi.GenderFemale, nameapi.GenderNeutral, nameapi.GenderUnknown,
	nameapi.GenderIndeterminable, nameapi.GenderConflict}

func (r *Report) genderView() *genderView {
	gv := &genderView{Labels: BandLabels[:]}
	gv.Bars, _ = countBars(r.Totals.Gender, "gender.")
	d := r.Data
	if d == nil {
		return gv
	}
	keys := make([]string, 0, len(d.gender.m))
	for k := range d.gender.m {
		keys = append(keys, k)
	}
	rank := func(g string) int {
		for i, o := range genderOrder {
			if o == g {
				return i
			}
		}
		return len(genderOrder)
	}
	sort.Slice(keys, func(i, j int) bool {
		if rank(keys[i]) != rank(keys[j]) {
			return rank(keys[i]) < rank(keys[j])
		}
		return keys[i] < keys[j]
	})
	for _, g := range keys {
		bands := d.gender.m[g]
		row := bandRow{Gender: Visible(g)}
		for _, n := range bands {
			row.Total += n
		}
		x := 0.0
		for i, n := range bands {
			w := 0.0
			if row.Total > 0 {
				w = float64(int(1000*float64(n)/float64(row.Total))) / 10
			}
			row.Segs = append(row.Segs, seg{X: x, W: w, Count: n, Class: "s" + strconv.Itoa(i), Label: BandLabels[i]})
			x += w
		}
		gv.Bands = append(gv.Bands, row)
	}
	return gv
}

func (r *Report) riskView() *riskView {
	rv := &riskView{}
	bins := r.Totals.RiskScores
	var most int64
	for _, b := range bins {
		most = max(most, b.Count)
		rv.HistTotal += b.Count
	}
	if n := len(bins); n > 0 {
		w := histW / float64(n)
		for i, b := range bins {
			h := 0.0
			if most > 0 {
				h = (histBottom - histTop) * float64(b.Count) / float64(most)
			}
			x := float64(i) * w
			rv.Hist = append(rv.Hist, histBin{X: x + 3, W: w - 6, Y: histBottom - h, H: h, TX: x + w/2, TY: histBottom - h - 5,
				Count: b.Count, Key: "risk_scores." + strconv.Itoa(i) + ".count",
				Label: num(b.From) + " to " + num(b.To)})
			a := "middle"
			if i == 0 {
				a = "start"
			}
			rv.Ticks = append(rv.Ticks, tick{X: x, Label: num(b.From), Anchor: a})
		}
		rv.Ticks = append(rv.Ticks, tick{X: histW, Label: num(bins[n-1].To), Anchor: "end"})
	}
	d := r.Data
	if d == nil {
		return rv
	}
	rv.HasData = true
	rv.Risky = d.riskyCount
	rv.Items = sortedKeys(d.riskItems.m)
	var top int64
	for _, n := range d.riskPairs {
		top = max(top, n)
	}
	for _, t := range sortedKeys(d.riskTypes.m) {
		mr := matrixRow{Type: Visible(t), Total: *d.riskTypes.m[t]}
		for _, it := range rv.Items {
			n := d.riskPairs[[2]string{t, it}]
			mr.Cells = append(mr.Cells, matrixCell{Count: n, Class: shade(n, top)})
		}
		rv.Matrix = append(rv.Matrix, mr)
	}
	for i := range rv.Items {
		rv.Items[i] = Visible(rv.Items[i])
	}
	rv.Reasons = visibleCounts(d.reasons.Top(TopReasons))
	rv.Approx = !d.reasons.Exact()
	for _, c := range d.lay.Shown {
		rv.Columns = append(rv.Columns, Visible(c.Name))
	}
	rv.Rows = append([]*riskyRow(nil), d.risky...)
	sort.Slice(rv.Rows, func(i, j int) bool { return rv.Rows[j].less(rv.Rows[i].Score, rv.Rows[i].Row-1) })
	return rv
}

func (r *Report) emailView(ops []mapping.Op) *emailView {
	ev := &emailView{}
	if hasOp(ops, mapping.OpDisposable) {
		ev.Share = Percent(r.Totals.DisposableShare)
		ev.DispBars, ev.DispTotal = countBars(r.Totals.Disposable, "disposable.")
		if d := r.Data; d != nil {
			ev.DispTop = domainLists(&d.dispDomains)
		}
	}
	if d := r.Data; d != nil && hasOp(ops, mapping.OpClassify) {
		counts := map[string]int64{}
		for k, dk := range d.domainTypes.m {
			counts[k] = dk.rows
		}
		ev.Types, _ = countBars(counts, "")
		ev.TypeTops = domainLists(&d.domainTypes)
	}
	return ev
}

func domainLists(m *enumCount[domainKind]) []domainList {
	var out []domainList
	for k, dk := range m.m {
		dl := domainList{Kind: Visible(k), Rows: dk.rows}
		if dk.top != nil {
			dl.Top = visibleCounts(dk.top.Top(TopDomains))
			dl.Approx = !dk.top.Exact()
		}
		out = append(out, dl)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Rows != out[j].Rows {
			return out[i].Rows > out[j].Rows
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// maxPlaceRows is the number of places listed in the table.
const maxPlaceRows = 30

func (d *Collector) placesView() *placesView {
	pv := &placesView{Column: Visible(d.lay.Place.Name)}
	keys := make([]string, 0, len(d.places.m))
	for k := range d.places.m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := d.places.m[keys[i]].Rows, d.places.m[keys[j]].Rows
		if a != b {
			return a > b
		}
		return keys[i] < keys[j]
	})
	if len(keys) > maxPlaceRows {
		pv.More = len(keys) - maxPlaceRows
		keys = keys[:maxPlaceRows]
	}
	var labels []string
	var counts []int64
	for _, k := range keys {
		s := d.places.m[k]
		pv.Rows = append(pv.Rows, placeRow{Place: Visible(k), PlaceStats: *s, Share: Share(s.Rows, d.rows)})
		if len(labels) < 12 {
			labels = append(labels, Visible(k))
			counts = append(counts, s.Rows)
		}
	}
	pv.Bars = bars(labels, counts, nil, d.rows)
	return pv
}

// num formats a bin limit: 0.2, −0.4 (with a minus sign).
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', 1, 64)
	if s == "-0.0" {
		return "0.0"
	}
	if s[0] == '-' {
		return "−" + s[1:]
	}
	return s
}

func visibleCounts(cs []Counted) []Counted {
	for i := range cs {
		cs[i].Key = Visible(cs[i].Key)
	}
	return cs
}

// shade is the CSS class of a matrix cell: h0 (empty) to h4 (the most).
func shade(n, top int64) string {
	if n == 0 || top == 0 {
		return "h0"
	}
	return "h" + strconv.Itoa(1+min(3, int(4*float64(n-1)/float64(top))))
}

func sortedKeys[V any](m map[string]*V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func flat(m map[string]*int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, v := range m {
		out[k] = *v
	}
	return out
}
