package dedupe

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
)

// The feature codec is the compact binary form of a row's Features
// (AppendBinary, UnmarshalBinary: what a distributed runner ships between
// its steps) and, with the row's block keys in front, of a record of the
// spill file (spill.go): a few varints, length-prefixed strings and
// fixed-width hashes, about a fifth of the live struct. Every field of
// Features is encoded (TestFeatCodecCoversEveryField fails when one is
// added and not here). The form is for one build of namepipe (it has no
// version): encoded features are not kept across releases.

// errCorrupt is returned for a record that does not decode.
var errCorrupt = errors.New("dedupe: corrupt feature record")

// layout flags of an encoded record.
const (
	// flagSplit: Given and Surname are not the two halves of Tokens, so
	// all three lists are encoded.
	flagSplit = 1 << iota
	flagRef
	// flagColumns: the Extra and Block lists follow (a run with
	// dedupe.compare or dedupe.blockOn).
	flagColumns
)

// AppendBinary appends the binary form of f to b
// (encoding.BinaryAppender). It does not fail.
func (f *Features) AppendBinary(b []byte) ([]byte, error) {
	return f.appendBody(b), nil
}

// UnmarshalBinary sets f from the binary form made by AppendBinary
// (encoding.BinaryUnmarshaler); f keeps no reference to data. A record
// that does not decode whole is an error.
func (f *Features) UnmarshalBinary(data []byte) error {
	*f = Features{}
	d := featDecoder{s: string(data)}
	d.body(f)
	return d.end()
}

// appendFeatures appends a spill record: the row's block keys (with
// their block sizes) and then the binary form of f.
func appendFeatures(b []byte, f *Features, keys []blockKey) []byte {
	b = binary.LittleEndian.AppendUint16(b, uint16(len(keys)))
	for _, k := range keys {
		b = append(b, byte(k.rule))
		b = binary.LittleEndian.AppendUint64(b, k.h)
		b = binary.LittleEndian.AppendUint32(b, k.size)
		b = append(b, boolByte(k.capped))
		b = binary.LittleEndian.AppendUint32(b, k.pos)
	}
	return f.appendBody(b)
}

// appendBody appends the binary form of f.
func (f *Features) appendBody(b []byte) []byte {
	split := !tokensShared(f)
	flags := byte(0)
	if split {
		flags |= flagSplit
	}
	if f.Ref {
		flags |= flagRef
	}
	if len(f.Extra) > 0 || len(f.Block) > 0 {
		flags |= flagColumns
	}
	b = append(b, flags)
	b = binary.AppendVarint(b, int64(f.Row))
	b = binary.AppendVarint(b, int64(f.Birth))
	b = binary.LittleEndian.AppendUint64(b, f.order)
	b = binary.LittleEndian.AppendUint64(b, f.nameHash)
	b = binary.AppendUvarint(b, uint64(len(f.Names)))
	for _, n := range f.Names {
		b = appendString(b, n.FieldType)
		b = appendString(b, n.String)
	}
	if split {
		b = appendStrings(b, f.Given)
		b = appendStrings(b, f.Surname)
		b = appendStrings(b, f.Tokens)
	} else {
		b = binary.AppendUvarint(b, uint64(len(f.Given)))
		b = appendStrings(b, f.Tokens)
	}
	b = appendStrings(b, f.Emails)
	b = appendStrings(b, f.Phones)
	b = binary.AppendUvarint(b, uint64(len(f.Addr)))
	for _, a := range f.Addr {
		b = binary.LittleEndian.AppendUint32(b, a)
	}
	if flags&flagColumns != 0 {
		b = appendStrings(b, f.Extra)
		b = appendStrings(b, f.Block)
	}
	return b
}

// keySize is the encoded size of a block key; its size, capped flag and
// place in a capped block are at keySizeAt, keySizeAt+4 and keySizeAt+5,
// so that the group step can fill them in place (setKeySize).
const (
	keySize   = 18
	keySizeAt = 9
)

// maxKeys is the most block keys a row may have (the count is 16 bits).
const maxKeys = 1<<16 - 1

// setKeySize sets the size, capped flag and place in a capped block
// (blockKey.pos) of key slot of an encoded record.
func setKeySize(rec []byte, slot int, size uint32, capped bool, pos uint32) {
	at := 2 + slot*keySize + keySizeAt
	binary.LittleEndian.PutUint32(rec[at:], size)
	rec[at+4] = boolByte(capped)
	binary.LittleEndian.PutUint32(rec[at+5:], pos)
}

// clearKeyPlaces sets the place in a capped block (blockKey.pos) of
// every key of an encoded record to 0, for a record that comes from
// another run (an index): its places are not this run's.
func clearKeyPlaces(rec []byte) {
	n := int(binary.LittleEndian.Uint16(rec))
	for slot := range n {
		binary.LittleEndian.PutUint32(rec[2+slot*keySize+keySizeAt+5:], 0)
	}
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// tokensShared reports whether Tokens is Given followed by Surname (the
// layout Extract builds), so that only Tokens and len(Given) are encoded.
func tokensShared(f *Features) bool {
	if len(f.Given)+len(f.Surname) != len(f.Tokens) {
		return false
	}
	for i, g := range f.Given {
		if f.Tokens[i] != g {
			return false
		}
	}
	for i, s := range f.Surname {
		if f.Tokens[len(f.Given)+i] != s {
			return false
		}
	}
	return true
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

// featDecoder reads one encoded record. The strings of the result are
// substrings of one copy of the record.
type featDecoder struct {
	s   string
	i   int
	err error
}

func (d *featDecoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	var v uint64
	var shift uint
	for {
		if d.i >= len(d.s) || shift > 63 {
			d.err = errCorrupt
			return 0
		}
		c := d.s[d.i]
		d.i++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
		shift += 7
	}
}

func (d *featDecoder) varint() int64 {
	u := d.uvarint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x
}

func (d *featDecoder) byte() byte {
	if d.err != nil || d.i >= len(d.s) {
		d.err = errCorrupt
		return 0
	}
	d.i++
	return d.s[d.i-1]
}

func (d *featDecoder) fixed(n int) uint64 {
	if d.err != nil || len(d.s)-d.i < n {
		d.err = errCorrupt
		return 0
	}
	var v uint64
	for k := n - 1; k >= 0; k-- {
		v = v<<8 | uint64(d.s[d.i+k])
	}
	d.i += n
	return v
}

// count reads a list length, bounded by the bytes left (each element
// takes at least min bytes), so that a corrupt length cannot allocate.
func (d *featDecoder) count(min int) int {
	n := d.uvarint()
	if d.err == nil && n > uint64(len(d.s)-d.i)/uint64(min) {
		d.err = errCorrupt
		return 0
	}
	return int(n)
}

func (d *featDecoder) str() string {
	n := d.uvarint()
	if d.err != nil || n > uint64(len(d.s)-d.i) {
		d.err = errCorrupt
		return ""
	}
	s := d.s[d.i : d.i+int(n)]
	d.i += int(n)
	return s
}

// strs reads a list of strings into dst[:0].
func (d *featDecoder) strs(dst []string) []string {
	n := d.count(1)
	if n == 0 {
		return dst[:0]
	}
	dst = slices.Grow(dst[:0], n)[:n]
	for i := range dst {
		dst[i] = d.str()
	}
	return dst
}

// decodeFeatures decodes a record of appendFeatures into f and the
// row's keys (appended to keys[:0]). It re-uses the arrays of f's
// slices, which must not be in use elsewhere.
func decodeFeatures(rec []byte, f *Features, keys []blockKey) ([]blockKey, error) {
	return decodeFeaturesString(string(rec), f, keys)
}

// decodeFeaturesString is decodeFeatures on a record held in a string,
// of which f's strings are substrings.
func decodeFeaturesString(rec string, f *Features, keys []blockKey) ([]blockKey, error) {
	d := featDecoder{s: rec}
	keys, err := d.keys(keys)
	if err != nil {
		return keys, err
	}
	d.body(f)
	return keys, d.end()
}

// decodeBodyString decodes into f the features of a record held in a
// string whose nkeys keys are decoded already (decodeKeys), without
// decoding them again; f's strings are substrings of rec.
func decodeBodyString(rec string, nkeys int, f *Features) error {
	d := featDecoder{s: rec, i: 2 + nkeys*keySize}
	if d.i > len(rec) {
		return errCorrupt
	}
	d.body(f)
	return d.end()
}

// decodeKeys decodes only the keys of a record of appendFeatures
// (appended to keys[:0]), as decodeFeatures does, without copying the
// record.
func decodeKeys[S string | []byte](rec S, keys []blockKey) ([]blockKey, error) {
	keys = keys[:0]
	if len(rec) < 2 {
		return keys, errCorrupt
	}
	n := int(rec[0]) | int(rec[1])<<8
	if len(rec) < 2+n*keySize {
		return keys, errCorrupt
	}
	for i := range n {
		b := rec[2+i*keySize:]
		k := blockKey{rule: Rule(b[0]), h: le64(b[1:]), size: le32(b[9:]), capped: b[13] != 0, pos: le32(b[14:])}
		if k.rule >= NumRules {
			return keys, errCorrupt
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// keys decodes the keys at the start of a record.
func (d *featDecoder) keys(keys []blockKey) ([]blockKey, error) {
	n := int(d.fixed(2))
	keys = keys[:0]
	for range n {
		var k blockKey
		k.rule = Rule(d.byte())
		k.h = d.fixed(8)
		k.size = uint32(d.fixed(4))
		k.capped = d.byte() != 0
		k.pos = uint32(d.fixed(4))
		if d.err != nil || k.rule >= NumRules {
			return keys, errCorrupt
		}
		keys = append(keys, k)
	}
	return keys, d.err
}

// end reports the decoder's error, or an error when bytes are left.
func (d *featDecoder) end() error {
	if d.err == nil && d.i != len(d.s) {
		d.err = errCorrupt
	}
	return d.err
}

// body decodes the binary form of Features into f, re-using the arrays
// of f's slices.
func (d *featDecoder) body(f *Features) {
	names, tokens, emails, phones, addr, extra, block := f.Names[:0], f.Tokens[:0], f.Emails[:0], f.Phones[:0], f.Addr[:0], f.Extra[:0], f.Block[:0]
	*f = Features{}
	flags := d.byte()
	f.Ref = flags&flagRef != 0
	row, birth := d.varint(), d.varint()
	if row < math.MinInt32 || row > math.MaxInt32 || birth < math.MinInt32 || birth > math.MaxInt32 {
		d.err = errCorrupt
		return
	}
	f.Row, f.Birth = int32(row), int32(birth)
	f.order = d.fixed(8)
	f.nameHash = d.fixed(8)
	if n := d.count(2); n > 0 {
		f.Names = slices.Grow(names, n)[:n]
		for i := range f.Names {
			f.Names[i].FieldType = d.str()
			f.Names[i].String = d.str()
		}
	}
	if flags&flagSplit != 0 {
		f.Given, f.Surname, f.Tokens = d.strs(nil), d.strs(nil), d.strs(nil)
	} else {
		g := int(d.uvarint())
		f.Tokens = d.strs(tokens)
		if g > len(f.Tokens) {
			d.err = errCorrupt
			return
		}
		f.Given, f.Surname = f.Tokens[:g:g], f.Tokens[g:]
	}
	f.Emails = d.strs(emails)
	f.Phones = d.strs(phones)
	if n := d.count(4); n > 0 {
		f.Addr = slices.Grow(addr, n)[:n]
		for i := range f.Addr {
			f.Addr[i] = uint32(d.fixed(4))
		}
	}
	if flags&flagColumns != 0 {
		f.Extra = d.strs(extra)
		f.Block = d.strs(block)
	}
}

// le64 and le32 read 8 and 4 little-endian bytes (b is long enough).
func le64[S string | []byte](b S) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func le32[S string | []byte](b S) uint32 {
	_ = b[3]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
