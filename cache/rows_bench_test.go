package cache

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// BenchmarkRows answers rows of the three name and email operations
// (parse, genderize, disposable) whose names repeat (1,000 of them, the
// emails never): "none" remembers nothing (each row built and its three
// operations called and formatted), "memo" answers the names from the
// memo, whose rows are only checked, not built, and "encoded" also keeps
// the names' cells as the CSV writer encodes them. The calls are the
// tests' fakes, far cheaper than the engine's: what is left is the
// decorator's own cost and what it saves besides the calls.
func BenchmarkRows(b *testing.B) {
	p := rowsPlan(b, "parse, genderize, disposable")
	recs := make([]record.Record, 1<<14)
	for i := range recs {
		recs[i] = record.Record{Index: int64(i), Values: []record.Value{fmt.Sprint("Person ", i%1000), fmt.Sprint("user", i, "@example.com"), "1980-02-03"}}
	}
	cw, err := writers.CreateCSV(filepath.Join(b.TempDir(), "out.csv"), p.OutputSchema(), writers.CSVOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cw.Abort() }()
	for _, mode := range []string{"none", "memo", "encoded"} {
		b.Run(mode, func(b *testing.B) {
			f := &fakeCalls{p: p, quiet: true}
			o := RowsOptions{Size: 50_000, Workers: 1, Width: 3, Now: f.now}
			switch mode {
			case "none":
				o.Size = -1
			case "encoded":
				o.Cells = CellsOf(cw)
			}
			w := NewRows(p, o).Worker()
			outcomes := make([]mapping.Outcome, len(p.Ops()))
			dst := make([]record.Value, p.ResultColumns())
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				clear(outcomes)
				w.Row(&recs[i%len(recs)], f.call, outcomes, dst)
				i++
			}
		})
	}
}

// BenchmarkRowsMisses answers rows that never repeat with a free call:
// what the memo costs when it cannot hit (keying the whole person and
// storing the answer), for risk detection, which reads all of it. "memo"
// switches itself off after ProbeLookups lookups; "always" is the memo
// that never does (a probe longer than the run), "none" no memo at all.
// (Its forerunner, pipeline's BenchmarkLocalMemoMisses, measured on 2
// shared cores at load 4: none 757 / 571; memo 521 / 533; always 1,638 /
// 2,041 ns/op.)
func BenchmarkRowsMisses(b *testing.B) {
	p := rowsPlan(b, "risk")
	for _, mode := range []string{"none", "memo", "always"} {
		b.Run(mode, func(b *testing.B) {
			f := &fakeCalls{p: p, quiet: true}
			o := RowsOptions{Size: 50_000, Workers: 1, Width: 3, Now: f.now}
			switch mode {
			case "none":
				o.Size = -1
			case "always":
				defer func(n int) { ProbeLookups = n }(ProbeLookups)
				ProbeLookups = 1 << 62
			}
			w := NewRows(p, o).Worker()
			outcomes := make([]mapping.Outcome, 1)
			dst := make([]record.Value, p.ResultColumns())
			rec := record.Record{Values: []record.Value{"", "", "1980-02-03"}}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				rec.Values[0], rec.Values[1] = fmt.Sprint("Person ", i), fmt.Sprint("user", i, "@example.com")
				clear(outcomes)
				w.Row(&rec, f.call, outcomes, dst)
				i++
			}
		})
	}
}
