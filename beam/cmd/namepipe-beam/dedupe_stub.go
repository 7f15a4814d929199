package main

import (
	"context"
	"errors"
	"io"
)

// cmdDedupe is a placeholder until `namepipe-beam dedupe` lands; the branch
// that builds it replaces this file with dedupe.go.
func cmdDedupe(_ context.Context, _ []string, _, stderr io.Writer) int {
	return fail(stderr, exitUsage, errors.New("dedupe: not yet"))
}
