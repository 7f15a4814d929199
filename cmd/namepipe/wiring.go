package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// app is the command line with the parts its commands plug together:
// the real ones in main, in-memory fakes in tests.
type app struct {
	// parts open the input and the output and start the service.
	parts job.Parts
	// newRemote returns the client of a NameAPI REST service (ping --base-url).
	newRemote func(ctx context.Context, baseURL, apiKey string, timeout time.Duration) (nameapi.Service, error)
	// runServer serves svc over HTTP until ctx is done (namepipe serve).
	runServer func(ctx context.Context, svc nameapi.Service, o serveOptions) error
}

// newApp returns the command line with the real parts of this build.
func newApp() app {
	return app{parts: wiring.Parts(versionString()), newRemote: wiring.NewRemote, runServer: runHTTPServer}
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
