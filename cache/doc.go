// Package cache remembers answers: one interface, Store (a value by key
// bytes), with a memory store (Memory: a bounded, sharded table with clock
// eviction, and the Probe that tells whether it pays) and a persistent one
// (Bolt, a bbolt file shared by runs, behind Persistent). Remembering is a
// decorator around the operations: Remember wraps one operation with a
// Persistent store, keyed by its request's key (Key) (the pipeline's
// remote path wraps each operation of a run with one); Rows wraps a
// mapping plan's operations for the pipeline's local path, keyed by the
// raw cells each group of them reads, and gives a row's result cells.
//
// It also owns the pipeline's one view of cells encoded ahead of the write
// (CellsOf: a writer's writers.CellEncoder), so that a remembered answer
// can keep its result cells as the writer will write them; no package but
// this one and writers names that interface (internal/arch).
//
// The speed tricks here (two hashes instead of key bytes, one-cache-line
// slots, prefaulting, the probe, rows answered without a request) are
// paid for by BenchmarkMemory, BenchmarkProbeMisses, BenchmarkRows and
// BenchmarkRowsMisses beside them.
package cache

import (
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// Store is a cache of values by key bytes. It must be safe for concurrent
// use.
type Store[V any] interface {
	// Get returns the value stored under key, if any.
	Get(key []byte) (v V, ok bool, err error)
	// Put stores v under key.
	Put(key []byte, v V) error
}

// Cells encodes vals as the cells of the columns first, first+1, ... of a
// row, as one opaque value the writer that made it writes in their place
// (writers.CellEncoder).
type Cells func(first int, vals []record.Value) (record.Value, bool)

// CellsOf returns w's Cells when w encodes cells ahead, else nil.
func CellsOf(w writers.Writer) Cells {
	if enc, ok := w.(writers.CellEncoder); ok {
		return enc.EncodeCells
	}
	return nil
}
