package readers_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// Open picks the reader from the extension and, for CSV, sniffs the
// delimiter. Rows come in batches into a slice the caller owns; a row with
// a problem is returned with Record.Problem set rather than failing the
// read.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "readers-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "customers.csv")
	data := "id;full_name;email\n" +
		"1;Petra Müller;petra@example.com\n" +
		"2;John Smith;john@example.com\n" +
		"3;Ragged Row\n"
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		fmt.Println(err)
		return
	}

	ctx := context.Background()
	r, err := readers.Open(ctx, path, readers.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	fmt.Println("columns:", r.Schema().Names())

	batch := make([]record.Record, 2)
	for {
		n, err := r.Read(ctx, batch)
		for _, rec := range batch[:n] {
			fmt.Printf("line %d: %q", rec.Line, rec.Values)
			if rec.Problem != "" {
				// The problem names the file; drop the temporary directory.
				fmt.Printf(" problem: %s", strings.TrimPrefix(rec.Problem, dir+string(filepath.Separator)))
			}
			fmt.Println()
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	// Output:
	// columns: [id full_name email]
	// line 2: ["1" "Petra Müller" "petra@example.com"]
	// line 3: ["2" "John Smith" "john@example.com"]
	// line 4: ["3" "Ragged Row" ""] problem: customers.csv:4:13: 2 fields, header has 3
}
