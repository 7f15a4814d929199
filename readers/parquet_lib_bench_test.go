package readers

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/namepipe/namepipe/internal/benchcpu"
	"github.com/namepipe/namepipe/record"
)

// benchParquetFile is the Parquet file BenchmarkParquetLibs reads:
// $NAMEPIPE_PQ_BENCH, or bench/gen's rows ($NAMEPIPE_PQ_BENCH_ROWS, default
// 1,000,000) written by namepipe's Parquet writer into a temporary file.
func benchParquetFile(b *testing.B) string {
	b.Helper()
	if p := os.Getenv("NAMEPIPE_PQ_BENCH"); p != "" {
		return p
	}
	rows := 1_000_000
	if s := os.Getenv("NAMEPIPE_PQ_BENCH_ROWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatalf("NAMEPIPE_PQ_BENCH_ROWS: %v", err)
		}
		rows = n
	}
	p := filepath.Join(b.TempDir(), "in.parquet")
	cmd := exec.Command("go", "run", "../bench/gen", "-n", strconv.Itoa(rows), "-o", p)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("bench/gen: %v\n%s", err, out)
	}
	return p
}

// BenchmarkParquetLibs reads every row and cell of the same Parquet file
// into record.Values with two libraries, in batches of 1024 rows as the
// pipeline reads: xitongsys/parquet-go (openParquetXitongsys: the reader
// OpenParquet had until this benchmark, ReadColumnByPath) and
// parquet-go/parquet-go (OpenParquet, values taken from the decoded
// pages). It reports wall
// and process CPU (user+sys, the collector's workers included) per row,
// and bytes and objects allocated per row.
//
// Measured 2026-11-24 19:58 UTC, 2-core machine shared with another job,
// 1M rows of bench/gen (59 MB, snappy, one row group), -benchtime 2x
// -count 2, both libraries in one run:
//
//	xitongsys   1321, 1293 cpu-ns/row  2026 B/row  21.55 allocs/row
//	parquet-go   593,  605 cpu-ns/row   300 B/row   1.93 allocs/row
//
// Again at 20:00 UTC with OpenParquet on parquet-go (load 1.6, -count 3):
//
//	xitongsys   1383, 1313, 1367 cpu-ns/row  2026 B/row  21.55 allocs/row
//	parquet-go   511,  575,  598 cpu-ns/row   315 B/row   1.93 allocs/row
//
// parquet-go/parquet-go takes 2.2–2.5× less CPU and allocates 6.5× fewer
// bytes and 11× fewer objects per row. What remains is mostly snappy
// decoding and the string headers of stringBoxes (16 B per string cell).
// End to end, the four operations of bench/configs/local.yaml on the same
// 1M rows (six alternating runs of main and this reader, same outputs):
// Parquet input 13.19 → 10.97 CPU-s (medians), Parquet ÷ CSV 1.36 → 1.10.
func BenchmarkParquetLibs(b *testing.B) {
	path := benchParquetFile(b)
	libs := []struct {
		name string
		open func(context.Context, string) (Reader, error)
	}{
		{"xitongsys", openParquetXitongsys},
		{"parquet-go", func(ctx context.Context, p string) (Reader, error) { return OpenParquet(ctx, p, ParquetOptions{}) }},
	}
	for _, lib := range libs {
		b.Run(lib.name, func(b *testing.B) {
			ctx := context.Background()
			var rows int64
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			cpu0, cpuOK := benchcpu.Process()
			for b.Loop() {
				r, err := lib.open(ctx, path)
				if err != nil {
					b.Fatal(err)
				}
				buf := make([]record.Record, 1024)
				rows += int64(drain(b, r, buf))
			}
			cpu1, _ := benchcpu.Process()
			runtime.ReadMemStats(&m1)
			if cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(rows), "cpu-ns/row")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rows), "ns/row")
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(rows), "B/row")
			b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(rows), "allocs/row")
		})
	}
}
