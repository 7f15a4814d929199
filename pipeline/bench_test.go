package pipeline

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/namepipe/namepipe/cache"
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

// wideReader yields n distinct rows of twelve columns, like a customer
// record whose contact data differ on every row.
type wideReader struct{ n, pos int }

func (r *wideReader) Schema() record.Schema { return record.Schema{} }
func (r *wideReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	k := 0
	for k < len(dst) && r.pos < r.n {
		v := make([]record.Value, 12)
		v[0], v[1] = names[r.pos%len(names)], fmt.Sprint("user", r.pos, "@example.com")
		for c := 2; c < len(v); c++ {
			v[c] = "Hauptstraße 12, 10115 Berlin"
		}
		dst[k] = record.Record{Index: int64(r.pos), Values: v}
		r.pos++
		k++
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}
func (r *wideReader) Progress() (int64, int64) { return int64(r.pos), int64(r.n) }
func (r *wideReader) Close() error             { return nil }

// wideReads is a fake plan whose operation reads every column (as risk
// detection reads the whole person).
type wideReads struct{ *fakePlan }

func (wideReads) Reads(Op) []int { return []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11} }

// BenchmarkLocalMemoMisses measures the local path on rows that never
// repeat, with a free service: what the memo costs when it cannot hit
// (keying twelve cells and storing the answer). "memo" switches itself off
// after cache.ProbeLookups lookups; "always" is the memo that never does (a probe
// longer than the run), "none" no memo at all.
//
// Measured (2 shared cores under load, -benchtime 300000x, two runs,
// ns/op): none 916 / 1,057; memo 973 / 1,660; always 2,722 / 2,337, with
// twice the bytes allocated. The switch-off saves 0.7 to 1.7 µs per row
// and operation whose input never repeats. With the clock memo and the
// timed probe (load 4, two runs): none 757 / 571; memo 521 / 533; always
// 1,638 / 2,041 ns/op.
func BenchmarkLocalMemoMisses(b *testing.B) {
	for _, mode := range []string{"none", "memo", "always"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			o := Options{
				Reader: &wideReader{n: b.N}, Writer: discardWriter{}, Service: inProcessService{},
				Plan:        wideReads{&fakePlan{ops: []Op{"risk"}, call: func(ctx context.Context, op Op, key string) (any, error) { return "x", nil }}},
				Concurrency: 1, LogEvery: -1,
			}
			switch mode {
			case "none":
				o.MemoryCacheSize = -1
			case "always":
				defer func(p int) { cache.ProbeLookups = p }(cache.ProbeLookups)
				cache.ProbeLookups = b.N + 1
			}
			b.ResetTimer()
			if _, err := Run(context.Background(), o); err != nil {
				b.Fatal(err)
			}
		})
	}
}
