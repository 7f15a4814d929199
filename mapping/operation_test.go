package mapping

import (
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestResultNoAllocation checks what result's comment says: wrapping a
// service's answer as a Result, and reading it back, allocates nothing.
func TestResultNoAllocation(t *testing.T) {
	v := &nameapi.GenderizerResult{Gender: nameapi.GenderFemale}
	var res Result
	got := testing.AllocsPerRun(100, func() {
		res = Genderizer.Result(v)
		if x, ok := Genderizer.Value(res); !ok || x != v {
			t.Fatal("round trip lost the result")
		}
	})
	if got != 0 {
		t.Errorf("%v allocations per wrap", got)
	}
}

// TestTableIsConsistent checks every table entry: a unique name, an
// endpoint with a call, a payload, named and typed fields.
func TestTableIsConsistent(t *testing.T) {
	t.Parallel()
	seen := map[Op]bool{}
	for _, d := range operations {
		op := d.name()
		if op == "" || seen[op] {
			t.Errorf("operation %q: empty or listed twice", op)
		}
		seen[op] = true
		fs := d.fields()
		if len(fs) == 0 {
			t.Errorf("%s has no result columns", op)
		}
		if e, ok := d.(interface{ endpointOK() bool }); !ok || !e.endpointOK() {
			t.Errorf("%s: endpoint, call or payload missing", op)
		}
		names := map[string]bool{}
		for k, f := range fs {
			if f.Name == "" || f.Doc == "" || names[f.Name] || f.k != k || f.Op != op {
				t.Errorf("%s field %d %+v: unnamed, undocumented, repeated or misnumbered", op, k, f)
			}
			names[f.Name] = true
		}
	}
}

func (d *Operation[In, Out]) endpointOK() bool {
	return d.Endpoint != nil && d.Endpoint.Call != nil && d.Endpoint.Path != "" && d.Payload != nil
}
