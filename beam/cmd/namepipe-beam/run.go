package main

import (
	"context"
	"errors"
	"io"
)

// cmdRun is `namepipe-beam run`.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, c := newFlagSet(stderr, "run", "--config FILE --runner R [flags] [runner flags]",
		"Runs the batch job of namepipe run as a Beam pipeline.")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if _, _, err := c.load(stderr); err != nil {
		return fail(stderr, exitUsage, err)
	}
	return fail(stderr, exitFailed, errors.New("run: not yet"))
}
