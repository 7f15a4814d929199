package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// cmdValidate is `namepipe validate`: it loads the config, opens the
// input, binds the mapping to its schema and prints what would be sent for
// the first rows. It calls no service.
func (a app) cmdValidate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet(stderr, "validate", "--config FILE [--input P] [--rows N]",
		"Checks a config, and its mapping against the input's columns, and prints\nthe requests the first rows would send. Calls no service.", "")
	config := fs.String("config", "", "the YAML config to check (required)")
	input := fs.String("input", "", "input file, overriding input.path")
	rows := fs.Int("rows", 3, "how many input rows to show the requests of")
	if code, ok := parseFlags(fs, args, input); !ok {
		return code
	}
	if *config == "" {
		return fail(stderr, exitUsage, errors.New("validate: --config is required"))
	}
	if *rows < 0 {
		return fail(stderr, exitUsage, fmt.Errorf("--rows %d: must not be negative", *rows))
	}
	cfg, err := mapping.Load(*config)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	// The same overrides as run: a path's extension brings its format.
	if err := (job.Overrides{Input: *input}).Apply(cfg); err != nil {
		return fail(stderr, exitUsage, err)
	}
	// Rows set aside by onMalformed: reject are not described.
	rd, err := a.parts.OpenInput(ctx, cfg.Input, func(readers.Rejected) error { return nil })
	if err != nil {
		return fail(stderr, exitInput, fmt.Errorf("input: %w", err))
	}
	defer rd.Close()
	plan, err := mapping.NewPlan(cfg, rd.Schema())
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	// The date layouts against a sample of the rows, as run checks them.
	sample, sampled := readers.Sample(ctx, rd, mapping.DateSample)
	rd = sampled
	fmt.Fprintf(stdout, "input: %s (%s), %d columns, %d rows sampled\n", cfg.Input.Path, cfg.Input.Format, len(rd.Schema().Fields), len(sample))
	if l, ok := readers.LayoutOf(rd); ok {
		fmt.Fprintf(stdout, "  delimiter %q, byte order mark %v\n", l.Delimiter, l.BOM != "")
	}
	for _, fit := range plan.CheckDates(sample) {
		fmt.Fprintf(stdout, "  %s (column %q): layouts %s read %d of %d values\n", fit.Key, fit.Column, strings.Join(fit.Layouts, " | "), fit.Fit, fit.Values)
		for _, w := range fit.Warnings() {
			fmt.Fprintf(stdout, "  WARNING %s\n", w)
		}
	}
	recs := make([]record.Record, 0, *rows)
	for len(recs) < *rows {
		buf := make([]record.Record, *rows-len(recs))
		n, err := rd.Read(ctx, buf)
		recs = append(recs, buf[:n]...)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(stderr, exitInput, fmt.Errorf("input: %w", err))
		}
	}
	if err := plan.Describe(stdout, recs); err != nil {
		return fail(stderr, exitFailed, err)
	}
	fmt.Fprintf(stdout, "config OK: %s\n", *config)
	return exitOK
}
