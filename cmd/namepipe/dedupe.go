package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
)

// dedupeFlags are the flags of `namepipe dedupe`.
type dedupeFlags struct {
	config, input, output, reference, pairs, summary string
	merge, previous, saveModel, model                string
	saveIndex, index                                 string
	report                                           string
	explain, quiet                                   bool
	explainPairs                                     []dedupe.ExplainPair
	cpuProfile, memProfile                           string
	logLevel, logFormat                              string
	set                                              map[string]bool
}

// newDedupeFlags returns the flags of `namepipe dedupe`.
func newDedupeFlags(stderr io.Writer) (*flag.FlagSet, *dedupeFlags) {
	f := &dedupeFlags{}
	fs := newFlagSet(stderr, "dedupe", "--config FILE [flags]", "Finds the rows that are the same person entered twice or more, or links the rows to a reference file.", `
The output has every input row, unchanged and in input order, plus
cluster_id, cluster_size, match_row, match_score and match_reason (with the
config's output prefix). The config's dedupe section sets the thresholds.
Exit codes: 0 ok, 1 failed, 2 usage/config error, 3 input error, 130 interrupted.`)
	fs.StringVar(&f.config, "config", "", "the run's YAML config (required): input, person mapping, engine, dedupe section")
	fs.StringVar(&f.input, "input", "", "input file, overriding input.path")
	fs.StringVar(&f.output, "output", "", "output file, overriding dedupe.output (default: output.path with .dedupe before the extension)")
	fs.StringVar(&f.reference, "reference", "", "link the input against this file (same columns) instead of de-duplicating it")
	fs.StringVar(&f.pairs, "pairs", "", "also write every compared pair at or above dedupe.pairsThreshold to this CSV file")
	fs.StringVar(&f.merge, "merge", "", "also write one golden record per cluster (and every row without duplicates) to this file, by the survivorship rules of dedupe.merge; format by extension as --output")
	fs.StringVar(&f.previous, "previous", "", "incremental run: the input holds new rows only, linked to each other and to the clusters of this earlier dedupe output (which keep their IDs; needs dedupe.idColumn); the output has the new rows")
	fs.StringVar(&f.saveModel, "save-model", "", "also write the learned weights to this file (JSON), for --model")
	fs.StringVar(&f.saveIndex, "save-index", "", "also write an index of the output's rows (their block keys, features, IDs and clusters, and the model) to this file, for an incremental run's --index; with --previous and --index, of the previous rows and the new ones, for the next incremental run; needs dedupe.idColumn")
	fs.StringVar(&f.index, "index", "", "with --previous: read only the previous rows that share a block key with a new row from this index, saved with --save-index by the run that wrote the previous output, and use its model (unless --model)")
	fs.StringVar(&f.model, "model", "", "use the weights saved with --save-model instead of learning them")
	fs.BoolVar(&f.explain, "explain", false, "print the learned Fellegi–Sunter weights on stdout")
	fs.Func("explain-pair", "print on stdout the terms of this pair's match weight (`ID1,ID2`: dedupe.idColumn IDs, else row numbers; repeatable)", func(s string) error {
		p, err := dedupe.ParseExplainPair(s)
		f.explainPairs = append(f.explainPairs, p)
		return err
	})
	fs.StringVar(&f.summary, "summary", "", "also write the summary as JSON to this file")
	fs.StringVar(&f.report, "report", "", "also write a self-contained HTML report of the clusters to this file")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar or summary line")
	logFlags(fs, &f.logLevel, &f.logFormat)
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile to this file (for developers)")
	fs.StringVar(&f.memProfile, "memprofile", "", "write an allocation profile to this file at the end (for developers)")
	return fs, f
}

// cmdDedupe is `namepipe dedupe`.
func (a app) cmdDedupe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, f := newDedupeFlags(stderr)
	if code, ok := parseFlags(fs, args, &f.input); !ok {
		return code
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })

	j, err := a.dedupeJob(f, stdout, stderr)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	stopProfiles, err := startProfiles(f.cpuProfile, f.memProfile, j.Logger)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	defer stopProfiles()
	var bar *stageBar
	switch {
	case f.quiet:
	case isTerminal(stderr):
		bar = newStageBar(stderr)
		j.Progress = bar.update
	default:
		j.Progress = progressLog(j.Logger, 10*time.Second)
	}

	out, err := j.Execute(ctx)
	bar.finish()
	if err != nil {
		return fail(stderr, exitCode(err), err)
	}
	for _, w := range out.Warnings {
		fmt.Fprintf(stderr, "namepipe: %v\n", w)
	}
	for _, w := range out.Result.Summary.Warnings {
		fmt.Fprintf(stderr, "namepipe: warning: %s\n", w)
	}
	for _, e := range out.Result.Summary.MergeEvents {
		fmt.Fprintf(stderr, "namepipe: merge: new rows %s link the previous clusters %s into %s\n", strings.Join(e.Rows, ","), strings.Join(e.Clusters, ","), e.Clusters[0])
	}
	if s := &out.Result.Summary; !f.quiet {
		fmt.Fprintf(stderr, "namepipe: %s\n", s)
		if s.NamesComparedLocally > 0 && out.ByService {
			fmt.Fprintf(stderr, "namepipe: %d name comparisons were made locally (dedupe.maxMatchCalls spent)\n", s.NamesComparedLocally)
		}
	}
	return exitOK
}

// dedupeJob loads the config, applies the flags and describes the job.
func (a app) dedupeJob(f *dedupeFlags, stdout, stderr io.Writer) (*job.Dedupe, error) {
	if f.config == "" {
		return nil, usageError{errors.New("dedupe: --config is required")}
	}
	level := f.logLevel
	if f.quiet && !f.set["log-level"] {
		level = "warn"
	}
	logger, err := newLogger(stderr, level, f.logFormat)
	if err != nil {
		return nil, err
	}
	cfg, err := mapping.Load(f.config)
	if err != nil {
		return nil, err
	}
	if err := (job.Overrides{Input: f.input}).Apply(cfg); err != nil {
		return nil, err
	}
	j := &job.Dedupe{
		Config: cfg, ConfigPath: f.config, Parts: a.parts, Logger: logger,
		Output: cfg.DedupeOutput(f.output), Reference: f.reference,
		PairsPath: f.pairs, SummaryPath: f.summary, ReportPath: f.report,
		ExplainPairs: f.explainPairs, Terms: stdout, MergePath: f.merge,
		Previous: f.previous, SaveModelPath: f.saveModel, ModelPath: f.model,
		SaveIndexPath: f.saveIndex, IndexPath: f.index,
	}
	if f.explain {
		j.Explain = stdout
	}
	return j, j.Check()
}

// progressLog returns a progress callback that logs, once the run has
// lasted the interval, a line per stage change and at most one per
// interval within a stage (when stderr is not a terminal, as run does).
func progressLog(logger *slog.Logger, every time.Duration) func(string, int64, int64) {
	var mu sync.Mutex
	var stage string
	start := time.Now()
	var last time.Time
	return func(s string, done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(start) < every || s == stage && time.Since(last) < every {
			return // short runs stay quiet
		}
		stage, last = s, time.Now()
		attrs := []any{"stage", s, "done", done}
		if total > 0 {
			attrs = append(attrs, "total", total)
		}
		logger.Info("progress", attrs...)
	}
}

// stageBar draws one progress bar per stage of dedupe.
type stageBar struct {
	mu    sync.Mutex
	w     io.Writer
	stage string
	bar   *progressbar.ProgressBar
}

func newStageBar(w io.Writer) *stageBar { return &stageBar{w: w} }

func (s *stageBar) update(stage string, done, total int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if stage != s.stage || s.bar == nil {
		if s.bar != nil {
			_ = s.bar.Finish()
			fmt.Fprintln(s.w)
		}
		s.stage = stage
		if total <= 0 {
			total = -1
		}
		s.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(s.w),
			progressbar.OptionSetDescription(stage),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionShowCount(),
		)
	}
	_ = s.bar.Set64(done)
}

func (s *stageBar) finish() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bar != nil {
		_ = s.bar.Finish()
		fmt.Fprintln(s.w)
		s.bar = nil
	}
}
