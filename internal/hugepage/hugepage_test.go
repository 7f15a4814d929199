package hugepage

import (
	"runtime"
	"testing"
)

func TestInner(t *testing.T) {
	for _, tc := range []struct {
		name           string
		start, size    uintptr
		wantA, wantEnd uintptr
	}{
		{"aligned, two pages", 4 * Size, 2 * Size, 4 * Size, 6 * Size},
		{"unaligned start and end", 4*Size + 100, 3 * Size, 5 * Size, 7 * Size},
		{"less than a page past the boundary", 4*Size + 100, Size, 5 * Size, 5 * Size},
		{"inside one page", 4*Size + 100, 1000, 5 * Size, 5 * Size},
		{"empty", 4 * Size, 0, 4 * Size, 4 * Size},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, e := inner(tc.start, tc.size)
			if a != tc.wantA || e != tc.wantEnd {
				t.Errorf("inner(%#x, %#x) = [%#x, %#x), want [%#x, %#x)", tc.start, tc.size, a, e, tc.wantA, tc.wantEnd)
			}
			if a < tc.start || e > tc.start+tc.size && e != a {
				t.Errorf("[%#x, %#x) is not inside [%#x, %#x)", a, e, tc.start, tc.start+tc.size)
			}
		})
	}
}

// TestSliceIsMake checks that Slice gives what make gives, large or small:
// the length, zero values, and pointers the garbage collector follows.
func TestSliceIsMake(t *testing.T) {
	for _, n := range []int{0, 1, 1000, 3 * Size / 8} {
		s := Slice[*int](n)
		if len(s) != n || cap(s) != n {
			t.Fatalf("Slice(%d): len %d cap %d", n, len(s), cap(s))
		}
		for i := range s {
			if s[i] != nil {
				t.Fatalf("Slice(%d)[%d] = %p, want nil", n, i, s[i])
			}
		}
		for i := 0; i < n; i += 4099 {
			v := i
			s[i] = &v
		}
		runtime.GC()
		for i := 0; i < n; i += 4099 {
			if *s[i] != i {
				t.Fatalf("Slice(%d)[%d] points to %d after a collection", n, i, *s[i])
			}
		}
	}
}
