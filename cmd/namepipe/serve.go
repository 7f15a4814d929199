package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/server"
)

// cmdServe is `namepipe serve`: the local engine over the REST and SOAP
// paths, with optional fault injection for tests and benchmarks.
func (a app) cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet(stderr, "serve", "[flags]",
		"Serves the offline engine over the NameAPI REST v5.3 and SOAP paths, with\noptional fault injection for tests and benchmarks. Stops on Ctrl-C.", "")
	var o serveOptions
	fs.StringVar(&o.Addr, "addr", "127.0.0.1:8080", "listen address")
	fs.StringVar(&o.KeysFile, "keys", "", "file of accepted API keys, one per line (default: accept any key)")
	fs.DurationVar(&o.Latency, "latency", 0, "latency added to every answer")
	fs.DurationVar(&o.LatencyJitter, "latency-jitter", 0, "random extra latency, up to this much")
	fs.Float64Var(&o.ErrorRate, "error-rate", 0, "share of requests (0..1) answered with an injected error")
	fs.IntVar(&o.ErrorStatus, "error-status", 503, "HTTP status of injected errors: 500, 503 or 429")
	fs.Float64Var(&o.DropRate, "drop-rate", 0, "share of requests (0..1) whose connection is closed mid-answer")
	fs.Float64Var(&o.RateLimit, "rate-limit", 0, "answer 429 above this many requests per second (0 = no limit)")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the injected faults")
	fs.IntVar(&o.MaxInFlight, "max-in-flight", server.DefaultMaxInFlight(), "calls worked on at once; more wait up to --queue-wait, then get 503 with Retry-After")
	fs.DurationVar(&o.QueueWait, "queue-wait", server.DefaultQueueWait, "how long a call waits for a place before it gets 503")
	fs.IntVar(&o.MaxNameFields, "max-name-fields", server.DefaultMaxNameFields, "name fields accepted in one request (400 beyond)")
	fs.BoolVar(&o.Insecure, "insecure", false, "allow an address other than loopback without --keys (anyone who reaches it can use the engine)")
	var logLevel, logFormat string
	logFlags(fs, &logLevel, &logFormat)
	if code, ok := parseFlags(fs, args, nil); !ok {
		return code
	}
	if o.ErrorRate < 0 || o.ErrorRate > 1 || o.DropRate < 0 || o.DropRate > 1 || o.Latency < 0 || o.LatencyJitter < 0 || o.RateLimit < 0 {
		return fail(stderr, exitUsage, errors.New("serve: --error-rate and --drop-rate must be in [0, 1], --latency and --rate-limit not negative"))
	}
	if o.MaxInFlight < 1 || o.QueueWait <= 0 || o.MaxNameFields < 1 {
		return fail(stderr, exitUsage, errors.New("serve: --max-in-flight and --max-name-fields must be at least 1, --queue-wait positive"))
	}
	if exposed, err := server.Exposed(ctx, o.Addr); err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("serve: --addr: %w", err))
	} else if exposed && o.KeysFile == "" && !o.Insecure {
		return fail(stderr, exitUsage, errExposed(o.Addr))
	}
	logger, err := newLogger(stderr, logLevel, logFormat)
	if err != nil {
		return fail(stderr, exitUsage, err)
	}
	o.Logger = logger
	svc, _, err := a.parts.NewService(ctx, config.Engine{Kind: config.EngineLocal}, "", nil)
	if err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("engine: %w", err))
	}
	sigCtx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = a.runServer(sigCtx, svc, o)
	if errors.Is(err, server.ErrExposed) {
		return fail(stderr, exitUsage, errExposed(o.Addr))
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return fail(stderr, exitFailed, err)
	}
	return exitOK
}

// errExposed is the refusal of an address other than loopback without keys.
func errExposed(addr string) error {
	return fmt.Errorf("serve: refusing to listen on %s without --keys: it is not a loopback address, so anyone who can reach this machine could use the engine; listen on 127.0.0.1, require keys with --keys FILE, or pass --insecure", addr)
}
