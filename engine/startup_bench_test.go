package engine

import (
	"context"
	"runtime"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/internal/benchcpu"
	"github.com/namepipe/namepipe/nameapi"
)

// BenchmarkEngineStartup measures what a run pays before its first row is
// answered: loading the embedded data afresh (dict.Load, not the
// process-wide Default), building the engine, and the first answer of
// each of the four batch operations on a Latin-script name and a Cyrillic
// one (which builds the indexes loaded on first use: other scripts,
// Latin endings, derived given-name forms). It reports ms per start-up (wall and
// CPU time) and the heap the loaded engine keeps after a collection (MB-heap; the issue's
// limit is 100 MB; start-up's is 300 ms). bench/startup.sh times the whole
// `namepipe run` of one row against `true`.
func BenchmarkEngineStartup(b *testing.B) {
	ctx := context.Background()
	start := func() *Engine {
		d, err := dict.Load()
		if err != nil {
			b.Fatal(err)
		}
		e, err := New(WithLexicon(d))
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range []string{"Kristýnka Dvořáková", "Анна Петрова"} {
			in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, name))}
			if _, err := e.ParsePersonName(ctx, in); err != nil {
				b.Fatal(err)
			}
			if _, err := e.GenderizePerson(ctx, in); err != nil {
				b.Fatal(err)
			}
			if _, err := e.DetectRisk(ctx, in); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := e.DetectDisposableEmail(ctx, "anna@mailinator.com"); err != nil {
			b.Fatal(err)
		}
		return e
	}
	b.ReportAllocs()
	cpu0, cpuOK := benchcpu.Process()
	for b.Loop() {
		start()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/start")
	if cpu1, ok := benchcpu.Process(); ok && cpuOK {
		// CPU time (every thread) is steadier than wall time on shared
		// cores; the loading runs on several goroutines, so on idle cores
		// the wall time is less than this.
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/start")
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	e := start()
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "MB-heap")
	runtime.KeepAlive(e)
}
