package pipeline_test

import (
	"context"
	"fmt"
	"io"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/record"
)

// sliceReader is a readers.Reader over rows held in memory.
type sliceReader struct {
	schema record.Schema
	rows   [][]record.Value
	next   int
}

func (r *sliceReader) Schema() record.Schema { return r.schema }

func (r *sliceReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n := 0
	for n < len(dst) && r.next < len(r.rows) {
		dst[n] = record.Record{Index: int64(r.next), Line: int64(r.next) + 2, Values: r.rows[r.next]}
		n++
		r.next++
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

func (r *sliceReader) Progress() (done, total int64) { return int64(r.next), int64(len(r.rows)) }
func (r *sliceReader) Close() error                  { return nil }

// sliceWriter is a writers.Writer that keeps the rows in memory.
type sliceWriter struct{ rows [][]record.Value }

func (w *sliceWriter) Write(ctx context.Context, recs []record.Record) error {
	for _, rec := range recs {
		w.rows = append(w.rows, append([]record.Value(nil), rec.Values...))
	}
	return nil
}
func (w *sliceWriter) Commit() error { return nil }
func (w *sliceWriter) Abort() error  { return nil }

// Run wires a reader, a mapping plan, a service (here the offline engine)
// and a writer. Every input row comes out once, in input order, with the
// result columns and the error column appended; the caller commits the
// writer only when Run succeeds.
func ExampleRun() {
	cfg, err := mapping.Parse([]byte(`
input:  {path: in.csv}
output: {path: out.csv}
person: {fullName: name, email: email}
operations:
  - {op: parse, fields: [given_name, surname]}
  - disposable
`), "example.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	in := &sliceReader{
		schema: record.Schema{Fields: []record.Field{{Name: "name"}, {Name: "email"}}},
		rows: [][]record.Value{
			{"Petra Müller", "petra@example.com"},
			{"John Smith", "john@mailinator.com"},
			{"Petra Müller", "petra@example.com"}, // a duplicate: answered without a second call
		},
	}
	plan, err := mapping.NewPlan(cfg, in.schema)
	if err != nil {
		fmt.Println(err)
		return
	}
	svc, err := engine.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	out := &sliceWriter{}
	sum, err := pipeline.Run(context.Background(), pipeline.Options{
		Reader:      in,
		Writer:      out,
		Plan:        pipeline.FromMapping(plan),
		Service:     svc,
		Concurrency: 2,
	})
	if err != nil {
		out.Abort()
		fmt.Println(err)
		return
	}
	if err := out.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(plan.OutputSchema().Names())
	for _, row := range out.rows {
		fmt.Printf("%q\n", row)
	}
	fmt.Println("rows:", sum.RowsIn, "in,", sum.RowsOut, "out; requests sent:", sum.Requests)
	// Output:
	// [name email np_given_name np_surname np_disposable_email np_error]
	// ["Petra Müller" "petra@example.com" "Petra" "Müller" "NO" <nil>]
	// ["John Smith" "john@mailinator.com" "John" "Smith" "YES" <nil>]
	// ["Petra Müller" "petra@example.com" "Petra" "Müller" "NO" <nil>]
	// rows: 3 in, 3 out; requests sent: 4
}
