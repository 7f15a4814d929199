package browser

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// Launched starts a browser for a test and closes it at the end. Without Chromium the test fails
// when $CI is set (.ci/run installs it) and is skipped otherwise.
func Launched(t testing.TB) *Browser {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	b, err := Launch(ctx)
	if errors.Is(err, ErrNotFound) && os.Getenv("CI") == "" {
		t.Skip("no chromium installed (install Debian's chromium, or run .ci/run); required when CI is set")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}
