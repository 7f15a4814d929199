package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Persistent is a Store of encoded results shared by runs, so that a
// nightly run re-uses yesterday's answers and a rerun after a crash does
// not pay twice. Keys come from Key. Put may buffer until Flush.
type Persistent interface {
	Store[[]byte]
	// Flush makes every buffered Put durable.
	Flush() error
}

// Key is the persistent cache key of op's request key for a backend: the
// op name, a zero byte, and the SHA-256 of the engine identity and the
// request key. The API key is never part of it.
func Key(engineID, op, requestKey string) []byte {
	h := sha256.New()
	h.Write([]byte(engineID))
	h.Write([]byte{0})
	h.Write([]byte(op))
	h.Write([]byte{0})
	h.Write([]byte(requestKey))
	k := make([]byte, 0, len(op)+1+sha256.Size)
	k = append(k, op...)
	k = append(k, 0)
	return h.Sum(k)
}

// cacheBucket holds every result; the format version is in its name.
var cacheBucket = []byte("results/v1")

// DefaultFlushEvery is how many buffered results a Bolt commits
// at once. A crash loses at most that many results (and the time since the
// last flush, which the pipeline bounds to a second).
const DefaultFlushEvery = 256

// Bolt is a Persistent store in a bbolt file. Writes are buffered and committed
// in batches; a process killed at any point leaves a consistent file.
type Bolt struct {
	db   *bolt.DB
	path string
	// MaxAge, when positive, makes entries older than it misses. Set it
	// before use.
	MaxAge time.Duration
	// FlushEvery is the number of buffered Puts that triggers a commit.
	FlushEvery int
	// now is the clock, for tests.
	now func() time.Time

	mu      sync.Mutex
	pending map[string][]byte
	flushMu sync.Mutex
}

// Open opens or creates the cache file at path. Only one process may
// hold it open; a second one gets an error after a second.
func Open(path string) (*Bolt, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		if errors.Is(err, bolterrors.ErrTimeout) {
			return nil, fmt.Errorf("open cache %s: in use by another namepipe run", path)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("open cache %s: %w", path, err)
		}
		return nil, fmt.Errorf("open cache %s: %w (if it is a damaged namepipe cache, delete it to start afresh)", path, err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(cacheBucket)
		return err
	}); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open cache %s: %w", path, err)
	}
	return &Bolt{db: db, path: path, FlushEvery: DefaultFlushEvery, now: time.Now, pending: make(map[string][]byte)}, nil
}

// Path returns the cache file's path.
func (c *Bolt) Path() string { return c.path }

// Get implements Store.
func (c *Bolt) Get(key []byte) ([]byte, bool, error) {
	c.mu.Lock()
	v, ok := c.pending[string(key)]
	c.mu.Unlock()
	if !ok {
		err := c.db.View(func(tx *bolt.Tx) error {
			if b := tx.Bucket(cacheBucket).Get(key); b != nil {
				v = append([]byte(nil), b...)
				ok = true
			}
			return nil
		})
		if err != nil {
			return nil, false, fmt.Errorf("cache %s: read: %w", c.path, err)
		}
		if !ok {
			return nil, false, nil
		}
	}
	if len(v) < 8 {
		return nil, false, nil // damaged entry: a miss, overwritten later
	}
	if c.MaxAge > 0 {
		stored := time.Unix(0, int64(binary.BigEndian.Uint64(v[:8])))
		if c.now().Sub(stored) > c.MaxAge {
			return nil, false, nil
		}
	}
	return v[8:], true, nil
}

// Put implements Store; it commits when FlushEvery Puts are buffered.
func (c *Bolt) Put(key, value []byte) error {
	v := make([]byte, 8, 8+len(value))
	binary.BigEndian.PutUint64(v, uint64(c.now().UnixNano()))
	v = append(v, value...)
	c.mu.Lock()
	c.pending[string(key)] = v
	full := len(c.pending) >= max(1, c.FlushEvery)
	c.mu.Unlock()
	if full {
		return c.Flush()
	}
	return nil
}

// Flush implements Persistent.
func (c *Bolt) Flush() error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()
	c.mu.Lock()
	batch := c.pending
	if len(batch) == 0 {
		c.mu.Unlock()
		return nil
	}
	c.pending = make(map[string][]byte, len(batch))
	c.mu.Unlock()
	err := c.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(cacheBucket)
		for k, v := range batch {
			if err := b.Put([]byte(k), v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		// Keep the batch so that a later Flush can try again.
		c.mu.Lock()
		for k, v := range batch {
			if _, newer := c.pending[k]; !newer {
				c.pending[k] = v
			}
		}
		c.mu.Unlock()
		return fmt.Errorf("cache %s: write: %w", c.path, err)
	}
	return nil
}

// Len returns the number of stored entries (buffered ones excluded).
func (c *Bolt) Len() (int, error) {
	n := 0
	err := c.db.View(func(tx *bolt.Tx) error {
		n = tx.Bucket(cacheBucket).Stats().KeyN
		return nil
	})
	return n, err
}

// Close flushes and closes the file.
func (c *Bolt) Close() error {
	ferr := c.Flush()
	cerr := c.db.Close()
	if ferr != nil {
		return ferr
	}
	if cerr != nil {
		return fmt.Errorf("close cache %s: %w", c.path, cerr)
	}
	return nil
}
