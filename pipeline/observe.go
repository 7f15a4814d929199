package pipeline

import (
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/report"
)

// Observer sees every row as it is written, in output order, from one
// goroutine: the run report's *report.Collector. It must not keep the
// row or its slices after Observe returns.
type Observer interface {
	Observe(r *report.Row)
}

// observe hands a written row to the observer, through one reused
// report.Row.
func (r *runner) observe(obs *report.Row, rec *record.Record, rowErr error, badInput bool, outcomes []Outcome, out []record.Value) {
	*obs = report.Row{Index: rec.Index, Line: rec.Line, Values: rec.Values, Problem: rec.Problem,
		Err: rowErr, BadInput: badInput, Outcomes: outcomes, Output: out}
	r.o.Observer.Observe(obs)
}

// ReportTotals returns the summary's counters for the run report, so that
// the page shows exactly the numbers of the summary JSON.
func (s *Summary) ReportTotals() report.Totals {
	t := report.Totals{
		RowsIn: s.RowsIn, RowsOut: s.RowsOut, RowsWithErrors: s.RowsWithErrors,
		Errors: report.ErrorTotals{ReaderProblem: s.Errors.ReaderProblem, Build: s.Errors.Build, ByOp: s.Errors.ByOp,
			RetriesExhausted: s.Errors.RetriesExhausted, NotDone: s.Errors.NotDone},
		Requests: s.Requests, Calls: s.Calls, Retries: s.Retries,
		CacheHitsMemory: s.CacheHitsMemory, CacheHitsPersistent: s.CacheHitsPersistent, DedupHits: s.DedupHits,
		Elapsed: s.Elapsed, RowsPerSec: s.RowsPerSec,
		Gender: s.Gender, Disposable: s.Disposable, DisposableShare: s.DisposableShare,
		Stopped: s.Stopped,
	}
	if in := s.Input; in != nil {
		t.Input = &report.InputTotals{Malformed: in.Malformed, Rejected: in.Rejected, BlankLinesSkipped: in.BlankLinesSkipped,
			BlankLinesKept: in.BlankLinesKept, TrailingDelimiters: in.TrailingDelimiters, Notes: in.Notes}
	}
	for _, b := range s.RiskScores {
		t.RiskScores = append(t.RiskScores, report.Bin{From: b.From, To: b.To, Count: b.Count})
	}
	return t
}
