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
// input, binds the mapping to its schema, prints a summary of the input
// (format, delimiter, BOM, line endings, quoting, header, the values of a
// sample of rows that cannot be read, per column) and, with --rows N, what
// would be sent for the first N rows. It calls no service.
func (a app) cmdValidate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet(stderr, "validate", "--config FILE [--input P] [--rows N]",
		"Checks a config, and its mapping against the input's columns, and prints\nwhat it found in the input: format, delimiter, BOM, line endings, quoting,\nheader, and per typed column the values of a sample of rows that cannot be\nread. With --rows N, also the requests the first N rows would send.\nCalls no service.", "")
	config := fs.String("config", "", "the YAML config to check (required)")
	input := fs.String("input", "", "input file, overriding input.path")
	rows := fs.Int("rows", 0, "also print the requests of the first N input rows (JSON)")
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
		st := readers.StyleOf(l, sample)
		header := "no header row"
		if l.Header != nil {
			header = "header row"
		}
		fmt.Fprintf(stdout, "  delimiter %q, byte order mark %v, line endings %s, quoting %s, %s\n",
			l.Delimiter, l.BOM != "", st.LineEndings, st.Quoting, header)
	}
	for _, fit := range plan.CheckDates(sample) {
		fmt.Fprintf(stdout, "  %s (column %q): layouts %s read %d of %d values, %d not\n", fit.Key, fit.Column,
			strings.Join(fit.Layouts, " | "), fit.Fit, fit.Values, fit.Values-fit.Fit)
		for _, w := range fit.Warnings() {
			fmt.Fprintf(stdout, "  WARNING %s\n", w)
		}
	}
	printUnread(stdout, plan, sample)
	if *rows == 0 {
		fmt.Fprintf(stdout, "config OK: %s\n", *config)
		return exitOK
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

// printUnread prints, per input column, how many values of the sample
// the mapping cannot read (a date, a year or an age), with the first
// row's message, as run's summary counts them (errors.by_column).
func printUnread(w io.Writer, plan *mapping.Plan, sample []record.Record) {
	counts := map[string]int{}
	first := map[string]string{}
	var cols []string
	var errs []*mapping.RowError
	for i := range sample {
		_, err := plan.Build(&sample[i])
		errs = mapping.RowErrors(errs[:0], err)
		for _, e := range errs {
			if counts[e.Column] == 0 {
				cols = append(cols, e.Column)
				first[e.Column] = e.Error()
			}
			counts[e.Column]++
		}
	}
	if len(cols) == 0 {
		fmt.Fprintf(w, "  every mapped value of the sample can be read\n")
		return
	}
	for _, c := range cols {
		fmt.Fprintf(w, "  column %q: %d values of the sample cannot be read, such as %s\n", c, counts[c], first[c])
	}
}
