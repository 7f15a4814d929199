package writers

import (
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/namepipe/namepipe/record"
)

// encodeChunk is the size of the blocks handed to the compressing
// goroutine; encodeAhead how many may wait for it.
const (
	encodeChunk = 256 << 10
	encodeAhead = 4
)

// encoder compresses what is written to it on its own goroutine, a few
// blocks behind the writer, so that encoding rows and compressing them
// use two cores. Close flushes the stream's end; errors of the
// compressor or the file come back from a later Write or from Close.
type encoder struct {
	full chan []byte
	free chan []byte
	buf  []byte
	wg   sync.WaitGroup
	mu   sync.Mutex
	err  error
	done bool
}

// newEncoder starts compressing into dst with kind (record.Compression*).
func newEncoder(kind string, dst io.Writer) (*encoder, error) {
	var z io.WriteCloser
	switch kind {
	case record.CompressionGzip:
		z = gzip.NewWriter(dst) // level 6, as gzip(1)
	case record.CompressionZstd:
		zw, err := zstd.NewWriter(dst, zstd.WithEncoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		z = zw
	default:
		return nil, fmt.Errorf("unknown compression %q (use gzip or zstd)", kind)
	}
	e := &encoder{full: make(chan []byte, encodeAhead), free: make(chan []byte, encodeAhead+1)}
	e.buf = make([]byte, 0, encodeChunk)
	e.wg.Add(1)
	go e.run(z)
	return e, nil
}

func (e *encoder) run(z io.WriteCloser) {
	defer e.wg.Done()
	var err error
	for b := range e.full {
		if err == nil {
			_, err = z.Write(b)
			if err != nil {
				e.setErr(err)
			}
		}
		select {
		case e.free <- b[:0]:
		default:
		}
	}
	if err == nil {
		if err = z.Close(); err != nil {
			e.setErr(err)
		}
	}
}

func (e *encoder) setErr(err error) {
	e.mu.Lock()
	if e.err == nil {
		e.err = err
	}
	e.mu.Unlock()
}

func (e *encoder) loadErr() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.err
}

// Write buffers p and hands full blocks to the compressor.
func (e *encoder) Write(p []byte) (int, error) {
	if err := e.loadErr(); err != nil {
		return 0, err
	}
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), cap(e.buf)-len(e.buf))
		e.buf = append(e.buf, p[:k]...)
		p = p[k:]
		if len(e.buf) == cap(e.buf) {
			e.flush()
		}
	}
	return n, nil
}

func (e *encoder) flush() {
	if len(e.buf) == 0 {
		return
	}
	e.full <- e.buf
	select {
	case e.buf = <-e.free:
	default:
		e.buf = make([]byte, 0, encodeChunk)
	}
}

// Close writes the rest and the stream's end, waits for the compressor
// and returns its first error.
func (e *encoder) Close() error {
	if e.done {
		return e.loadErr()
	}
	e.done = true
	e.flush()
	close(e.full)
	e.wg.Wait()
	return e.loadErr()
}
