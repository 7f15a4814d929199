package job

import (
	"context"
	"strconv"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// rejectColumns are the columns of the rejects file (input.onMalformed:
// reject), one row per malformed input row.
var rejectColumns = []string{"file", "line", "column", "kind", "error", "text"}

// rejectSink writes rejected rows to the rejects file. Like the output,
// the file appears only when committed.
type rejectSink struct {
	path string
	file string // the input, as named in the file column
	w    writers.Writer
	buf  []record.Record
}

// newRejectSink starts the rejects file of cfg.
func newRejectSink(cfg *config.Settings) (*rejectSink, error) {
	path := cfg.RejectsPath()
	schema := record.Schema{}
	for _, n := range rejectColumns {
		schema.Fields = append(schema.Fields, record.Field{Name: n, Type: record.String})
	}
	o := writers.CSVOptions{}
	if cfg.Input.Path != "-" {
		o.Protect = []string{cfg.Input.Path}
	}
	if cfg.Output.EscapeFormulas != config.EscapeNone {
		// The error and the text echo the input.
		o.Escape = []bool{false, false, false, false, true, true}
	}
	w, err := writers.CreateCSV(path, schema, o)
	if err != nil {
		return nil, err
	}
	file := cfg.Input.Path
	if file == "-" {
		file = "stdin"
	}
	return &rejectSink{path: path, file: file, w: w, buf: make([]record.Record, 1)}, nil
}

// add writes one rejected row (called by the reader, one goroutine).
func (s *rejectSink) add(rj readers.Rejected) error {
	s.buf[0] = record.Record{Values: []record.Value{
		s.file, strconv.FormatInt(rj.Line, 10), strconv.Itoa(rj.Column), rj.Kind, rj.Error, rj.Text,
	}}
	return s.w.Write(context.Background(), s.buf)
}
