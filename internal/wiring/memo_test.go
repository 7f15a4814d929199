package wiring

import (
	"testing"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/mapping"
)

// TestEngineMemo checks the local engine's memo sizes for each kind of run.
func TestEngineMemo(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ops            []mapping.Op
		parses, checks int
	}{
		{nil, serviceParses, localNameChecks},
		{[]mapping.Op{mapping.OpParse}, 0, 0},
		{[]mapping.Op{mapping.OpGenderize, "disposable"}, 0, 0},
		{[]mapping.Op{mapping.OpParse, mapping.OpGenderize, "disposable"}, engine.DefaultParseMemo, 0},
		{[]mapping.Op{mapping.OpRisk}, engine.DefaultParseMemo, localNameChecks},
		{[]mapping.Op{mapping.OpParse, mapping.OpGenderize, mapping.OpRisk, "disposable"}, engine.DefaultParseMemo, localNameChecks},
	} {
		if p, c := engineMemo(tc.ops); p != tc.parses || c != tc.checks {
			t.Errorf("engineMemo(%v) = %d, %d; want %d, %d", tc.ops, p, c, tc.parses, tc.checks)
		}
	}
}
