package mapping

import (
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestShippedConfigs loads every config in configs/ and binds it to the
// columns of sample-data/customers.csv (with typed columns for Parquet).
func TestShippedConfigs(t *testing.T) {
	files, err := filepath.Glob("../configs/*.yaml")
	if err != nil || len(files) < 3 {
		t.Fatalf("configs: %v %v", files, err)
	}
	csvSchema := schemaOf(customerCols...)
	pq := schemaOf(customerCols...)
	pq.Fields[0].Type = record.Int64
	pq.Fields[7].Type = record.Date
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			cfg, err := Load(f)
			if err != nil {
				t.Fatal(err)
			}
			in := csvSchema
			if cfg.Input.Format == record.FormatParquet {
				in = pq
			}
			p, err := NewPlan(cfg, in)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Ops()) == 0 {
				t.Fatal("no operations")
			}
		})
	}
}
