package parse

import (
	"os"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/internal/benchcpu"
	"github.com/namepipe/namepipe/nameapi"
)

// BenchmarkPerson parses names as the engine does on a memo miss: each
// one new (the parser keeps no memory of its own), from the parse
// evaluation sets (engine/testdata: faker's names in their formats, and
// the hand-written hard cases), each with and without its country. It
// pays for the parser's allocation tricks: candidates on the caller's
// stack (parseSegment's dst), a result with one match as one object
// (oneMatch), a parsed person in one block sized to its terms
// (personBlock, newPersonBlock) and a group in one block (groupBlock).
// BenchmarkNameMiss in package engine recorded an engine parse going from
// 14 to 7 allocations as they came in (issue 11). Here, 2026-11-27 (load
// ~30, -cpu 1, 20,000 parses, two runs): 6 allocations and 1,055 bytes
// per parse, 7.2 and 9.5 CPU-µs.
func BenchmarkPerson(b *testing.B) {
	p := newTestParser(b)
	var ins []benchInput
	for _, f := range []string{"names_eval.tsv", "names_hard.tsv"} {
		data, err := os.ReadFile("../testdata/" + f)
		if err != nil {
			b.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			name, _, _ := strings.Cut(strings.TrimRight(line, "\r\n"), "\t")
			if name == "" || strings.HasPrefix(name, "#") {
				continue
			}
			person := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, name))
			ins = append(ins, benchInput{nil, person})
			for _, place := range []string{"DE", "US", "FR"} {
				ins = append(ins, benchInput{&nameapi.Context{Place: place}, person})
			}
		}
	}
	b.ReportAllocs()
	cpu0, cpuOK := benchcpu.Process()
	i := 0
	for b.Loop() {
		p.Person(ins[i].c, ins[i].p)
		if i++; i == len(ins) {
			i = 0
		}
	}
	if cpu1, _ := benchcpu.Process(); cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

type benchInput struct {
	c *nameapi.Context
	p *nameapi.InputPerson
}
