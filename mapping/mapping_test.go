package mapping

import (
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

func schemaOf(names ...string) record.Schema {
	var s record.Schema
	for _, n := range names {
		s.Fields = append(s.Fields, record.Field{Name: n, Type: record.String, Nullable: true})
	}
	return s
}

var customerCols = []string{"id", "full_name", "given_name", "surname", "company", "email", "phone", "birth_date", "country", "street", "postal_code", "city", "gender"}

func TestExampleConfigLoadsAndPlans(t *testing.T) {
	cfg, err := Load("../configs/example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(cfg, schemaOf(customerCols...))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(p.OutputSchema().Fields); got != len(customerCols)+p.ResultColumns() {
		t.Fatalf("output fields %d", got)
	}
	last := p.OutputSchema().Fields[len(p.OutputSchema().Fields)-1]
	if last.Name != "np_error" {
		t.Fatalf("last column %q", last.Name)
	}
	rec := record.Record{Index: 0, Line: 2, Values: []record.Value{"1", "Petra Müller", "", "", "", "petra@example.com", "+49 30 1234", "1980-02-31", "DE", "Hauptstr. 5", "10115", "Berlin", "f"}}
	_, err = p.Build(&rec)
	if err == nil || !strings.Contains(err.Error(), `row 1 (line 2), column "birth_date": "1980-02-31": day out of range`) {
		t.Fatalf("Build error = %v", err)
	}
}
