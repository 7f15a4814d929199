package main

import (
	"context"
	"fmt"
	"time"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// The constructors of the concrete parts that the commands plug together.
// They are variables so that tests can substitute in-memory fakes, and so
// that each concrete package is wired in one place:
//
//   - openInput: readers for CSV / Parquet / JSON Lines per cfg.Input
//     (Path "-" = stdin, Format, Delimiter, HasHeader(), Columns).
//   - createOutput: writers per cfg.Output (Path "-" = stdout, Format,
//     Delimiter, EscapeFormulas) for the plan's output schema; the writer
//     writes to a temporary file and renames it only on Commit.
//   - newService: engine.New(...) for engine kind "local", and
//     nameapi.NewClient(nameapi.ClientConfig{BaseURL, APIKey, Timeout,
//     MaxConns: concurrency}) for kind "nameapi". It also returns the
//     backend's identity for cache keys: "local/<data version>" or the
//     base URL, never the API key.
//   - newRemote: the client alone, for `ping --base-url`.
//   - runServer: server.New(svc, server.Options{...}) listening on
//     o.Addr until ctx is done (`namepipe serve`).
var (
	openInput = func(ctx context.Context, cfg *mapping.Config) (readers.Reader, error) {
		return nil, notWired("the %s reader", cfg.Input.Format)
	}
	createOutput = func(ctx context.Context, cfg *mapping.Config, schema record.Schema) (writers.Writer, error) {
		return nil, notWired("the %s writer", cfg.Output.Format)
	}
	newService = func(ctx context.Context, cfg *mapping.Config, apiKey string, concurrency int) (svc nameapi.Service, engineID string, err error) {
		return nil, "", notWired("the %s engine", cfg.Engine.Kind)
	}
	newRemote = func(ctx context.Context, baseURL, apiKey string, timeout time.Duration) (nameapi.Service, error) {
		return nil, notWired("the NameAPI client")
	}
	runServer func(ctx context.Context, svc nameapi.Service, o serveOptions) error
)

// notWired is the error of a part this build does not contain.
func notWired(format string, args ...any) error {
	return fmt.Errorf("this build of namepipe does not include %s", fmt.Sprintf(format, args...))
}

// serveOptions are the settings of `namepipe serve`.
type serveOptions struct {
	// Addr is the listen address, such as 127.0.0.1:8080.
	Addr string
	// KeysFile lists the accepted API keys, one per line; empty = any key.
	KeysFile string
	// Latency is added to every answer; ErrorRate (0..1) is the share of
	// requests answered with an injected error (ErrorStatus).
	Latency     time.Duration
	ErrorRate   float64
	ErrorStatus int
	// RateLimit answers 429 above that many requests per second; 0 = none.
	RateLimit float64
}
