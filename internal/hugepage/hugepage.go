// Package hugepage allocates the large tables that a process reads at
// random for its whole life (the engine's word table and memos, the
// pipeline's answer memo), asking the kernel to back them with huge pages.
//
// A random read into a table of tens of megabytes misses the TLB as well
// as the caches, and in a virtual machine each TLB miss walks two page
// tables. Go's runtime no longer asks for huge pages itself (Go 1.21.1
// dropped MADV_HUGEPAGE), so where transparent huge pages are in madvise
// mode, the default of many distributions and of these machines, a Go heap
// gets 4 KiB pages only. Slice advises its table's whole 2 MiB pages
// before their first touch; BenchmarkRandomReads measures what that saves.
// Elsewhere (other systems, huge pages off) Slice is make.
package hugepage

// Size is the size of a huge page on the systems where Slice advises them.
const Size = 2 << 20

// minAdvised is the smallest table Slice advises: a table smaller than two
// huge pages may hold none whole.
const minAdvised = 2 * Size

// Slice returns make([]T, n), its memory advised for huge pages where the
// system has them. The slice is an ordinary Go slice: the garbage collector
// owns it, and the advice only changes how the kernel backs its pages.
func Slice[T any](n int) []T {
	s := make([]T, n)
	_ = advise(s) // a hint: without it the table is as make gives it
	return s
}

// inner returns the whole huge pages [a, e) inside the bytes [start,
// start+size), or a == e when there are none.
func inner(start, size uintptr) (a, e uintptr) {
	a = (start + Size - 1) &^ (Size - 1)
	e = (start + size) &^ (Size - 1)
	if e < a {
		e = a
	}
	return a, e
}
