package pipeline

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// loopReader yields n rows without allocating per Read beyond the values.
type loopReader struct{ n, pos int }

func (r *loopReader) Schema() record.Schema { return record.Schema{} }
func (r *loopReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	k := 0
	for k < len(dst) && r.pos < r.n {
		dst[k] = record.Record{Index: int64(r.pos), Values: []record.Value{names[r.pos%len(names)], ""}}
		r.pos++
		k++
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}
func (r *loopReader) Progress() (int64, int64) { return int64(r.pos), int64(r.n) }
func (r *loopReader) Close() error             { return nil }

type discardWriter struct{}

func (discardWriter) Write(context.Context, []record.Record) error { return nil }
func (discardWriter) Commit() error                                { return nil }
func (discardWriter) Abort() error                                 { return nil }

var names = func() []string {
	s := make([]string, 100_000)
	for i := range s {
		s[i] = fmt.Sprint("Person ", i)
	}
	return s
}()

// BenchmarkPipelineOverhead measures the pipeline's own cost per row with a
// service that answers at once: two ops per row, every request distinct
// (nothing cached), so each row is built, called twice, applied and
// written — on the remote path also queued twice as tasks and reassembled,
// on the local path computed by one worker with the rest of its batch.
func BenchmarkPipelineOverhead(b *testing.B) {
	for _, path := range []string{"remote", "local"} {
		for _, conc := range []int{1, 8} {
			b.Run(fmt.Sprintf("path=%s/concurrency=%d", path, conc), func(b *testing.B) {
				b.ReportAllocs()
				var svc nameapi.Service = nopService{}
				if path == "local" {
					svc = inProcessService{}
				}
				o := Options{
					Reader: &loopReader{n: b.N}, Writer: discardWriter{}, Service: svc,
					Plan:        &fakePlan{ops: []Op{"parse", "genderize"}, call: func(ctx context.Context, op Op, key string) (any, error) { return "x", nil }},
					Concurrency: conc, LogEvery: -1, MemoryCacheSize: -1,
				}
				b.ResetTimer()
				if _, err := Run(context.Background(), o); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}
