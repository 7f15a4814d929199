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
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

var errHelp = flag.ErrHelp

// runFlags are the flags of `namepipe run`.
type runFlags struct {
	config, input, output  string
	quiet, strict          bool
	summary, report        string
	concurrency            int
	rate                   float64
	escape                 string
	logLevel, logFormat    string
	cache                  string
	noCache                bool
	cacheMaxAge            time.Duration
	window                 int
	grace                  time.Duration
	cpuProfile, memProfile string
	set                    map[string]bool
}

func newRunFlags(stderr io.Writer) (*flag.FlagSet, *runFlags) {
	f := &runFlags{}
	fs := newFlagSet(stderr, "run", "--config FILE [flags]", "Runs the batch job: reads the input, enriches every row and writes the output.", `
The output is written to a temporary file and renamed to its final name
only when every row was processed. After a crash, Ctrl-C or a service
outage, rerun the same command: with a persistent cache (on by default for
a remote engine) the results already obtained are re-used, not paid again.
Exit codes: 0 ok, 1 run failed, 2 usage/config error, 3 input error,
4 rows with errors (--strict), 130 interrupted.`)
	fs.StringVar(&f.config, "config", "", "the run's YAML config (required)")
	fs.StringVar(&f.input, "input", "", "input file, overriding input.path; - for stdin")
	fs.StringVar(&f.output, "output", "", "output file, overriding output.path; - for stdout")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar, progress lines or summary line (errors are still printed)")
	fs.BoolVar(&f.strict, "strict", false, "exit 4 when any row has an error")
	fs.StringVar(&f.summary, "summary", "", "also write the run summary as JSON to this file")
	fs.StringVar(&f.report, "report", "", "also write a self-contained HTML report of the run to this file")
	fs.IntVar(&f.concurrency, "concurrency", 0, "requests in flight, overriding run.concurrency")
	fs.Float64Var(&f.rate, "rate", 0, "requests per second, overriding run.rate (0 = unlimited)")
	fs.StringVar(&f.escape, "escape-formulas", "", "CSV formula escaping: results, all or none, overriding output.escapeFormulas")
	logFlags(fs, &f.logLevel, &f.logFormat)
	fs.StringVar(&f.cache, "cache", "", "persistent result cache file, overriding run.cache (default: OUTPUT.namepipe-cache for a remote engine)")
	fs.BoolVar(&f.noCache, "no-cache", false, "use no persistent cache")
	fs.DurationVar(&f.cacheMaxAge, "cache-max-age", 0, "ignore cached results older than this (0 = keep them forever)")
	fs.IntVar(&f.window, "window", 0, "maximum rows in flight between reading and writing (default max(1024, 32×concurrency))")
	fs.DurationVar(&f.grace, "grace", config.DefaultGrace, "after Ctrl-C, how long in-flight requests may finish before they are cancelled")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the run to this file (for developers)")
	fs.StringVar(&f.memProfile, "memprofile", "", "write an allocation profile of the run to this file at the end (for developers)")
	return fs, f
}

// cmdRun is `namepipe run`.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, f := newRunFlags(stderr)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })

	// Everything that can be wrong with the config or flags is reported
	// here, before any input is read.
	cfg, logger, err := loadRunConfig(f, stderr)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	apiKey, err := cfg.Engine.APIKey()
	if err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("%s: %w", f.config, err))
	}
	svc, engineID, err := newService(ctx, cfg.Engine, apiKey, cfg.Run.Concurrency, configOps(cfg))
	if err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("%s: engine: %w", f.config, err))
	}
	if c, ok := svc.(io.Closer); ok {
		defer c.Close()
	}

	var rejects *rejectSink
	var reject func(readers.Rejected) error
	if cfg.Input.OnMalformed == config.MalformedReject {
		if rejects, err = newRejectSink(&cfg.Settings); err != nil {
			return fail(stderr, exitFailed, fmt.Errorf("rejects: %w", err))
		}
		defer rejects.w.Abort() // a no-op once committed
		reject = rejects.add
	}
	rd, err := openInput(ctx, cfg.Input, reject)
	if err != nil {
		return fail(stderr, exitInput, fmt.Errorf("input: %w", err))
	}
	defer rd.Close()
	openNotes := 0 // notes about the input printed when it was opened
	if sr, ok := rd.(readers.StatsReader); ok {
		for _, note := range sr.Stats().Notes {
			logger.Warn("input: "+note, "file", cfg.Input.Path)
			openNotes++
		}
	}
	var planOpts []mapping.PlanOption
	if cfg.Engine.Kind == config.EngineNameAPI {
		planOpts = append(planOpts, mapping.Redacting(apiKey))
	}
	plan, err := mapping.NewPlan(cfg, rd.Schema(), planOpts...)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}

	cache, cachePath, resumed, err := openRunCache(f, cfg, logger)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	if cache != nil {
		defer func() {
			if err := cache.Close(); err != nil {
				logger.Warn("closing the cache", "err", err)
			}
		}()
	}

	var layout *readers.CSVLayout
	if l, ok := readers.LayoutOf(rd); ok {
		layout = &l
	}
	w, err := createOutput(ctx, &cfg.Settings, plan.OutputSchema(), len(rd.Schema().Fields), layout)
	if err != nil {
		return fail(stderr, exitFailed, fmt.Errorf("output: %w", err))
	}

	// Ctrl-C / SIGTERM: stop taking rows, let calls in flight finish for the
	// grace period, flush, do not commit. A second signal kills at once.
	sigCtx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-sigCtx.Done()
		stop()
	}()

	opts := pipeline.Options{
		Reader:                 rd,
		Writer:                 w,
		Plan:                   pipeline.FromMapping(plan),
		Service:                svc,
		Concurrency:            cfg.Run.Concurrency,
		Rate:                   cfg.Run.Rate,
		Burst:                  cfg.Run.Burst,
		MaxAttempts:            cfg.Run.MaxAttempts(),
		Timeout:                cfg.Engine.Timeout,
		MaxConsecutiveFailures: cfg.Run.MaxConsecutiveFailures,
		Window:                 f.window,
		Grace:                  max(f.grace, 0),
		EngineID:               engineID,
		Logger:                 logger,
		ProgressTotalUnit:      "bytes",
	}
	if cfg.Input.Format == record.FormatParquet {
		opts.ProgressTotalUnit = "rows"
	}
	if cache != nil {
		opts.Cache = cache
	}
	collector := newReportCollector(cfg.Output.Report, plan, rd.Schema())
	if collector != nil {
		opts.Observer = collector
	}
	switch {
	case f.quiet:
		opts.LogEvery = -1
	case isTerminal(stderr):
		opts.Progress = stderr
	}

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

	logger.Debug("run starting", "input", cfg.Input.Path, "output", cfg.Output.Path, "engine", cfg.Engine.Kind,
		"concurrency", opts.Concurrency, "rate", opts.Rate, "cache", cachePath, "resuming", resumed)
	sum, runErr := pipeline.Run(sigCtx, opts)

	if runErr == nil {
		if err := w.Commit(); err != nil {
			runErr = fmt.Errorf("output: %w", err)
			_ = w.Abort()
		}
	} else if err := w.Abort(); err != nil {
		logger.Warn("discarding the incomplete output", "err", err)
	}
	if rejects != nil && runErr == nil {
		if err := rejects.w.Commit(); err != nil {
			runErr = fmt.Errorf("rejects: %w", err)
		}
	}
	if in := sum.Input; in != nil {
		// Never silent, even with --quiet: rows that are not plain rows.
		var malformed int64
		for _, n := range in.Malformed {
			malformed += n
		}
		switch {
		case rejects != nil:
			if malformed == 0 || runErr != nil {
				break // the rejects file is discarded with the output
			}
			logger.Warn("input: malformed rows written to the rejects file, not to the output", "file", cfg.Input.Path,
				"rejected", in.Rejected, "rejects", rejects.path)
		case malformed > 0:
			logger.Warn("input: malformed rows kept as written and flagged in the error column", "file", cfg.Input.Path, "malformed_rows", malformed)
		}
		for _, note := range in.Notes[min(openNotes, len(in.Notes)):] {
			logger.Warn("input: "+note, "file", cfg.Input.Path)
		}
		if in.BlankLinesSkipped > 0 {
			logger.Warn("input: blank lines skipped (a file with several columns has no empty rows)", "file", cfg.Input.Path,
				"blank_lines", in.BlankLinesSkipped)
		}
	}

	if f.summary != "" {
		if err := sum.WriteJSON(f.summary); err != nil {
			fmt.Fprintf(stderr, "namepipe: %v\n", err)
		}
	}
	if collector != nil {
		if err := writeRunReport(f.config, cfg, plan, sum, collector); err != nil {
			fmt.Fprintf(stderr, "namepipe: %v\n", err)
		}
	}
	if !f.quiet {
		fmt.Fprintf(stderr, "namepipe: %s\n", sum)
	}
	if runErr != nil {
		code := exitCode(runErr)
		msg := runErr.Error()
		var re *pipeline.RunError
		if errors.As(runErr, &re) {
			if cfg.Output.Path == "-" {
				msg += fmt.Sprintf("; %d rows were written to stdout before the stop", re.RowsWritten)
			} else {
				msg += "; no output was written"
			}
			switch {
			case cache != nil:
				msg += fmt.Sprintf("; results so far are kept in the cache %s", cachePath)
			case cfg.Engine.Kind == config.EngineNameAPI:
				msg += "; without a cache (--cache) a rerun calls the service again for every row"
			}
		}
		return fail(stderr, code, errors.New(msg))
	}
	if f.strict && sum.RowsWithErrors > 0 {
		fmt.Fprintf(stderr, "namepipe: %d rows have errors (--strict)\n", sum.RowsWithErrors)
		return exitRowErrors
	}
	return exitOK
}

// startCPUProfile writes a CPU profile to path until the returned func
// is called.
func startCPUProfile(path string) (stop func(), err error) {
	pf, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(pf); err != nil {
		pf.Close()
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		pf.Close()
	}, nil
}

// writeMemProfile writes the allocation profile to path. The profile
// counts allocations up to the last finished collection: one is run
// first, so that a run with few collections (GOGC=200) is profiled
// whole.
func writeMemProfile(path string, logger *slog.Logger) {
	runtime.GC()
	pf, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(pf, 0)
		if cerr := pf.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		logger.Warn("--memprofile", "err", err)
	}
}

// exitCode maps a run error to the documented exit codes.
func exitCode(err error) int {
	var re *pipeline.RunError
	if errors.As(err, &re) {
		switch re.Reason {
		case pipeline.ReasonInterrupted:
			return exitInterrupted
		case pipeline.ReasonInput:
			return exitInput
		}
	}
	return exitFailed
}

// loadRunConfig loads the config, applies the flags and sets up logging.
func loadRunConfig(f *runFlags, stderr io.Writer) (*mapping.Config, *slog.Logger, error) {
	if f.config == "" {
		return nil, nil, usageError{errors.New("run: --config is required")}
	}
	level := f.logLevel
	if f.quiet && !f.set["log-level"] {
		level = "warn" // --quiet: only what needs attention
	}
	logger, err := newLogger(stderr, level, f.logFormat)
	if err != nil {
		return nil, nil, err
	}
	cfg, err := mapping.Load(f.config)
	if err != nil {
		return nil, nil, err
	}
	// A path given on the command line brings its format when its
	// extension names one (--output x.parquet writes Parquet).
	if f.input != "" {
		cfg.Input.Override(f.input)
	}
	if f.output != "" {
		cfg.Output.Override(f.output)
	}
	if f.set["concurrency"] {
		if f.concurrency < 1 {
			return nil, nil, usageError{fmt.Errorf("--concurrency %d: must be at least 1", f.concurrency)}
		}
		cfg.Run.Concurrency = f.concurrency
	}
	if f.set["rate"] {
		if f.rate < 0 {
			return nil, nil, usageError{fmt.Errorf("--rate %g: must not be negative", f.rate)}
		}
		cfg.Run.SetRate(f.rate)
	}
	if f.set["window"] && f.window < 1 {
		return nil, nil, usageError{fmt.Errorf("--window %d: must be at least 1", f.window)}
	}
	if f.escape != "" {
		switch f.escape {
		case config.EscapeResults, config.EscapeAll, config.EscapeNone:
			cfg.Output.EscapeFormulas = f.escape
		default:
			return nil, nil, usageError{fmt.Errorf("--escape-formulas %q: want results, all or none", f.escape)}
		}
	}
	if f.summary != "" {
		// Found out before the run, not after hours of paid calls.
		if dir := filepath.Dir(f.summary); !isDir(dir) {
			return nil, nil, usageError{fmt.Errorf("--summary %s: directory %s does not exist", f.summary, dir)}
		}
	}
	if f.report != "" {
		cfg.Output.Report = f.report
	}
	if err := checkReportPath(cfg); err != nil {
		return nil, nil, err
	}
	if f.noCache && f.cache != "" {
		return nil, nil, usageError{errors.New("--cache and --no-cache exclude each other")}
	}
	if config.SamePath(cfg.Input.Path, cfg.Output.Path) {
		return nil, nil, usageError{fmt.Errorf("output %q is the input file: namepipe never overwrites its input", cfg.Output.Path)}
	}
	if cfg.Input.Path == "-" && stdinIs(cfg.Output.Path) {
		return nil, nil, usageError{fmt.Errorf("output %q is the file standard input reads: namepipe never overwrites its input", cfg.Output.Path)}
	}
	return cfg, logger, nil
}

// stdinIs reports whether standard input is the file at path (same device
// and inode, so also through a link).
func stdinIs(path string) bool {
	if path == "" || path == "-" {
		return false
	}
	in, err := os.Stdin.Stat()
	if err != nil || !in.Mode().IsRegular() {
		return false
	}
	if out, err := os.Stat(path); err == nil && os.SameFile(in, out) {
		return true
	}
	entry, err := os.Lstat(path) // the directory entry itself (a link)
	return err == nil && os.SameFile(in, entry)
}

// openRunCache opens the persistent cache: --cache, else run.cache, else
// config's DefaultCachePath for a remote engine (or when that file exists:
// a previous run left results to resume from). The local engine computes
// faster than a disk cache answers, so it gets none by default.
func openRunCache(f *runFlags, cfg *mapping.Config, logger *slog.Logger) (*pipeline.BoltCache, string, bool, error) {
	if f.noCache {
		return nil, "", false, nil
	}
	path := f.cache
	if path == "" {
		path = cfg.Run.Cache
	}
	if def := cfg.DefaultCachePath(); path == "" && def != "" {
		if _, err := os.Stat(def); err == nil || cfg.Engine.Kind == config.EngineNameAPI {
			path = def
		}
	}
	if path == "" {
		return nil, "", false, nil
	}
	if config.SamePath(path, cfg.Input.Path) || config.SamePath(path, cfg.Output.Path) {
		return nil, "", false, usageError{fmt.Errorf("cache %q is the input or output file", path)}
	}
	_, statErr := os.Stat(path)
	existed := statErr == nil
	c, err := pipeline.OpenCache(path)
	if err != nil {
		return nil, "", false, err
	}
	c.MaxAge = f.cacheMaxAge
	if existed {
		n, _ := c.Len()
		logger.Info("re-using cached results", "cache", path, "entries", n)
	}
	return c, path, existed, nil
}

// newLogger returns a logger on stderr.
func newLogger(stderr io.Writer, level, format string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, usageError{fmt.Errorf("--log-level %q: want debug, info, warn or error", level)}
	}
	o := &slog.HandlerOptions{Level: lv}
	switch strings.ToLower(format) {
	case "text":
		return slog.New(slog.NewTextHandler(stderr, o)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(stderr, o)), nil
	}
	return nil, usageError{fmt.Errorf("--log-format %q: want text or json", format)}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// isDir reports whether path is an existing directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
