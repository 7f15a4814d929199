package enrich

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sync"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*Shard)(nil)).Elem())
	register.DoFn3x1[context.Context, Shard, func(string), error](&enrichFn{})
	register.Emitter1[string]()
}

// Job is what the workers need to enrich the shards; it travels with the
// pipeline (its fields are serialised into the job), so it holds no
// secret: a remote engine's API key is read from the environment variable
// the config names, on each worker.
type Job struct {
	// Config is the YAML config file's content, ConfigName its path.
	Config     []byte
	ConfigName string
	// Shards are the input files and their output files.
	Shards []Shard
	// Concurrency, when not 0, overrides run.concurrency in each worker.
	Concurrency int
	// RatePerWorker is each worker's share of run.rate (0 = unlimited),
	// BurstPerWorker its limiter's bucket.
	RatePerWorker  float64
	BurstPerWorker int
	// Build names the binary's version (the engine's identity).
	Build string
	// Today pins the local engine's date (wiring.TodayEnv) on every
	// worker; "" = each worker's clock.
	Today string
	// Summary is where the run's summary JSON is written.
	Summary string
	// Info is copied into the summary.
	Info Info
}

// Info describes the job in its summary.
type Info struct {
	Runner        string  `json:"runner"`
	Files         int     `json:"files"`
	Workers       int     `json:"workers"`
	RatePerWorker float64 `json:"rate_per_worker"`
}

// Build adds the job to the pipeline of s: the shards, reshuffled so that
// the runner spreads them over its workers; the enrichment ParDo, which
// writes each output shard and emits its summary; the summaries' combiner
// and the ParDo writing the one summary.
func Build(s beam.Scope, job Job) {
	s = s.Scope("namepipe.run")
	shards := beam.CreateList(s, job.Shards)
	shards = beam.Reshuffle(s, shards)
	sums := beam.ParDo(s, &enrichFn{
		Config: job.Config, ConfigName: job.ConfigName, Concurrency: job.Concurrency,
		RatePerWorker: job.RatePerWorker, BurstPerWorker: job.BurstPerWorker, Build: job.Build, Today: job.Today,
	}, shards)
	total := beam.Combine(s, &summaryFn{}, sums)
	beam.ParDo0(s, &writeSummaryFn{Path: job.Summary, Info: job.Info}, total)
}

// enrichFn enriches one shard per element with namepipe's pipeline. Its
// exported fields are its configuration, serialised with the job.
type enrichFn struct {
	Config         []byte
	ConfigName     string
	Concurrency    int
	RatePerWorker  float64
	BurstPerWorker int
	Build          string
	Today          string

	cfg      *mapping.Config
	svc      nameapi.Service
	engineID string
	apiKey   string
}

// Setup parses the config and builds (or re-uses) the worker's engine.
func (f *enrichFn) Setup(ctx context.Context) error {
	cfg, err := mapping.Parse(f.Config, f.ConfigName)
	if err != nil {
		return err
	}
	if f.Concurrency > 0 {
		cfg.Run.Concurrency = f.Concurrency
	}
	f.cfg = cfg
	if f.apiKey, err = cfg.Engine.APIKey(); err != nil {
		return fmt.Errorf("%s on this worker: %w", f.ConfigName, err)
	}
	f.svc, f.engineID, err = workerService(ctx, cfg.Engine, f.apiKey, f.Build, f.Today)
	return err
}

// The worker's services, built once per process and shared by its DoFn
// instances (the local engine holds megabytes of name data and a memo).
var (
	servicesMu sync.Mutex
	services   = map[string]sharedService{}
)

type sharedService struct {
	svc nameapi.Service
	id  string
}

func workerService(ctx context.Context, eng config.Engine, apiKey, build, today string) (nameapi.Service, string, error) {
	key := fmt.Sprintf("%s|%s|%s|%s|%s", eng.Kind, eng.BaseURL, eng.APIKeyEnv, eng.Timeout, today)
	servicesMu.Lock()
	defer servicesMu.Unlock()
	if s, ok := services[key]; ok {
		return s.svc, s.id, nil
	}
	if today != "" {
		// wiring.NewService reads the pinned date from the environment;
		// a worker started by a cluster does not have the launcher's.
		if err := os.Setenv(wiring.TodayEnv, today); err != nil {
			return nil, "", err
		}
	}
	svc, id, err := wiring.NewService(ctx, eng, apiKey, build)
	if err != nil {
		return nil, "", fmt.Errorf("engine: %w", err)
	}
	services[key] = sharedService{svc, id}
	return svc, id, nil
}

// oneShardAtATime makes a worker process enrich one shard at a time: a
// shard's run already uses every core (run.concurrency), and the rate share
// of a worker is then the rate of one run.
var oneShardAtATime sync.Mutex

// ProcessElement enriches one shard and emits its summary as JSON.
func (f *enrichFn) ProcessElement(ctx context.Context, sh Shard, emit func(string)) error {
	oneShardAtATime.Lock()
	defer oneShardAtATime.Unlock()
	start := time.Now()
	sum, err := f.enrich(ctx, sh)
	if err != nil {
		return fmt.Errorf("shard %s: %w", sh.Input, err)
	}
	data, err := json.Marshal(partial{Summary: *sum, Start: start.UnixNano(), End: time.Now().UnixNano(), Files: 1})
	if err != nil {
		return err
	}
	emit(string(data))
	return nil
}

func (f *enrichFn) enrich(ctx context.Context, sh Shard) (*pipeline.Summary, error) {
	tmp, err := os.MkdirTemp("", "namepipe-beam-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	in, err := stageIn(ctx, sh.Input, tmp)
	if err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	out := sh.Output
	if isRemote(out) {
		out = filepath.Join(tmp, "out"+path.Ext(out))
	}
	cfg := *f.cfg // a shallow copy: only the paths, formats and rate change
	cfg.Input.Override(in)
	cfg.Output.Override(out)
	cfg.Run.Rate, cfg.Run.Burst = f.RatePerWorker, f.BurstPerWorker
	run := &job.Run{
		Config: &cfg, ConfigPath: f.ConfigName, Parts: wiring.ShardParts(f.Build),
		Service: f.svc, EngineID: f.engineID, APIKey: f.apiKey,
		Cache: job.CachePolicy{Off: true}, Quiet: true,
		OutputSchema: func(s record.Schema) (record.Schema, error) {
			return SourceSchema(s, cfg.Output.ColumnPrefix())
		},
		WrapWriter: func(w writers.Writer) writers.Writer { return &sourceWriter{Writer: w, file: sh.Input} },
	}
	res, err := run.Execute(ctx)
	if err != nil {
		return nil, err
	}
	sum := res.Summary
	if err := stageOut(ctx, out, sh.Output); err != nil {
		return nil, fmt.Errorf("output: %w", err)
	}
	return sum, nil
}

// SourceColumns are the names of the two columns every output row gains
// after namepipe's: its input file and its 1-based data row there.
func SourceColumns(prefix string) (file, row string) {
	return prefix + "source_file", prefix + "source_row"
}

// SourceSchema is the output schema with the source columns appended; it
// fails when the output already has a column of either name.
func SourceSchema(out record.Schema, prefix string) (record.Schema, error) {
	file, row := SourceColumns(prefix)
	for _, name := range []string{file, row} {
		if out.Index(name) >= 0 {
			return record.Schema{}, fmt.Errorf("the output already has a column %q, which namepipe-beam adds; set output.prefix to another prefix", name)
		}
	}
	out.Fields = append(out.Fields,
		record.Field{Name: file, Type: record.String},
		record.Field{Name: row, Type: record.Int64})
	return out, nil
}

// sourceWriter appends each row's source file and row to it on the way to
// the shard's writer.
type sourceWriter struct {
	writers.Writer
	file string
	buf  []record.Record
	vals []record.Value
}

func (w *sourceWriter) Write(ctx context.Context, recs []record.Record) error {
	n := 0
	for _, r := range recs {
		n += len(r.Values) + 2
	}
	if cap(w.vals) < n {
		w.vals = make([]record.Value, 0, n)
	}
	w.vals, w.buf = w.vals[:0], w.buf[:0]
	for _, r := range recs {
		start := len(w.vals)
		w.vals = append(w.vals, r.Values...)
		w.vals = append(w.vals, w.file, r.Index+1)
		r.Values = w.vals[start:len(w.vals):len(w.vals)]
		w.buf = append(w.buf, r)
	}
	return w.Writer.Write(ctx, w.buf)
}
