package job

import (
	"context"
	"slices"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// Parts are the constructors of the concrete parts a job plugs together.
// internal/wiring has the real ones; tests pass in-memory fakes.
type Parts struct {
	// OpenInput opens the reader of an input section ("-" = stdin);
	// reject, when not nil, receives the malformed rows of
	// input.onMalformed: reject.
	OpenInput func(ctx context.Context, in config.Input, reject func(readers.Rejected) error) (readers.Reader, error)
	// CreateOutput creates the writer of s.Output ("-" = stdout) for an
	// output schema whose columns cols describes; layout, when the input
	// is CSV, lets a CSV output write the input's columns back as they
	// were. Nothing is visible under the output's name before Commit.
	CreateOutput func(ctx context.Context, s *config.Settings, schema record.Schema, cols OutputColumns, layout *readers.CSVLayout) (writers.Writer, error)
	// NewService returns the backend of an engine section and its identity
	// for cache keys (never the API key); ops, when known, are the
	// operations it will be asked.
	NewService func(ctx context.Context, eng config.Engine, apiKey string, ops []mapping.Op) (nameapi.Service, string, error)
}

// OutputColumns say which columns of an output schema are what: the
// input's, written back as they were, and the results, which echo
// customer text and are escaped (output.escapeFormulas: results).
type OutputColumns struct {
	// Input is the number of leading columns that are the input's; the
	// columns after them are results.
	Input int
	// Replaced are the indexes, below Input, of input columns that hold
	// new results (output.onExisting: replace): results like the columns
	// after Input.
	Replaced []int
}

// IsResult reports whether column i holds results.
func (c OutputColumns) IsResult(i int) bool {
	return i >= c.Input || slices.Contains(c.Replaced, i)
}

// layoutOf returns the CSV layout of rd, or nil.
func layoutOf(rd readers.Reader) *readers.CSVLayout {
	if l, ok := readers.LayoutOf(rd); ok {
		return &l
	}
	return nil
}

// configOps returns the operations of a config.
func configOps(cfg *mapping.Config) []mapping.Op {
	ops := make([]mapping.Op, 0, len(cfg.Operations))
	for _, o := range cfg.Operations {
		ops = append(ops, o.Op)
	}
	return ops
}
