package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/namepipe/namepipe/beam/dedupeflow"
	"github.com/namepipe/namepipe/beam/enrich"
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
)

// dedupeFlags are the flags of `namepipe-beam dedupe` besides the common
// ones.
type dedupeFlags struct {
	input, output, reference, summary, pairs string
	quiet                                    bool
}

// cmdDedupe is `namepipe-beam dedupe`.
func cmdDedupe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, c := newFlagSet(stderr, "dedupe", "--config FILE [--runner R] [--reference FILE] [flags] [runner flags]", `
Finds the rows that are the same person entered twice or more, as
"namepipe dedupe" does and with its results, as a Beam pipeline: the input
(input.path: a file, a glob or a directory of CSV, Parquet or JSONL files)
is de-duplicated as one, and each input file is written, every row
unchanged and in order, into an output shard of its format named from the
output path (out/x.csv → out/x-00000-of-00004.csv), with cluster_id,
cluster_size, match_row, match_score and match_reason (the rows' IDs with
dedupe.idColumn, else rows numbered over the input files in order) and the
row's source file and data row. The summary (the counts of "namepipe
dedupe --summary") is written at the end.`)
	f := &dedupeFlags{}
	fs.StringVar(&f.input, "input", "", "input file, glob or directory, overriding input.path")
	fs.StringVar(&f.output, "output", "", "output path the shards are named from, overriding dedupe.output (default: output.path with .dedupe before the extension)")
	fs.StringVar(&f.reference, "reference", "", "link the input against this file, glob or directory (same columns) instead of de-duplicating it")
	fs.StringVar(&f.summary, "summary", "", "where the summary JSON goes (default: the output path's name with .summary.json)")
	fs.StringVar(&f.pairs, "pairs", "", "also write every compared pair at or above dedupe.pairsThreshold to this CSV file, as namepipe dedupe --pairs does")
	fs.BoolVar(&f.quiet, "quiet", false, "no summary line on stderr")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	cfg, _, err := c.load(stderr)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	o, code, err := prepareDedupe(ctx, c, f, cfg)
	if err != nil {
		return fail(stderr, code, err)
	}
	start := time.Now()
	p, s := beam.NewPipelineWithRoot()
	if _, err := dedupeflow.Build(s, o); err != nil {
		return fail(stderr, exitUsage, err)
	}
	if _, err := c.execute(ctx, p); err != nil {
		return fail(stderr, exitFailed, err)
	}
	sum, err := finishSummary(o.Summary, time.Since(start))
	if err != nil {
		return fail(stderr, exitFailed, err)
	}
	if !f.quiet {
		fmt.Fprintf(stderr, "namepipe-beam: %s; summary %s\n", sum, o.Summary)
	}
	return exitOK
}

// prepareDedupe checks what can be checked before the job is submitted and
// describes it.
func prepareDedupe(ctx context.Context, c *common, f *dedupeFlags, cfg *mapping.Config) (dedupeflow.Options, int, error) {
	var o dedupeflow.Options
	if err := (job.Overrides{Input: f.input}).Apply(cfg); err != nil {
		return o, exitUsage, err
	}
	out := cfg.DedupeOutput(f.output)
	if cfg.Input.Path == "-" || out == "-" {
		return o, exitUsage, errors.New("namepipe-beam reads and writes files: the input and the output cannot be -")
	}
	if cfg.Engine.Kind == config.EngineNameAPI && cfg.Dedupe.Names != config.DedupeNamesLocal && cfg.Dedupe.MaxMatchCalls != 0 {
		// A budget of paid calls cannot be shared exactly between workers.
		return o, exitUsage, fmt.Errorf("%s: dedupe.maxMatchCalls with engine.kind: nameapi is not supported by namepipe-beam; names are compared locally without it", c.config)
	}
	inputs, err := enrich.ListInputs(ctx, cfg.Input.Path)
	if err != nil {
		return o, exitInput, err
	}
	var refs []string
	if f.reference != "" {
		if refs, err = enrich.ListInputs(ctx, f.reference); err != nil {
			return o, exitInput, fmt.Errorf("reference: %w", err)
		}
	}
	for _, p := range concat(inputs, refs) {
		if strings.Contains(p, "://") {
			return o, exitUsage, fmt.Errorf("%s: namepipe-beam dedupe reads local (or shared) files only", p)
		}
	}
	summary := f.summary
	if summary == "" {
		summary = strings.TrimSuffix(out, path.Ext(out)) + ".summary.json"
	}
	outs := []string{out, summary}
	if f.pairs != "" {
		outs = append(outs, f.pairs)
		if f.pairs == "-" || strings.Contains(f.pairs, "://") {
			return o, exitUsage, fmt.Errorf("--pairs %s: namepipe-beam writes the pairs to a local (or shared) file", f.pairs)
		}
		if err := job.NotAnInput(f.pairs, concat(inputs, refs)...); err != nil {
			return o, exitUsage, err
		}
		if config.SamePath(f.pairs, out) || config.SamePath(f.pairs, summary) {
			return o, exitUsage, fmt.Errorf("--pairs %q is the output or the summary", f.pairs)
		}
	}
	for _, p := range outs {
		if dir := filepath.Dir(p); !isDir(dir) {
			return o, exitUsage, fmt.Errorf("%s: directory %s does not exist", p, dir)
		}
	}
	for _, sh := range enrich.ShardPaths(inputs, out) {
		if err := job.NotAnInput(sh.Output, concat(inputs, refs)...); err != nil {
			return o, exitUsage, err
		}
	}
	if code, err := checkDedupeInput(ctx, cfg, inputs[0]); err != nil {
		return o, code, err
	}
	data, err := os.ReadFile(c.config)
	if err != nil {
		return o, exitUsage, fmt.Errorf("read config: %w", err)
	}
	o = dedupeflow.Options{Config: data, ConfigName: c.config, Inputs: inputs, References: refs, Output: out, Summary: summary, Pairs: f.pairs}
	return o, exitOK, nil
}

// checkDedupeInput reports a config that does not fit the first input file
// (a column it names is missing, an output column clashes) before the job
// is submitted.
func checkDedupeInput(ctx context.Context, cfg *mapping.Config, first string) (int, error) {
	c := *cfg
	c.Input.Override(first)
	job.KeepMalformed(&c.Input) // as the workers read it
	rd, err := wiring.OpenInput(ctx, c.Input, nil)
	if err != nil {
		return exitInput, fmt.Errorf("input: %w", err)
	}
	defer rd.Close()
	if _, err := mapping.NewPlan(&c, rd.Schema()); err != nil {
		return exitUsage, err
	}
	if err := dedupe.CheckColumns(c.Dedupe, rd.Schema(), c.File(), c.Line); err != nil {
		return exitUsage, err
	}
	schema, err := dedupe.OutputSchemaIDs(rd.Schema(), c.Output.ColumnPrefix(), c.Dedupe.IDColumn)
	if err == nil {
		_, err = enrich.SourceSchema(schema, c.Output.ColumnPrefix())
	}
	if err != nil {
		return exitUsage, fmt.Errorf("%s: %w", first, err)
	}
	return exitOK, nil
}

func concat(a, b []string) []string { return append(append([]string(nil), a...), b...) }

// finishSummary adds the job's elapsed time to the summary the pipeline
// wrote.
func finishSummary(path string, elapsed time.Duration) (*dedupe.Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("summary: %w", err)
	}
	var s dedupe.Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("summary %s: %w", path, err)
	}
	s.Elapsed, s.ElapsedSec = elapsed, elapsed.Seconds()
	return &s, s.WriteJSON(path)
}
