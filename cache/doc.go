// Package cache remembers answers: one interface, Store (a value by key
// bytes), with a memory store (Memory: a bounded, sharded table with clock
// eviction, shared by the pipeline's local workers, and the Probe that
// tells whether it pays) and a persistent one (Bolt, a bbolt file shared
// by runs, behind Persistent). Key makes a persistent key of an operation's
// request key, and Remember wraps an operation with a Persistent store:
// the persistent cache as a decorator (the pipeline's remote path wraps
// each operation of a run with one).
//
// It also owns the pipeline's one view of cells encoded ahead of the write
// (CellsOf: a writer's writers.CellEncoder), so that a remembered answer
// can keep its result cells as the writer will write them; no package but
// this one and writers names that interface (internal/arch).
//
// The speed tricks here (two hashes instead of key bytes, one-cache-line
// slots, prefaulting, the probe) are paid for by BenchmarkMemory and
// BenchmarkProbeMisses beside them.
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
