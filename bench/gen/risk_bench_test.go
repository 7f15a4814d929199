package main

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// BenchmarkEngineRisk measures the local engine's risk detector per row on
// this generator's rows, as a run of bench/configs/local.yaml (the four
// operations) asks it: each row mapped by that config's plan, the engine
// configured by internal/wiring for those operations (its memo of names
// sized for risk). Rows are built while the timer is stopped (as
// mapping.Builder builds them, one builder per row of a batch), in small
// batches, so that a row's data is still in the cache when it is timed, as
// in a pipeline's worker, which builds a row right before its calls. Before
// a batch is timed, the engine parses the names seen for the first time,
// as the run's parse operation does (the pipeline's memo answers the parse
// of a name seen before). The rows never repeat as a whole; names recur as
// in CRM data.
//
// Besides the wall time per call, it reports the CPU time per call of the
// benchmark's thread (cpu-ns/op), which other processes on the cores
// disturb less. "disposable" measures the disposable-address check of the
// same rows.
//
// 2026-11-24, 2 cores shared with other jobs (load 4-6), 6 alternating
// runs of 600,000 calls each, medians: main 8dfe3d1 against the engrisk
// branch's risk checks: risk 2.41 -> 1.94 µs CPU per call, 146 -> 133 B in
// 2 allocations; disposable 182 -> 162 ns, 15 -> 0 B (the shared results
// of WithReadOnlyResults). Of the risk saving, the email checks' name keys
// kept in the Names value (risk.Names.mailKeys; no read of another object
// per call) account for 2.19 -> 1.93 µs, measured against the same code
// with the keys as strings.
//
// 2026-11-24, load 4-7, 5 alternating runs of 600,000 calls, main 2191950
// against branch risk2 (name-check memo entries of 128 bytes and four
// times as many, the email domains' facts cache, age checks without
// time.Date): risk 2048-2363 -> 1631-1832 cpu-ns per call (minimum 2048
// -> 1631, median 2176 -> 1677), 136 -> 100 B in 2 -> 1 allocations.
func BenchmarkEngineRisk(b *testing.B) {
	const rows, batch = 200_000, 64
	ctx := context.Background()
	cfg, err := mapping.Load("../configs/local.yaml")
	if err != nil {
		b.Fatal(err)
	}
	var sch record.Schema
	for _, c := range columns {
		sch.Fields = append(sch.Fields, record.Field{Name: c, Type: record.String})
	}
	plan, err := mapping.NewPlan(cfg, sch)
	if err != nil {
		b.Fatal(err)
	}
	g := newGen(20261122)
	recs := make([]record.Record, rows)
	for i := range recs {
		recs[i] = record.Record{Index: int64(i), Line: int64(i + 2), Values: g.row(i + 1)}
	}
	for _, bc := range []struct {
		name string
		call func(svc nameapi.Service, r *mapping.Request) error
	}{
		{"risk", func(svc nameapi.Service, r *mapping.Request) error {
			_, err := svc.DetectRisk(ctx, mapping.RiskDetector.PayloadFor(r))
			return err
		}},
		{"disposable", func(svc nameapi.Service, r *mapping.Request) error {
			if a := mapping.DisposableDetector.PayloadFor(r); a != "" {
				_, err := svc.DetectDisposableEmail(ctx, a)
				return err
			}
			return nil
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			svc, _, err := wiring.NewServiceFor(ctx, config.Engine{Kind: config.EngineLocal}, "", "bench", plan.Ops())
			if err != nil {
				b.Fatal(err)
			}
			seen := map[string]bool{}
			reqs := make([]*mapping.Request, 0, batch)
			// One builder per row of a batch, so that building the
			// batches allocates (almost) nothing: the timed calls should
			// pay for the garbage collections of their own allocations only.
			builders := make([]*mapping.Builder, batch)
			for k := range builders {
				builders[k] = plan.NewBuilder()
			}
			next := 0
			// fill builds the next batch of requests and parses its new
			// names.
			fill := func() {
				reqs = reqs[:0]
				for len(reqs) < batch {
					// A row with a bad cell (an impossible birth date)
					// keeps its request without it, as in a run.
					r, err := builders[len(reqs)].Build(&recs[next])
					if r == nil {
						b.Fatal(err)
					}
					next = (next + 1) % rows
					reqs = append(reqs, r)
					p := mapping.Parser.PayloadFor(r)
					if k := p.InputPerson.PersonName.NameFields[0].String; !seen[k] {
						seen[k] = true
						if _, err := svc.ParsePersonName(ctx, p); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			fill()
			// The CPU time of the timed calls, on this goroutine's
			// thread: on shared cores, steadier than the wall time.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			start, cpuOK := threadCPU()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if i == len(reqs) {
					end, _ := threadCPU()
					cpu += end - start
					b.StopTimer()
					fill()
					i = 0
					b.StartTimer()
					start, _ = threadCPU()
				}
				if err := bc.call(svc, reqs[i]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			if end, _ := threadCPU(); cpuOK {
				cpu += end - start
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
