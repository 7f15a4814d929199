package report

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

func risk(t nameapi.RiskType, item, reason string) nameapi.DetectedRisk {
	return nameapi.DetectedRisk{RiskType: t, DataItem: item, Reason: reason}
}

func TestCollectorCounts(t *testing.T) {
	t.Parallel()
	c := NewCollector(testLayout())
	rows := []struct {
		vals     []record.Value
		outcomes []mapping.Outcome
		problem  string
		err      error
		bad      bool
	}{
		{[]record.Value{"Anna Schmidt", "anna@Web.de", "DE"}, outcomes("NATURAL", "FEMALE", 0.97, -0.8, nil, "NO", "FREEMAIL"), "", nil, false},
		{[]record.Value{"Max Mustermann", "max@mailinator.com", "Deutschland"}, outcomes("NATURAL", "MALE", 0.6, 0.95,
			[]nameapi.DetectedRisk{risk(nameapi.RiskPlaceholder, "NAME", "placeholder name"), risk(nameapi.RiskPlaceholder, "EMAIL", "disposable")}, "YES", "DISPOSABLE"), "", nil, false},
		{[]record.Value{"Acme GmbH", "info@acme.de", "AUT"}, outcomes("LEGAL", "NEUTRAL", 0.2, 0.5,
			[]nameapi.DetectedRisk{risk(nameapi.RiskFictional, "NAME", "placeholder name")}, "NO", "ORGANIZATION"),
			"", &mapping.RowError{Column: "birth_date", Msg: "day out of range"}, true},
		{[]record.Value{"ragged"}, make([]mapping.Outcome, 5), "wrong number of fields", errors.New("line 5: wrong number of fields"), false},
		{[]record.Value{"Bob", "", ""}, []mapping.Outcome{{}, {Err: errors.New("timeout")}, {}, {}, {}}, "", nil, false},
	}
	for i, r := range rows {
		c.Observe(&Row{Index: int64(i), Line: int64(i + 2), Values: r.vals, Problem: r.problem, Err: r.err, BadInput: r.bad, Outcomes: r.outcomes})
	}
	if c.rows != 5 || c.reader.count != 1 || c.build.count != 1 || c.byOp[1].count != 1 {
		t.Errorf("rows %d, reader %d, build %d, genderize errors %d", c.rows, c.reader.count, c.build.count, c.byOp[1].count)
	}
	if want := []Sample{{Row: 3, Line: 4, Column: "birth_date", Message: "day out of range"}}; !reflect.DeepEqual(c.build.samples, want) {
		t.Errorf("build samples %+v", c.build.samples)
	}
	if want := []Sample{{Row: 5, Line: 6, Message: "timeout"}}; !reflect.DeepEqual(c.byOp[1].samples, want) {
		t.Errorf("genderize samples %+v", c.byOp[1].samples)
	}
	if got := *c.gender.m["FEMALE"]; got != [nBands]int64{0, 0, 0, 1} {
		t.Errorf("FEMALE bands %v", got)
	}
	if got := *c.gender.m["MALE"]; got != [nBands]int64{0, 1, 0, 0} {
		t.Errorf("MALE bands %v", got)
	}
	if got := flat(c.personTypes.m); !reflect.DeepEqual(got, map[string]int64{"NATURAL": 2, "LEGAL": 1}) {
		t.Errorf("person types %v", got)
	}
	if c.riskyCount != 2 || c.riskPairs[[2]string{"PLACEHOLDER", "EMAIL"}] != 1 || *c.riskTypes.m["PLACEHOLDER"] != 2 {
		t.Errorf("risky %d, pairs %v", c.riskyCount, c.riskPairs)
	}
	if top := c.reasons.Top(1); top[0] != (Counted{Key: "placeholder name", Count: 2}) {
		t.Errorf("top reason %v", top)
	}
	if len(c.risky) != 2 {
		t.Fatalf("%d risky rows", len(c.risky))
	}
	if d := c.dispDomains.m["YES"]; d.rows != 1 || d.top.Top(1)[0].Key != "mailinator.com" {
		t.Errorf("disposable YES %+v", d)
	}
	if d := c.domainTypes.m["FREEMAIL"]; d.rows != 1 || d.top.Top(1)[0].Key != "web.de" {
		t.Errorf("FREEMAIL %+v (domains are lower-cased)", d)
	}
	// "DE" and "Deutschland" are one place, "AUT" is AT.
	want := map[string]PlaceStats{
		"DE":      {Rows: 2, Risky: 1, Disposable: 1, Male: 1, Female: 1},
		"AT":      {Rows: 1, Errors: 1, Risky: 1},
		"(empty)": {Rows: 2, Errors: 2},
	}
	got := map[string]PlaceStats{}
	for k, v := range c.places.m {
		got[k] = *v
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("places %+v, want %+v", got, want)
	}
}

// The highest-risk rows are the RiskyRows highest scores; on a tie the
// earlier row is kept.
func TestCollectorKeepsHighestRiskRows(t *testing.T) {
	t.Parallel()
	c := NewCollector(testLayout())
	for i := range 1000 {
		score := float64(i%100) / 100
		c.Observe(&Row{Index: int64(i), Values: []record.Value{fmt.Sprint("name", i), "", ""},
			Outcomes: outcomes("NATURAL", "MALE", 1, score, []nameapi.DetectedRisk{risk(nameapi.RiskOther, "NAME", fmt.Sprint("r", i))}, "NO", "ISP")})
	}
	v := (&Report{Data: c, Run: RunInfo{Ops: testLayout().Ops}}).riskView()
	if len(v.Rows) != RiskyRows {
		t.Fatalf("%d rows", len(v.Rows))
	}
	// Scores 0.99 (rows 100k+99) then 0.98 …: 10 rows of 0.99, 10 of 0.98.
	for i, r := range v.Rows {
		wantScore := 0.99
		wantRow := int64(100*i + 99 + 1)
		if i >= 10 {
			wantScore, wantRow = 0.98, int64(100*(i-10)+98+1)
		}
		if r.Score != wantScore || r.Row != wantRow {
			t.Errorf("rows[%d] = row %d score %v, want row %d score %v", i, r.Row, r.Score, wantRow, wantScore)
		}
	}
}

// Whatever the number of distinct values, the aggregates stay bounded.
func TestCollectorIsBounded(t *testing.T) {
	t.Parallel()
	c := NewCollector(testLayout())
	for i := range 20000 {
		s := fmt.Sprint("v", i)
		c.Observe(&Row{Index: int64(i), Values: []record.Value{s, s + "@" + s + ".example", s},
			Outcomes: outcomes(s, s, 1, 0.5, []nameapi.DetectedRisk{risk(nameapi.RiskType(s), s, s)}, s, s),
			Problem:  s, BadInput: true, Err: errors.New(s)})
	}
	sizes := map[string]int{
		"places": len(c.places.m), "genders": len(c.gender.m), "person types": len(c.personTypes.m),
		"risk types": len(c.riskTypes.m), "risk items": len(c.riskItems.m), "risk pairs": len(c.riskPairs),
		"reasons": len(c.reasons.index), "risky rows": len(c.risky), "disposable kinds": len(c.dispDomains.m),
		"domain types": len(c.domainTypes.m), "reader samples": len(c.reader.samples), "build samples": len(c.build.samples),
	}
	limits := map[string]int{
		"places": MaxPlaces, "genders": maxEnum, "person types": maxEnum, "risk types": maxEnum, "risk items": maxEnum,
		"risk pairs": maxEnum * maxEnum, "reasons": reasonCapacity, "risky rows": RiskyRows, "disposable kinds": maxEnum,
		"domain types": maxEnum, "reader samples": SamplesPerKind, "build samples": SamplesPerKind,
	}
	for k, n := range sizes {
		if n > limits[k] {
			t.Errorf("%s: %d entries, bound %d", k, n, limits[k])
		}
	}
	if o := c.places.m[other]; o == nil || o.Rows != 20000-MaxPlaces+1 {
		t.Errorf("(other) place: %+v", o)
	}
	for k, d := range c.domainTypes.m {
		if d.top != nil && len(d.top.index) > domainCapacity {
			t.Errorf("domains of %s: %d", k, len(d.top.index))
		}
	}
}

// BenchmarkCollectorObserve is the report's cost per row of a run with
// the five counted operations and a place column.
func BenchmarkCollectorObserve(b *testing.B) {
	c := NewCollector(testLayout())
	rows := make([]Row, 64)
	countries := []string{"DE", "FR", "ES", "IT", "NL", "AT", "CH", "US"}
	domains := []string{"gmail.com", "web.de", "gmx.de", "hotmail.es", "orange.fr", "mailinator.com", "acme.de"}
	for i := range rows {
		var risks []nameapi.DetectedRisk
		score := -0.7
		if i%12 == 0 {
			risks, score = []nameapi.DetectedRisk{risk(nameapi.RiskPlaceholder, "NAME", fmt.Sprintf("\"x%d\" is a placeholder.", i))}, 0.9
		}
		rows[i] = Row{Index: int64(i), Values: []record.Value{fmt.Sprint("Name ", i), fmt.Sprintf("p%d@%s", i, domains[i%len(domains)]), countries[i%len(countries)]},
			Outcomes: outcomes("NATURAL", "FEMALE", 0.9, score, risks, "NO", "FREEMAIL")}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := &rows[i%len(rows)]
		r.Index = int64(i)
		c.Observe(r)
	}
}

// Long values from the input or the service are cut before they are kept.
func TestCollectorCutsLongKeys(t *testing.T) {
	t.Parallel()
	c := NewCollector(testLayout())
	long := strings.Repeat("é", 40_000)
	for i := range 3 {
		c.Observe(&Row{Index: int64(i), Values: []record.Value{long, "a@" + long, long},
			Outcomes: outcomes(long, long, 1, 0.9, []nameapi.DetectedRisk{risk(nameapi.RiskType(long), long, long)}, long, long)})
	}
	for name, m := range map[string]map[string]*int64{"person types": c.personTypes.m, "risk types": c.riskTypes.m, "risk items": c.riskItems.m} {
		for k, n := range m {
			if len(k) > maxKeyBytes || *n != 3 {
				t.Errorf("%s: key of %d bytes counted %d", name, len(k), *n)
			}
		}
	}
	for k := range c.places.m {
		if len(k) > maxKeyBytes {
			t.Errorf("place key of %d bytes", len(k))
		}
	}
	if p := c.riskPairs; len(p) != 1 {
		t.Errorf("risk pairs %d", len(p))
	}
	top := c.reasons.Top(1)
	if len(top[0].Key) > maxReasonBytes || top[0].Count != 3 {
		t.Errorf("reason of %d bytes counted %d", len(top[0].Key), top[0].Count)
	}
	v := (&Report{Data: c, Run: RunInfo{Ops: testLayout().Ops}}).riskView()
	if len(v.Matrix) != 1 || v.Matrix[0].Cells[0].Count != 3 {
		t.Errorf("matrix %+v", v.Matrix)
	}
}

// The person type is read from the output row's column when the run
// writes it, else from the parser's result.
func TestPersonTypeFromTheOutputColumn(t *testing.T) {
	t.Parallel()
	l := testLayout()
	l.Output = record.Schema{Fields: append(slices.Clone(l.Schema.Fields), record.Field{Name: "np_person_type"})}
	for _, tc := range []struct {
		column string
		want   string
	}{{"np_person_type", "FROM_COLUMN"}, {"", "FROM_RESULT"}} {
		l.PersonTypeColumn = tc.column
		c := NewCollector(l)
		c.Observe(&Row{Values: []record.Value{"a", "b", "c"}, Output: []record.Value{"a", "b", "c", "FROM_COLUMN"},
			Outcomes: outcomes("FROM_RESULT", "MALE", 1, 0, nil, "NO", "ISP")})
		if got := flat(c.personTypes.m); !reflect.DeepEqual(got, map[string]int64{tc.want: 1}) {
			t.Errorf("column %q: person types %v", tc.column, got)
		}
	}
}
