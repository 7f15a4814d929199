package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// The constructors of the concrete parts that the commands plug together,
// each in one place. They are variables so that tests can substitute
// in-memory fakes.
var (
	// openInput opens the reader of the input section ("-" = stdin);
	// reject receives the malformed CSV rows of input.onMalformed: reject.
	openInput = wiring.OpenInput
	// createOutput creates the writer of s.Output ("-" = stdout) for the
	// plan's output schema, whose first inputCols columns are the input's;
	// layout, when the input is CSV, lets a CSV output write them back as
	// they were. The writer writes to a temporary file renamed only on
	// Commit.
	createOutput = wiring.CreateOutput
	// newService returns the backend of the engine section and its identity for
	// cache keys ("local/<version>" or the base URL, never the API key); ops,
	// when known, are the operations it will be asked.
	newService = newEngineService
	// newRemote returns the client of a NameAPI REST service (ping --base-url).
	newRemote = wiring.NewRemote
	// runServer serves svc over HTTP until ctx is done (namepipe serve).
	runServer = runHTTPServer
)

// newEngineService is wiring.NewServiceFor for this build.
func newEngineService(ctx context.Context, eng config.Engine, apiKey string, _ int, ops []mapping.Op) (nameapi.Service, string, error) {
	return wiring.NewServiceFor(ctx, eng, apiKey, versionString(), ops)
}

// configOps returns the operations of a run's config.
func configOps(cfg *mapping.Config) []mapping.Op {
	ops := make([]mapping.Op, 0, len(cfg.Operations))
	for _, o := range cfg.Operations {
		ops = append(ops, o.Op)
	}
	return ops
}

// todayEnv names the environment variable that pins the local engine's
// notion of today (YYYY-MM-DD) for reproducible output.
const todayEnv = wiring.TodayEnv

func runHTTPServer(ctx context.Context, svc nameapi.Service, o serveOptions) error {
	so := server.Options{
		Logger:        o.Logger,
		Latency:       o.Latency,
		LatencyJitter: o.LatencyJitter,
		ErrorRate:     o.ErrorRate,
		ErrorStatus:   o.ErrorStatus,
		DropRate:      o.DropRate,
		RateLimit:     o.RateLimit,
		Seed:          o.Seed,
		MaxInFlight:   o.MaxInFlight,
		QueueWait:     o.QueueWait,
		MaxNameFields: o.MaxNameFields,
		AllowExposed:  o.Insecure,
	}
	if o.KeysFile != "" {
		keys, err := server.LoadKeys(o.KeysFile)
		if err != nil {
			return fmt.Errorf("--keys: %w", err)
		}
		so.APIKeys = keys
	}
	if err := so.Validate(); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	// The server logs the address it listens on (the real port for :0).
	return server.New(svc, so).ListenAndServe(ctx, o.Addr)
}

// serveOptions are the settings of `namepipe serve`.
type serveOptions struct {
	// Addr is the listen address, such as 127.0.0.1:8080.
	Addr string
	// KeysFile lists the accepted API keys, one per line; empty = any key.
	KeysFile string
	// Latency (plus a random jitter up to LatencyJitter) is added to every
	// answer; ErrorRate (0..1) of the calls get an injected ErrorStatus;
	// DropRate of them have their connection closed mid-answer.
	Latency, LatencyJitter time.Duration
	ErrorRate, DropRate    float64
	ErrorStatus            int
	// RateLimit answers 429 above that many requests per second; 0 = none.
	RateLimit float64
	// MaxInFlight, QueueWait and MaxNameFields bound the work (see
	// server.Options); Insecure allows an exposed address without keys.
	MaxInFlight   int
	QueueWait     time.Duration
	MaxNameFields int
	Insecure      bool
	// Seed makes the injected faults reproducible.
	Seed   uint64
	Logger *slog.Logger
}
