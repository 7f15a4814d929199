package mapping

import (
	"fmt"
	"testing"
	"time"
)

// TestISODate holds isoDate to time.Parse(time.DateOnly): wherever it
// answers, time.Parse takes the date with the same year.
func TestISODate(t *testing.T) {
	t.Parallel()
	var cases []string
	for _, y := range []int{0, 999, 1000, 1900, 1996, 2000, 2023, 2024, 9999} {
		for m := 0; m <= 13; m++ {
			for d := 0; d <= 32; d++ {
				cases = append(cases, fmt.Sprintf("%04d-%02d-%02d", y, m, d))
			}
		}
	}
	cases = append(cases, "", "1990-1-01", "1990-01-1", "199a-01-01", "1990/01/01", "+990-01-01", "1990-01-01 ", "１９９０-01-01", "1990-0x-01")
	answered := 0
	for _, s := range cases {
		y, ok := isoDate(s)
		if !ok {
			continue
		}
		answered++
		tm, err := time.Parse(time.DateOnly, s)
		if err != nil || tm.Year() != y {
			t.Errorf("isoDate(%q) = %d; time.Parse: %v, %v", s, y, tm, err)
		}
	}
	if answered < 9*12*28 {
		t.Errorf("isoDate answered only %d cases", answered)
	}
}
