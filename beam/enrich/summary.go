package enrich

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/readers"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*partial)(nil)).Elem(), encodePartial, decodePartial)
	register.Combiner3[partial, string, string](&summaryFn{})
	register.DoFn2x1[context.Context, string, error](&writeSummaryFn{})
}

// partial is the summary of some shards: the combiner's accumulator.
type partial struct {
	Summary pipeline.Summary `json:"summary"`
	// Start and End bound the shards' runs (Unix nanoseconds).
	Start int64 `json:"start"`
	End   int64 `json:"end"`
	Files int   `json:"files"`
}

func encodePartial(p partial) ([]byte, error) { return json.Marshal(p) }

func decodePartial(data []byte) (partial, error) {
	var p partial
	err := json.Unmarshal(data, &p)
	return p, err
}

// summaryFn adds shard summaries (JSON of partial) into the run's summary.
type summaryFn struct{}

func (summaryFn) CreateAccumulator() partial { return partial{} }

func (summaryFn) AddInput(acc partial, in string) (partial, error) {
	p, err := decodePartial([]byte(in))
	if err != nil {
		return acc, fmt.Errorf("shard summary: %w", err)
	}
	return merge(acc, p), nil
}

func (summaryFn) MergeAccumulators(a, b partial) partial { return merge(a, b) }

func (summaryFn) ExtractOutput(acc partial) (string, error) {
	data, err := encodePartial(acc)
	return string(data), err
}

// merge adds b's counts to a's: sums, the most attempts, the widest time
// span.
func merge(a, b partial) partial {
	if b.Files == 0 {
		return a
	}
	if a.Files == 0 {
		a.Start, a.End = b.Start, b.End
	}
	a.Start, a.End = min(a.Start, b.Start), max(a.End, b.End)
	a.Files += b.Files
	s, t := &a.Summary, &b.Summary
	s.RowsIn += t.RowsIn
	s.RowsOut += t.RowsOut
	s.RowsWithErrors += t.RowsWithErrors
	s.Errors.ReaderProblem += t.Errors.ReaderProblem
	s.Errors.Build += t.Errors.Build
	s.Errors.RetriesExhausted += t.Errors.RetriesExhausted
	s.Errors.NotDone += t.Errors.NotDone
	s.Errors.ByOp = addCounts(s.Errors.ByOp, t.Errors.ByOp)
	s.Requests += t.Requests
	s.Calls += t.Calls
	s.Retries += t.Retries
	s.MaxAttempts = max(s.MaxAttempts, t.MaxAttempts)
	s.CacheHitsMemory += t.CacheHitsMemory
	s.CacheHitsPersistent += t.CacheHitsPersistent
	s.DedupHits += t.DedupHits
	s.CacheErrors += t.CacheErrors
	s.Gender = addCounts(s.Gender, t.Gender)
	s.Disposable = addCounts(s.Disposable, t.Disposable)
	switch {
	case s.RiskScores == nil:
		s.RiskScores = append([]pipeline.Bin(nil), t.RiskScores...)
	case len(t.RiskScores) == len(s.RiskScores):
		for i := range t.RiskScores {
			s.RiskScores[i].Count += t.RiskScores[i].Count
		}
	}
	s.Input = addStats(s.Input, t.Input)
	switch {
	case s.Stopped == "":
		s.Stopped = t.Stopped
	case t.Stopped != "" && !strings.Contains(s.Stopped, t.Stopped):
		s.Stopped += "; " + t.Stopped
	}
	return a
}

func addCounts(a, b map[string]int64) map[string]int64 {
	if len(b) == 0 {
		return a
	}
	if a == nil {
		a = make(map[string]int64, len(b))
	}
	for k, n := range b {
		a[k] += n
	}
	return a
}

func addStats(a, b *readers.Stats) *readers.Stats {
	if b == nil {
		return a
	}
	if a == nil {
		a = &readers.Stats{}
	}
	a.Malformed = addCounts(a.Malformed, b.Malformed)
	a.Rejected += b.Rejected
	a.BlankLinesSkipped += b.BlankLinesSkipped
	a.BlankLinesKept += b.BlankLinesKept
	a.TrailingDelimiters += b.TrailingDelimiters
	for _, n := range b.Notes {
		if !contains(a.Notes, n) {
			a.Notes = append(a.Notes, n)
		}
	}
	return a
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Result is the run's summary as written: namepipe run's summary (the same
// JSON keys) and the job's description.
type Result struct {
	pipeline.Summary
	Job Info `json:"job"`
}

// finish turns the combined partial into the run's summary: its time span
// is the first shard's start to the last shard's end.
func finish(p partial, info Info) Result {
	s := p.Summary
	if p.End > p.Start {
		s.Elapsed = time.Duration(p.End - p.Start)
		s.ElapsedSec = s.Elapsed.Seconds()
		s.RowsPerSec = float64(s.RowsOut) / s.ElapsedSec
	}
	var all, yes int64
	for k, n := range s.Disposable {
		all += n
		if k == nameapi.DisposableYes {
			yes += n
		}
	}
	s.DisposableShare = 0
	if all > 0 {
		s.DisposableShare = float64(yes) / float64(all)
	}
	return Result{Summary: s, Job: info}
}

// writeSummaryFn writes the run's summary, once, at the end.
type writeSummaryFn struct {
	Path string
	Info Info
}

func (f *writeSummaryFn) ProcessElement(ctx context.Context, in string) error {
	p, err := decodePartial([]byte(in))
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	data, err := json.MarshalIndent(finish(p, f.Info), "", "  ")
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	return writeFile(ctx, f.Path, append(data, '\n'))
}

// writeFile writes data to path through Beam's file systems (a local path
// or a URL such as gs://bucket/summary.json).
func writeFile(ctx context.Context, path string, data []byte) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
