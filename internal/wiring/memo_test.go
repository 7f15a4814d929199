package wiring

import (
	"testing"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/mapping"
)

// TestEngineMemo checks the local engine's memo size for each kind of run.
func TestEngineMemo(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ops  []mapping.Op
		want int
	}{
		{nil, localParseMemo},
		{[]mapping.Op{mapping.OpParse}, 0},
		{[]mapping.Op{mapping.OpGenderize, "disposable"}, 0},
		{[]mapping.Op{mapping.OpParse, mapping.OpGenderize, "disposable"}, engine.DefaultParseMemo},
		{[]mapping.Op{mapping.OpRisk}, localParseMemo},
		{[]mapping.Op{mapping.OpParse, mapping.OpGenderize, mapping.OpRisk, "disposable"}, localParseMemo},
	} {
		if got := engineMemo(tc.ops); got != tc.want {
			t.Errorf("engineMemo(%v) = %d, want %d", tc.ops, got, tc.want)
		}
	}
}
