package hugepage

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestAdviseMarksTheTable checks, in /proc/self/smaps, that the kernel
// took the advice: the mapping holding a large table's whole huge pages
// carries the flag "hg" (VM_HUGEPAGE), whether or not huge pages are
// free to back it.
func TestAdviseMarksTheTable(t *testing.T) {
	s := make([]uint64, 3*Size/8)
	err := advise(s)
	if errors.Is(err, syscall.EINVAL) {
		t.Skip("this kernel has no transparent huge pages (madvise: EINVAL)")
	}
	if err != nil {
		t.Fatal(err)
	}
	a, e := inner(uintptr(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*8)
	if a == e {
		t.Fatal("a table of three huge pages holds no whole one")
	}
	flags, err := vmFlags(a)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the table's mapping has VmFlags %q, without hg", flags)
	}
	// A small table is left alone.
	small := make([]uint64, 1000)
	if err := advise(small); err != nil {
		t.Errorf("advise(small) = %v", err)
	}
}

// vmFlags returns the VmFlags line of the mapping that holds addr.
func vmFlags(addr uintptr) (string, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 {
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("no mapping holds %#x", addr)
}
