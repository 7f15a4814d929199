package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

func TestPersistentCacheSecondRun(t *testing.T) { forEachPath(t, testPersistentCacheSecondRun) }

func testPersistentCacheSecondRun(t *testing.T, local bool) {
	path := filepath.Join(t.TempDir(), "out.csv.namepipe-cache")
	run := func(engineID string, failing bool) (*Summary, *memWriter, *counter) {
		t.Helper()
		c, err := OpenCache(path)
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

func TestBoltCache(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c")
	c, err := OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	c.FlushEvery = 3
	k := func(i int) []byte { return CacheKey("local", "parse", fmt.Sprint(i)) }
	for i := range 5 {
		if err := c.Put(k(i), []byte(fmt.Sprint("v", i))); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := c.Len(); n != 3 {
		t.Errorf("%d entries committed after 5 puts with FlushEvery 3, want 3", n)
	}
	if v, ok, err := c.Get(k(4)); err != nil || !ok || string(v) != "v4" {
		t.Errorf("buffered entry: %q %v %v", v, ok, err)
	}
	// A second process cannot open it while it is held.
	if _, err := OpenCache(path); err == nil {
		t.Error("second open of a held cache succeeded")
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c, err = OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.now = func() time.Time { return now.Add(48 * time.Hour) }
	for i := range 5 {
		if v, ok, err := c.Get(k(i)); err != nil || !ok || !bytes.Equal(v, []byte(fmt.Sprint("v", i))) {
			t.Errorf("after reopen, entry %d: %q %v %v", i, v, ok, err)
		}
	}
	c.MaxAge = 24 * time.Hour
	if _, ok, _ := c.Get(k(0)); ok {
		t.Error("entry older than MaxAge was a hit")
	}
	if _, ok, _ := c.Get(k(99)); ok {
		t.Error("missing key was a hit")
	}
}

func TestCacheKey(t *testing.T) {
	a := CacheKey("local", "parse", "ann")
	if !bytes.HasPrefix(a, []byte("parse\x00")) || len(a) != len("parse")+1+32 {
		t.Errorf("key %x", a)
	}
	for _, b := range [][]byte{CacheKey("remote", "parse", "ann"), CacheKey("local", "genderize", "ann"), CacheKey("local", "parse", "bo")} {
		if bytes.Equal(a, b) {
			t.Errorf("keys collide: %x", b)
		}
	}
	if !bytes.Equal(a, CacheKey("local", "parse", "ann")) {
		t.Error("key not deterministic")
	}
	// Pinned: a cache file written by an earlier build must still be read
	// (mapping's TestKeysPinned pins the request key itself).
	const want = "70617273650098fe6d037d85e68db88036b2d9cbaed9d2913cb5f301a59b5be83650504d02e3"
	if got := fmt.Sprintf("%x", CacheKey("local", "parse", "parse:k2:a2c25940145cfdec1b191830ad9da869fe1d944265ac659c8a436fedc6981720")); got != want {
		t.Errorf("CacheKey = %s, want %s", got, want)
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
