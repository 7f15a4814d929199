package writers_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// Create picks the writer from the extension. Nothing appears under the
// final name until Commit; a failed run calls Abort instead (deferring it
// is safe: it does nothing after Commit).
func ExampleCreate() {
	dir, err := os.MkdirTemp("", "writers-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "enriched.csv")

	schema := record.Schema{Fields: []record.Field{
		{Name: "id", Type: record.Int64},
		{Name: "full_name", Type: record.String},
		{Name: "np_gender", Type: record.String},
	}}
	w, err := writers.Create(path, schema, writers.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer w.Abort()

	ctx := context.Background()
	err = w.Write(ctx, []record.Record{
		{Index: 0, Values: []record.Value{int64(1), "Petra Müller", "FEMALE"}},
		{Index: 1, Values: []record.Value{int64(2), "Smith, John", nil}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := os.Stat(path); os.IsNotExist(err) {
		fmt.Println("before Commit: no file yet")
	}
	if err := w.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(data))
	// Output:
	// before Commit: no file yet
	// id,full_name,np_gender
	// 1,Petra Müller,FEMALE
	// 2,"Smith, John",
}

// EscapeFormula makes text that a spreadsheet would evaluate show as text.
func ExampleEscapeFormula() {
	for _, s := range []string{`=HYPERLINK("http://evil.example")`, "+49 30 1234", "@SUM(A1)", "Petra Müller"} {
		fmt.Println(writers.EscapeFormula(s))
	}
	// Output:
	// '=HYPERLINK("http://evil.example")
	// '+49 30 1234
	// '@SUM(A1)
	// Petra Müller
}
