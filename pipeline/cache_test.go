package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/namepipe/namepipe/cache"
)

func TestPersistentCacheSecondRun(t *testing.T) { forEachPath(t, testPersistentCacheSecondRun) }

func testPersistentCacheSecondRun(t *testing.T, local bool) {
	path := filepath.Join(t.TempDir(), "out.csv.namepipe-cache")
	run := func(engineID string, failing bool) (*Summary, *memWriter, *counter) {
		t.Helper()
		c, err := cache.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			if err := c.Close(); err != nil {
				t.Fatal(err)
			}
		}()
		cnt := &counter{}
		call := echo
		if failing {
			call = func(ctx context.Context, op Op, key string) (any, error) { return nil, errInvalid }
		}
		rd := newMemReader(50, func(i int) string { return fmt.Sprint("P", i%20) })
		w := &memWriter{}
		o := newOpts(rd, w, &fakePlan{ops: []Op{"parse", "disposable"}, call: cnt.wrap(call)}, local)
		o.Cache, o.EngineID = c, engineID
		sum, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return sum, w, cnt
	}
	s1, w1, c1 := run("local/v1", false)
	if s1.Calls != 70 || c1.total.Load() != 70 || s1.CacheHitsPersistent != 0 { // 20 names + 50 emails
		t.Fatalf("first run: %d calls, %d persistent hits", s1.Calls, s1.CacheHitsPersistent)
	}
	// Second run: every answer comes from the cache; a failing service proves it is not asked.
	s2, w2, c2 := run("local/v1", true)
	if s2.Calls != 0 || c2.total.Load() != 0 || s2.CacheHitsPersistent != 70 || s2.RowsWithErrors != 0 {
		t.Fatalf("second run: %d calls, %d persistent hits, %d row errors", s2.Calls, s2.CacheHitsPersistent, s2.RowsWithErrors)
	}
	if !reflect.DeepEqual(w1.rows, w2.rows) {
		t.Errorf("second run output differs from the first")
	}
	// Another engine identity does not share entries.
	s3, _, _ := run("https://api.example/rest/v5.3", false)
	if s3.CacheHitsPersistent != 0 || s3.Calls != 70 {
		t.Errorf("other engine: %d persistent hits, %d calls", s3.CacheHitsPersistent, s3.Calls)
	}
}

// errCache fails every operation: the run goes on without it.
type errCache struct{}

func (errCache) Get([]byte) ([]byte, bool, error) { return nil, false, errors.New("io error") }
func (errCache) Put(_, _ []byte) error            { return errors.New("io error") }
func (errCache) Flush() error                     { return nil }

func TestBrokenCacheDoesNotFailRun(t *testing.T) { forEachPath(t, testBrokenCacheDoesNotFailRun) }

func testBrokenCacheDoesNotFailRun(t *testing.T, local bool) {
	rd := newMemReader(10, func(i int) string { return fmt.Sprint("P", i) })
	w := &memWriter{}
	o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: echo}, local)
	o.Cache = errCache{}
	sum, err := Run(context.Background(), o)
	if err != nil || len(w.rows) != 10 || sum.RowsWithErrors != 0 || sum.CacheErrors != 20 {
		t.Fatalf("err %v, rows %d, row errors %d, cache errors %d", err, len(w.rows), sum.RowsWithErrors, sum.CacheErrors)
	}
}
