package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

const plantedKey = "sk-planted-4f9a1c2e7b"

// fakeReader yields n rows (name, email), with 10 distinct names.
type fakeReader struct {
	n, pos int
	reads  atomic.Int64
}

func (r *fakeReader) Schema() record.Schema {
	return record.Schema{Fields: []record.Field{{Name: "name", Type: record.String}, {Name: "email", Type: record.String}}}
}

func (r *fakeReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	r.reads.Add(1)
	k := 0
	for k < len(dst) && r.pos < r.n {
		dst[k] = record.Record{Index: int64(r.pos), Line: int64(r.pos + 2),
			Values: []record.Value{fmt.Sprintf("Person%d Smith", r.pos%10), fmt.Sprintf("p%d@example.com", r.pos)}}
		r.pos++
		k++
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

func (r *fakeReader) Progress() (int64, int64) { return int64(r.pos), int64(r.n) }
func (r *fakeReader) Close() error             { return nil }

// fakeWriter keeps the rows; Commit and Abort are recorded.
type fakeWriter struct {
	mu                 sync.Mutex
	rows               [][]record.Value
	committed, aborted bool
}

func (w *fakeWriter) Write(ctx context.Context, recs []record.Record) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, r := range recs {
		w.rows = append(w.rows, append([]record.Value(nil), r.Values...))
	}
	return nil
}
func (w *fakeWriter) Commit() error { w.committed = true; return nil }
func (w *fakeWriter) Abort() error {
	if !w.committed {
		w.aborted = true
	}
	return nil
}

// fakeService answers parse, genderize and disposable; hook runs before
// every call and may fail it.
type fakeService struct {
	nameapi.Service
	calls atomic.Int64
	hook  func(n int64) error
}

func (s *fakeService) before() error {
	n := s.calls.Add(1)
	if s.hook != nil {
		return s.hook(n)
	}
	return nil
}

func (s *fakeService) Ping(ctx context.Context) error { return s.before() }

func (s *fakeService) ParsePersonName(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.PersonNameParserResult, error) {
	if err := s.before(); err != nil {
		return nil, err
	}
	return &nameapi.PersonNameParserResult{}, nil
}

func (s *fakeService) GenderizePerson(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.GenderizerResult, error) {
	if err := s.before(); err != nil {
		return nil, err
	}
	return &nameapi.GenderizerResult{Gender: nameapi.GenderMale}, nil
}

func (s *fakeService) DetectDisposableEmail(ctx context.Context, email string) (*nameapi.DisposableEmailAddressDetectorResult, error) {
	if err := s.before(); err != nil {
		return nil, err
	}
	if strings.HasPrefix(email, "p1") {
		return &nameapi.DisposableEmailAddressDetectorResult{Disposable: nameapi.DisposableYes}, nil
	}
	return &nameapi.DisposableEmailAddressDetectorResult{Disposable: nameapi.DisposableNo}, nil
}

// env is one test's wiring: a config in a temp dir and the fakes.
type env struct {
	dir, config, out string
	rows             int
	svc              *fakeService
	reader           *fakeReader
	writer           *fakeWriter
	openErr          error
	app              app // the command line with the fakes
}

const testConfig = `input:
  path: in.csv
output:
  path: OUT
engine:
  kind: nameapi
  baseURL: http://127.0.0.1:9/rest/v5.3/
  apiKeyEnv: NP_TEST_KEY
run:
  concurrency: 4
  retries: 1
  maxConsecutiveFailures: 5
person:
  fullName: name
  email: email
operations: [parse, genderize, disposable]
`

func newEnv(t *testing.T, rows int, cfg string) *env {
	t.Helper()
	e := &env{dir: t.TempDir(), rows: rows, svc: &fakeService{}}
	e.out = filepath.Join(e.dir, "out.csv")
	e.config = filepath.Join(e.dir, "c.yaml")
	cfg = strings.ReplaceAll(cfg, "OUT", e.out)
	if err := os.WriteFile(e.config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NP_TEST_KEY", plantedKey)
	e.app = newApp()
	e.app.parts.OpenInput = func(ctx context.Context, in config.Input, _ func(readers.Rejected) error) (readers.Reader, error) {
		if e.openErr != nil {
			return nil, e.openErr
		}
		e.reader = &fakeReader{n: e.rows}
		return e.reader, nil
	}
	e.app.parts.CreateOutput = func(ctx context.Context, s *config.Settings, schema record.Schema, _ job.OutputColumns, _ *readers.CSVLayout) (writers.Writer, error) {
		e.writer = &fakeWriter{}
		return e.writer, nil
	}
	e.app.parts.NewService = func(ctx context.Context, eng config.Engine, apiKey string, _ []mapping.Op) (nameapi.Service, string, error) {
		if apiKey != plantedKey {
			t.Errorf("service got API key %q", apiKey)
		}
		return e.svc, eng.BaseURL, nil
	}
	return e
}

func (e *env) run(ctx context.Context, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := e.app.main(ctx, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestRunSuccess(t *testing.T) {
	e := newEnv(t, 50, testConfig)
	sumPath := filepath.Join(e.dir, "summary.json")
	code, _, stderr := e.run(context.Background(), "run", "--config", e.config, "--summary", sumPath, "--log-level", "debug")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !e.writer.committed || len(e.writer.rows) != 50 {
		t.Fatalf("committed %v, %d rows", e.writer.committed, len(e.writer.rows))
	}
	// 10 names × parse, genderize + 50 emails: each distinct request sent once.
	if n := e.svc.calls.Load(); n != 70 {
		t.Errorf("%d calls, want 70", n)
	}
	summary, err := os.ReadFile(sumPath)
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(summary, &s); err != nil || s["rows_out"] != 50.0 || s["calls"] != 70.0 {
		t.Errorf("summary %s (%v)", summary, err)
	}
	if !strings.Contains(stderr, "50 rows in, 50 out, 0 with errors") {
		t.Errorf("stderr lacks the summary line: %s", stderr)
	}
	for name, text := range map[string]string{"stderr": stderr, "summary": string(summary), "output": fmt.Sprint(e.writer.rows)} {
		if strings.Contains(text, plantedKey) {
			t.Errorf("the API key appears in %s", name)
		}
	}
	if _, err := os.Stat(e.out + ".namepipe-cache"); err != nil {
		t.Errorf("no default cache for a remote engine: %v", err)
	}
}

func TestUsageAndConfigErrors(t *testing.T) {
	tests := []struct {
		name     string
		cfg      string // replaces testConfig when not empty
		args     []string
		unsetEnv bool
		want     int
		wantErr  string
	}{
		{"no command", "", nil, false, exitUsage, ""},
		{"unknown command", "", []string{"frobnicate"}, false, exitUsage, `unknown command "frobnicate"`},
		{"no config", "", []string{"run"}, false, exitUsage, "--config is required"},
		{"unknown flag", "", []string{"run", "--config", "CFG", "--bogus"}, false, exitUsage, "flag provided but not defined"},
		{"bad escape mode", "", []string{"run", "--config", "CFG", "--escape-formulas", "some"}, false, exitUsage, "--escape-formulas"},
		{"bad log level", "", []string{"run", "--config", "CFG", "--log-level", "loud"}, false, exitUsage, "--log-level"},
		{"bad concurrency", "", []string{"run", "--config", "CFG", "--concurrency", "0"}, false, exitUsage, "--concurrency"},
		{"unknown config key", testConfig + "bogus: 1\n", []string{"run", "--config", "CFG"}, false, exitUsage, "bogus"},
		{"unknown column", strings.Replace(testConfig, "fullName: name", "fullName: nosuch", 1), []string{"run", "--config", "CFG"}, false, exitUsage, "nosuch"},
		{"key not set", "", []string{"run", "--config", "CFG"}, true, exitUsage, "NP_TEST_KEY"},
		{"missing config file", "", []string{"run", "--config", "/nonexistent/c.yaml"}, false, exitUsage, "/nonexistent/c.yaml"},
		{"validate no config", "", []string{"validate"}, false, exitUsage, "--config is required"},
		{"ping both", "", []string{"ping", "--config", "CFG", "--base-url", "http://x"}, false, exitUsage, "exactly one"},
		{"summary dir missing", "", []string{"run", "--config", "CFG", "--summary", "/nonexistent/dir/s.json"}, false, exitUsage, "--summary /nonexistent/dir/s.json: directory /nonexistent/dir does not exist"},
		{"summary is a directory", "", []string{"run", "--config", "CFG", "--summary", "/"}, false, exitUsage, "/: output is a directory"},
		{"serve bad rate", "", []string{"serve", "--error-rate", "2"}, false, exitUsage, "--error-rate"},
		{"serve exposed without keys", "", []string{"serve", "--addr", "0.0.0.0:0"}, false, exitUsage, "refusing to listen on 0.0.0.0:0 without --keys"},
		{"serve all interfaces without keys", "", []string{"serve", "--addr", ":0"}, false, exitUsage, "--insecure"},
		{"serve bad max in flight", "", []string{"serve", "--max-in-flight", "0"}, false, exitUsage, "--max-in-flight"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testConfig
			if tc.cfg != "" {
				cfg = tc.cfg
			}
			e := newEnv(t, 10, cfg)
			if tc.unsetEnv {
				os.Unsetenv("NP_TEST_KEY")
			}
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "CFG", e.config)
			}
			code, _, stderr := e.run(context.Background(), args...)
			if code != tc.want || !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("exit %d, stderr %q; want %d with %q", code, stderr, tc.want, tc.wantErr)
			}
			if e.reader != nil && e.reader.reads.Load() != 0 {
				t.Errorf("%d reads before the config error was reported", e.reader.reads.Load())
			}
			if e.svc.calls.Load() != 0 {
				t.Errorf("%d calls made", e.svc.calls.Load())
			}
			if strings.Contains(stderr, plantedKey) {
				t.Error("the API key appears on stderr")
			}
		})
	}
}

// TestHelp checks that every command's -h exits 0 and prints its usage
// line, its description and its flags.
func TestHelp(t *testing.T) {
	tests := []struct {
		cmd      string
		wantFlag string
	}{
		{"run", "-config"},
		{"validate", "-rows"},
		{"serve", "-error-rate"},
		{"ping", "-base-url"},
	}
	for _, tc := range tests {
		t.Run(tc.cmd, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := realMain(context.Background(), []string{tc.cmd, "-h"}, &stdout, &stderr)
			if code != exitOK {
				t.Errorf("exit %d, want %d", code, exitOK)
			}
			help := stderr.String()
			for _, want := range []string{"Usage: namepipe " + tc.cmd + " ", "\n\nFlags:\n", "  " + tc.wantFlag + " "} {
				if !strings.Contains(help, want) {
					t.Errorf("help lacks %q:\n%s", want, help)
				}
			}
		})
	}
}

func TestInputError(t *testing.T) {
	e := newEnv(t, 10, testConfig)
	e.openErr = errors.New("in.csv: no such file or directory")
	code, _, stderr := e.run(context.Background(), "run", "--config", e.config)
	if code != exitInput || !strings.Contains(stderr, "in.csv: no such file") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestServiceDownExit(t *testing.T) {
	e := newEnv(t, 200, testConfig)
	e.svc.hook = func(int64) error { return &nameapi.Error{Op: "x", HTTPStatus: http.StatusBadGateway} }
	code, _, stderr := e.run(context.Background(), "run", "--config", e.config, "--quiet")
	if code != exitFailed || !strings.Contains(stderr, "service appears down") || !strings.Contains(stderr, "HTTP 502") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if e.writer.committed || !e.writer.aborted {
		t.Errorf("committed %v aborted %v; an incomplete output must not be committed", e.writer.committed, e.writer.aborted)
	}
	if !strings.Contains(stderr, "cache") {
		t.Errorf("stderr does not say where results are kept: %q", stderr)
	}
}

func TestStrictRowErrors(t *testing.T) {
	e := newEnv(t, 20, testConfig)
	e.svc.hook = func(n int64) error {
		if n == 3 {
			return nameapi.NewInvalidInputError("x", "no")
		}
		return nil
	}
	if code, _, stderr := e.run(context.Background(), "run", "--config", e.config, "--strict"); code != exitRowErrors {
		t.Errorf("exit %d, want %d: %s", code, exitRowErrors, stderr)
	}
	if !e.writer.committed {
		t.Error("output with row errors not committed")
	}
}

// TestInterruptAndResume interrupts a run, reruns it, and compares the
// output with an uninterrupted run's; the calls of both runs together
// exceed one run's by at most the in-flight window.
func TestInterruptAndResume(t *testing.T) {
	const rows = 3000
	clean := newEnv(t, rows, testConfig)
	if code, _, stderr := clean.run(context.Background(), "run", "--config", clean.config, "--no-cache", "--quiet"); code != exitOK {
		t.Fatalf("clean run: exit %d: %s", code, stderr)
	}
	want, oneRun := clean.writer.rows, clean.svc.calls.Load()

	e := newEnv(t, rows, testConfig)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e.svc.hook = func(n int64) error {
		if n == oneRun/2 {
			cancel()
		}
		return nil
	}
	code, _, stderr := e.run(ctx, "run", "--config", e.config, "--quiet", "--window", "64", "--grace", "1m")
	if code != exitInterrupted || !strings.Contains(stderr, "interrupted") || !strings.Contains(stderr, "rerun") {
		t.Fatalf("interrupted run: exit %d: %s", code, stderr)
	}
	if e.writer.committed || !e.writer.aborted {
		t.Fatalf("interrupted output committed %v aborted %v", e.writer.committed, e.writer.aborted)
	}
	first := e.svc.calls.Load()
	e.svc.hook = nil
	code, _, stderr = e.run(context.Background(), "run", "--config", e.config, "--quiet")
	if code != exitOK {
		t.Fatalf("resumed run: exit %d: %s", code, stderr)
	}
	if !reflect.DeepEqual(e.writer.rows, want) {
		t.Errorf("resumed output differs from an uninterrupted run's")
	}
	total := e.svc.calls.Load()
	t.Logf("one run %d calls; interrupted run %d; both runs %d", oneRun, first, total)
	if total > oneRun+64*3 || first >= oneRun {
		t.Errorf("calls: %d in the interrupted run, %d in all, one run makes %d", first, total, oneRun)
	}
}

func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if code := realMain(context.Background(), []string{"version"}, &out, io.Discard); code != 0 || !strings.HasPrefix(out.String(), "namepipe ") {
		t.Errorf("exit %d, %q", code, out.String())
	}
}

func TestPing(t *testing.T) {
	e := newEnv(t, 0, testConfig)
	code, stdout, stderr := e.run(context.Background(), "ping", "--config", e.config, "--count", "2")
	if code != exitOK || strings.Count(stdout, "pong from http://127.0.0.1:9/rest/v5.3/ in ") != 2 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	e.svc.hook = func(int64) error { return &nameapi.Error{Op: "ping", Timeout: true} }
	if code, _, stderr := e.run(context.Background(), "ping", "--config", e.config, "--timeout", time.Second.String()); code != exitFailed || !strings.Contains(stderr, "timeout") {
		t.Errorf("failing ping: exit %d, %q", code, stderr)
	}
}

func TestValidate(t *testing.T) {
	e := newEnv(t, 10, testConfig)
	code, stdout, stderr := e.run(context.Background(), "validate", "--config", e.config, "--rows", "2")
	if code != exitOK || !strings.Contains(stdout, "config OK") || !strings.Contains(stdout, "Person1 Smith") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if e.svc.calls.Load() != 0 {
		t.Errorf("validate made %d calls", e.svc.calls.Load())
	}
	if strings.Contains(stdout+stderr, plantedKey) {
		t.Error("validate printed the API key")
	}
}
