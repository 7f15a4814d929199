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
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
)

// dedupeFlags are the flags of `namepipe dedupe`.
type dedupeFlags struct {
	config, input, output, reference, pairs, summary string
	report                                           string
	explain, quiet                                   bool
	explainPairs                                     []dedupe.ExplainPair
	cpuProfile, memProfile                           string
	logLevel, logFormat                              string
	set                                              map[string]bool
}

// cmdDedupe is `namepipe dedupe`.
func cmdDedupe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
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
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })

	cfg, outPath, logger, err := loadDedupeConfig(f, stderr)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	matcher, budget, err := dedupeMatcher(ctx, cfg, logger)
	if err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("%s: engine: %w", f.config, err))
	}
	if c, ok := matcher.(io.Closer); ok {
		defer c.Close()
	}
	if cfg.Input.OnMalformed == config.MalformedReject {
		// Every row takes part and is written: malformed rows are kept
		// and flagged, as with onMalformed: keep.
		logger.Info("dedupe keeps malformed rows (input.onMalformed: reject applies to run)")
		cfg.Input.OnMalformed = config.MalformedKeep
	}
	if cfg.Input.Path == "-" {
		// dedupe reads its input twice: keep stdin in a temporary file.
		tmp, err := spoolStdin(cfg.Dedupe.TempDir)
		if err != nil {
			return fail(stderr, exitInput, fmt.Errorf("input: %w", err))
		}
		defer os.Remove(tmp)
		cfg.Input.Path = tmp
	}

	sigCtx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.cpuProfile != "" {
		stopProfile, err := startCPUProfile(f.cpuProfile)
		if err != nil {
			return fail(stderr, exitUsage, err)
		}
		defer stopProfile()
	}
	if f.memProfile != "" {
		defer writeMemProfile(f.memProfile, logger)
	}

	rd, err := openInput(sigCtx, cfg.Input, nil)
	if err != nil {
		return fail(stderr, exitInput, fmt.Errorf("input: %w", err))
	}
	defer rd.Close()
	plan, err := mapping.NewPlan(cfg, rd.Schema())
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	schema, err := dedupe.OutputSchemaIDs(rd.Schema(), cfg.Output.ColumnPrefix(), cfg.Dedupe.IDColumn)
	if err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("%s: %w", f.config, err))
	}
	opts := dedupe.Options{Input: rd, Plan: plan, Matcher: matcher, MaxMatchCalls: budget, Settings: cfg.Dedupe,
		ExplainPairs: f.explainPairs, InputName: cfg.Input.Path, ReferenceName: f.reference}
	if f.reference != "" {
		refCfg := *cfg
		refCfg.Input.Delimiter = ""
		refCfg.Input.Override(f.reference)
		ref, err := openInput(sigCtx, refCfg.Input, nil)
		if err != nil {
			return fail(stderr, exitInput, fmt.Errorf("reference: %w", err))
		}
		defer ref.Close()
		refPlan, err := mapping.NewPlan(&refCfg, ref.Schema())
		if err != nil {
			return fail(stderr, exitUsage, fmt.Errorf("reference %s: %w", f.reference, err))
		}
		opts.Reference, opts.RefPlan = ref, refPlan
	}
	var bar *stageBar
	switch {
	case f.quiet:
	case isTerminal(stderr):
		bar = newStageBar(stderr)
		opts.Progress = bar.update
	default:
		opts.Progress = progressLog(logger, 10*time.Second)
	}
	logger.Debug("dedupe starting", "input", cfg.Input.Path, "output", outPath, "reference", f.reference, "engine", cfg.Engine.Kind, "names", cfg.Dedupe.Names)
	res, err := dedupe.Run(sigCtx, opts)
	if err != nil {
		bar.finish()
		if sigCtx.Err() != nil {
			return fail(stderr, exitInterrupted, errors.New("interrupted; nothing was written"))
		}
		return fail(stderr, exitInput, err)
	}

	// Second pass: the rows unchanged, with the dedupe columns.
	rd2, err := openInput(sigCtx, cfg.Input, nil)
	if err != nil {
		return fail(stderr, exitInput, fmt.Errorf("input: %w", err))
	}
	defer rd2.Close()
	outCfg := cfg.Settings
	if outPath != "" {
		outCfg.Output.Override(outPath)
	}
	var layout *readers.CSVLayout
	if l, ok := readers.LayoutOf(rd2); ok {
		layout = &l
	}
	w, err := createOutput(sigCtx, &outCfg, schema, len(rd.Schema().Fields), layout)
	if err != nil {
		return fail(stderr, exitFailed, fmt.Errorf("output: %w", err))
	}
	if err := dedupe.WriteOutput(sigCtx, rd2, w, res, opts.Progress); err != nil {
		_ = w.Abort()
		bar.finish()
		return fail(stderr, exitFailed, err)
	}
	if err := w.Commit(); err != nil {
		return fail(stderr, exitFailed, fmt.Errorf("output: %w", err))
	}
	bar.finish()
	if f.pairs != "" {
		if err := writePairsFile(f.pairs, res); err != nil {
			return fail(stderr, exitFailed, err)
		}
	}
	if f.explain {
		if err := res.Model.Explain(stdout); err != nil {
			return fail(stderr, exitFailed, err)
		}
	}
	for _, e := range res.Explained {
		if err := res.Model.WriteTerms(stdout, e.Ask.A, e.Ask.B, &e.Pair); err != nil {
			return fail(stderr, exitFailed, err)
		}
	}
	if f.summary != "" {
		if err := res.Summary.WriteJSON(f.summary); err != nil {
			fmt.Fprintf(stderr, "namepipe: %v\n", err)
		}
	}
	if f.report != "" {
		if err := writeDedupeReport(f.report, f.config, cfg, outPath, res); err != nil {
			fmt.Fprintf(stderr, "namepipe: %v\n", err)
		}
	}
	if !f.quiet {
		fmt.Fprintf(stderr, "namepipe: %s\n", &res.Summary)
		if res.Summary.NamesComparedLocally > 0 && matcher != nil {
			fmt.Fprintf(stderr, "namepipe: %d name comparisons were made locally (dedupe.maxMatchCalls spent)\n", res.Summary.NamesComparedLocally)
		}
	}
	return exitOK
}

// loadDedupeConfig loads the config and applies the flags.
func loadDedupeConfig(f *dedupeFlags, stderr io.Writer) (*mapping.Config, string, *slog.Logger, error) {
	if f.config == "" {
		return nil, "", nil, usageError{errors.New("dedupe: --config is required")}
	}
	level := f.logLevel
	if f.quiet && !f.set["log-level"] {
		level = "warn"
	}
	logger, err := newLogger(stderr, level, f.logFormat)
	if err != nil {
		return nil, "", nil, err
	}
	cfg, err := mapping.Load(f.config)
	if err != nil {
		return nil, "", nil, err
	}
	if f.input != "" {
		cfg.Input.Override(f.input)
	}
	out := cfg.DedupeOutput(f.output)
	if out == "-" {
		return nil, "", nil, usageError{errors.New("dedupe: the output must be a file (it is written after the whole input was read)")}
	}
	for _, p := range []string{f.summary, f.pairs, f.report, out} {
		if p != "" && !isDir(filepath.Dir(p)) {
			return nil, "", nil, usageError{fmt.Errorf("%s: directory %s does not exist", p, filepath.Dir(p))}
		}
	}
	if config.SamePath(out, cfg.Input.Path) || f.reference != "" && config.SamePath(out, f.reference) {
		return nil, "", nil, usageError{fmt.Errorf("output %q is an input file: namepipe never overwrites its input", out)}
	}
	if f.report != "" && (config.SamePath(f.report, cfg.Input.Path) || config.SamePath(f.report, out)) {
		return nil, "", nil, usageError{fmt.Errorf("--report %q is the input or the output", f.report)}
	}
	if f.pairs != "" && (config.SamePath(f.pairs, cfg.Input.Path) || config.SamePath(f.pairs, out)) {
		return nil, "", nil, usageError{fmt.Errorf("--pairs %q is the input or the output", f.pairs)}
	}
	return cfg, out, logger, nil
}

// dedupeMatcher returns the person matcher for names and its call budget
// (< 0 = unlimited), or nil when names are compared locally.
func dedupeMatcher(ctx context.Context, cfg *mapping.Config, logger *slog.Logger) (nameapi.PersonMatcher, int64, error) {
	if cfg.Dedupe.Names == config.DedupeNamesLocal {
		return nil, 0, nil
	}
	budget := int64(-1)
	if cfg.Engine.Kind == config.EngineNameAPI {
		if cfg.Dedupe.MaxMatchCalls == 0 {
			logger.Info("names are compared locally: set dedupe.maxMatchCalls to budget paid person-matcher calls")
			return nil, 0, nil
		}
		budget = cfg.Dedupe.MaxMatchCalls
	}
	apiKey, err := cfg.Engine.APIKey()
	if err != nil {
		return nil, 0, err
	}
	svc, _, err := newService(ctx, cfg.Engine, apiKey, cfg.Run.Concurrency, nil)
	if err != nil {
		return nil, 0, err
	}
	return svc, budget, nil
}

// spoolStdin copies standard input to a temporary file in dir (the
// system's temporary directory when empty).
func spoolStdin(dir string) (string, error) {
	tmp, err := os.CreateTemp(dir, "namepipe-dedupe-stdin-*")
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(tmp, os.Stdin); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return "", fmt.Errorf("reading stdin: %w", err)
	}
	return tmp.Name(), tmp.Close()
}

// writePairsFile writes the pairs CSV.
func writePairsFile(path string, res *dedupe.Result) error {
	pf, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--pairs: %w", err)
	}
	if err := res.WritePairs(pf); err != nil {
		pf.Close()
		return fmt.Errorf("--pairs %s: %w", path, err)
	}
	if err := pf.Close(); err != nil {
		return fmt.Errorf("--pairs %s: %w", path, err)
	}
	return nil
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
