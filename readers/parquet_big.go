package readers

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/namepipe/namepipe/record"
)

// DefaultMaxParquetValueBytes bounds one BYTE_ARRAY value of a Parquet
// file (ParquetOptions.MaxValueBytes): a longer one is cut, never copied,
// and its row is kept and flagged.
const DefaultMaxParquetValueBytes = 16 << 20

// maxPageHeaderBytes bounds a page header read by parquet-go: a longer
// one (page statistics holding a hostile value whole) sends its column
// chunk to the bounded reader of this file, which skips the statistics.
const maxPageHeaderBytes = 64 << 10

// A column chunk of a BYTE_ARRAY column whose pages are all small is read
// by parquet-go (parquet.go). One with a page over the value limit, or a
// page header over maxPageHeaderBytes, is read here instead, page by page:
// the page headers are decoded without their statistics (thrift skips
// them unread), an uncompressed, gzip or zstd page is decoded as
// a stream and a snappy, LZ4 or brotli one from its compressed and decompressed
// bytes (about twice the page), and a value over the limit is discarded
// as it is met rather than copied. parquet-go has no way to skip a page
// or to bound the values it decodes, hence this reader of the few
// encodings such pages come in (PLAIN and dictionary; levels in RLE).

// pqPageHeader is format.PageHeader without the statistics.
type pqPageHeader struct {
	Type                 format.PageType        `thrift:"1,required"`
	UncompressedPageSize int32                  `thrift:"2,required"`
	CompressedPageSize   int32                  `thrift:"3,required"`
	V1                   thrift.Null[pqPageV1]  `thrift:"5,optional"`
	Dict                 thrift.Null[pqDictHdr] `thrift:"7,optional"`
	V2                   thrift.Null[pqPageV2]  `thrift:"8,optional"`
}

type pqPageV1 struct {
	NumValues int32           `thrift:"1,required"`
	Encoding  format.Encoding `thrift:"2,required"`
	DefEnc    format.Encoding `thrift:"3,required"`
	RepEnc    format.Encoding `thrift:"4,required"`
}

type pqDictHdr struct {
	NumValues int32           `thrift:"1,required"`
	Encoding  format.Encoding `thrift:"2,required"`
}

type pqPageV2 struct {
	NumValues    int32             `thrift:"1,required"`
	NumNulls     int32             `thrift:"2,required"`
	NumRows      int32             `thrift:"3,required"`
	Encoding     format.Encoding   `thrift:"4,required"`
	DefLen       int32             `thrift:"5,required"`
	RepLen       int32             `thrift:"6,required"`
	IsCompressed thrift.Null[bool] `thrift:"7,optional"`
}

// pqVal is one value of a page read here: its text, or, when cut, its
// length.
type pqVal struct {
	s   string
	cut int64
}

// pqChunk reads the pages of one column chunk, bounded.
type pqChunk struct {
	sec      *io.SectionReader // the chunk's bytes
	br       *bufio.Reader     // over sec
	codec    format.CompressionCodec
	optional bool
	max      int64 // longest value kept
	rows     int64 // rows of the row group, which bound a page's
	dict     []pqVal
	dec      thrift.Decoder
}

// chunkRange is the byte range of a column chunk's pages.
func chunkRange(md *format.ColumnMetaData) (off, n int64) {
	off = md.DataPageOffset
	if d := md.DictionaryPageOffset; d > 0 && d < off {
		off = d
	}
	return off, md.TotalCompressedSize
}

// needsBounded reports whether a BYTE_ARRAY column chunk must be read by
// pqChunk: it has a page over max bytes (compressed or not) or a page
// header over maxPageHeaderBytes. Only the page headers are read, and
// only for a chunk over max bytes in all.
func needsBounded(f *os.File, md *format.ColumnMetaData, max int64) (bool, error) {
	if md.TotalCompressedSize <= max && md.TotalUncompressedSize <= max {
		return false, nil
	}
	off, n := chunkRange(md)
	sec := io.NewSectionReader(f, off, n)
	br := bufio.NewReaderSize(sec, 4096)
	dec := thrift.NewDecoder(new(thrift.CompactProtocol).NewReader(br))
	var pos int64
	for pos < n {
		var h pqPageHeader
		if err := dec.Decode(&h); err != nil {
			return false, fmt.Errorf("reading a page header: %w", err)
		}
		end, _ := sec.Seek(0, io.SeekCurrent)
		end -= int64(br.Buffered())
		if end-pos > maxPageHeaderBytes || int64(h.UncompressedPageSize) > max || int64(h.CompressedPageSize) > max {
			return true, nil
		}
		if h.CompressedPageSize < 0 {
			return false, errors.New("corrupt page header: negative page size")
		}
		pos = end + int64(h.CompressedPageSize)
		if _, err := sec.Seek(pos, io.SeekStart); err != nil {
			return false, err
		}
		br.Reset(sec)
	}
	return false, nil
}

func newPqChunk(f *os.File, md *format.ColumnMetaData, rows int64, optional bool, max int64) *pqChunk {
	off, n := chunkRange(md)
	c := &pqChunk{sec: io.NewSectionReader(f, off, n), codec: md.Codec, optional: optional, max: max, rows: rows}
	c.br = bufio.NewReaderSize(c.sec, 64<<10)
	c.dec.Reset(new(thrift.CompactProtocol).NewReader(c.br))
	return c
}

// pos is the chunk offset of the next unread byte.
func (c *pqChunk) pos() int64 {
	p, _ := c.sec.Seek(0, io.SeekCurrent)
	return p - int64(c.br.Buffered())
}

// next reads the next data page: its rows, definition levels (optional
// columns) and non-null values; io.EOF after the last.
func (c *pqChunk) next() (rows int, defs []byte, vals []pqVal, err error) {
	for {
		if c.pos() >= c.sec.Size() {
			return 0, nil, nil, io.EOF
		}
		var h pqPageHeader
		if err := c.dec.Decode(&h); err != nil {
			return 0, nil, nil, fmt.Errorf("reading a page header: %w", err)
		}
		if h.CompressedPageSize < 0 || h.UncompressedPageSize < 0 || int64(h.CompressedPageSize) > c.sec.Size()-c.pos() {
			return 0, nil, nil, errors.New("corrupt page header: a page size out of range")
		}
		n := max(h.V1.V.NumValues, h.V2.V.NumRows, h.V2.V.NumValues, h.Dict.V.NumValues)
		if n < 0 || int64(n) > c.rows && h.Type != format.DictionaryPage || int64(n) > int64(h.UncompressedPageSize)+c.rows {
			return 0, nil, nil, fmt.Errorf("corrupt page header: %d values, the row group has %d rows", n, c.rows)
		}
		body := io.LimitReader(c.br, int64(h.CompressedPageSize))
		switch h.Type {
		case format.DictionaryPage:
			if !h.Dict.Valid {
				return 0, nil, nil, errors.New("corrupt page header: no dictionary page header")
			}
			r, done, err := c.decompress(body, h.CompressedPageSize, h.UncompressedPageSize)
			if err != nil {
				return 0, nil, nil, err
			}
			c.dict, err = c.plain(r, int(h.Dict.V.NumValues))
			if err != nil {
				return 0, nil, nil, fmt.Errorf("dictionary page: %w", err)
			}
			if err := done(); err != nil {
				return 0, nil, nil, err
			}
		case format.DataPage:
			if !h.V1.Valid {
				return 0, nil, nil, errors.New("corrupt page header: no data page header")
			}
			v := h.V1.V
			r, done, err := c.decompress(body, h.CompressedPageSize, h.UncompressedPageSize)
			if err != nil {
				return 0, nil, nil, err
			}
			rows = int(v.NumValues)
			nv := rows
			if c.optional {
				if v.DefEnc != format.RLE {
					return 0, nil, nil, fmt.Errorf("definition levels in %s encoding are not supported in a page this large", v.DefEnc)
				}
				var n uint32
				if err := binary.Read(r, binary.LittleEndian, &n); err != nil {
					return 0, nil, nil, fmt.Errorf("definition levels: %w", err)
				}
				if defs, nv, err = c.levels(io.LimitReader(r, int64(n)), rows); err != nil {
					return 0, nil, nil, err
				}
			}
			if vals, err = c.values(r, v.Encoding, nv); err != nil {
				return 0, nil, nil, err
			}
			return rows, defs, vals, done()
		case format.DataPageV2:
			if !h.V2.Valid {
				return 0, nil, nil, errors.New("corrupt page header: no data page header")
			}
			v := h.V2.V
			if v.RepLen != 0 || v.DefLen < 0 || v.DefLen > h.CompressedPageSize {
				return 0, nil, nil, errors.New("corrupt page header: bad level lengths")
			}
			rows = int(v.NumRows)
			nv := rows
			if c.optional {
				if defs, nv, err = c.levels(io.LimitReader(body, int64(v.DefLen)), rows); err != nil {
					return 0, nil, nil, err
				}
			} else if _, err := io.CopyN(io.Discard, body, int64(v.DefLen)); err != nil {
				return 0, nil, nil, err
			}
			r, done := io.Reader(body), func() error { return nil }
			if !v.IsCompressed.Valid || v.IsCompressed.V {
				if r, done, err = c.decompress(body, h.CompressedPageSize-v.DefLen, h.UncompressedPageSize-v.DefLen); err != nil {
					return 0, nil, nil, err
				}
			}
			if vals, err = c.values(r, v.Encoding, nv); err != nil {
				return 0, nil, nil, err
			}
			return rows, defs, vals, done()
		}
		// An index page, or the rest of a page: skip to the next header.
		if _, err := io.Copy(io.Discard, body); err != nil {
			return 0, nil, nil, err
		}
	}
}

// decompress returns a reader of the page's decompressed bytes and a
// function that checks the page was read whole. A stream codec is read
// as it goes; a block codec (snappy, LZ4, brotli) needs the page's bytes whole.
func (c *pqChunk) decompress(body io.Reader, csize, size int32) (io.Reader, func() error, error) {
	rest := func() error {
		_, err := io.Copy(io.Discard, body) // padding or unread bytes
		return err
	}
	switch c.codec {
	case format.Uncompressed:
		return body, rest, nil
	case format.Gzip:
		z, err := gzip.NewReader(body)
		if err != nil {
			return nil, nil, fmt.Errorf("gzip page: %w", err)
		}
		return bufio.NewReader(z), rest, nil
	case format.Zstd:
		z, err := zstd.NewReader(body, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(64<<20))
		if err != nil {
			return nil, nil, fmt.Errorf("zstd page: %w", err)
		}
		return bufio.NewReader(z), func() error { z.Close(); return rest() }, nil
	}
	src := make([]byte, csize)
	if _, err := io.ReadFull(body, src); err != nil {
		return nil, nil, unexpected(err)
	}
	dst, err := parquet.LookupCompressionCodec(c.codec).Decode(make([]byte, 0, size), src)
	if err != nil {
		return nil, nil, fmt.Errorf("%s page: %w", c.codec, err)
	}
	return bytes.NewReader(dst), rest, nil
}

// levels decodes the definition levels (bit width 1) of rows values and
// counts the non-null ones.
func (c *pqChunk) levels(r io.Reader, rows int) ([]byte, int, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, 0, fmt.Errorf("definition levels: %w", err)
	}
	defs, err := rleHybrid(b, 1, rows)
	if err != nil {
		return nil, 0, fmt.Errorf("definition levels: %w", err)
	}
	out := make([]byte, rows)
	nv := 0
	for i, d := range defs {
		if d > 1 {
			return nil, 0, errors.New("corrupt definition level")
		}
		out[i] = byte(d)
		nv += int(d)
	}
	return out, nv, nil
}

// the next row group (reporting false).
func (r *parquetReader) nextBigPage(col *pqColumn) (bool, error) {
	rows, defs, vals, err := col.big.next()
	if err == io.EOF {
		col.big = nil
		col.rg++
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if col.optional && len(defs) < rows {
		return false, fmt.Errorf("corrupt page: %d definition levels for %d rows", len(defs), rows)
	}
	col.bigPage, col.bigVals = true, vals
	col.defs, col.rows, col.row, col.val = defs, rows, 0, 0
	col.data, col.index = encoding.Values{}, nil
	return true, nil
}

// bigCells sets column c of dst from col's current page read by big; a
// value that was cut leaves its cell empty, flagged in the row's problem.
func (r *parquetReader) bigCells(col *pqColumn, c int, dst []record.Record) error {
	for i := range dst {
		if col.optional && col.defs[col.row+i] == 0 {
			dst[i].Values[c] = nil
			continue
		}
		if col.val >= len(col.bigVals) {
			return r.corrupt(col, dst)
		}
		v := col.bigVals[col.val]
		col.val++
		switch {
		case v.cut > 0:
			dst[i].Values[c] = nil
			r.cut++
			msg := fmt.Sprintf("%s: row %d, column %q: the value is %d bytes, over the limit of %d bytes per value: cut, not read", r.name, dst[i].Index+1, clip(col.field.Name), v.cut, r.max)
			if dst[i].Problem != "" {
				msg = dst[i].Problem + "; " + msg
			}
			dst[i].Problem = msg
		case col.str:
			dst[i].Values[c] = r.boxes.box(v.s)
		default:
			dst[i].Values[c] = convBytesValue([]byte(v.s), col, &r.boxes)
		}
	}
	col.row += len(dst)
	return nil
}

// dropStatistics forgets the column chunks' statistics, which namepipe
// does not use and which can hold a hostile value whole (twice).
func dropStatistics(md *format.FileMetaData) {
	for i := range md.RowGroups {
		for j := range md.RowGroups[i].Columns {
			md.RowGroups[i].Columns[j].MetaData.Statistics = format.Statistics{}
		}
	}
}

// maxFooterBytes is the longest footer parquet-go decodes as it is; a
// longer one goes through slimFooter first.
const maxFooterBytes = 1 << 20

// footerView is a Parquet file seen with another footer: the file's
// bytes up to its footer, then tail (footer, length, PAR1).
type footerView struct {
	f    io.ReaderAt
	data int64 // bytes of f before its footer
	tail []byte
}

func (v *footerView) size() int64 { return v.data + int64(len(v.tail)) }

func (v *footerView) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	if off < v.data {
		k := int(min(int64(len(p)), v.data-off))
		m, err := v.f.ReadAt(p[:k], off)
		if n += m; err != nil {
			return n, err
		}
		p, off = p[k:], off+int64(k)
	}
	if len(p) == 0 {
		return n, nil
	}
	if off-v.data >= int64(len(v.tail)) {
		return n, io.EOF
	}
	m := copy(p, v.tail[off-v.data:])
	if n += m; m < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// slimFooter decodes a long footer from the file as a stream (not its
// bytes whole, which parquet-go would hold as long as the file is open:
// its strings point into them), drops the statistics (a hostile value is
// held there whole) and encodes it again: the file is then opened through
// the returned view, whose footer is this one.
func slimFooter(f *os.File, size, footer int64) (*footerView, error) {
	start := size - 8 - footer
	br := bufio.NewReaderSize(io.NewSectionReader(f, start, footer), 64<<10)
	var md format.FileMetaData
	if err := thrift.NewDecoder(new(thrift.CompactProtocol).NewReader(br)).Decode(&md); err != nil {
		return nil, err
	}
	dropStatistics(&md)
	b, err := thrift.Marshal(new(thrift.CompactProtocol), &md)
	if err != nil {
		return nil, err
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(b)))
	b = append(b, "PAR1"...)
	md = format.FileMetaData{}
	// The statistics decoded are garbage: return them to the system before
	// the pages are read, so that the two never add up in RSS.
	debug.FreeOSMemory()
	return &footerView{f: f, data: start, tail: b}, nil
}
