package readers

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/namepipe/namepipe/record"
)

// Magic bytes of the compressed and binary formats an input is told by.
var (
	gzipMagic = []byte{0x1f, 0x8b}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
	zipMagic  = []byte("PK\x03\x04")
	ole2Magic = []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}
	parMagic  = []byte("PAR1")
)

// compressionOf tells the compression of a stream by its first bytes,
// or "".
func compressionOf(head []byte) string {
	switch {
	case bytes.HasPrefix(head, gzipMagic):
		return record.CompressionGzip
	case bytes.HasPrefix(head, zstdMagic):
		return record.CompressionZstd
	}
	return ""
}

// decodeChunk is the size of the blocks the decoding goroutine hands
// over; decodeAhead how many it may decode before they are read.
const (
	decodeChunk = 256 << 10
	decodeAhead = 4
)

// decoder reads a compressed stream, decoding it on its own goroutine a
// few blocks ahead of the reader, so that decompression and parsing use
// two cores.
type decoder struct {
	name  string
	kind  string
	full  chan []byte // decoded blocks, in order
	free  chan []byte // blocks to re-use
	done  chan struct{}
	once  sync.Once
	cur   []byte // the rest of the block being read
	block []byte // cur's whole block, returned to free when read
	err   error  // set by the goroutine before it closes full
}

// newDecoder starts decoding src (compressed with kind) on a goroutine.
func newDecoder(name, kind string, src io.Reader) (*decoder, error) {
	var dec io.Reader
	var closeDec func()
	switch kind {
	case record.CompressionGzip:
		// Concatenated gzip members (as gzip -c a b > c writes) are read
		// as one stream, as gunzip does.
		zr, err := gzip.NewReader(src)
		if err != nil {
			return nil, fmt.Errorf("%s: gzip header: %w (the file is not gzip, or cut short)", name, err)
		}
		dec, closeDec = zr, func() { zr.Close() }
	case record.CompressionZstd:
		// The pipeline's own goroutine decodes; one decoder goroutine of
		// the library's is enough, and a window cap bounds memory.
		zr, err := zstd.NewReader(src, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(1<<30))
		if err != nil {
			return nil, fmt.Errorf("%s: zstd: %w", name, err)
		}
		dec, closeDec = zr, zr.Close
	default:
		return nil, fmt.Errorf("%s: unknown compression %q", name, kind)
	}
	d := &decoder{name: name, kind: kind, full: make(chan []byte, decodeAhead), free: make(chan []byte, decodeAhead+1), done: make(chan struct{})}
	go d.run(dec, closeDec)
	return d, nil
}

func (d *decoder) run(dec io.Reader, closeDec func()) {
	defer close(d.full)
	defer closeDec()
	for {
		var buf []byte
		select {
		case buf = <-d.free:
		default:
			buf = make([]byte, decodeChunk)
		}
		n, err := fill(dec, buf[:cap(buf)])
		if n > 0 {
			select {
			case d.full <- buf[:n]:
			case <-d.done:
				return
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			// A stream cut short is io.ErrUnexpectedEOF from the decoder.
			d.err = fmt.Errorf("%s stream is corrupt or cut short: %w", d.kind, err)
			return
		}
	}
}

// fill reads into buf until it is full or r fails; unlike io.ReadFull it
// passes r's error through unchanged.
func fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Read returns the decoded bytes in order, then the decoding error or
// io.EOF.
func (d *decoder) Read(p []byte) (int, error) {
	for len(d.cur) == 0 {
		if d.block != nil {
			select {
			case d.free <- d.block[:cap(d.block)]:
			default:
			}
			d.block = nil
		}
		b, ok := <-d.full
		if !ok {
			if d.err != nil {
				return 0, d.err
			}
			return 0, io.EOF
		}
		d.cur, d.block = b, b
	}
	n := copy(p, d.cur)
	d.cur = d.cur[n:]
	return n, nil
}

// Close stops the decoding goroutine.
func (d *decoder) Close() error {
	d.once.Do(func() { close(d.done) })
	return nil
}

// binaryInput returns a one-line description, and what to do, of an
// input whose first bytes show a format that is not text, or "" for
// text. format is the format the input is read as. A short text with a
// few NUL bytes is left to the reader, which keeps and flags such rows.
func binaryInput(head []byte, format string) string {
	switch {
	case bytes.HasPrefix(head, zipMagic):
		return "is a ZIP archive (an .xlsx workbook is one): for an Excel workbook name it .xlsx or set input.format: xlsx; otherwise unzip it and read the file inside"
	case bytes.HasPrefix(head, ole2Magic):
		return "is an old-style Excel .xls (or other Office 97-2003) file, which namepipe does not read: save it as .xlsx or CSV (UTF-8) and read that"
	case bytes.HasPrefix(head, parMagic):
		return "is a Parquet file: name it .parquet or set input.format: parquet"
	case bytes.HasPrefix(head, []byte("%PDF")):
		return "is a PDF document, not a table: export the data as CSV"
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}), bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return "" // UTF-16 text: the CSV reader names it and says how to convert
	}
	if format == record.FormatCSV || format == record.FormatTSV || format == record.FormatJSONL {
		// Text has no NUL bytes (UTF-16 without a BOM is told apart by
		// the CSV reader, which says how to convert it).
		if nul := bytes.Count(head, []byte{0}); len(head) >= 256 && nul > len(head)/10 && !utf16Like(head) {
			return fmt.Sprintf("looks binary, not %s text (NUL bytes in its first %d bytes): is it the right file, or compressed in a format other than gzip or zstd?", format, len(head))
		}
	}
	return ""
}

// utf16Like reports whether head looks like UTF-16 text: NUL in every
// other byte.
func utf16Like(head []byte) bool {
	even, odd := 0, 0
	for i, b := range head {
		if b == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	half := len(head) / 2
	return even > half*8/10 || odd > half*8/10
}

// peekSize is how much of an input its first bytes are sniffed from.
const peekSize = 4096

// peekReader is bufio.Reader sized to sniff the start of a stream.
func peekReader(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, peekSize) }
