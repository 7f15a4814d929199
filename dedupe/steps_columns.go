package dedupe

import (
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/record"
)

// The config's own columns (dedupe.compare, dedupe.blockOn) for a
// distributed runner (steps.go): the extract step fills a row's values of
// them, the compare step compares them, the EM step counts their
// patterns and learns them as Run does.

// Columns are a run's extra comparisons and blockOn columns.
type Columns struct{ c columnsOf }

// NewColumns returns the columns of a run with settings s (their
// comparisons as dedupe.compare says, every compared column blocking
// too, as in Run).
func NewColumns(s config.Dedupe) (*Columns, error) {
	c, err := runColumns(s, nil)
	if err != nil {
		return nil, err
	}
	return &Columns{c}, nil
}

// ColumnIndexes are where a file's schema holds a run's columns.
type ColumnIndexes struct{ extra, block []int }

// Indexes returns the schema indexes of the columns in the file named
// file (named in the error of a missing column).
func (c *Columns) Indexes(in record.Schema, file string) (ColumnIndexes, error) {
	e, b, err := c.c.indexes(in, file)
	return ColumnIndexes{e, b}, err
}

// Set fills f's values of the columns (Features.Extra, Features.Block)
// from a record's cells, as Run's extract step does.
func (x ColumnIndexes) Set(f *Features, vals []record.Value) { setColumns(f, vals, x.extra, x.block) }

// NewPatternCounts returns zero counts of the run's patterns (its extra
// comparisons' slots included).
func (c *Columns) NewPatternCounts() PatternCounts { return newPatternCounts(len(c.c.extra)) }

// Train is TrainShared with the run's extra comparisons (their prior m
// shares, and the blockOn columns left out of the EM of their rule), as
// Run trains.
func (c *Columns) Train(byRule, shared []PatternCounts, u [maxFields][]float64, possiblePairs float64) Model {
	return newTrainer(c.c.extra, c.c.blocked).train(byRule, shared, u, possiblePairs)
}

// WithColumns makes the Comparer compare the run's extra comparisons too
// (Compare and CompareOthers), as Run does; it returns c.
func (c *Comparer) WithColumns(cols *Columns) *Comparer {
	c.names.extra = cols.c.extra
	return c
}

// CompareOthers compares every field but the name (left Missing), the
// extra comparisons included: Run compares random pairs this way beyond
// the first UNameSample of the u sample.
func (c *Comparer) CompareOthers(a, b *Features) Vector {
	var v Vector
	compareOthers(a, b, &v)
	compareExtra(c.names.extra, a, b, &v)
	return v
}
