package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/namepipe/namepipe/mapping"
)

// cmdServe is `namepipe serve`: the local engine over the REST and SOAP
// paths, with optional fault injection for tests and benchmarks.
func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("namepipe serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o serveOptions
	fs.StringVar(&o.Addr, "addr", "127.0.0.1:8080", "listen address")
	fs.StringVar(&o.KeysFile, "keys", "", "file of accepted API keys, one per line (default: accept any key)")
	fs.DurationVar(&o.Latency, "latency", 0, "latency added to every answer")
	fs.Float64Var(&o.ErrorRate, "error-rate", 0, "share of requests (0..1) answered with an injected error")
	fs.IntVar(&o.ErrorStatus, "error-status", 503, "HTTP status of injected errors")
	fs.Float64Var(&o.RateLimit, "rate-limit", 0, "answer 429 above this many requests per second (0 = no limit)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: namepipe serve [flags]\n\nServes the offline engine over the NameAPI REST v5.3 and SOAP paths.\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if o.ErrorRate < 0 || o.ErrorRate > 1 || o.Latency < 0 || o.RateLimit < 0 {
		return fail(stderr, exitUsage, errors.New("serve: --error-rate must be in [0, 1], --latency and --rate-limit not negative"))
	}
	if runServer == nil {
		return fail(stderr, exitUsage, notWired("the server"))
	}
	cfg := &mapping.Config{Engine: mapping.EngineConfig{Kind: mapping.EngineLocal}}
	svc, _, err := newService(ctx, cfg, "", 0)
	if err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("engine: %w", err))
	}
	sigCtx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := runServer(sigCtx, svc, o); err != nil && !errors.Is(err, context.Canceled) {
		return fail(stderr, exitFailed, err)
	}
	return exitOK
}
