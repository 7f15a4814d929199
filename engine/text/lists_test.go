package text

import "testing"

// BenchmarkLoadWordLists measures parsing the curated word lists (the
// other part of the first call's cost, next to BenchmarkStartup's data).
func BenchmarkLoadWordLists(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadLists(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/load")
}
