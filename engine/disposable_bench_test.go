package engine

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkDisposable measures DetectDisposableEmail as the pipeline calls
// it (WithReadOnlyResults, one call per row: the pipeline's memo is off for
// this operation). "rows" runs over the addresses of fullPipelineRecords'
// rows, which are like bench/gen's (free-mail, company and disposable
// domains: the domains repeat); "distinct" over addresses whose domains
// are all different (200k of them: the worst case of the checker's cache
// of recent domains, which then never hits).
//
// NUMBERS
func BenchmarkDisposable(b *testing.B) {
	var rows []string
	for _, r := range fullPipelineRecords(b, 4000) {
		if r.email != "" {
			rows = append(rows, r.email)
		}
	}
	distinct := make([]string, 200000)
	for i := range distinct {
		distinct[i] = fmt.Sprintf("info@company%d.com", i)
	}
	for _, bc := range []struct {
		name  string
		addrs []string
	}{{"rows", rows}, {"distinct", distinct}} {
		b.Run(bc.name, func(b *testing.B) {
			e, err := New(WithReadOnlyResults())
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			addrs := bc.addrs
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
		})
	}
}
