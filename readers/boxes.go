package readers

import (
	"unsafe"

	"github.com/namepipe/namepipe/record"
)

// stringBoxes turns the CSV reader's cells into record.Values. Storing a
// string in an interface allocates a header for it on its own
// (runtime.convTstring), one small object per cell that the garbage
// collector must then track; stringBoxes places the headers in arrays of
// boxChunk instead, and points the interfaces at them
// (BenchmarkStringBoxes).
//
// A header is written once, before its interface is made, and never
// again: a chunk is not re-used, it is dropped by the collector when no
// value points into it any more.
type stringBoxes struct {
	chunk []string
	used  int // chunk[:used] are taken
}

const boxChunk = 4096

// eface is the layout of an empty interface (the runtime's).
type eface struct {
	typ, data unsafe.Pointer
}

// stringType is the type word of an interface holding a string.
var stringType = func() unsafe.Pointer {
	var v any = "x"
	return (*eface)(unsafe.Pointer(&v)).typ
}()

// box returns s as a record.Value, as record.Value(s) would.
//
// The next free header is known by its index: re-slicing the chunk for
// each box would store a pointer into the reader, and a pointer store
// costs a write barrier while the collector runs (BenchmarkCSVRead).
func (b *stringBoxes) box(s string) record.Value {
	if s == "" {
		return "" // no allocation either way
	}
	if b.used == len(b.chunk) {
		b.chunk, b.used = make([]string, boxChunk), 0
	}
	p := &b.chunk[b.used]
	b.used++
	*p = s
	var v record.Value
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = stringType, unsafe.Pointer(p)
	return v
}
