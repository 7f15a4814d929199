package job

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/outfile"
)

// Dedupe is one dedupe run of a config: the rows that are the same person
// found (or linked to a reference file), and the input written again with
// the dedupe columns.
type Dedupe struct {
	// Config is the run's config, with any overrides applied.
	Config *mapping.Config
	// ConfigPath names the config file (messages, the report's hash).
	ConfigPath string
	// Parts construct the input, the output and the service.
	Parts Parts
	// Logger receives the run's log lines; nil discards them.
	Logger *slog.Logger
	// Output is the output file; Reference, when set, the file the input
	// is linked against.
	Output, Reference string
	// PairsPath, SummaryPath and ReportPath, when set, receive the compared
	// pairs (CSV), the summary (JSON) and the report (HTML).
	PairsPath, SummaryPath, ReportPath string
	// Explain, when set, receives the learned Fellegi–Sunter weights.
	Explain io.Writer
	// ExplainPairs are the pairs whose match-weight terms are written to
	// Terms (--explain-pair).
	ExplainPairs []dedupe.ExplainPair
	// Terms receives the terms of ExplainPairs.
	Terms io.Writer
	// MergePath, when set, receives one golden record per cluster (and
	// every row without duplicates) by the survivorship rules of
	// dedupe.merge, in the format its extension says.
	MergePath string
	// Previous, when set, is the output of an earlier dedupe run: the
	// input holds new rows, linked to its clusters (--previous).
	Previous string
	// SaveModelPath receives the model (--save-model); ModelPath is a
	// saved model used instead of learning one (--model).
	SaveModelPath, ModelPath string
	// SaveIndexPath receives the index of the output's rows
	// (--save-index; with IndexPath, of the index's rows and the new
	// ones); IndexPath is such an index of Previous, read instead of the
	// whole previous output (--index).
	SaveIndexPath, IndexPath string

	merger *dedupe.Merger
	index  *dedupe.IndexWriter
	// Progress, when set, is told each stage's progress.
	Progress func(stage string, done, total int64)
}

// Check reports, before anything is opened, what is wrong with the paths.
func (d *Dedupe) Check() error {
	cfg, out := d.Config, d.Output
	if out == "-" {
		return errorf(Usage, "dedupe: the output must be a file (it is written after the whole input was read)")
	}
	for _, p := range []string{d.SummaryPath, d.PairsPath, d.ReportPath, d.MergePath, out} {
		if p != "" && !isDir(filepath.Dir(p)) {
			return errorf(Usage, "%s: directory %s does not exist", p, filepath.Dir(p))
		}
	}
	if err := checkOutputs(out, d.SummaryPath, d.PairsPath, d.ReportPath); err != nil {
		return err
	}
	if err := NotAnInput(out, cfg.Input.Path, d.Reference); err != nil {
		return err
	}
	if d.ReportPath != "" && (config.SamePath(d.ReportPath, cfg.Input.Path) || config.SamePath(d.ReportPath, out)) {
		return errorf(Usage, "--report %q is the input or the output", d.ReportPath)
	}
	if d.MergePath != "" && d.Reference != "" {
		return errorf(Usage, "dedupe: --merge is not available with --reference")
	}
	if d.Previous != "" {
		switch {
		case d.Reference != "":
			return errorf(Usage, "dedupe: --previous and --reference cannot be combined")
		case d.MergePath != "":
			return errorf(Usage, "dedupe: --merge is not available with --previous (merge the previous output and the new one)")
		case cfg.Dedupe.IDColumn == "":
			return errorf(Usage, "dedupe: --previous needs dedupe.idColumn: the previous run's clusters are known by their rows' IDs")
		}
		if err := NotAnInput(out, d.Previous); err != nil {
			return err
		}
	}
	if d.IndexPath != "" && d.Previous == "" {
		return errorf(Usage, "dedupe: --index needs --previous, the output the index was saved with")
	}
	if d.SaveIndexPath != "" {
		switch {
		case d.Reference != "":
			return errorf(Usage, "dedupe: --save-index cannot be combined with --reference")
		case d.Previous != "" && d.IndexPath == "":
			return errorf(Usage, "dedupe: --save-index with --previous needs --index: an incremental run saves the index of the old and the new rows from the old index")
		case cfg.Dedupe.IDColumn == "":
			return errorf(Usage, "dedupe: --save-index needs dedupe.idColumn: an incremental run knows the previous clusters by their rows' IDs")
		case out == "":
			return errorf(Usage, "dedupe: --save-index needs the output to be a file (the index holds its fingerprint)")
		}
		if err := checkOutputs(d.SaveIndexPath); err != nil {
			return err
		}
		for _, p := range []string{cfg.Input.Path, out, d.Previous, d.SaveModelPath, d.ModelPath, d.PairsPath, d.SummaryPath, d.ReportPath, d.MergePath} {
			if p != "" && config.SamePath(d.SaveIndexPath, p) {
				return errorf(Usage, "--save-index %q is the input or another output", d.SaveIndexPath)
			}
		}
	}
	if d.SaveModelPath != "" {
		if err := checkOutputs(d.SaveModelPath); err != nil {
			return err
		}
		if config.SamePath(d.SaveModelPath, cfg.Input.Path) || config.SamePath(d.SaveModelPath, out) || config.SamePath(d.SaveModelPath, d.ModelPath) {
			return errorf(Usage, "--save-model %q is the input, the output or --model", d.SaveModelPath)
		}
	}
	if d.MergePath != "" && (config.SamePath(d.MergePath, cfg.Input.Path) || config.SamePath(d.MergePath, out) || config.SamePath(d.MergePath, d.PairsPath)) {
		return errorf(Usage, "--merge %q is the input, the output or the pairs file", d.MergePath)
	}
	if d.PairsPath != "" && (config.SamePath(d.PairsPath, cfg.Input.Path) || config.SamePath(d.PairsPath, out)) {
		return errorf(Usage, "--pairs %q is the input or the output", d.PairsPath)
	}
	return distinctPaths(
		[]role{{"input", cfg.Input.Path}, {"--reference file", d.Reference}, {"config file", d.ConfigPath}},
		[]role{{"output", out}, {"--summary", d.SummaryPath}, {"--pairs file", d.PairsPath}, {"--report", d.ReportPath}, {"--merge file", d.MergePath}})
}

// DedupeOutcome is what a finished dedupe run leaves.
type DedupeOutcome struct {
	// Result is the clusters, the model and the summary.
	Result *dedupe.Result
	// ByService is whether names were compared by the service.
	ByService bool
	// Warnings is unused since a summary or report that cannot be
	// written fails the run (exit 1, after the output was committed).
	Warnings []error
}

// KeepMalformed makes a dedupe run keep malformed rows: every row takes
// part and is written, flagged as with onMalformed: keep
// (input.onMalformed: reject applies to run only). It reports whether it
// changed the config.
func KeepMalformed(in *config.Input) bool {
	if in.OnMalformed != config.MalformedReject {
		return false
	}
	in.OnMalformed = config.MalformedKeep
	return true
}

// Execute runs the job: the matcher, the clusters, then the output
// written and committed, the pairs file, the weights, the summary and the
// report. Nothing is written when the clustering fails. Its error is an
// *Error.
func (d *Dedupe) Execute(ctx context.Context) (*DedupeOutcome, error) {
	if d.Logger == nil {
		d.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	cfg := d.Config
	matcher, budget, err := d.matcher(ctx)
	if err != nil {
		return nil, errorf(Usage, "%s: engine: %w", d.ConfigPath, err)
	}
	if c, ok := matcher.(io.Closer); ok {
		defer c.Close()
	}
	if KeepMalformed(&cfg.Input) {
		d.Logger.Info("dedupe keeps malformed rows (input.onMalformed: reject applies to run)")
	}
	if cfg.Input.Path == "-" {
		// dedupe reads its input twice: keep stdin in a temporary file.
		tmp, err := spoolStdin(cfg.Dedupe.TempDir)
		if err != nil {
			return nil, errorf(Input, "input: %w", err)
		}
		defer os.Remove(tmp)
		cfg.Input.Path = tmp
	}
	res, err := d.cluster(ctx, matcher, budget)
	defer d.index.Abort() // a no-op once committed
	if err != nil {
		return nil, err
	}
	if err := d.writeOutput(ctx, res); err != nil {
		return nil, err
	}
	if d.index != nil {
		if err := d.index.Commit(res, d.Output); err != nil {
			return nil, wrap(Failed, err)
		}
	}
	if d.merger != nil {
		if err := d.writeMerged(ctx, res); err != nil {
			return nil, err
		}
	}
	if err := d.writeExtras(res); err != nil {
		return nil, err
	}
	out := &DedupeOutcome{Result: res, ByService: matcher != nil}
	if d.SummaryPath != "" {
		if err := res.Summary.WriteJSON(d.SummaryPath); err != nil {
			out.Warnings = append(out.Warnings, err)
		}
	}
	if d.ReportPath != "" {
		if err := writeDedupeReport(d.ReportPath, d.ConfigPath, cfg, d.Output, res); err != nil {
			out.Warnings = append(out.Warnings, err)
		}
	}
	if len(out.Warnings) > 0 {
		// An output the user asked for is missing: the run fails, after
		// the main output was committed.
		err := errors.Join(out.Warnings...)
		out.Warnings = nil
		return out, &Error{Kind: Failed, Err: fmt.Errorf("%w (the output %s was written and committed)", err, d.Output)}
	}
	return out, nil
}

// cluster reads the input (and the reference) and finds the clusters.
func (d *Dedupe) cluster(ctx context.Context, matcher nameapi.PersonMatcher, budget int64) (*dedupe.Result, error) {
	cfg := d.Config
	rd, err := d.Parts.OpenInput(ctx, cfg.Input, nil)
	if err != nil {
		return nil, errorf(Input, "input: %w", err)
	}
	defer rd.Close()
	plan, err := mapping.NewPlan(cfg, rd.Schema())
	if err != nil {
		return nil, wrap(Usage, err)
	}
	if err := dedupe.CheckColumns(cfg.Dedupe, rd.Schema(), cfg.File(), cfg.Line); err != nil {
		return nil, wrap(Usage, err)
	}
	if _, err := dedupe.OutputSchemaIDs(rd.Schema(), cfg.Output.ColumnPrefix(), cfg.Dedupe.IDColumn); err != nil {
		return nil, errorf(Usage, "%s: %w", d.ConfigPath, err)
	}
	if d.MergePath != "" {
		if d.merger, err = dedupe.NewMerger(rd.Schema(), cfg.Dedupe.Merge, cfg.Output.ColumnPrefix()); err != nil {
			return nil, errorf(Usage, "%s: %w", d.ConfigPath, err)
		}
	}
	opts := dedupe.Options{Input: rd, Plan: plan, Matcher: matcher, MaxMatchCalls: budget, Settings: cfg.Dedupe, Progress: d.Progress,
		ExplainPairs: d.ExplainPairs, InputName: cfg.Input.Path, ReferenceName: d.Reference,
		NoNames: d.PairsPath == "" && d.ReportPath == "", NoPairs: d.PairsPath == "" && d.ReportPath == ""}
	if d.ModelPath != "" {
		if opts.Model, opts.ModelCompare, err = dedupe.LoadModel(d.ModelPath); err != nil {
			return nil, wrap(Usage, err)
		}
	}
	if d.SaveIndexPath != "" {
		if d.index, err = dedupe.CreateIndex(d.SaveIndexPath, dedupe.ConfigFingerprint(cfg)); err != nil {
			return nil, wrap(Usage, err)
		}
		opts.SaveIndex = d.index
	}
	if d.IndexPath != "" {
		ix, err := dedupe.OpenIndex(d.IndexPath)
		if err != nil {
			return nil, wrap(Usage, err)
		}
		defer ix.Close()
		if err := ix.Check(dedupe.ConfigFingerprint(cfg), d.Previous); err != nil {
			return nil, wrap(Usage, err)
		}
		opts.Index, opts.PreviousName = ix, d.Previous
	} else if d.Previous != "" {
		prevCfg := *cfg
		prevCfg.Input.Delimiter = ""
		prevCfg.Input.Override(d.Previous)
		prev, err := d.Parts.OpenInput(ctx, prevCfg.Input, nil)
		if err != nil {
			return nil, errorf(Input, "previous: %w", err)
		}
		defer prev.Close()
		prevPlan, err := mapping.NewPlan(&prevCfg, prev.Schema())
		if err != nil {
			return nil, errorf(Usage, "previous %s: %w", d.Previous, err)
		}
		if err := dedupe.CheckColumns(cfg.Dedupe, prev.Schema(), cfg.File(), cfg.Line); err != nil {
			return nil, errorf(Usage, "previous %s: %w", d.Previous, err)
		}
		opts.Previous, opts.PrevPlan, opts.PreviousName = prev, prevPlan, d.Previous
		opts.PreviousClusterColumn = cfg.Output.ColumnPrefix() + "cluster_id"
	}
	if d.Reference != "" {
		refCfg := *cfg
		refCfg.Input.Delimiter = ""
		refCfg.Input.Override(d.Reference)
		ref, err := d.Parts.OpenInput(ctx, refCfg.Input, nil)
		if err != nil {
			return nil, errorf(Input, "reference: %w", err)
		}
		defer ref.Close()
		refPlan, err := mapping.NewPlan(&refCfg, ref.Schema())
		if err != nil {
			return nil, errorf(Usage, "reference %s: %w", d.Reference, err)
		}
		if err := dedupe.CheckColumns(cfg.Dedupe, ref.Schema(), cfg.File(), cfg.Line); err != nil {
			return nil, errorf(Usage, "reference %s: %w", d.Reference, err)
		}
		opts.Reference, opts.RefPlan = ref, refPlan
	}
	d.Logger.Debug("dedupe starting", "input", cfg.Input.Path, "output", d.Output, "reference", d.Reference, "engine", cfg.Engine.Kind, "names", cfg.Dedupe.Names)
	res, err := dedupe.Run(ctx, opts)
	if err != nil {
		if ctx.Err() != nil {
			return nil, errorf(Interrupted, "interrupted; nothing was written")
		}
		return nil, wrap(Input, err)
	}
	return res, nil
}

// writeOutput reads the input a second time and writes its rows
// unchanged, with the dedupe columns, and commits the output.
func (d *Dedupe) writeOutput(ctx context.Context, res *dedupe.Result) error {
	cfg := d.Config
	rd, err := d.Parts.OpenInput(ctx, cfg.Input, nil)
	if err != nil {
		return errorf(Input, "input: %w", err)
	}
	defer rd.Close()
	schema, err := dedupe.OutputSchemaIDs(rd.Schema(), cfg.Output.ColumnPrefix(), cfg.Dedupe.IDColumn)
	if err != nil {
		return errorf(Usage, "%s: %w", d.ConfigPath, err)
	}
	outCfg := cfg.Settings
	if d.Output != "" { // "" when the output is a database table
		outCfg.Output.Override(d.Output)
	}
	w, err := d.Parts.CreateOutput(ctx, &outCfg, schema, OutputColumns{Input: len(rd.Schema().Fields)}, layoutOf(rd))
	if err != nil {
		return errorf(Failed, "output: %w", err)
	}
	if err := dedupe.WriteOutput(ctx, rd, w, res, d.Progress); err != nil {
		_ = w.Abort()
		return wrap(Failed, err)
	}
	if err := w.Commit(); err != nil {
		return errorf(Failed, "output: %w", err)
	}
	return nil
}

// writeMerged writes the golden records (--merge) to MergePath, in the
// format its extension says (as the output).
func (d *Dedupe) writeMerged(ctx context.Context, res *dedupe.Result) error {
	cfg := d.Config
	rd, err := d.Parts.OpenInput(ctx, cfg.Input, nil)
	if err != nil {
		return errorf(Input, "input: %w", err)
	}
	defer rd.Close()
	mc := cfg.Settings
	mc.Output.Override(d.MergePath)
	w, err := d.Parts.CreateOutput(ctx, &mc, d.merger.Schema(), OutputColumns{}, nil)
	if err != nil {
		return errorf(Failed, "--merge: %w", err)
	}
	if err := d.merger.Write(ctx, rd, w, res); err != nil {
		_ = w.Abort()
		return wrap(Failed, err)
	}
	if err := w.Commit(); err != nil {
		return errorf(Failed, "--merge: %w", err)
	}
	return nil
}

// writeExtras writes the pairs file and the weights, when asked.
func (d *Dedupe) writeExtras(res *dedupe.Result) error {
	if d.PairsPath != "" {
		if err := writePairsFile(d.PairsPath, res); err != nil {
			return wrap(Failed, err)
		}
	}
	if d.Explain != nil {
		if err := res.Model.Explain(d.Explain); err != nil {
			return wrap(Failed, err)
		}
	}
	if d.SaveModelPath != "" {
		if err := res.Model.SaveModel(d.SaveModelPath); err != nil {
			return wrap(Failed, err)
		}
	}
	for _, e := range res.Explained {
		if d.Terms == nil {
			break
		}
		if err := res.Model.WriteTerms(d.Terms, e.Ask.A, e.Ask.B, &e.Pair); err != nil {
			return wrap(Failed, err)
		}
	}
	return nil
}

// matcher returns the person matcher for names and its call budget
// (< 0 = unlimited), or nil when names are compared locally.
func (d *Dedupe) matcher(ctx context.Context) (nameapi.PersonMatcher, int64, error) {
	cfg := d.Config
	if cfg.Dedupe.Names == config.DedupeNamesLocal {
		return nil, 0, nil
	}
	budget := int64(-1)
	if cfg.Engine.Kind == config.EngineNameAPI {
		if cfg.Dedupe.MaxMatchCalls == 0 {
			d.Logger.Info("names are compared locally: set dedupe.maxMatchCalls to budget paid person-matcher calls")
			return nil, 0, nil
		}
		budget = cfg.Dedupe.MaxMatchCalls
	}
	apiKey, err := cfg.Engine.APIKey()
	if err != nil {
		return nil, 0, err
	}
	svc, _, err := d.Parts.NewService(ctx, cfg.Engine, apiKey, nil)
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

// writePairsFile writes the pairs CSV, as outfile decides (a file
// through a temporary file renamed into place).
func writePairsFile(path string, res *dedupe.Result) error {
	pf, err := outfile.Create(path, outfile.Options{})
	if err != nil {
		return fmt.Errorf("--pairs: %w", err)
	}
	if err := res.WritePairs(pf); err != nil {
		pf.Abort()
		return fmt.Errorf("--pairs %s: %w", path, err)
	}
	if err := pf.Commit(); err != nil {
		return fmt.Errorf("--pairs %s: %w", path, err)
	}
	return nil
}
