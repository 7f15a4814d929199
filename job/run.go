package job

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/outfile"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/report"
	"github.com/namepipe/namepipe/writers"
)

// Overrides are a command line's settings over a config's.
type Overrides struct {
	// Input and Output replace input.path and output.path (and the format
	// when the extension names one); "" keeps the config's.
	Input, Output string
	// Concurrency replaces run.concurrency; it must be at least 1.
	Concurrency *int
	// Rate replaces run.rate (and its burst); it must not be negative.
	Rate *float64
}

// Apply applies o to cfg; a bad value is a Usage error.
func (o Overrides) Apply(cfg *mapping.Config) error {
	if o.Input != "" {
		cfg.Input.Override(o.Input)
	}
	if o.Output != "" {
		cfg.Output.Override(o.Output)
	}
	if o.Concurrency != nil {
		if *o.Concurrency < 1 {
			return errorf(Usage, "--concurrency %d: must be at least 1", *o.Concurrency)
		}
		cfg.Run.Concurrency = *o.Concurrency
	}
	if o.Rate != nil {
		if *o.Rate < 0 {
			return errorf(Usage, "--rate %g: must not be negative", *o.Rate)
		}
		cfg.Run.SetRate(*o.Rate)
	}
	return nil
}

// Run is one batch run of a config: the input read, every row enriched and
// written to the output with its result columns.
type Run struct {
	// Config is the run's config, with any overrides applied.
	Config *mapping.Config
	// ConfigPath names the config file (messages, the report's hash).
	ConfigPath string
	// Parts construct the input, the output and the service.
	Parts Parts
	// Logger receives the run's log lines; nil discards them.
	Logger *slog.Logger
	// Cache is the persistent cache policy.
	Cache CachePolicy
	// Service and EngineID, when Service is set, answer the run instead of
	// a service of Parts.NewService (a worker shares one engine between
	// runs); APIKey is then the key to redact from the output.
	Service  nameapi.Service
	EngineID string
	APIKey   string
	// Window and Grace are pipeline.Options'.
	Window int
	Grace  time.Duration
	// Progress, when set, draws a progress bar there (a terminal); Quiet
	// turns off the progress log lines otherwise written to Logger.
	Progress io.Writer
	Quiet    bool
	// SummaryPath, when set, receives the run summary as JSON.
	SummaryPath string
	// ExplainStop adds to a failed run's error what was written and what
	// a rerun re-uses (the cache).
	ExplainStop bool
	// OutputSchema and WrapWriter, when set, extend the output: the schema
	// the writer is created for, and the writer the pipeline writes to
	// (namepipe-beam's source columns).
	OutputSchema func(record.Schema) (record.Schema, error)
	WrapWriter   func(writers.Writer) writers.Writer
}

// Check reports, before anything is opened, what is wrong with the run's
// paths: a summary or report that could not be written, an output, cache
// or report that is the input.
func (r *Run) Check() error {
	cfg := r.Config
	if r.SummaryPath != "" {
		if dir := filepath.Dir(r.SummaryPath); !isDir(dir) {
			return errorf(Usage, "--summary %s: directory %s does not exist", r.SummaryPath, dir)
		}
	}
	if path := cfg.Output.Report; path != "" {
		if dir := filepath.Dir(path); !isDir(dir) {
			return errorf(Usage, "report %s: directory %s does not exist", path, dir)
		}
		if config.SamePath(path, cfg.Input.Path) || config.SamePath(path, cfg.Output.Path) {
			return errorf(Usage, "report %s is the input or output file", path)
		}
	}
	if err := r.Cache.check(); err != nil {
		return err
	}
	if err := checkOutputs(cfg.Output.Path, r.SummaryPath, cfg.Output.Report); err != nil {
		return err
	}
	if err := NotAnInput(cfg.Output.Path, cfg.Input.Path); err != nil {
		return err
	}
	outs := []role{{"output", cfg.Output.Path}, {"--summary", r.SummaryPath}, {"report", cfg.Output.Report}}
	if cfg.Input.OnMalformed == config.MalformedReject {
		outs = append(outs, role{"rejects file", cfg.RejectsPath()})
	}
	return distinctPaths([]role{{"input", cfg.Input.Path}, {"config file", r.ConfigPath}}, outs)
}

// Outcome is what a finished (or stopped) run leaves.
type Outcome struct {
	// Summary is the run's summary; nil when the run stopped before its
	// pipeline started.
	Summary *pipeline.Summary
	// Warnings are the summary or report that could not be written after
	// a failed run (after a successful one they fail it, exit 1).
	Warnings []error
}

// Execute runs the job: it opens the service, the input, the cache and the
// output, runs the pipeline, commits the output (and the rejects file)
// only when every row was processed, aborts them otherwise, and writes the
// summary and the report. Its error is an *Error.
func (r *Run) Execute(ctx context.Context) (*Outcome, error) {
	if r.Logger == nil {
		r.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &runState{Run: r}
	defer s.close()
	if err := s.open(ctx); err != nil {
		if ctx.Err() != nil {
			return &Outcome{}, &Error{Kind: Interrupted, Err: err}
		}
		return &Outcome{}, err
	}
	sum, runErr := pipeline.Run(ctx, s.options())
	runErr = s.commit(runErr)
	if runErr != nil && s.discards() {
		sum.OutputDiscarded = true
	}
	sum.ColumnsReplaced = len(s.plan.Replaced())
	s.warnInput(sum, runErr)
	out := &Outcome{Summary: sum, Warnings: s.writeSummary(sum)}
	if runErr != nil {
		return out, &Error{Kind: KindOf(runErr), Err: s.explain(runErr, sum)}
	}
	if len(out.Warnings) > 0 {
		// An output the user asked for is missing: the run fails, after
		// the main output was committed.
		err := errors.Join(out.Warnings...)
		out.Warnings = nil
		return out, &Error{Kind: Failed, Err: fmt.Errorf("%w (the output %s was written and committed)", err, s.Config.Output.Path)}
	}
	return out, nil
}

// runState is a run's open parts.
type runState struct {
	*Run
	svc       nameapi.Service
	engineID  string
	closeSvc  bool
	rejects   *rejectSink
	rd        readers.Reader
	openNotes int // notes about the input logged when it was opened
	plan      *mapping.Plan
	cache     *cache.Bolt
	cachePath string
	resumed   bool
	w         writers.Writer
	done      bool // the output was committed or aborted
	collector *report.Collector
}

// open opens the service, the rejects file, the input, the cache and the
// output, in this order, and makes the plan.
func (s *runState) open(ctx context.Context) error {
	cfg := s.Config
	if err := s.openService(ctx); err != nil {
		return err
	}
	var reject func(readers.Rejected) error
	if cfg.Input.OnMalformed == config.MalformedReject {
		var err error
		if s.rejects, err = newRejectSink(&cfg.Settings); err != nil {
			return errorf(Failed, "rejects: %w", err)
		}
		reject = s.rejects.add
	}
	rd, err := s.Parts.OpenInput(ctx, cfg.Input, reject)
	if err != nil {
		return errorf(Input, "input: %w", err)
	}
	s.rd = rd
	if sr, ok := rd.(readers.StatsReader); ok {
		for _, note := range sr.Stats().Notes {
			s.Logger.Warn("input: "+note, "file", cfg.Input.Path)
			s.openNotes++
		}
	}
	var planOpts []mapping.PlanOption
	if cfg.Engine.Kind == config.EngineNameAPI {
		planOpts = append(planOpts, mapping.Redacting(s.APIKey))
	}
	if s.plan, err = mapping.NewPlan(cfg, rd.Schema(), planOpts...); err != nil {
		return wrap(Usage, err)
	}
	// The date layouts checked against the first rows, before any call.
	sample, sampled := readers.Sample(ctx, rd, mapping.DateSample)
	s.rd = sampled
	for _, fit := range s.plan.CheckDates(sample) {
		for _, w := range fit.Warnings() {
			s.Logger.Warn("input: "+w, "file", cfg.Input.Path)
		}
	}
	if rep := s.plan.Replaced(); len(rep) > 0 {
		s.Logger.Info("output.onExisting: replace: result columns already in the input are written in place with the new results", "columns", len(rep))
	}
	if s.cache, s.cachePath, s.resumed, err = s.Cache.open(cfg, s.Logger); err != nil {
		return wrap(Usage, err)
	}
	return s.openOutput(ctx)
}

// openService reads the API key and starts the service, unless the run
// was given one.
func (s *runState) openService(ctx context.Context) error {
	if s.Service != nil {
		s.svc, s.engineID = s.Service, s.EngineID
		return nil
	}
	cfg := s.Config
	apiKey, err := cfg.Engine.APIKey()
	if err != nil {
		return errorf(Usage, "%s: %w", s.ConfigPath, err)
	}
	s.APIKey = apiKey
	if s.svc, s.engineID, err = s.Parts.NewService(ctx, cfg.Engine, apiKey, configOps(cfg)); err != nil {
		return errorf(Usage, "%s: engine: %w", s.ConfigPath, err)
	}
	s.closeSvc = true
	return nil
}

// openOutput creates the output's writer (and the report's collector).
func (s *runState) openOutput(ctx context.Context) error {
	schema := s.plan.OutputSchema()
	written := s.plan.Written() // output.onExisting: replace
	if written != nil {
		if s.OutputSchema != nil {
			return errorf(Usage, "output.onExisting: replace is not supported here (the output has extra columns); give the run an input without result columns")
		}
		schema = s.plan.WrittenSchema()
	}
	if s.OutputSchema != nil {
		var err error
		if schema, err = s.OutputSchema(schema); err != nil {
			return wrap(Usage, err)
		}
	}
	cols := OutputColumns{Input: len(s.rd.Schema().Fields)}
	for k, c := range written {
		if k < cols.Input && c != k {
			cols.Replaced = append(cols.Replaced, k) // a result written in place
		}
	}
	w, err := s.Parts.CreateOutput(ctx, &s.Config.Settings, schema, cols, layoutOf(s.rd))
	if err != nil {
		return errorf(Failed, "output: %w", err)
	}
	if written != nil {
		w = writers.Project(w, written, len(s.rd.Schema().Fields))
	}
	s.w = w
	if s.Config.Output.Report != "" {
		s.collector = report.NewCollector(report.LayoutOf(s.plan, s.rd.Schema()))
	}
	return nil
}

// close closes what open opened; an output not committed is discarded.
func (s *runState) close() {
	if s.w != nil && !s.done {
		_ = s.w.Abort()
	}
	if s.cache != nil {
		if err := s.cache.Close(); err != nil {
			s.Logger.Warn("closing the cache", "err", err)
		}
	}
	if s.rd != nil {
		s.rd.Close()
	}
	if s.rejects != nil {
		_ = s.rejects.w.Abort() // a no-op once committed
	}
	if c, ok := s.svc.(io.Closer); ok && s.closeSvc {
		c.Close()
	}
}

// options are the pipeline's options of the run.
func (s *runState) options() pipeline.Options {
	cfg := s.Config
	var w writers.Writer = s.w
	if s.WrapWriter != nil {
		w = s.WrapWriter(w)
	}
	opts := pipeline.Options{
		Reader:                 s.rd,
		Writer:                 w,
		Plan:                   pipeline.FromMapping(s.plan),
		Service:                s.svc,
		Concurrency:            cfg.Run.Concurrency,
		Rate:                   cfg.Run.Rate,
		Burst:                  cfg.Run.Burst,
		MaxAttempts:            cfg.Run.MaxAttempts(),
		Timeout:                cfg.Engine.Timeout,
		MaxConsecutiveFailures: cfg.Run.MaxConsecutiveFailures,
		Window:                 s.Window,
		Grace:                  max(s.Grace, 0),
		EngineID:               s.engineID,
		Logger:                 s.Logger,
		ProgressTotalUnit:      "bytes",
		Progress:               s.Progress,
	}
	if f := cfg.Input.Format; f == record.FormatParquet || f == record.FormatXLSX {
		opts.ProgressTotalUnit = "rows"
	}
	if s.cache != nil {
		opts.Cache = s.cache
	}
	if s.collector != nil {
		opts.Observer = s.collector
	}
	if s.Quiet {
		opts.LogEvery = -1
	}
	s.Logger.Debug("run starting", "input", cfg.Input.Path, "output", cfg.Output.Path, "engine", cfg.Engine.Kind,
		"concurrency", opts.Concurrency, "rate", opts.Rate, "cache", s.cachePath, "resuming", s.resumed)
	return opts
}

// commit commits the output and the rejects file when the run succeeded,
// and discards the output when it did not.
func (s *runState) commit(runErr error) error {
	s.done = true
	if runErr == nil {
		if err := s.w.Commit(); err != nil {
			runErr = fmt.Errorf("output: %w", err)
			_ = s.w.Abort()
		}
	} else if err := s.w.Abort(); err != nil {
		s.Logger.Warn("discarding the incomplete output", "err", err)
	}
	if s.rejects != nil && runErr == nil {
		if err := s.rejects.w.Commit(); err != nil {
			runErr = fmt.Errorf("rejects: %w", err)
		}
	}
	return runErr
}

// discards reports whether aborting the output discards what was written
// to it: not for standard output, a device or a FIFO.
func (s *runState) discards() bool {
	if o, ok := s.w.(writers.Output); ok {
		k := o.OutputKind()
		return k != outfile.Stdout && k != outfile.Direct
	}
	return true
}

// warnInput logs, even when quiet, the rows that were not plain rows.
func (s *runState) warnInput(sum *pipeline.Summary, runErr error) {
	in := sum.Input
	if in == nil {
		return
	}
	file := s.Config.Input.Path
	var malformed int64
	for _, n := range in.Malformed {
		malformed += n
	}
	switch {
	case s.rejects != nil:
		if malformed == 0 || runErr != nil {
			break // the rejects file is discarded with the output
		}
		s.Logger.Warn("input: malformed rows written to the rejects file, not to the output", "file", file,
			"rejected", in.Rejected, "rejects", s.rejects.path)
	case malformed > 0:
		s.Logger.Warn("input: malformed rows kept as written and flagged in the error column", "file", file, "malformed_rows", malformed)
	}
	for _, note := range in.Notes[min(s.openNotes, len(in.Notes)):] {
		s.Logger.Warn("input: "+note, "file", file)
	}
	if in.BlankLinesSkipped > 0 {
		s.Logger.Warn("input: blank lines skipped (a file with several columns has no empty rows)", "file", file,
			"blank_lines", in.BlankLinesSkipped)
	}
}

// writeSummary writes the summary file and the report, if asked; their
// failures are warnings.
func (s *runState) writeSummary(sum *pipeline.Summary) []error {
	var warnings []error
	if s.SummaryPath != "" {
		if err := sum.WriteJSON(s.SummaryPath); err != nil {
			warnings = append(warnings, err)
		}
	}
	if s.collector != nil {
		if err := writeRunReport(s.ConfigPath, s.Config, s.plan, sum, s.collector); err != nil {
			warnings = append(warnings, err)
		}
	}
	return warnings
}

// explain returns the message of a failed run: what was written and what
// a rerun will re-use.
func (s *runState) explain(runErr error, sum *pipeline.Summary) error {
	msg := runErr.Error()
	var re *pipeline.RunError
	if !s.ExplainStop || !errors.As(runErr, &re) {
		return runErr
	}
	if !s.discards() {
		to := s.Config.Output.Path
		if to == "-" {
			to = "stdout"
		}
		msg += fmt.Sprintf("; %d rows were written to %s before the stop", re.RowsWritten, to)
	} else {
		msg += "; no output was written"
	}
	switch {
	case s.cache != nil:
		msg += fmt.Sprintf("; the results of %d of the %d rows read are kept in the cache %s, which the rerun re-uses", sum.RowsCached, re.RowsRead, s.cachePath)
	case s.Config.Engine.Kind == config.EngineNameAPI:
		msg += "; without a cache (--cache) a rerun calls the service again for every row"
	}
	return errors.New(msg)
}
