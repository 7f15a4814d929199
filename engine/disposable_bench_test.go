package engine

import (
	"context"
	"testing"
)

// BenchmarkDisposable measures DetectDisposableEmail as the pipeline calls
// it (WithReadOnlyResults, one call per row: the pipeline's memo is off for
// this operation) over the addresses of fullPipelineRecords' rows, which
// are like bench/gen's (free-mail, company and disposable domains).
func BenchmarkDisposable(b *testing.B) {
	var addrs []string
	for _, r := range fullPipelineRecords(b, 4000) {
		if r.email != "" {
			addrs = append(addrs, r.email)
		}
	}
	e, err := New(WithReadOnlyResults())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := e.DetectDisposableEmail(ctx, addrs[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(addrs) {
			i = 0
		}
	}
}
