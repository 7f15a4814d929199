package readers

// The value encodings of the bounded Parquet page reader (parquet_big.go):
// PLAIN, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, DELTA_BINARY_PACKED
// and the RLE/bit-packed hybrid, each value over the limit discarded as it
// is read.

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go/format"
)

// values reads n values of a data page in encoding enc.
func (c *pqChunk) values(r io.Reader, enc format.Encoding, n int) ([]pqVal, error) {
	switch enc {
	case format.Plain:
		return c.plain(r, n)
	case format.DeltaLengthByteArray:
		br, ok := r.(byteReader)
		if !ok {
			br = bufio.NewReader(r)
		}
		lens, err := deltaBinaryPacked(br, n)
		if err != nil {
			return nil, fmt.Errorf("value lengths: %w", err)
		}
		return c.sized(br, lens)
	case format.DeltaByteArray:
		br, ok := r.(byteReader)
		if !ok {
			br = bufio.NewReader(r)
		}
		return c.deltaByteArray(br, n)
	//lint:ignore SA1019 PLAIN_DICTIONARY is deprecated for writers, but files written by older ones use it
	case format.PlainDictionary, format.RLEDictionary:
		b, err := io.ReadAll(r)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, nil
		}
		if len(b) < 1 {
			return nil, errors.New("corrupt dictionary indexes")
		}
		idx, err := rleHybrid(b[1:], int(b[0]), n)
		if err != nil {
			return nil, fmt.Errorf("dictionary indexes: %w", err)
		}
		vals := make([]pqVal, n)
		for i, x := range idx {
			if x >= uint32(len(c.dict)) {
				return nil, errPqRange
			}
			vals[i] = c.dict[x]
		}
		return vals, nil
	}
	return nil, fmt.Errorf("values in %s encoding are not supported in a page this large (PLAIN and dictionary are)", enc)
}

// plain reads n PLAIN BYTE_ARRAY values (each after its length).
func (c *pqChunk) plain(r io.Reader, n int) ([]pqVal, error) {
	return c.read(r, n, func(i int) (int64, error) {
		var lb [4]byte
		if _, err := io.ReadFull(r, lb[:]); err != nil {
			return 0, err
		}
		return int64(binary.LittleEndian.Uint32(lb[:])), nil
	})
}

// sized reads values of the given lengths, one after the other.
func (c *pqChunk) sized(r io.Reader, lens []int64) ([]pqVal, error) {
	return c.read(r, len(lens), func(i int) (int64, error) {
		if lens[i] < 0 {
			return 0, errors.New("negative length")
		}
		return lens[i], nil
	})
}

// read reads n values whose lengths size gives, discarding those over
// c.max; the values kept share one allocation.
func (c *pqChunk) read(r io.Reader, n int, size func(int) (int64, error)) ([]pqVal, error) {
	vals := make([]pqVal, n)
	var buf []byte
	var ends []int
	for i := range n {
		m, err := size(i)
		if err != nil {
			return nil, fmt.Errorf("value %d of %d: %w", i+1, n, unexpected(err))
		}
		if m > c.max {
			if k, err := io.CopyN(io.Discard, r, m); err != nil {
				return nil, fmt.Errorf("value %d of %d: %d of its %d bytes: %w", i+1, n, k, m, unexpected(err))
			}
			vals[i].cut = m
			ends = append(ends, len(buf))
			continue
		}
		start := len(buf)
		buf = append(buf, make([]byte, m)...)
		if _, err := io.ReadFull(r, buf[start:]); err != nil {
			return nil, fmt.Errorf("value %d of %d: %w", i+1, n, unexpected(err))
		}
		ends = append(ends, len(buf))
	}
	all := string(buf)
	start := 0
	for i := range vals {
		if vals[i].cut == 0 {
			vals[i].s = all[start:ends[i]]
		}
		start = ends[i]
	}
	return vals, nil
}

// deltaByteArray reads n values of the DELTA_BYTE_ARRAY encoding: each
// is a prefix of the one before and a suffix. Of a value that is cut, the
// first c.max bytes are kept for the prefixes of the values after it
// (which, within the limit, cannot use more).
func (c *pqChunk) deltaByteArray(r byteReader, n int) ([]pqVal, error) {
	prefixes, err := deltaBinaryPacked(r, n)
	if err != nil {
		return nil, fmt.Errorf("prefix lengths: %w", err)
	}
	suffixes, err := deltaBinaryPacked(r, n)
	if err != nil {
		return nil, fmt.Errorf("suffix lengths: %w", err)
	}
	vals := make([]pqVal, n)
	var prev []byte   // the previous value, its first c.max bytes
	var prevLen int64 // its whole length
	for i := range n {
		p, sl := prefixes[i], suffixes[i]
		if p < 0 || sl < 0 || p > prevLen {
			return nil, fmt.Errorf("value %d of %d: corrupt prefix or suffix length", i+1, n)
		}
		total := p + sl
		held := min(total, c.max)
		cur := make([]byte, held)
		copy(cur, prev[:min(p, held)])
		if p < held {
			if _, err := io.ReadFull(r, cur[p:]); err != nil {
				return nil, fmt.Errorf("value %d of %d: %w", i+1, n, unexpected(err))
			}
		}
		if rest := total - max(p, held); rest > 0 {
			if _, err := io.CopyN(io.Discard, r, rest); err != nil {
				return nil, fmt.Errorf("value %d of %d: %w", i+1, n, unexpected(err))
			}
		}
		if total > c.max {
			vals[i].cut = total
		} else {
			vals[i].s = string(cur)
		}
		prev, prevLen = cur, total
	}
	return vals, nil
}

type byteReader interface {
	io.Reader
	io.ByteReader
}

// deltaBinaryPacked decodes n values of the DELTA_BINARY_PACKED encoding
// from r, reading no further than their end.
func deltaBinaryPacked(r byteReader, n int) ([]int64, error) {
	blockSize, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, unexpected(err)
	}
	miniblocks, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, unexpected(err)
	}
	total, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, unexpected(err)
	}
	first, err := binary.ReadVarint(r)
	if err != nil {
		return nil, unexpected(err)
	}
	if blockSize == 0 || blockSize%128 != 0 || blockSize > 1<<16 || miniblocks == 0 || blockSize%miniblocks != 0 || (blockSize/miniblocks)%32 != 0 {
		return nil, fmt.Errorf("corrupt header (block size %d, %d miniblocks)", blockSize, miniblocks)
	}
	if total != uint64(n) {
		return nil, fmt.Errorf("%d values, the page has %d", total, n)
	}
	out := make([]int64, 0, n)
	if n == 0 {
		return out, nil
	}
	out = append(out, first)
	per := int(blockSize / miniblocks)
	widths := make([]byte, miniblocks)
	prev := first
	for len(out) < n {
		minDelta, err := binary.ReadVarint(r)
		if err != nil {
			return nil, unexpected(err)
		}
		if _, err := io.ReadFull(r, widths); err != nil {
			return nil, unexpected(err)
		}
		for _, w := range widths {
			if len(out) == n {
				break
			}
			if w > 64 {
				return nil, fmt.Errorf("bit width %d", w)
			}
			mb := make([]byte, per*int(w)/8)
			if _, err := io.ReadFull(r, mb); err != nil {
				return nil, unexpected(err)
			}
			var acc uint64
			bits, p := 0, 0
			for range per {
				var v uint64
				if w > 0 {
					// Gather w bits, least significant first.
					got := 0
					for got < int(w) {
						if bits == 0 {
							acc, bits = uint64(mb[p]), 8
							p++
						}
						take := min(bits, int(w)-got)
						v |= (acc & (1<<take - 1)) << got
						acc >>= take
						bits -= take
						got += take
					}
				}
				if len(out) < n {
					prev += minDelta + int64(v)
					out = append(out, prev)
				}
			}
		}
	}
	return out, nil
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// rleHybrid decodes n values of the RLE/bit-packing hybrid encoding of
// bit width w.
func rleHybrid(b []byte, w, n int) ([]uint32, error) {
	if w < 0 || w > 32 {
		return nil, fmt.Errorf("bit width %d", w)
	}
	out := make([]uint32, 0, n)
	for len(out) < n {
		h, k := binary.Uvarint(b)
		if k <= 0 {
			return nil, errors.New("truncated run header")
		}
		b = b[k:]
		if h&1 == 0 { // a run of one value
			run := int(min(h>>1, uint64(n-len(out))))
			nb := (w + 7) / 8
			if len(b) < nb {
				return nil, errors.New("truncated run")
			}
			var v uint32
			for i := range nb {
				v |= uint32(b[i]) << (8 * i)
			}
			b = b[nb:]
			for range run {
				out = append(out, v)
			}
			if h>>1 == 0 {
				return nil, errors.New("empty run")
			}
			continue
		}
		groups := h >> 1
		if groups == 0 || groups > uint64(len(b)) {
			return nil, errors.New("truncated bit-packed run")
		}
		nbytes := int(groups) * w
		if nbytes > len(b) {
			return nil, errors.New("truncated bit-packed run")
		}
		var acc uint64
		bits := 0
		p := 0
		for range int(groups) * 8 {
			for bits < w {
				acc |= uint64(b[p]) << bits
				p++
				bits += 8
			}
			if len(out) < n {
				out = append(out, uint32(acc&(1<<w-1)))
			}
			acc >>= w
			bits -= w
		}
		b = b[nbytes:]
	}
	return out, nil
}

// nextBigPage moves col to big's next page; at the end of the chunk, to
