package parse

import (
	"strings"
	"testing"
)

// TestFamilyFilter checks that every family word passes the filter in
// any case (it may only drop words that are none).
func TestFamilyFilter(t *testing.T) {
	t.Parallel()
	for _, m := range []map[string]bool{familyBefore, familyAfter} {
		for k := range m {
			for _, w := range []string{k, strings.ToUpper(k), strings.ToUpper(k[:1]) + k[1:]} {
				if !familyFilter.MayHoldLower(w) {
					t.Errorf("familyFilter drops %q", w)
				}
			}
		}
	}
}
