package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// memReader is an in-memory Reader of rows with columns name, email.
type memReader struct {
	rows  [][2]string
	pos   int
	onRow func() // called for each row handed out
	err   error  // returned after the rows instead of io.EOF
}

func newMemReader(n int, name func(i int) string) *memReader {
	r := &memReader{}
	for i := range n {
		r.rows = append(r.rows, [2]string{name(i), fmt.Sprintf("user%d@example.com", i)})
	}
	return r
}

func (r *memReader) Schema() record.Schema {
	return record.Schema{Fields: []record.Field{{Name: "name"}, {Name: "email"}}}
}

func (r *memReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n := 0
	for n < len(dst) && r.pos < len(r.rows) {
		row := r.rows[r.pos]
		dst[n] = record.Record{Index: int64(r.pos), Line: int64(r.pos + 2), Values: []record.Value{row[0], row[1]}}
		if r.onRow != nil {
			r.onRow()
		}
		r.pos++
		n++
	}
	if n == 0 {
		if r.err != nil {
			return 0, r.err
		}
		return 0, io.EOF
	}
	return n, nil
}

func (r *memReader) Progress() (int64, int64) { return int64(r.pos), int64(len(r.rows)) }
func (r *memReader) Close() error             { return nil }

// memWriter collects written rows.
type memWriter struct {
	mu      sync.Mutex
	rows    []record.Record
	writes  int
	onWrite func(n int)
	failAt  int // fail the failAt-th Write (1-based); 0 = never
}

func (w *memWriter) Write(ctx context.Context, recs []record.Record) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes++
	if w.failAt > 0 && w.writes == w.failAt {
		return errors.New("disk full")
	}
	for _, r := range recs {
		r.Values = append([]record.Value(nil), r.Values...)
		w.rows = append(w.rows, r)
	}
	if w.onWrite != nil {
		w.onWrite(len(recs))
	}
	return nil
}

func (w *memWriter) Commit() error { return nil }
func (w *memWriter) Abort() error  { return nil }

// callFunc answers one operation for one request key.
type callFunc func(ctx context.Context, op Op, key string) (any, error)

// fakePlan maps column name to every op (disposable uses the email) and
// appends one column per op plus the error column.
type fakePlan struct {
	ops     []Op
	call    callFunc
	onBuild func()
}

type fakeRequest struct {
	p     *fakePlan
	name  string
	email string
}

func (p *fakePlan) Ops() []Op { return p.ops }

func (p *fakePlan) OutputSchema() record.Schema {
	s := record.Schema{Fields: []record.Field{{Name: "name"}, {Name: "email"}}}
	for _, op := range p.ops {
		s.Fields = append(s.Fields, record.Field{Name: "r_" + string(op), Nullable: true})
	}
	s.Fields = append(s.Fields, record.Field{Name: "r_error", Nullable: true})
	return s
}

func (p *fakePlan) Build(rec *record.Record) (Request, error) {
	if p.onBuild != nil {
		p.onBuild()
	}
	name, _ := rec.Values[0].(string)
	email, _ := rec.Values[1].(string)
	if strings.HasPrefix(name, "BAD") {
		return nil, fmt.Errorf("line %d: column name: cannot use %q", rec.Line, name)
	}
	if strings.HasPrefix(name, "PARTIAL") {
		// A value was unusable and left out; the rest is still sent.
		return &fakeRequest{p: p, name: name, email: email}, fmt.Errorf("line %d: column dob: left out", rec.Line)
	}
	return &fakeRequest{p: p, name: name, email: email}, nil
}

func (p *fakePlan) ResultColumns() int { return len(p.ops) + 1 }

func (p *fakePlan) ApplyInto(out []record.Value, outcomes []Outcome, rowErr error) {
	clear(out)
	var errs []string
	if rowErr != nil {
		errs = append(errs, rowErr.Error())
	}
	for i, op := range p.ops {
		o := outcomes[i]
		if o.Err != nil {
			errs = append(errs, string(op)+": "+o.Err.Error())
			continue
		}
		if o.Value != nil {
			out[i] = fmt.Sprint(o.Value)
		}
	}
	if len(errs) > 0 {
		out[len(p.ops)] = strings.Join(errs, "; ")
	}
}

func (p *fakePlan) EncodeResult(op Op, v Result) ([]byte, error) { return json.Marshal(v) }

func (p *fakePlan) DecodeResult(op Op, data []byte) (Result, error) {
	var s string
	err := json.Unmarshal(data, &s)
	return fakeResult(s), err
}

// fakeResult is the fake plan's Result: the call's answer as text.
type fakeResult string

func (f fakeResult) MarshalJSON() ([]byte, error) { return json.Marshal(string(f)) }

func (r *fakeRequest) Applies(op Op) bool {
	if op == "disposable" {
		return r.email != ""
	}
	return r.name != ""
}

func (r *fakeRequest) Key(op Op) string {
	if op == "disposable" {
		return strings.ToLower(r.email)
	}
	return strings.ToLower(r.name)
}

func (r *fakeRequest) Call(ctx context.Context, svc nameapi.Service, op Op) (Result, error) {
	v, err := r.p.call(ctx, op, r.Key(op))
	switch x := v.(type) {
	case nil:
		return nil, err
	case Result:
		return x, err
	}
	return fakeResult(fmt.Sprint(v)), err
}

// nopService satisfies nameapi.Service; the fake plan never uses it.
type nopService struct{ nameapi.Service }

// echo answers "op(key)".
func echo(ctx context.Context, op Op, key string) (any, error) {
	return string(op) + "(" + key + ")", nil
}

// counter counts calls per op and key.
type counter struct {
	mu    sync.Mutex
	calls map[string]int
	total atomic.Int64
}

func (c *counter) wrap(f callFunc) callFunc {
	return func(ctx context.Context, op Op, key string) (any, error) {
		c.mu.Lock()
		if c.calls == nil {
			c.calls = make(map[string]int)
		}
		c.calls[string(op)+"|"+key]++
		c.mu.Unlock()
		c.total.Add(1)
		return f(ctx, op, key)
	}
}

// sleepRecorder is a Sleep hook that records the waits and returns at once.
type sleepRecorder struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (s *sleepRecorder) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.waits = append(s.waits, d)
	s.mu.Unlock()
	return ctx.Err()
}

// inProcessService is a nopService that says it runs in-process, so that
// Run takes the local path when there is no persistent cache.
type inProcessService struct{ nopService }

func (inProcessService) InProcess() {}

// newOpts returns options for a run of the fake plan; local makes the
// service in-process.
func newOpts(rd *memReader, w *memWriter, p *fakePlan, local bool) Options {
	var svc nameapi.Service = nopService{}
	if local {
		svc = inProcessService{}
	}
	return Options{Reader: rd, Writer: w, Plan: p, Service: svc, Concurrency: 4, LogEvery: -1}
}

// forEachPath runs test on the remote path and on the local path (an
// in-process service), in parallel.
func forEachPath(t *testing.T, test func(t *testing.T, local bool)) {
	t.Parallel()
	for _, local := range []bool{false, true} {
		name := "remote"
		if local {
			name = "local"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test(t, local)
		})
	}
}

// str returns the cell as a string ("" for nil).
func str(v record.Value) string {
	s, _ := v.(string)
	return s
}
