// Package wiring builds the concrete parts a command plugs together from a
// config: the input reader, the output writer and the service (the local
// engine or the remote client). namepipe's commands and namepipe-beam's
// workers (the beam/ module) use the same constructors, so that both read,
// write and answer alike.
package wiring

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/pgio"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// Compile-time checks that the backends are services.
var (
	_ nameapi.Service = (*engine.Engine)(nil)
	_ nameapi.Service = (*nameapi.Client)(nil)
)

// OpenInput opens the reader of the input section ("-" = stdin; a
// PostgreSQL query or table with input.postgres); reject
// receives the malformed CSV rows of input.onMalformed: reject.
func OpenInput(ctx context.Context, in config.Input, reject func(readers.Rejected) error) (readers.Reader, error) {
	if pg := in.Postgres; pg != nil {
		dsn, err := pg.DSN()
		if err != nil {
			return nil, err
		}
		return pgio.OpenSource(ctx, pgio.SourceOptions{DSN: dsn, Query: pg.Query, Table: pg.Table})
	}
	o := readers.Options{Format: in.Format}
	o.CSV.OnMalformed, o.CSV.Reject = in.OnMalformed, reject
	o.XLSX.Sheet = in.Sheet
	if in.Delimiter != "" {
		o.CSV.Delimiter, _ = utf8.DecodeRuneInString(in.Delimiter)
	}
	if !in.HasHeader() {
		o.CSV.Columns = in.Columns
	}
	return readers.Open(ctx, in.Path, o)
}

// CreateOutput creates the writer of s.Output ("-" = stdout) for the plan's
// output schema, whose first inputCols columns are the input's and the
// rest results (CreateOutputColumns says which columns are which).
func CreateOutput(ctx context.Context, s *config.Settings, schema record.Schema, inputCols int, layout *readers.CSVLayout) (writers.Writer, error) {
	return CreateOutputColumns(ctx, s, schema, job.OutputColumns{Input: inputCols}, layout)
}

// CreateOutputColumns creates the writer of s.Output ("-" = stdout) for
// an output schema whose columns cols describes; layout, when the input
// is CSV, lets a CSV output write the input's columns back as they were.
// Result columns, those written in place among the input's too, are
// escaped per output.escapeFormulas. The writer writes to a temporary
// file renamed only on Commit; a PostgreSQL output (output.postgres)
// writes in a transaction committed only on Commit.
func CreateOutputColumns(ctx context.Context, s *config.Settings, schema record.Schema, cols job.OutputColumns, layout *readers.CSVLayout) (writers.Writer, error) {
	return createOutput(ctx, s, schema, cols, layout, false)
}

// CreateAtomicOutput is CreateOutput for an output that must be committed
// atomically: a path that is a character device or a FIFO, which
// CreateOutput writes directly, is refused (*outfile.RefusedError).
func CreateAtomicOutput(ctx context.Context, s *config.Settings, schema record.Schema, inputCols int, layout *readers.CSVLayout) (writers.Writer, error) {
	return createOutput(ctx, s, schema, job.OutputColumns{Input: inputCols}, layout, true)
}

// createAtomicOutputColumns is CreateOutputColumns, atomic.
func createAtomicOutputColumns(ctx context.Context, s *config.Settings, schema record.Schema, cols job.OutputColumns, layout *readers.CSVLayout) (writers.Writer, error) {
	return createOutput(ctx, s, schema, cols, layout, true)
}

func createOutput(ctx context.Context, s *config.Settings, schema record.Schema, cols job.OutputColumns, layout *readers.CSVLayout, atomic bool) (writers.Writer, error) {
	inputCols := cols.Input
	if pg := s.Output.Postgres; pg != nil {
		dsn, err := pg.DSN()
		if err != nil {
			return nil, err
		}
		return pgio.CreateSink(ctx, schema, pgio.SinkOptions{DSN: dsn, Table: pg.Table, Mode: pg.Mode, Key: pg.Key, InputColumns: inputCols})
	}
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
	o.Atomic = atomic
	switch d := s.Output.Delimiter; {
	case d == config.DelimiterSame:
		// The CSV input's delimiter; other inputs have none to keep.
		if layout != nil && layout.Delimiter != 0 {
			o.CSV.Delimiter = layout.Delimiter
		}
	case d != "":
		o.CSV.Delimiter, _ = utf8.DecodeRuneInString(d)
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
			o.CSV.Escape[i] = mode == config.EscapeAll || cols.IsResult(i)
		}
	}
	return writers.Create(s.Output.Path, schema, o)
}

// TodayEnv names the environment variable that pins the local engine's
// notion of today (YYYY-MM-DD) for reproducible output.
const TodayEnv = "NAMEPIPE_TODAY"

// localNameChecks is how many names' risk checks the local engine
// remembers (engine.WithNameCheckMemo) when the run detects risk, or when
// the operations are not known: the risk detector, whose rows never
// repeat as a whole, checks the name of every row, and a run's rows
// repeat names from far apart. A check is a 64-byte slot, reserved when
// the engine starts (17 MiB with the buckets' locks).
// bench/peers/README.md has the measurement.
const localNameChecks = 262_144

// serviceParses is how many parses the local engine remembers when the
// operations are not known (a server, a Beam worker): no pipeline memo
// stands in front of it there.
const serviceParses = 65_536

// engineMemo returns the sizes of the local engine's memos of names, its
// parses and its risk name checks, for a run of ops (nil: not known).
// The pipeline's memo, keyed by a row's cells, answers a name seen before
// without calling the engine, so the engine's memos pay only where the
// pipeline's cannot: risk detection (its rows never repeat as a whole)
// and a row's second operation on the same name (genderize after parse,
// risk after parse, reuse the parse). The parses need only cover the rows
// in flight (engine.DefaultParseMemo): a parse keeps its result and the
// row it points into alive, and 65,536 of them held ~40 MB more for 11 %
// fewer parses of a four-operation run (bench/peers/README.md). Without
// risk and genderize, the engine's memo only copies every parse into a
// second store (bench/peers/README.md: parse only, 1M rows, 6.1 -> 5.1
// CPU-s and 266 -> 150 MiB peak RSS).
func engineMemo(ops []mapping.Op) (parses, nameChecks int) {
	switch {
	case ops == nil:
		return serviceParses, localNameChecks
	case slices.Contains(ops, mapping.OpRisk):
		return engine.DefaultParseMemo, localNameChecks
	case slices.Contains(ops, mapping.OpParse) && slices.Contains(ops, mapping.OpGenderize):
		return engine.DefaultParseMemo, 0
	}
	return 0, 0
}

// NewService returns the backend of the engine section and its identity
// for cache keys ("local/<build>" or the base URL, never the API key);
// build names the binary's version.
func NewService(ctx context.Context, eng config.Engine, apiKey, build string) (nameapi.Service, string, error) {
	return NewServiceFor(ctx, eng, apiKey, build, nil)
}

// NewServiceFor is NewService for a run of ops (nil: not known), which
// size the local engine's memo (see engineMemo).
func NewServiceFor(ctx context.Context, eng config.Engine, apiKey, build string, ops []mapping.Op) (nameapi.Service, string, error) {
	switch eng.Kind {
	case config.EngineNameAPI:
		c, err := NewRemote(ctx, eng.BaseURL, apiKey, eng.Timeout)
		if err != nil {
			return nil, "", err
		}
		// The identity of a remote backend is its address.
		return c, "nameapi/" + strings.TrimRight(eng.BaseURL, "/"), nil
	case config.EngineLocal, "":
		// The pipeline and the server only read results (format them,
		// encode them): the engine need not copy the parses it remembers.
		parses, checks := engineMemo(ops)
		opts := []engine.Option{engine.WithParseMemo(parses), engine.WithNameCheckMemo(checks), engine.WithReadOnlyResults()}
		if today := os.Getenv(TodayEnv); today != "" {
			// Age checks compare birth dates with today; pinning the day
			// makes a run's output reproducible (golden files, audits).
			d, err := time.Parse("2006-01-02", today)
			if err != nil {
				return nil, "", fmt.Errorf("%s=%q: want a date as 2006-01-02", TodayEnv, today)
			}
			opts = append(opts, engine.WithClock(func() time.Time { return d }))
		}
		e, err := engine.New(opts...)
		if err != nil {
			return nil, "", err
		}
		// The embedded data ships with the binary: its version is the build's.
		return e, "local/" + build, nil
	}
	return nil, "", fmt.Errorf("unknown engine kind %q", eng.Kind)
}

// NewRemote returns the client of a NameAPI REST service.
func NewRemote(ctx context.Context, baseURL, apiKey string, timeout time.Duration) (nameapi.Service, error) {
	c, err := nameapi.NewClient(nameapi.ClientConfig{BaseURL: baseURL, APIKey: apiKey, Timeout: timeout, MaxConns: 64})
	if err != nil {
		return nil, err // names the base URL
	}
	return c, nil
}

// ShardParts is Parts for one shard of namepipe-beam. A Beam runner may
// run a shard's bundle more than once (a retry, a speculative copy): a
// temporary file renamed into place commits each run whole and the last
// one wins, but a FIFO or device written directly would receive the rows
// twice, so a shard's output that is one is refused.
func ShardParts(build string) job.Parts {
	p := Parts(build)
	p.CreateOutput = createAtomicOutputColumns
	return p
}

// Parts returns the real constructors of a job, for a binary named build.
func Parts(build string) job.Parts {
	return job.Parts{
		OpenInput:    OpenInput,
		CreateOutput: CreateOutputColumns,
		NewService: func(ctx context.Context, eng config.Engine, apiKey string, ops []mapping.Op) (nameapi.Service, string, error) {
			return NewServiceFor(ctx, eng, apiKey, build, ops)
		},
	}
}
