package pipeline_test

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/record"
)

// TestMappingPathsAgree runs a mapping plan of the four batch operations
// over the sample customers, repeated (so that the memo answers most
// rows) and with a few cells made unusable, against the engine: on the
// local path with its memo (cache.Rows), without it, and on the remote
// path (which a persistent cache selects). Every path must write the same
// rows.
func TestMappingPathsAgree(t *testing.T) {
	t.Parallel()
	f, err := os.Open("../sample-data/customers.csv")
	if err != nil {
		t.Fatal(err)
	}
	all, err := csv.NewReader(f).ReadAll()
	_ = f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var schema record.Schema
	for _, h := range all[0] {
		schema.Fields = append(schema.Fields, record.Field{Name: h, Type: record.String})
	}
	var rows [][]record.Value
	for round := range 8 {
		for i, cells := range all[1:] {
			row := make([]record.Value, len(cells))
			for k, c := range cells {
				row[k] = c
			}
			if (round*len(all)+i)%23 == 0 {
				row[schema.Index("birth_date")] = "1980-02-30"
			}
			rows = append(rows, row)
		}
	}
	cfg, err := mapping.Parse([]byte(`
input:  {path: in.csv}
output: {path: out.csv}
person:
  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: birth_date
  address: {street: street, postalCode: postal_code, locality: city, country: country}
  gender: gender
context: {placeColumn: country}
operations: [parse, genderize, risk, disposable]
`), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := mapping.NewPlan(cfg, schema)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := engine.New()
	if err != nil {
		t.Fatal(err)
	}
	run := func(t *testing.T, memSize int, persistent bool) ([][]record.Value, *pipeline.Summary) {
		t.Helper()
		out := &sliceWriter{}
		o := pipeline.Options{Reader: &sliceReader{schema: schema, rows: rows}, Writer: out, Plan: pipeline.FromMapping(plan),
			Service: svc, Concurrency: 2, MemoryCacheSize: memSize, LogEvery: -1}
		if persistent {
			c, err := cache.Open(filepath.Join(t.TempDir(), "cache"))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			o.Cache = c
		}
		sum, err := pipeline.Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return out.rows, sum
	}
	want, _ := run(t, -1, false)
	if len(want) != len(rows) {
		t.Fatalf("%d rows out of %d", len(want), len(rows))
	}
	for _, tc := range []struct {
		name       string
		memSize    int
		persistent bool
	}{{"local with the memo", 0, false}, {"remote", 0, true}} {
		got, sum := run(t, tc.memSize, tc.persistent)
		if !reflect.DeepEqual(got, want) {
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("%s: row %d\n%q\nwant (local without the memo)\n%q", tc.name, i, got[i], want[i])
				}
			}
			t.Fatalf("%s: %d rows, want %d", tc.name, len(got), len(want))
		}
		if sum.CacheHitsMemory == 0 {
			t.Errorf("%s: no memory cache hits", tc.name)
		}
	}
}
