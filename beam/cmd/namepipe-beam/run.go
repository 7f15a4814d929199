package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/namepipe/namepipe/beam/enrich"
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
)

// runFlags are the flags of `namepipe-beam run` besides the common ones.
type runFlags struct {
	input, output, summary string
	concurrency            int
	rate                   float64
	workers                int
	quiet                  bool
}

// cmdRun is `namepipe-beam run`.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, c := newFlagSet(stderr, "run", "--config FILE [--runner R] [flags] [runner flags]", `
Runs the batch job of "namepipe run" as a Beam pipeline, with the same config:
each input file (input.path: a file, a glob or a directory of CSV, Parquet or
JSONL shards) is enriched by one worker into an output shard of the same
format, named from output.path (out/x.csv → out/x-00000-of-00004.csv), with
two more columns: the row's source file and data row. The run's summary
(the counts of "namepipe run --summary") is written once at the end.`)
	f := &runFlags{}
	fs.StringVar(&f.input, "input", "", "input file, glob or directory, overriding input.path")
	fs.StringVar(&f.output, "output", "", "output path the shards are named from, overriding output.path")
	fs.StringVar(&f.summary, "summary", "", "where the run summary JSON goes (default: output.path's name with .summary.json)")
	fs.IntVar(&f.concurrency, "concurrency", 0, "requests in flight per worker, overriding run.concurrency")
	fs.Float64Var(&f.rate, "rate", 0, "requests per second of the whole job, overriding run.rate; each worker gets rate/workers")
	fs.IntVar(&f.workers, "workers", 0, "workers sharing the rate (default: --max_num_workers, else --parallelism, else 1)")
	fs.BoolVar(&f.quiet, "quiet", false, "no summary line on stderr, and only warnings and errors from the runner (unless --log-level is given)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if f.quiet && !set["log-level"] {
		c.logLevel = "warn"
	}

	cfg, _, err := c.load(stderr)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	job, code, err := prepareRun(ctx, c, f, set, cfg)
	if err != nil {
		return fail(stderr, code, err)
	}

	p, s := beam.NewPipelineWithRoot()
	enrich.Build(s, job)
	if _, err := c.execute(ctx, p); err != nil {
		return fail(stderr, exitFailed, err)
	}
	if !f.quiet {
		printSummary(stderr, job.Summary)
	}
	return exitOK
}

// prepareRun checks what can be checked before the job is submitted (the
// config against the first local shard's columns) and describes the job.
func prepareRun(ctx context.Context, c *common, f *runFlags, set map[string]bool, cfg *mapping.Config) (enrich.Job, int, error) {
	if err := applyRunFlags(c, f, set, cfg); err != nil {
		return enrich.Job{}, exitUsage, err
	}
	workers, err := workerCount(f.workers, set["workers"])
	if err != nil {
		return enrich.Job{}, exitUsage, err
	}
	inputs, err := enrich.ListInputs(ctx, cfg.Input.Path)
	if err != nil {
		return enrich.Job{}, exitInput, err
	}
	shards := enrich.ShardPaths(inputs, cfg.Output.Path)
	if err := checkOutputs(shards, inputs, cfg.Output.Path, f.summary); err != nil {
		return enrich.Job{}, exitUsage, err
	}
	if code, err := checkFirstShard(ctx, cfg, inputs[0]); err != nil {
		return enrich.Job{}, code, err
	}
	data, err := os.ReadFile(c.config)
	if err != nil {
		return enrich.Job{}, exitUsage, fmt.Errorf("read config: %w", err)
	}
	summary := f.summary
	if summary == "" {
		summary = strings.TrimSuffix(cfg.Output.Path, path.Ext(cfg.Output.Path)) + ".summary.json"
	}
	rate, burst := workerRate(cfg, workers, set["rate"])
	job := enrich.Job{
		Config: data, ConfigName: c.config, Shards: shards,
		RatePerWorker: rate, BurstPerWorker: burst, Build: version(), Today: os.Getenv(wiring.TodayEnv),
		Summary: summary,
		Info:    enrich.Info{Runner: c.runner, Files: len(shards), Workers: workers, RatePerWorker: rate},
	}
	if set["concurrency"] {
		job.Concurrency = f.concurrency
	}
	return job, exitOK, nil
}

// applyRunFlags applies the command line's overrides to cfg (as namepipe
// run does) and reports what namepipe-beam does not support.
func applyRunFlags(c *common, f *runFlags, set map[string]bool, cfg *mapping.Config) error {
	o := job.Overrides{Input: f.input, Output: f.output}
	if set["concurrency"] {
		o.Concurrency = &f.concurrency
	}
	if set["rate"] {
		o.Rate = &f.rate
	}
	if err := o.Apply(cfg); err != nil {
		return err
	}
	if cfg.Input.Path == "-" || cfg.Output.Path == "-" {
		return errors.New("namepipe-beam reads and writes files: input.path and output.path cannot be -")
	}
	if cfg.Input.OnMalformed == config.MalformedReject {
		return fmt.Errorf("%s: input.onMalformed: reject is not supported by namepipe-beam; use keep (flag the rows) or fail", c.config)
	}
	if cfg.Output.Report != "" {
		return fmt.Errorf("%s: output.report is not supported by namepipe-beam", c.config)
	}
	if cfg.Engine.Kind == config.EngineNameAPI {
		// The key is read here to fail early; the workers read it from
		// their own environment, so that it never travels with the job.
		if _, err := cfg.Engine.APIKey(); err != nil {
			return fmt.Errorf("%s: %w", c.config, err)
		}
	}
	return nil
}

// checkOutputs reports, before the job, an output directory that does
// not exist and an output shard that is an input file.
func checkOutputs(shards []enrich.Shard, inputs []string, paths ...string) error {
	for _, p := range paths {
		if p == "" || strings.Contains(p, "://") {
			continue
		}
		// Found out before the job, not after its shards ran.
		if dir := filepath.Dir(p); !isDir(dir) {
			return fmt.Errorf("%s: directory %s does not exist", p, dir)
		}
	}
	for _, sh := range shards {
		if err := job.NotAnInput(sh.Output, append([]string{sh.Input}, inputs...)...); err != nil {
			return err
		}
	}
	return nil
}

// workerRate is each worker's share of run.rate and its burst: a second's
// worth of the share, or its share of an explicit run.burst.
func workerRate(cfg *mapping.Config, workers int, rateFlag bool) (rate float64, burst int) {
	rate = cfg.Run.Rate / float64(workers)
	if rate > 0 {
		burst = config.DefaultBurst(rate)
		if cfg.Line("run.burst") > 0 && !rateFlag {
			burst = max(1, (cfg.Run.Burst+workers-1)/workers)
		}
	}
	return rate, burst // burst 0: the pipeline's default, no rate
}

// checkFirstShard reports a config that does not fit the input (a column
// it names is missing) before the job is submitted, as namepipe run does;
// the other shards are checked by their workers.
func checkFirstShard(ctx context.Context, cfg *mapping.Config, first string) (int, error) {
	if strings.Contains(first, "://") {
		return exitOK, nil // a remote file: its worker checks it
	}
	c := *cfg
	c.Input.Override(first)
	rd, err := wiring.OpenInput(ctx, c.Input, nil)
	if err != nil {
		return exitInput, fmt.Errorf("input: %w", err)
	}
	defer rd.Close()
	plan, err := mapping.NewPlan(&c, rd.Schema())
	if err != nil {
		return exitUsage, err
	}
	if _, err := enrich.SourceSchema(plan.OutputSchema(), c.Output.ColumnPrefix()); err != nil {
		return exitUsage, err
	}
	return exitOK, nil
}

// workerCount is the number of workers sharing the rate: --workers, else
// the runner's bound on workers (--max_num_workers on Dataflow,
// --parallelism on Flink), else 1.
func workerCount(workers int, set bool) (int, error) {
	if set {
		if workers < 1 {
			return 0, fmt.Errorf("--workers %d: must be at least 1", workers)
		}
		return workers, nil
	}
	for _, name := range []string{"max_num_workers", "parallelism"} {
		if n, err := strconv.Atoi(sdkFlag(name)); err == nil && n > 0 {
			return n, nil
		}
	}
	return 1, nil
}

// printSummary prints the one-line summary when the summary file is local.
func printSummary(stderr io.Writer, path string) {
	if strings.Contains(path, "://") {
		fmt.Fprintf(stderr, "namepipe-beam: summary written to %s\n", path)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "namepipe-beam: reading the summary: %v\n", err)
		return
	}
	var r enrich.Result
	if err := json.Unmarshal(data, &r); err != nil {
		fmt.Fprintf(stderr, "namepipe-beam: reading the summary: %v\n", err)
		return
	}
	r.Elapsed = time.Duration(r.ElapsedSec * float64(time.Second))
	fmt.Fprintf(stderr, "namepipe-beam: %d files on %s; %s; summary %s\n", r.Job.Files, r.Job.Runner, r.Summary.String(), path)
}

// isDir reports whether path is an existing directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// version names this build (the local engine's identity).
func version() string {
	s := "namepipe-beam"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range bi.Settings {
			if kv.Key == "vcs.revision" {
				s += " (" + kv.Value[:min(12, len(kv.Value))] + ")"
			}
		}
	}
	return s
}
