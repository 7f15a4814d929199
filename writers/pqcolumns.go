package writers

import (
	"github.com/xitongsys/parquet-go/common"
	"github.com/xitongsys/parquet-go/layout"
	"github.com/xitongsys/parquet-go/parquet"
	"github.com/xitongsys/parquet-go/schema"
)

// pqColumns buffers the Parquet writer's rows column by column, in the
// tables parquet-go encodes into pages, so that a row is stored once and
// nothing is allocated per row in steady state.
//
// parquet-go's own way is a slice of row values per row in
// ParquetWriter.Objs, which its MarshalFunc (marshal.MarshalCSV for flat
// rows) copies into new column tables at every flush: an array per row, a
// table per column per flush, and a pass over the rows per column
// (BenchmarkParquetWriteRows). pqColumns stands in for both: Objs holds
// one pointer per row to the row's number (pqColumns.rowNums, no
// allocation), which is all parquet-go does with Objs besides handing
// ranges of it to MarshalFunc (flushObjs splits them among its
// goroutines), and marshal returns the tables of such a range as slices
// of the column buffers, which are the tables MarshalCSV would make.
type pqColumns struct {
	cols    []pqColumn
	zeros   []int32 // repetition levels, and definition levels of REQUIRED columns
	rowNums []int   // rowNums[i] == i
	rows    int     // rows buffered
}

// pqColumn is one column's buffered values and definition levels (for an
// OPTIONAL column: 1 for a value, 0 for NULL).
type pqColumn struct {
	path     string // the table's name in parquet-go: root, delimiter, internal name
	optional bool
	vals     []any
	defs     []int32
}

func newPqColumns(sh *schema.SchemaHandler, cols []pqOutCol) *pqColumns {
	c := &pqColumns{cols: make([]pqColumn, len(cols))}
	for j, col := range cols {
		c.cols[j] = pqColumn{
			path:     sh.GetRootInName() + common.PAR_GO_PATH_DELIMITER + sh.Infos[j+1].InName,
			optional: col.field.Nullable,
		}
	}
	return c
}

// add appends a row of physical values (one per column) and returns the
// pointer to store in ParquetWriter.Objs for it.
func (c *pqColumns) add(row []any) *int {
	for j, v := range row {
		col := &c.cols[j]
		col.vals = append(col.vals, v)
		if col.optional {
			var d int32
			if v != nil {
				d = 1
			}
			col.defs = append(col.defs, d)
		}
	}
	if c.rows == len(c.rowNums) {
		// A new array: Objs still points into the old one, whose numbers
		// stay the same.
		c.rowNums = make([]int, 2*c.rows+1024)
		for i := range c.rowNums {
			c.rowNums[i] = i
		}
		c.zeros = make([]int32, len(c.rowNums))
	}
	p := &c.rowNums[c.rows]
	c.rows++
	return p
}

// reset drops the buffered rows, after parquet-go encoded them (Flush).
func (c *pqColumns) reset() {
	for j := range c.cols {
		col := &c.cols[j]
		clear(col.vals) // no strings kept alive
		col.vals, col.defs = col.vals[:0], col.defs[:0]
	}
	c.rows = 0
}

// marshal is the ParquetWriter's MarshalFunc: the tables of the rows that
// objs (a range of Objs) point to, as marshal.MarshalCSV makes them.
func (c *pqColumns) marshal(objs []any, sh *schema.SchemaHandler) (*map[string]*layout.Table, error) {
	res := make(map[string]*layout.Table, len(c.cols))
	if len(objs) == 0 {
		return &res, nil
	}
	b := *objs[0].(*int)
	e := b + len(objs)
	for j := range c.cols {
		col := &c.cols[j]
		t := &layout.Table{
			Path:             common.StrToPath(col.path),
			RepetitionType:   parquet.FieldRepetitionType_OPTIONAL, // as MarshalCSV sets it
			Schema:           sh.SchemaElements[sh.MapIndex[col.path]],
			Info:             sh.Infos[j+1],
			Values:           col.vals[b:e:e],
			RepetitionLevels: c.zeros[b:e:e],
			DefinitionLevels: c.zeros[b:e:e],
		}
		if col.optional {
			t.MaxDefinitionLevel = 1
			t.DefinitionLevels = col.defs[b:e:e]
		}
		res[col.path] = t
	}
	return &res, nil
}
