package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/server"
	"github.com/namepipe/namepipe/writers"
)

// The constructors of the concrete parts that the commands plug together,
// each in one place. They are variables so that tests can substitute
// in-memory fakes.
var (
	// openInput opens the reader of the input section ("-" = stdin);
	// reject receives the malformed CSV rows of input.onMalformed: reject.
	openInput = openInputFile
	// createOutput creates the writer of s.Output ("-" = stdout) for the
	// plan's output schema, whose first inputCols columns are the input's;
	// layout, when the input is CSV, lets a CSV output write them back as
	// they were. The writer writes to a temporary file renamed only on
	// Commit.
	createOutput = createOutputFile
	// newService returns the backend of the engine section and its identity for
	// cache keys ("local/<version>" or the base URL, never the API key); ops,
	// when known, are the operations it will be asked (see engineMemo).
	newService = newEngineService
	// newRemote returns the client of a NameAPI REST service (ping --base-url).
	newRemote = newRemoteClient
	// runServer serves svc over HTTP until ctx is done (namepipe serve).
	runServer = runHTTPServer
)

// Compile-time checks that the backends are services.
var (
	_ nameapi.Service = (*engine.Engine)(nil)
	_ nameapi.Service = (*nameapi.Client)(nil)
)

func openInputFile(ctx context.Context, in config.Input, reject func(readers.Rejected) error) (readers.Reader, error) {
	o := readers.Options{Format: in.Format}
	o.CSV.OnMalformed, o.CSV.Reject = in.OnMalformed, reject
	if in.Delimiter != "" {
		o.CSV.Delimiter, _ = utf8.DecodeRuneInString(in.Delimiter)
	}
	if !in.HasHeader() {
		o.CSV.Columns = in.Columns
	}
	return readers.Open(ctx, in.Path, o)
}

func createOutputFile(ctx context.Context, s *config.Settings, schema record.Schema, inputCols int, layout *readers.CSVLayout) (writers.Writer, error) {
	o := writers.Options{Format: s.Output.Format}
	if layout != nil {
		// The input columns come back as they were: BOM, header cells,
		// line endings, quoting.
		o.CSV.BOM, o.CSV.Header, o.CSV.HeaderEnd = layout.BOM, layout.Header, layout.HeaderEnd
		o.CSV.InputDelimiter, o.CSV.InputColumns = layout.Delimiter, inputCols
	}
	if s.Input.Path != "-" {
		o.Protect = []string{s.Input.Path}
	}
	if s.Output.Delimiter != "" {
		o.CSV.Delimiter, _ = utf8.DecodeRuneInString(s.Output.Delimiter)
	}
	// Result columns echo customer text: escape spreadsheet formulas in
	// them by default; input columns only when asked (phone numbers such
	// as +49… stay untouched otherwise).
	mode := s.Output.EscapeFormulas
	if mode == "" {
		mode = config.EscapeResults
	}
	if mode != config.EscapeNone {
		o.CSV.Escape = make([]bool, len(schema.Fields))
		for i := range o.CSV.Escape {
			o.CSV.Escape[i] = mode == config.EscapeAll || i >= inputCols
		}
	}
	return writers.Create(s.Output.Path, schema, o)
}

// todayEnv names the environment variable that pins the local engine's
// notion of today (YYYY-MM-DD) for reproducible output.
const todayEnv = "NAMEPIPE_TODAY"

// localParseMemo is how many names the local engine remembers (their
// parses and the risk detector's name checks; engine.WithParseMemo) when
// the run detects risk, or when the operations are not known. The
// engine's default covers the rows in flight; a run's rows repeat names
// from far apart, and the risk detector, whose rows never repeat as a
// whole, still meets a name it has checked. bench/peers/README.md has the
// measurement: CPU against peak RSS, 4,096 to 131,072 entries.
const localParseMemo = 65536

// configOps returns the operations of a run's config.
func configOps(cfg *mapping.Config) []mapping.Op {
	ops := make([]mapping.Op, 0, len(cfg.Operations))
	for _, o := range cfg.Operations {
		ops = append(ops, o.Op)
	}
	return ops
}

// engineMemo returns the size of the local engine's memo of names for a
// run of ops (nil: not known). The pipeline's memo, keyed by a row's
// cells, answers a name seen before without calling the engine, so the
// engine's memo pays only where the pipeline's cannot: risk detection
// (its rows never repeat as a whole) and a row's second operation on the
// same name (genderize after parse reuses the parse). Without those, the
// engine's memo only copies every parse into a second store
// (bench/peers/README.md: parse only, 1M rows, 6.1 -> 5.1 CPU-s and
// 266 -> 150 MiB peak RSS).
func engineMemo(ops []mapping.Op) int {
	if ops == nil || slices.Contains(ops, mapping.OpRisk) {
		return localParseMemo
	}
	if slices.Contains(ops, mapping.OpParse) && slices.Contains(ops, mapping.OpGenderize) {
		return engine.DefaultParseMemo
	}
	return 0
}

func newEngineService(ctx context.Context, eng config.Engine, apiKey string, concurrency int, ops []mapping.Op) (nameapi.Service, string, error) {
	switch eng.Kind {
	case config.EngineNameAPI:
		c, err := newRemoteClient(ctx, eng.BaseURL, apiKey, eng.Timeout)
		if err != nil {
			return nil, "", err
		}
		// The identity of a remote backend is its address.
		return c, "nameapi/" + strings.TrimRight(eng.BaseURL, "/"), nil
	case config.EngineLocal, "":
		opts := []engine.Option{engine.WithParseMemo(engineMemo(ops))}
		if today := os.Getenv(todayEnv); today != "" {
			// Age checks compare birth dates with today; pinning the day
			// makes a run's output reproducible (golden files, audits).
			d, err := time.Parse("2006-01-02", today)
			if err != nil {
				return nil, "", fmt.Errorf("%s=%q: want a date as 2006-01-02", todayEnv, today)
			}
			opts = append(opts, engine.WithClock(func() time.Time { return d }))
		}
		e, err := engine.New(opts...)
		if err != nil {
			return nil, "", err
		}
		// The embedded data ships with the binary: its version is the build's.
		return e, "local/" + versionString(), nil
	}
	return nil, "", fmt.Errorf("unknown engine kind %q", eng.Kind)
}

func newRemoteClient(ctx context.Context, baseURL, apiKey string, timeout time.Duration) (nameapi.Service, error) {
	c, err := nameapi.NewClient(nameapi.ClientConfig{BaseURL: baseURL, APIKey: apiKey, Timeout: timeout, MaxConns: 64})
	if err != nil {
		return nil, err // names the base URL
	}
	return c, nil
}

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
	// Seed makes the injected faults reproducible.
	Seed   uint64
	Logger *slog.Logger
}
