package mapping

import (
	"context"
	"crypto/sha256"
	"slices"
	"testing"
	"time"

	"github.com/namepipe/namepipe/record"
)

func benchPlan(b *testing.B) (*Plan, *record.Record) {
	cfg, err := Load("../configs/example.yaml")
	if err != nil {
		b.Fatal(err)
	}
	p, err := NewPlan(cfg, schemaOf(customerCols...))
	if err != nil {
		b.Fatal(err)
	}
	rec := &record.Record{Index: 1, Line: 2, Values: []record.Value{"1", "Lucía Sánchez", "Lucía", "Sánchez", nil,
		"lucia.sanchez1994@hotmail.es", "+34 91 4377433", "1983-08-22", "ES", "Calle Mayor 68", "28013", "Madrid", "F"}}
	return p, rec
}

// BenchmarkBuild maps one sample row to a Request, with Plan.Build (a
// request of its own) and with a Builder (memory re-used row to row), and
// makes the parse payload from it.
//
// 2026-11-24, 2 shared cores under load, two runs: Plan.Build 3.5 / 6.3
// µs, 1,816 B in 10 allocations; Builder 1.9 / 4.1 µs, 72 B in 3
// allocations (the birth date, the payload and its wrapper).
//
// The birth date checked by isoDate and held in the block (load 6–10,
// alternating, 11 runs each): Builder 957–4067 ns (median 1.5 µs), 72 B in
// 3 allocations → 800–2443 ns (median 1.35 µs), 24 B in 2. With the
// payload (InputWithPerson) in the block too, 5 runs each: 824–1145 →
// 773–1063 ns, 24 B in 2 → 8 B in 1 allocation. Trimming each cell once
// (rowCtx.trimmed), 6 runs each (load 3–5): 751–788 → 723–733 ns.
func BenchmarkBuild(b *testing.B) {
	p, rec := benchPlan(b)
	for _, mode := range []string{"Plan.Build", "Builder"} {
		b.Run(mode, func(b *testing.B) {
			build := p.Build
			if mode == "Builder" {
				build = p.NewBuilder().Build
			}
			b.ReportAllocs()
			for b.Loop() {
				r, err := build(rec)
				if err != nil {
					b.Fatal(err)
				}
				_ = Parser.PayloadFor(r)
			}
		})
	}
}

// BenchmarkBuildFor builds the sample row with a Builder: whole (Build),
// and for the operations of a memo miss (Check, then Fill; BuildFor of
// old): the name operations, and disposable, whose request is only the
// email address.
//
// 2026-11-24, 2 shared cores (load 3), 3 runs: Build 635–645 ns;
// parse+genderize 224–233 ns; disposable 177–182 ns, no allocation. With
// each op's parts and the email ops listed by NewPlan, and only the used
// parts of the block zeroed (load 4, 2 runs): Build 573–585, parse+genderize
// 235, disposable 119–121 ns. With untrimmed's common case (a text cell
// within the length limit) ahead of record.Format (3 runs): Build 424–478,
// parse+genderize 183–194, disposable 75–77 ns.
func BenchmarkBuildFor(b *testing.B) {
	p, rec := benchPlan(b)
	bl := p.NewBuilder()
	for _, c := range []struct {
		name string
		ops  []Op
	}{{"Build", nil}, {"parse+genderize", []Op{OpParse, OpGenderize}}, {"disposable", []Op{OpDisposable}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if c.ops == nil {
					_, err = bl.Build(rec)
				} else {
					if err = bl.Check(rec); err == nil {
						_, err = bl.Fill(c.ops)
					}
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkKeys computes the keys of all six operations of the example.
//
// 2026-11-24, 2 shared cores under load, three runs: Key 10.7–13.8 µs per
// row, 8 allocations. An unhashed RunKey (2.6–3.5 µs) served the remote
// path without a persistent cache until 2026-11-27: that path calls a
// service over the network, whose every call costs a thousand times the
// 1.5 µs per key it saved, so it went.
func BenchmarkKeys(b *testing.B) {
	p, rec := benchPlan(b)
	req, err := p.Build(rec)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		key  func(Op) string
	}{{"Key", req.Key}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, op := range p.Ops() {
					_ = bc.key(op)
				}
			}
		})
	}
}

// BenchmarkKeyEncoding compares keyEnc, the canonical binary encoding
// that Key hashes, with the JSON of the payload that it replaced (both
// hashed), over the six operations of the example row.
//
// 2026-11-24, 2 shared cores under load, three runs: canonical 5.1–8.5 µs
// and 2 allocations, JSON 15.0–26.0 µs and 31 allocations: keyEnc (and its
// pool) takes about a third of the time and a fifteenth of the allocations.
func BenchmarkKeyEncoding(b *testing.B) {
	p, rec := benchPlan(b)
	req, err := p.Build(rec)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("canonical", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, op := range p.Ops() {
				e := req.encodeKey(op)
				_ = sha256.Sum256(e.b)
				keyEncPool.Put(e)
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, op := range p.Ops() {
				j, err := lookup(op).payloadJSON(req)
				if err != nil {
					b.Fatal(err)
				}
				_ = sha256.Sum256(j)
			}
		}
	})
}

// BenchmarkApply turns the example row's results into its columns.
func BenchmarkApply(b *testing.B) {
	p, rec := benchPlan(b)
	req, err := p.Build(rec)
	if err != nil {
		b.Fatal(err)
	}
	svc := &fakeService{got: map[Op]any{}}
	outcomes := make([]Outcome, len(p.Ops()))
	for i, op := range p.Ops() {
		res, err := Call(context.Background(), svc, op, req)
		outcomes[i] = Outcome{Value: res, Err: err}
	}
	dst := make([]record.Value, p.ResultColumns())
	b.ReportAllocs()
	for b.Loop() {
		p.ApplyInto(dst, outcomes, nil)
	}
}

// BenchmarkApplyOp formats one operation's result (genderize), as the local
// path does for each answer: "into" through ApplyInto with the other
// outcomes zero, then picking the op's columns; "op" with ApplyOp.
//
// Measured (2 shared cores under load 15, -count 3, ns/op): into 607,
// 519, 387; op 244, 147, 135.
func BenchmarkApplyOp(b *testing.B) {
	p, rec := benchPlan(b)
	req, err := p.Build(rec)
	if err != nil {
		b.Fatal(err)
	}
	svc := &fakeService{got: map[Op]any{}}
	j := slices.Index(p.Ops(), OpGenderize)
	res, err := Call(context.Background(), svc, OpGenderize, req)
	if err != nil {
		b.Fatal(err)
	}
	cols := p.ResultColumnsOf(OpGenderize)
	one := make([]record.Value, len(cols))
	b.Run("into", func(b *testing.B) {
		outcomes := make([]Outcome, len(p.Ops()))
		outcomes[j] = Outcome{Value: res}
		dst := make([]record.Value, p.ResultColumns())
		for b.Loop() {
			p.ApplyInto(dst, outcomes, nil)
			for k, c := range cols {
				one[k] = dst[c]
			}
		}
	})
	b.Run("op", func(b *testing.B) {
		for b.Loop() {
			p.ApplyOp(one, OpGenderize, res)
		}
	})
}

// BenchmarkCallAll calls every operation of the example row against a fake
// service (payload building and the typed call, without a real backend).
func BenchmarkCallAll(b *testing.B) {
	p, rec := benchPlan(b)
	req, err := p.Build(rec)
	if err != nil {
		b.Fatal(err)
	}
	svc := &fakeService{got: map[Op]any{}}
	b.ReportAllocs()
	for b.Loop() {
		for _, op := range p.Ops() {
			_, _ = Call(context.Background(), svc, op, req)
		}
	}
}

// BenchmarkCheck checks rows whose birth dates vary as in customer data (a
// date from a span of decades per row, most seen before). Until
// 2026-11-27 a Builder.Valid restated Check's rules cheaply; the numbers
// below are its.
//
// 2026-11-24, 2 shared cores: 91 ns per row with a per-Builder map of
// dates known good, 137–148 ns parsing every date with time.Parse. The map
// wins only here, warm in the cache: in a 300,000-row parse-only run
// (the bench data, alternating, three pairs) the map made the whole run
// cost 7.1–7.4 µs CPU per row, parsing each date 6.5–6.7 µs, so Valid
// parses. (The 16 B allocation is this benchmark's own cell.)
//
// Later (load 15, -cpu 1, alternating builds): time.Parse for every date
// 442, 728, 642 ns per row; isoDate first for the YYYY-MM-DD layout 293,
// 256, 388.
func BenchmarkCheck(b *testing.B) {
	p, rec := benchPlan(b)
	dates := make([]string, 1<<16)
	day := time.Date(1940, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range dates {
		dates[i] = day.AddDate(0, 0, (i*7919)%25000).Format("2006-01-02")
	}
	bl := p.NewBuilder()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		rec.Values[7] = dates[i&(len(dates)-1)]
		i++
		if err := bl.Check(rec); err != nil {
			b.Fatal(err)
		}
	}
}
