package mapping

import (
	"testing"

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

// BenchmarkBuild maps one sample row to a Request.
func BenchmarkBuild(b *testing.B) {
	p, rec := benchPlan(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Build(rec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKeys computes the keys of all six operations of the example.
func BenchmarkKeys(b *testing.B) {
	p, rec := benchPlan(b)
	req, err := p.Build(rec)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, op := range p.Ops() {
			_ = req.Key(op)
		}
	}
}
