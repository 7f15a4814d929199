package dedupe

import (
	"reflect"
	"testing"
)

// TestResultOf: a Result of given rows' results (namepipe-beam's) gives
// them back, and their output cells.
func TestResultOf(t *testing.T) {
	t.Parallel()
	var v Vector
	v[FieldName], v[FieldEmail] = Equal, Equal
	rows := []RowResult{
		{Cluster: 1, Size: 2, Match: 1, Score: 0.98765, Pattern: v.Pattern()},
		{Cluster: 1, Size: 2, Match: 0, Score: 0.98765, Pattern: v.Pattern()},
		{Cluster: -1, Size: 1, Match: -1, NothingComparable: true},
	}
	res := ResultOf(rows)
	if res.NumRows() != len(rows) {
		t.Fatalf("NumRows() = %d, want %d", res.NumRows(), len(rows))
	}
	for i, want := range rows {
		if got := res.Row(i); got != want {
			t.Errorf("Row(%d) = %+v, want %+v", i, got, want)
		}
	}
	for i, want := range [][]any{
		{int64(2), int64(2), int64(2), 0.9877, "name=equal email=equal"},
		{int64(2), int64(2), int64(1), 0.9877, "name=equal email=equal"},
		{nil, int64(1), nil, nil, NothingToCompare},
	} {
		got := append(make([]any, 0, 5), res.Values(i)...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Values(%d) = %v, want %v", i, got, want)
		}
	}
}
