package writers

import (
	"math"
	"strconv"
)

// floatTexts remembers the text of recent float64 cells. Result columns
// such as confidences and risk scores take a few thousand distinct
// values over millions of rows, and formatting one the shortest way costs
// far more than a look-up, plus an allocation (BenchmarkFloatTexts).
type floatTexts struct {
	m map[uint64]string // by the value's bits (NaN included)
}

// maxFloatTexts bounds the memory: a full map is emptied and refilled.
const maxFloatTexts = 4096

// text returns x as record.Format writes a float64.
func (f *floatTexts) text(x float64) string {
	k := math.Float64bits(x)
	if s, ok := f.m[k]; ok {
		return s
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if f.m == nil || len(f.m) >= maxFloatTexts {
		if f.m == nil {
			f.m = make(map[uint64]string)
		}
		clear(f.m)
	}
	f.m[k] = s
	return s
}
