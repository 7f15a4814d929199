package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// benchEngine returns an engine without the parse memo, so that the
// per-operation benchmarks, which repeat one input, measure the work of a
// new input (BenchmarkParsePersonNameWarm measures a memo hit).
func benchEngine(b *testing.B) *Engine {
	b.Helper()
	e, err := New(WithParseMemo(0))
	if err != nil {
		b.Fatal(err)
	}
	return e
}

func BenchmarkParsePersonName(b *testing.B) {
	e := benchEngine(b)
	in := fullname("Dr. Peter T. Johnson jr")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.ParsePersonName(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParsePersonNameWarm(b *testing.B) {
	e, err := New()
	if err != nil {
		b.Fatal(err)
	}
	in := fullname("Dr. Peter T. Johnson jr")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.ParsePersonName(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatPersonName(b *testing.B) {
	e := benchEngine(b)
	in := &nameapi.PersonNameFormatterInput{InputPerson: fullname("müller, petra").InputPerson}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.FormatPersonName(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMatchPersons(b *testing.B) {
	e := benchEngine(b)
	in := &nameapi.InputWithTwoPeople{InputPerson1: fullname("Petra K. Müller").InputPerson, InputPerson2: fullname("Petra Mueller-Meyer").InputPerson}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.MatchPersons(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDetectRisk(b *testing.B) {
	e := benchEngine(b)
	p := fullname("Petra Müller").InputPerson
	p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress("petra.mueller@web.de")}
	p.Age = nameapi.NewBirthDate(1984, 7, 12)
	in := &nameapi.InputWithPerson{InputPerson: p}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.DetectRisk(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPing(b *testing.B) {
	e := benchEngine(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := e.Ping(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
