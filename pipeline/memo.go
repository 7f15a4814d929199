package pipeline

import "github.com/namepipe/namepipe/record"

// memoAnswer is a remembered answer of one operation: the outcome, and
// its result column values as ApplyInto sets them (nil for an error); or
// skip, the operation does not apply to such cells.
type memoAnswer struct {
	o    Outcome
	vals []record.Value
	skip bool
}

// memoEntry holds the answers of a memoGroup's operations, in its order,
// and, when the run's writer encodes cells ahead (writers.CellEncoder),
// the group's result cells as it encoded them (nil otherwise).
type memoEntry struct {
	answers []memoAnswer
	cells   record.Value
}
