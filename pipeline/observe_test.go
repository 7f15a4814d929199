package pipeline

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/namepipe/namepipe/report"
)

// seen records what the observer was handed (copies: the row is reused).
type seen struct {
	index    []int64
	names    []string
	bad      []bool
	outcomes [][]string
}

func (s *seen) Observe(r *report.Row) {
	s.index = append(s.index, r.Index)
	s.names = append(s.names, str(r.Values[0]))
	s.bad = append(s.bad, r.BadInput)
	var os []string
	for _, o := range r.Outcomes {
		switch {
		case o.Err != nil:
			os = append(os, "err")
		case o.Value != nil:
			os = append(os, fmt.Sprint(o.Value))
		default:
			os = append(os, "-")
		}
	}
	s.outcomes = append(s.outcomes, os)
}

// The observer sees every written row once, in output order, with its
// outcomes indexed like the plan's operations, and the summary's counters
// convert to the report's.
func TestObserverSeesEveryRowInOrder(t *testing.T) {
	forEachPath(t, func(t *testing.T, local bool) {
		rd := newMemReader(300, func(i int) string {
			switch i % 50 {
			case 7:
				return fmt.Sprint("BAD", i)
			case 8:
				return fmt.Sprint("PARTIAL", i)
			}
			return fmt.Sprint("name", i%20)
		})
		w := &memWriter{}
		call := func(ctx context.Context, op Op, key string) (any, error) {
			if op == "genderize" && key == "name3" {
				return nil, errors.New("refused")
			}
			return echo(ctx, op, key)
		}
		o := newOpts(rd, w, &fakePlan{ops: []Op{"parse", "genderize"}, call: call}, local)
		var s seen
		o.Observer = &s
		sum, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.index) != 300 {
			t.Fatalf("observed %d rows", len(s.index))
		}
		for i := range 300 {
			if s.index[i] != int64(i) || s.names[i] != str(w.rows[i].Values[0]) {
				t.Fatalf("row %d observed as index %d %q, written %q", i, s.index[i], s.names[i], str(w.rows[i].Values[0]))
			}
		}
		for i, want := range map[int][]string{0: {"parse(name0)", "genderize(name0)"}, 3: {"parse(name3)", "err"}, 7: {"-", "-"}} {
			if fmt.Sprint(s.outcomes[i]) != fmt.Sprint(want) {
				t.Errorf("row %d outcomes %v, want %v", i, s.outcomes[i], want)
			}
		}
		var bad int64
		for _, b := range s.bad {
			if b {
				bad++
			}
		}
		tot := sum.ReportTotals()
		if bad != sum.Errors.Build || tot.Errors.Build != sum.Errors.Build || tot.RowsOut != 300 || tot.Errors.ByOp["genderize"] != sum.Errors.ByOp["genderize"] {
			t.Errorf("bad input observed %d, summary %+v, totals %+v", bad, sum.Errors, tot.Errors)
		}
	})
}
