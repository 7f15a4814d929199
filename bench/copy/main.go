// Command copy is the baseline of the benchmarks in bench/: it streams a
// file through namepipe's readers and writers, in the pipeline's batch
// size, with no mapping and no enrichment, and prints rows/s. The formats
// follow the extensions (CSV, TSV, JSON Lines, Parquet), as in namepipe run.
//
// Usage:
//
//	go run ./bench/copy -in /tmp/customers.csv -out /tmp/copy.csv
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"time"

	"github.com/namepipe/namepipe/bench/internal/cli"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

func main() {
	batch := flag.Int("batch", pipeline.DefaultBatchSize, "rows per Read and Write")
	in, out := cli.Files("input file (required)", "output file (required)", func() bool { return *batch >= 1 })
	start := time.Now()
	n, err := copyFile(context.Background(), in, out, *batch)
	if err != nil {
		log.Fatal(err)
	}
	el := time.Since(start)
	fmt.Printf("rows=%d elapsed=%.3fs rows_per_s=%.0f\n", n, el.Seconds(), float64(n)/el.Seconds())
}

func copyFile(ctx context.Context, in, out string, batch int) (int64, error) {
	rd, err := readers.Open(ctx, in, readers.Options{})
	if err != nil {
		return 0, fmt.Errorf("input: %w", err)
	}
	defer rd.Close()
	w, err := writers.Create(out, rd.Schema(), writers.Options{})
	if err != nil {
		return 0, fmt.Errorf("output: %w", err)
	}
	buf := make([]record.Record, batch)
	var rows int64
	for {
		k, err := rd.Read(ctx, buf)
		if k > 0 {
			if werr := w.Write(ctx, buf[:k]); werr != nil {
				_ = w.Abort()
				return rows, fmt.Errorf("output: %w", werr)
			}
			rows += int64(k)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			_ = w.Abort()
			return rows, fmt.Errorf("input: %w", err)
		}
	}
	if err := w.Commit(); err != nil {
		return rows, fmt.Errorf("output: %w", err)
	}
	return rows, nil
}
