package pairscore

import (
	"bytes"
	"strings"
	"testing"
)

func TestEvaluate(t *testing.T) {
	t.Parallel()
	rows := []Row{
		{1, "original", 1}, {1, "typo", 1}, // found
		{2, "original", -1}, {2, "swapped", -1}, // missed
		{3, "original", 5}, {4, "original", 5}, // false pair
	}
	m := Evaluate(rows)
	if a := m["all"]; a.TruePairs != 2 || a.Predicted != 2 || a.Correct != 1 {
		t.Errorf("all: %+v", *a)
	}
	if m["typo"].Recall() != 1 || m["swapped"].Recall() != 0 || m["original"].Predicted != 1 {
		t.Errorf("per kind: typo %+v swapped %+v original %+v", *m["typo"], *m["swapped"], *m["original"])
	}
	if f := m["all"].F1(); f != 0.5 {
		t.Errorf("F1 %v, want 0.5", f)
	}
}

func TestRead(t *testing.T) {
	t.Parallel()
	in := "id,entity,kind,np_cluster_id\n1,7,original,0\n2,7,typo,0\n3,8,original,\n"
	rows, err := Read(strings.NewReader(in), "entity")
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{{7, "original", 0}, {7, "typo", 0}, {8, "original", -1}}
	if len(rows) != len(want) {
		t.Fatalf("read %v, want %v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, rows[i], want[i])
		}
	}
	if _, err := Read(strings.NewReader("id,kind,np_cluster_id\n"), "entity"); err == nil || !strings.Contains(err.Error(), `"entity"`) {
		t.Errorf("a missing truth column: error %v", err)
	}
	var out bytes.Buffer
	Print(&out, Evaluate(rows))
	if !strings.Contains(out.String(), "typo") || !strings.Contains(out.String(), "all") {
		t.Errorf("table:\n%s", out.String())
	}
}
