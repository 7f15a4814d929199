package hugepage

import (
	"syscall"
	"unsafe"
)

// advise asks for huge pages for s's whole 2 MiB pages (MADV_HUGEPAGE).
// The advice is a hint: an error (a kernel without transparent huge
// pages) leaves the table as it was, and Slice ignores it.
func advise[T any](s []T) error {
	var zero T
	size := uintptr(len(s)) * unsafe.Sizeof(zero)
	if size < minAdvised {
		return nil
	}
	p := unsafe.Pointer(unsafe.SliceData(s))
	a, e := inner(uintptr(p), size)
	if a == e {
		return nil
	}
	return syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, a-uintptr(p))), e-a), syscall.MADV_HUGEPAGE)
}
