package dedupe

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// mapFile maps the first size bytes of f read-only.
func mapFile(f *os.File, size int64) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}

// unmapFile undoes mapFile.
func unmapFile(mem []byte) { syscall.Munmap(mem) }

// releaseMapped lets the mapped pages go from the process (the page
// cache keeps them; the next read maps them back).
func releaseMapped(mem []byte) { syscall.Madvise(mem, syscall.MADV_DONTNEED) }

// residentFile returns the bytes of files mapped and resident in the
// process (the binary's own pages included), or -1 if unknown.
func residentFile() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return -1
	}
	// size resident shared ...: shared is the file-backed pages
	f := bytes.Fields(b)
	if len(f) < 3 {
		return -1
	}
	n, err := strconv.ParseInt(string(f[2]), 10, 64)
	if err != nil {
		return -1
	}
	return n * int64(os.Getpagesize())
}
