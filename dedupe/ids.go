package dedupe

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/namepipe/namepipe/record"
)

// rowIDs holds the rows' own IDs (config.Dedupe.IDColumn): their text in
// row order (the reference's rows after the input's) and each row's rank
// in ID order. The rank stands in for the row wherever dedupe breaks a
// tie (the cluster ID, the best match, the order in which equal edges are
// joined, the random pairs of the u sample), so that the same rows in any
// order give the same clusters and IDs. About 4 bytes a row plus the IDs'
// text.
type rowIDs struct {
	column string
	text   []byte
	end    []uint32 // row → end of its ID in text
	// refStart is the first reference row (the input's row count).
	refStart int32
	// numeric: every ID is a whole number, and IDs compare as numbers.
	numeric bool
	nums    []int64 // the IDs as numbers while numeric
	// intColumn: the input's ID column is a whole-number column (the
	// output's ID columns are int64, as OutputSchemaIDs says).
	intColumn bool
	// rank is row → position in ID order; byRank its inverse.
	rank, byRank []int32
}

func newRowIDs(column string) *rowIDs {
	return &rowIDs{column: column, numeric: true}
}

// add appends the ID of the next row from v (the cell of the ID column).
// file names the file in errors; row is the 1-based data row and line
// the record's line.
func (d *rowIDs) add(v record.Value, file string, row, line int64) error {
	s := record.Format(v, record.String)
	if len(bytes.TrimSpace([]byte(s))) == 0 {
		return fmt.Errorf("%s: row %d (line %d): column %q (dedupe.idColumn): the ID is empty; every row needs an ID of its own", file, row, line, d.column)
	}
	if d.numeric {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			d.numeric, d.nums = false, nil
		} else {
			d.nums = append(d.nums, n)
		}
	}
	d.text = append(d.text, s...)
	if len(d.text) > 1<<32-1 {
		return fmt.Errorf("%s: row %d: the IDs of column %q take more than 4 GiB", file, row, d.column)
	}
	d.end = append(d.end, uint32(len(d.text)))
	return nil
}

// id returns the ID of row i.
func (d *rowIDs) id(i int32) string {
	lo := uint32(0)
	if i > 0 {
		lo = d.end[i-1]
	}
	return string(d.text[lo:d.end[i]])
}

func (d *rowIDs) idBytes(i int32) []byte {
	lo := uint32(0)
	if i > 0 {
		lo = d.end[i-1]
	}
	return d.text[lo:d.end[i]]
}

// compare orders rows i and j by ID (as numbers when every ID is one),
// then input before reference.
func (d *rowIDs) compare(i, j int32) int {
	var c int
	if d.numeric {
		c = cmp.Compare(d.nums[i], d.nums[j])
	} else {
		c = bytes.Compare(d.idBytes(i), d.idBytes(j))
	}
	if c != 0 {
		return c
	}
	return cmp.Compare(d.file(i), d.file(j))
}

// file is 0 for a row of the input, 1 for one of the reference.
func (d *rowIDs) file(i int32) int {
	if i >= d.refStart {
		return 1
	}
	return 0
}

// finish ranks the rows by ID and returns an error naming both rows of
// the first ID that two rows of one file share. names are the input's
// and the reference's file names.
func (d *rowIDs) finish(input, reference string) error {
	return d.finishNamed(func(i int32) (string, int64) {
		if i >= d.refStart {
			return reference, int64(i-d.refStart) + 1
		}
		return input, int64(i) + 1
	})
}

// finishNamed is finish with row i named in errors by its file and its
// 1-based data row there.
func (d *rowIDs) finishNamed(name func(i int32) (file string, row int64)) error {
	n := int32(len(d.end))
	d.byRank = make([]int32, n)
	for i := range d.byRank {
		d.byRank[i] = int32(i)
	}
	slices.SortFunc(d.byRank, func(i, j int32) int {
		if c := d.compare(i, j); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	for k := int32(1); k < n; k++ {
		i, j := d.byRank[k-1], d.byRank[k]
		if d.compare(i, j) != 0 {
			continue
		}
		fileI, rowI := name(i)
		fileJ, rowJ := name(j)
		of := ""
		if fileI != fileJ {
			of = " of " + fileI
		}
		if d.numeric && d.id(i) != d.id(j) {
			return fmt.Errorf("%s: row %d: column %q (dedupe.idColumn): the ID %q is the number of the ID %q of row %d%s; every row needs an ID of its own", fileJ, rowJ, d.column, d.id(j), d.id(i), rowI, of)
		}
		return fmt.Errorf("%s: row %d: column %q (dedupe.idColumn): the ID %q is also the ID of row %d%s; every row needs an ID of its own", fileJ, rowJ, d.column, d.id(j), rowI, of)
	}
	d.rank = make([]int32, n)
	for k, i := range d.byRank {
		d.rank[i] = int32(k)
	}
	d.nums = nil
	return nil
}

// disjoint reports an error when a row of the input has the ID of a row
// after refStart (a new row of an incremental run that is in the
// previous output already).
func (d *rowIDs) disjoint(input, previous string) error {
	for k := 1; k < len(d.byRank); k++ {
		i, j := d.byRank[k-1], d.byRank[k]
		if (i < d.refStart) == (j < d.refStart) || d.id(i) != d.id(j) {
			continue
		}
		in, old := min(i, j), max(i, j)
		return fmt.Errorf("%s: row %d: column %q (dedupe.idColumn): the ID %q is in the previous output %s already (row %d); --input takes only rows that are new", input, in+1, d.column, d.id(in), previous, old-d.refStart+1)
	}
	return nil
}

// before reports whether row i comes before row j in ID order (in row
// order without IDs).
func (d *rowIDs) before(i, j int32) bool {
	if d == nil {
		return i < j
	}
	return d.rank[i] < d.rank[j]
}

// inOrder returns the input's rows and the reference's rows, each in ID
// order.
func (d *rowIDs) inOrder() (in, ref []int32) {
	in = make([]int32, 0, d.refStart)
	ref = make([]int32, 0, len(d.byRank)-int(d.refStart))
	for _, i := range d.byRank {
		if i < d.refStart {
			in = append(in, i)
		} else {
			ref = append(ref, i)
		}
	}
	return in, ref
}

// representatives replaces each cluster root in root (a row, or -1) by
// the member with the smallest ID, or the largest when largest is set:
// the row whose ID is the cluster's ID.
func (d *rowIDs) representatives(root []int32, largest bool) {
	rep := make([]int32, len(root))
	for i := range rep {
		rep[i] = -1
	}
	for i, r := range root {
		if r < 0 {
			continue
		}
		if cur := rep[r]; cur < 0 || d.before(int32(i), cur) != largest {
			rep[r] = int32(i)
		}
	}
	for i, r := range root {
		if r >= 0 {
			root[i] = rep[r]
		}
	}
}
