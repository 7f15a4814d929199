package readers

import (
	"context"
	"io"

	"github.com/namepipe/namepipe/record"
)

// Sample reads up to n rows of r ahead, so that they can be checked
// before the run starts (date layouts against the data), and returns
// them with a reader that returns them again, then the rest of r. The
// sample's records are the caller's to read, not to change. An error
// met while sampling is returned by the reader after the sampled rows.
// LayoutOf and Stats see through it.
func Sample(ctx context.Context, r Reader, n int) ([]record.Record, Reader) {
	s := &sampled{r: r}
	buf := make([]record.Record, n)
	got := 0
	for got < n {
		k, err := r.Read(ctx, buf[got:])
		got += k
		if err != nil {
			s.err = err
			break
		}
		if k == 0 {
			break
		}
	}
	s.rows = buf[:got]
	s.n = got
	s.done, s.total = r.Progress()
	return buf[:got:got], s
}

type sampled struct {
	r    Reader
	rows []record.Record // sampled rows not yet returned
	err  error           // met while sampling, returned after rows
	// n is the number of rows sampled; done and total are r's progress
	// after them, which Progress spreads over the sampled rows as they
	// are returned (a bar then follows the rows, not the read-ahead).
	n           int
	done, total int64
}

func (s *sampled) Schema() record.Schema { return s.r.Schema() }

// Progress is r's, and while the sampled rows are returned, the share of
// r's progress after the sample that the rows returned so far make.
func (s *sampled) Progress() (done, total int64) {
	if len(s.rows) > 0 {
		return s.done * int64(s.n-len(s.rows)) / int64(s.n), s.total
	}
	return s.r.Progress()
}
func (s *sampled) Close() error { return s.r.Close() }

// Stats returns the underlying reader's counts (zero when it keeps none).
func (s *sampled) Stats() Stats {
	if sr, ok := s.r.(StatsReader); ok {
		return sr.Stats()
	}
	return Stats{}
}

func (s *sampled) Read(ctx context.Context, dst []record.Record) (int, error) {
	if len(s.rows) > 0 {
		n := min(len(dst), len(s.rows))
		for i := range n {
			giveBack(&dst[i], &s.rows[i])
		}
		s.rows = s.rows[n:]
		return n, nil
	}
	if s.err != nil {
		err := s.err
		if err != io.EOF {
			s.err = nil // returned once, as the reader would
		}
		return 0, err
	}
	return s.r.Read(ctx, dst)
}

// giveBack sets *dst to the sampled row *src, its cells copied into the
// array of dst's Values where it has room, as a reader's Read does (see
// Reader.Read): the caller's records keep their own arrays. Handing over
// the sample's arrays instead would leave the caller's recycled records
// with arrays of the input's width for the rest of the run (the pipeline's
// have room for the result cells after it, written in place).
func giveBack(dst, src *record.Record) {
	vals := dst.Values
	if cap(vals) >= len(src.Values) {
		vals = append(vals[:0], src.Values...)
	} else {
		vals = src.Values
	}
	*dst = *src
	dst.Values = vals
}
