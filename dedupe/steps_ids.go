package dedupe

import "github.com/namepipe/namepipe/record"

// The rows' own IDs (config.Dedupe.IDColumn) for a distributed runner
// (steps.go): Run's checks and its order of IDs, exported, so that the
// runner names clusters and matches and breaks ties as Run does.

// IDs are the rows' own IDs, gathered in one step: every row's ID in row
// order (the input's rows, then the reference's), then Finish.
type IDs struct{ d *rowIDs }

// NewIDs returns an empty set of IDs of column (for messages).
func NewIDs(column string) *IDs { return &IDs{newRowIDs(column)} }

// Add appends the ID of the next row from v, its cell of the ID column
// (nil when the row has no such cell). file names the row's file in
// errors, row is its 1-based data row there and line the record's line.
// An empty ID is an error.
func (x *IDs) Add(v record.Value, file string, row, line int64) error {
	return x.d.add(v, file, row, line)
}

// Finish ranks the rows by ID as Run does (as numbers when every ID is a
// whole number, else as text), the input's rows being those below
// refStart. Two rows of the input (or two of the reference) with one ID
// are an error naming both, each by name: its file and 1-based data row.
func (x *IDs) Finish(refStart int32, name func(row int32) (file string, dataRow int64)) error {
	x.d.refStart = refStart
	return x.d.finishNamed(name)
}

// InOrder returns, after Finish, the input's rows and the reference's
// rows, each in ID order: the order in which Run breaks ties (best
// matches, equal edges, the u sample's rows) and picks the cluster ID (the
// smallest member ID, or the largest with dedupe.clusterIdFrom).
func (x *IDs) InOrder() (in, ref []int32) { return x.d.inOrder() }

// ID returns row i's ID as written to the output.
func (x *IDs) ID(i int32) string { return x.d.id(i) }

// IDTie is the tie of a row whose ID cell is v: rows of equal order in a
// capped block are ordered by it, then by row, so that a block's windows
// do not depend on the rows' order in the file.
func IDTie(v record.Value) uint32 {
	return uint32(hashKey(NumRules, record.Format(v, record.String)) >> 32)
}
