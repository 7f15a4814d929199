package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/namepipe/namepipe/outfile"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// Summary describes a finished (or stopped) run. Its JSON form is written
// by WriteJSON; it never contains the API key.
type Summary struct {
	// RowsIn is the number of rows read, RowsOut the number written
	// (handed to the output; see OutputDiscarded).
	RowsIn  int64 `json:"rows_in"`
	RowsOut int64 `json:"rows_out"`
	// OutputDiscarded is set (by the caller that aborts the output) when
	// the run stopped and its output was discarded: the RowsOut rows were
	// processed, but none of them is in the output.
	OutputDiscarded bool `json:"output_discarded,omitempty"`
	// ColumnsReplaced counts the result columns that were in the input
	// and were written in place with the new results (output.onExisting:
	// replace); set by the caller, which planned them.
	ColumnsReplaced int `json:"columns_replaced,omitempty"`
	// RowsCached counts, in a run with a persistent cache, the rows
	// written whose every result is in the cache: a rerun after a stop
	// re-uses them and calls the service only for the other rows.
	RowsCached int64 `json:"rows_cached,omitempty"`
	// RowsWithErrors counts rows whose error column is not empty.
	RowsWithErrors int64 `json:"rows_with_errors"`
	// Errors counts errors by kind.
	Errors ErrorCounts `json:"errors"`

	// Requests is the number of requests sent to the service (each
	// distinct one once on the remote path; on the local path, each one
	// a worker's memo did not answer);
	// Calls counts every attempt, retries included.
	Requests int64 `json:"requests"`
	Calls    int64 `json:"calls"`
	Retries  int64 `json:"retries"`
	// MaxAttempts is the most attempts any one request took (never more
	// than the configured limit).
	MaxAttempts int64 `json:"max_attempts"`
	// CacheHitsMemory and CacheHitsPersistent count results re-used from
	// the memory cache (or the local path's memo) and from the persistent
	// cache; DedupHits counts requests that joined an identical request
	// in flight.
	CacheHitsMemory     int64 `json:"cache_hits_memory"`
	CacheHitsPersistent int64 `json:"cache_hits_persistent"`
	DedupHits           int64 `json:"dedup_hits"`
	CacheErrors         int64 `json:"cache_errors,omitempty"`

	Elapsed    time.Duration `json:"-"`
	ElapsedSec float64       `json:"elapsed_seconds"`
	RowsPerSec float64       `json:"rows_per_second"`

	// Gender counts the genderize results by gender.
	Gender map[string]int64 `json:"gender,omitempty"`
	// RiskScores is the histogram of the risk detector's overall score.
	RiskScores []Bin `json:"risk_scores,omitempty"`
	// Disposable counts the disposable-email results (YES, NO, UNKNOWN);
	// DisposableShare is the share of YES among them.
	Disposable      map[string]int64 `json:"disposable,omitempty"`
	DisposableShare float64          `json:"disposable_share"`

	// Input counts what the reader met besides plain rows: malformed rows
	// by kind, rejected rows, blank lines (nil when the reader does not
	// count; see readers.Stats).
	Input *readers.Stats `json:"input,omitempty"`

	// Output says how the output path was written and which temporary
	// files of killed earlier runs were removed (nil when the writer
	// does not say; see writers.Output).
	Output *OutputInfo `json:"output,omitempty"`

	// Stopped is the reason the run stopped early, or "".
	Stopped string `json:"stopped,omitempty"`

	ops []Op
	// cached is set when the run has a persistent cache (RowsCached).
	cached bool
	// What count tallies of each op's results (indexed like ops), and the
	// tallies of gender and disposable answers, which fill copies into
	// Gender and Disposable: a few distinct words, counted by a look
	// along a short list instead of a map's hashing per row.
	kinds              []resultKind
	genders, disposals tally
}

// OutputInfo is how the output was written (Summary.Output).
type OutputInfo struct {
	// Written is outfile.Kind's text: a temporary file renamed into
	// place, stdout, or directly (a device or FIFO: no rename).
	Written string `json:"written"`
	// LeftoversRemoved are the temporary files of earlier runs of the
	// same output whose process was gone, removed at the start.
	LeftoversRemoved []string `json:"leftovers_removed,omitempty"`
}

// resultKind says which of an operation's results the summary counts.
type resultKind int

const (
	countNothing resultKind = iota
	countGender
	countRisk
	countDisposable
)

// tally counts words, of which there are few.
type tally []struct {
	word string
	n    int64
}

func (t *tally) add(word string) {
	for i := range *t {
		if (*t)[i].word == word {
			(*t)[i].n++
			return
		}
	}
	*t = append(*t, struct {
		word string
		n    int64
	}{word, 1})
}

// into adds the tally to m.
func (t tally) into(m map[string]int64) {
	for _, x := range t {
		m[x.word] += x.n
	}
}

// ErrorCounts counts row errors by kind. A row can count in several.
type ErrorCounts struct {
	// ReaderProblem: rows the reader flagged (ragged, invalid UTF-8).
	ReaderProblem int64 `json:"reader_problem"`
	// Build: rows the mapping could not turn into a request.
	Build int64 `json:"build"`
	// ByColumn: values of a typed input column (a date, a year, an age)
	// that could not be read, per input column; their rows are kept and
	// say why in the error column. Nil when every value was read.
	ByColumn map[string]int64 `json:"by_column,omitempty"`
	// ByOp: failed operations per op (each kind below included).
	ByOp map[string]int64 `json:"by_op"`
	// RetriesExhausted: operations that failed on every attempt.
	RetriesExhausted int64 `json:"retries_exhausted"`
	// NotDone: operations not sent or abandoned because the run stopped.
	NotDone int64 `json:"not_done"`
}

// Bin is one histogram bin: the count of values in [From, To) (the last
// bin includes To).
type Bin struct {
	From  float64 `json:"from"`
	To    float64 `json:"to"`
	Count int64   `json:"count"`
}

// riskBins are the bins of the overall risk score in [-1, 1].
const riskBins = 10

func newSummary(ops []Op) *Summary {
	s := &Summary{
		Errors:     ErrorCounts{ByOp: make(map[string]int64)},
		Gender:     make(map[string]int64),
		Disposable: make(map[string]int64),
		ops:        ops,
	}
	for _, op := range ops {
		s.Errors.ByOp[string(op)] = 0
		s.kinds = append(s.kinds, kindOf(op))
	}
	return s
}

// kindOf returns what the summary counts of op's results.
func kindOf(op Op) resultKind {
	switch op {
	case mapping.OpGenderize:
		return countGender
	case mapping.OpRisk:
		return countRisk
	case mapping.OpDisposable:
		return countDisposable
	}
	return countNothing
}

// count adds one emitted row: its reader problem, Build error and
// outcomes (zero where an operation did not run). Called by the single
// emitter goroutine.
func (s *Summary) count(rec *record.Record, rowErr error, badInput bool, outcomes []Outcome) {
	bad := rowErr != nil
	answered, failed := false, false
	defer func() {
		if s.cached && answered && !failed {
			s.RowsCached++
		}
	}()
	if rec.Problem != "" {
		s.Errors.ReaderProblem++
	}
	if badInput {
		s.Errors.Build++
		s.countValues(rowErr)
	}
	for i, op := range s.ops {
		o := outcomes[i]
		if o.Err != nil {
			bad, failed = true, true
			s.Errors.ByOp[string(op)]++
			var ex *exhaustedError
			switch {
			case errors.Is(o.Err, ErrStopped):
				s.Errors.NotDone++
			case errors.As(o.Err, &ex):
				s.Errors.RetriesExhausted++
			}
			continue
		}
		if o.Value != nil {
			answered = true
		}
		switch s.kinds[i] {
		case countGender:
			if v, ok := mapping.Genderizer.Value(o.Value); ok && v != nil {
				s.genders.add(v.Gender)
			}
		case countRisk:
			if v, ok := mapping.RiskDetector.Value(o.Value); ok && v != nil {
				s.addRisk(v.Score)
			}
		case countDisposable:
			if v, ok := mapping.DisposableDetector.Value(o.Value); ok && v != nil {
				s.disposals.add(v.Disposable)
			}
		}
	}
	if bad {
		s.RowsWithErrors++
	}
}

// countValues counts the values err (a row's Build error, joined with
// others) says could not be read, per column.
func (s *Summary) countValues(err error) {
	for _, e := range mapping.RowErrors(nil, err) {
		if s.Errors.ByColumn == nil {
			s.Errors.ByColumn = make(map[string]int64)
		}
		s.Errors.ByColumn[e.Column]++
	}
}

func (s *Summary) addRisk(score float64) {
	if math.IsNaN(score) {
		return
	}
	if s.RiskScores == nil {
		s.RiskScores = make([]Bin, riskBins)
		w := 2.0 / riskBins
		for i := range s.RiskScores {
			s.RiskScores[i].From = math.Round((-1+float64(i)*w)*100) / 100
			s.RiskScores[i].To = math.Round((-1+float64(i+1)*w)*100) / 100
		}
	}
	i := int(math.Floor((score + 1) / 2 * riskBins))
	s.RiskScores[min(max(i, 0), riskBins-1)].Count++
}

// fill copies the run's counters into s.
func (s *Summary) fill(r *runner, elapsed time.Duration) {
	s.RowsIn = r.st.rowsRead.Load()
	s.RowsOut = r.st.rowsWritten.Load()
	s.Requests = r.st.requests.Load()
	s.Calls = r.st.calls.Load()
	s.Retries = r.st.retries.Load()
	s.MaxAttempts = r.st.maxAttempts.Load()
	s.CacheHitsMemory = r.st.memHits.Load()
	s.CacheHitsPersistent = r.st.persistHits.Load()
	s.DedupHits = r.st.dups.Load()
	s.CacheErrors = r.st.cacheErrors.Load()
	s.Elapsed = elapsed
	s.ElapsedSec = elapsed.Seconds()
	if elapsed > 0 {
		s.RowsPerSec = float64(s.RowsOut) / elapsed.Seconds()
	}
	s.genders.into(s.Gender)
	s.disposals.into(s.Disposable)
	s.genders, s.disposals = nil, nil
	var all, yes int64
	for k, n := range s.Disposable {
		all += n
		if k == nameapi.DisposableYes {
			yes += n
		}
	}
	if all > 0 {
		s.DisposableShare = float64(yes) / float64(all)
	}
}

// String is a one-line summary for stderr.
func (s *Summary) String() string {
	var b strings.Builder
	if s.OutputDiscarded {
		fmt.Fprintf(&b, "%d rows in, %d processed but not written (the output was discarded), %d with errors", s.RowsIn, s.RowsOut, s.RowsWithErrors)
	} else {
		fmt.Fprintf(&b, "%d rows in, %d out, %d with errors", s.RowsIn, s.RowsOut, s.RowsWithErrors)
	}
	if s.ColumnsReplaced > 0 {
		fmt.Fprintf(&b, "; %d result columns replaced in place", s.ColumnsReplaced)
	}
	fmt.Fprintf(&b, "; %d calls (%d retries), cache hits %d memory + %d persistent, %d deduplicated",
		s.Calls, s.Retries, s.CacheHitsMemory, s.CacheHitsPersistent, s.DedupHits)
	fmt.Fprintf(&b, "; %s, %.0f rows/s", s.Elapsed.Round(time.Millisecond), s.RowsPerSec)
	if len(s.Gender) > 0 {
		keys := make([]string, 0, len(s.Gender))
		for k := range s.Gender {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s %d", k, s.Gender[k])
		}
		fmt.Fprintf(&b, "; gender %s", strings.Join(parts, ", "))
	}
	if len(s.Disposable) > 0 {
		fmt.Fprintf(&b, "; disposable %.1f%%", 100*s.DisposableShare)
	}
	if m := s.Errors.ByColumn; len(m) > 0 {
		fmt.Fprintf(&b, "; values not read: %s", countsText(m))
	}
	if in := s.Input; in != nil {
		if m := in.Malformed; len(m) > 0 {
			keys := make([]string, 0, len(m))
			var all int64
			for k, n := range m {
				keys = append(keys, k)
				all += n
			}
			sort.Strings(keys)
			parts := make([]string, len(keys))
			for i, k := range keys {
				parts[i] = fmt.Sprintf("%s %d", k, m[k])
			}
			fmt.Fprintf(&b, "; malformed rows %d (%s)", all, strings.Join(parts, ", "))
			if in.Rejected > 0 {
				fmt.Fprintf(&b, ", %d rejected", in.Rejected)
			}
		}
		if in.BlankLinesSkipped > 0 {
			fmt.Fprintf(&b, "; %d blank lines skipped", in.BlankLinesSkipped)
		}
		if in.BlankLinesKept > 0 {
			fmt.Fprintf(&b, "; %d blank lines kept as empty rows", in.BlankLinesKept)
		}
		if in.TrailingDelimiters > 0 {
			fmt.Fprintf(&b, "; %d rows ended with extra delimiters (dropped)", in.TrailingDelimiters)
		}
	}
	if o := s.Output; o != nil && strings.HasPrefix(o.Written, "written directly") {
		fmt.Fprintf(&b, "; output %s", o.Written)
	}
	if in := s.Input; in != nil && in.ValuesCut > 0 {
		fmt.Fprintf(&b, "; %d values over the size limit cut", in.ValuesCut)
	}
	if s.Stopped != "" {
		fmt.Fprintf(&b, "; STOPPED: %s", s.Stopped)
		if s.cached {
			fmt.Fprintf(&b, "; %d rows have all their results in the cache for the rerun", s.RowsCached)
		}
	}
	return b.String()
}

// countsText is "a 3, b 1": m's counts in key order.
func countsText(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// WriteJSON writes the summary as indented JSON to path, as outfile
// decides: a file through a temporary file renamed into place, a device
// or FIFO directly, "-" to standard output.
func (s *Summary) WriteJSON(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	data = append(data, '\n')
	if _, err := outfile.WriteFile(path, data, outfile.Options{}); err != nil {
		return fmt.Errorf("write summary %s: %w", path, err)
	}
	return nil
}
