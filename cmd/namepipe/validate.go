package main

import (
	"context"
	"errors"
	"fmt"
	"io"

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
	if code, ok := parseFlags(fs, args); !ok {
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
	if *input != "" {
		cfg.Input.Path, cfg.Input.Postgres = *input, nil
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
