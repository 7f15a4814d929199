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
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
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
func (a app) cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, f := newRunFlags(stderr)
	if code, ok := parseFlags(fs, args, &f.input); !ok {
		return code
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })

	// Everything that can be wrong with the config or flags is reported
	// here, before any input is read.
	j, err := a.runJob(f, stderr)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	ctx, stop := interruptible(ctx)
	defer stop()
	stopProfiles, err := startProfiles(f.cpuProfile, f.memProfile, j.Logger)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	defer stopProfiles()

	out, err := j.Execute(ctx)
	for _, w := range out.Warnings {
		fmt.Fprintf(stderr, "namepipe: %v\n", w)
	}
	if !f.quiet && out.Summary != nil {
		fmt.Fprintf(stderr, "namepipe: %s\n", out.Summary)
	}
	if err != nil {
		return fail(stderr, exitCode(err), err)
	}
	if f.strict && out.Summary.RowsWithErrors > 0 {
		fmt.Fprintf(stderr, "namepipe: %d rows have errors (--strict)\n", out.Summary.RowsWithErrors)
		return exitRowErrors
	}
	return exitOK
}

// runJob loads the config, applies the flags and describes the job.
func (a app) runJob(f *runFlags, stderr io.Writer) (*job.Run, error) {
	cfg, logger, err := loadRunConfig(f, stderr)
	if err != nil {
		return nil, err
	}
	j := &job.Run{
		Config: cfg, ConfigPath: f.config, Parts: a.parts, Logger: logger,
		Cache:  job.CachePolicy{Path: f.cache, Off: f.noCache, MaxAge: f.cacheMaxAge},
		Window: f.window, Grace: f.grace, Quiet: f.quiet, SummaryPath: f.summary, ExplainStop: true,
	}
	if !f.quiet && isTerminal(stderr) {
		j.Progress = stderr
	}
	return j, j.Check()
}

// interruptible returns ctx cancelled by Ctrl-C or SIGTERM: the run stops
// taking rows, lets calls in flight finish for the grace period, flushes
// and does not commit. A second signal kills at once.
func interruptible(ctx context.Context) (context.Context, context.CancelFunc) {
	sigCtx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigCtx.Done()
		stop()
	}()
	return sigCtx, stop
}

// startProfiles starts the CPU profile (cpu != "") and returns the func
// that stops it and writes the allocation profile (mem != "").
func startProfiles(cpu, mem string, logger *slog.Logger) (stop func(), err error) {
	stopCPU := func() {}
	if cpu != "" {
		if stopCPU, err = startCPUProfile(cpu); err != nil {
			return nil, err
		}
	}
	return func() {
		if mem != "" {
			writeMemProfile(mem, logger)
		}
		stopCPU()
	}, nil
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

// exitCode maps a job's error to the documented exit codes.
func exitCode(err error) int {
	switch job.KindOf(err) {
	case job.Usage:
		return exitUsage
	case job.Input:
		return exitInput
	case job.Interrupted:
		return exitInterrupted
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
	o := job.Overrides{Input: f.input, Output: f.output}
	if f.set["concurrency"] {
		o.Concurrency = &f.concurrency
	}
	if f.set["rate"] {
		o.Rate = &f.rate
	}
	if err := o.Apply(cfg); err != nil {
		return nil, nil, usageError{err}
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
	if f.report != "" {
		cfg.Output.Report = f.report
	}
	return cfg, logger, nil
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
